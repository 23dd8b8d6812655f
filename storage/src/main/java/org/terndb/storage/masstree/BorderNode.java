package org.terndb.storage.masstree;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Border (leaf) node of one layer's B+tree (Masstree paper): up to 15 keys in unsorted slots,
 * ordered by the {@link Permutation} word; per slot a biased slice, a keylenx code, the full key
 * when the key has a suffix past this layer's slice, and a value or a link to the next layer.
 *
 * <p>Key suffixes are kept as a reference to one private copy of the whole key, made when the key
 * is inserted; the suffix of a slot in layer {@code k} is bytes {@code [8k+8, length)} of that
 * array, and the same array serves again when the key moves down into a new layer. The JVM's
 * garbage collector stands in for Masstree's epoch-based reclamation: a reader that still holds a
 * removed node, key array or value keeps it alive and merely fails its version check.
 *
 * <p>{@code lowSlice} is the node's immutable lower bound (the smallest slice it was created
 * with; {@link KeySlice#MIN} for the leftmost node of a layer); all keys with the same slice live
 * in one border node, so interior nodes route by slice alone.
 */
final class BorderNode extends Node {
  static final int WIDTH = Permutation.WIDTH;

  private static final VarHandle PERMUTATION;
  private static final VarHandle NEXT;
  private static final VarHandle PREV;
  private static final VarHandle VALUES = MethodHandles.arrayElementVarHandle(Object[].class);

  static {
    try {
      MethodHandles.Lookup l = MethodHandles.lookup();
      PERMUTATION = l.findVarHandle(BorderNode.class, "permutation", long.class);
      NEXT = l.findVarHandle(BorderNode.class, "next", BorderNode.class);
      PREV = l.findVarHandle(BorderNode.class, "prev", BorderNode.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  final long lowSlice;
  // Slot contents: written by the lock holder, read plainly by optimistic readers and validated
  // by the version check.
  final long[] slices = new long[WIDTH];
  final byte[] keylenx = new byte[WIDTH];
  final byte[][] keys = new byte[WIDTH][];
  /** Values and layer links; element stores are releases so a new layer root is safely published. */
  final Object[] values = new Object[WIDTH];

  @SuppressWarnings("unused") // accessed through PERMUTATION
  private long permutation;

  @SuppressWarnings("unused") // accessed through NEXT
  private BorderNode next;

  @SuppressWarnings("unused") // accessed through PREV
  private BorderNode prev;

  BorderNode(long lowSlice, long initialVersion) {
    super(initialVersion | NodeVersion.BORDER);
    this.lowSlice = lowSlice;
    PERMUTATION.set(this, Permutation.EMPTY);
  }

  /** A fresh, empty, unlocked root border node of a layer. */
  static BorderNode newLayerRoot() {
    return new BorderNode(KeySlice.MIN, NodeVersion.ROOT);
  }

  long permutation() {
    return (long) PERMUTATION.getAcquire(this);
  }

  /** Publishes a new key order; the slot writes before it become visible with it. */
  void setPermutation(long perm) {
    PERMUTATION.setRelease(this, perm);
  }

  BorderNode next() {
    return (BorderNode) NEXT.getAcquire(this);
  }

  void setNext(BorderNode n) {
    NEXT.setRelease(this, n);
  }

  /** Left sibling; only a hint for reverse scans, which re-validate it against {@code next}. */
  BorderNode prev() {
    return (BorderNode) PREV.getAcquire(this);
  }

  void setPrev(BorderNode p) {
    PREV.setRelease(this, p);
  }

  Object value(int slot) {
    return VALUES.getAcquire(values, slot);
  }

  void setValue(int slot, Object v) {
    VALUES.setRelease(values, slot, v);
  }

  /** Writes a slot that is not in the permutation (or while the node is dirty). */
  void writeSlot(int slot, long slice, int kx, byte[] key, Object value) {
    slices[slot] = slice;
    keylenx[slot] = (byte) kx;
    keys[slot] = key;
    setValue(slot, value);
  }

  /**
   * First position whose entry is not less than (slice, rank) in the order of {@code perm}.
   * Safe on racy data: the result is always in {@code [0, size]}.
   */
  int lowerBound(long perm, long slice, int rank) {
    int lo = 0;
    int hi = Permutation.size(perm);
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      int s = Permutation.slot(perm, mid);
      long ms = slices[s];
      if (ms < slice || (ms == slice && KeySlice.rank(keylenx[s]) < rank)) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /**
   * The slot holding (slice, rank) under {@code perm}, or -1. A scan for equality over the live
   * slots rather than a binary search: with at most 15 keys its one hard-to-predict branch (the
   * match) costs less than the binary search's one per step. Safe on racy data, as lowerBound.
   */
  int find(long perm, long slice, int rank) {
    for (int pos = 0, n = Permutation.size(perm); pos < n; pos++) {
      int s = Permutation.slot(perm, pos);
      if (slices[s] == slice && KeySlice.rank(keylenx[s]) == rank) {
        return s;
      }
    }
    return -1;
  }

  @Override
  public String toString() {
    return "BorderNode@" + Integer.toHexString(System.identityHashCode(this));
  }
}
