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
 */
final class InteriorNode extends Node {
  static final int WIDTH = 63;

  private static final VarHandle CHILDREN = MethodHandles.arrayElementVarHandle(Node[].class);

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
    int i = 0;
    while (i < n && slice >= keys[i]) {
      i++;
    }
    return child(i);
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
