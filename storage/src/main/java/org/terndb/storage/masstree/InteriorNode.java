package org.terndb.storage.masstree;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Interior node of one layer's B+tree (Masstree paper, but wider): up to 63 biased slices and 64
 * children; child {@code i} covers slices in {@code [keys[i-1], keys[i])}. The separator left of a
 * subtree always equals the {@code lowSlice} of the subtree's leftmost border node.
 *
 * <p>The paper's interior nodes hold 15 keys in one cache-line-sized C struct. Here a node is three
 * objects (node, keys, children), and each level of a lookup costs dependent cache misses on them,
 * so nodes are wider: 50,000 ascending keys need 2 interior levels where 15-key nodes need 3
 * (MasstreeShapeTest). A lookup scans the keys linearly (sequential reads, one mispredicted branch).
 * It first {@linkplain #touchChildren touches} the children array, so that the line holding the link
 * the scan picks loads beside the keys' lines instead of after them.
 */
final class InteriorNode extends Node {
  static final int WIDTH = 63;

  private static final VarHandle CHILDREN = MethodHandles.arrayElementVarHandle(Node[].class);
  /** Child links per 64-byte cache line, with the JVM's 4-byte compressed references. */
  private static final int LINKS_PER_LINE = 16;

  /** Key count; plain, validated by the version check (readers clamp it before use). */
  int nkeys;
  /** Separator slices (biased); plain, validated by the version check. */
  final long[] keys = new long[WIDTH];
  /** Child links; stores are releases, loads acquires, so children are safely published. */
  final Node[] children = new Node[WIDTH + 1];

  InteriorNode(long initialVersion) {
    super(initialVersion & ~NodeVersion.BORDER);
  }

  Node child(int i) {
    return (Node) CHILDREN.getAcquire(children, i);
  }

  void setChild(int i, Node c) {
    CHILDREN.setRelease(children, i, c);
  }

  /** The child covering {@code slice}; may be null on racy data (caller re-validates). */
  Node route(long slice) {
    int n = Math.min(Math.max(nkeys, 0), WIDTH);
    touchChildren(n);
    int i = 0;
    while (i < n && slice >= keys[i]) {
      i++;
    }
    return child(i);
  }

  /**
   * Reads one of the first {@code n + 1} child links per cache line, and the last, values unused:
   * opaque reads, which the compiler keeps and which order nothing. Which link a lookup needs is
   * known only once the key scan ends, so without them the link's miss would follow the keys'
   * misses instead of overlapping them (TATP over JDBC, whose range scans descend the tree, ran
   * 1.015-1.039x the transactions with them).
   */
  private void touchChildren(int n) {
    for (int j = 0; j < n; j += LINKS_PER_LINE) {
      CHILDREN.getOpaque(children, j);
    }
    CHILDREN.getOpaque(children, n);
  }

  /** Index of {@code c} among the children; the caller holds the lock. */
  int indexOf(Node c) {
    for (int i = 0; i <= nkeys; i++) {
      if (children[i] == c) {
        return i;
      }
    }
    throw new IllegalStateException("child not found in its parent");
  }

  @Override
  public String toString() {
    return "InteriorNode@" + Integer.toHexString(System.identityHashCode(this));
  }
}
