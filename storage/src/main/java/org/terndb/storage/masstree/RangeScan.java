package org.terndb.storage.masstree;

import java.util.Arrays;

/**
 * One range scan over a {@link Masstree} (the paper's getrange, in both directions). Each border node is
 * read under one validated version ({@link Snapshot}): the permutation, slices and key-length codes
 * first, then, from the scan's position on, only the values (and suffix keys) the scan can still use
 * (at most as many as the limit leaves); the version is validated once, and only then are the entries
 * handed to the visitor, so the visitor runs with no node state pending. Layers are scanned
 * recursively, the key prefix of the current layer kept in one reused key buffer; a visitor whose
 * {@link ScanVisitor#needsKeys()} is false gets no keys built at all.
 *
 * <p>Progress is kept as a position in the current layer: (slice, rank[, key]) plus whether the
 * position itself is still wanted. When a node changed or was unlinked between snapshots, the scan
 * descends again from the layer root to the position, so it never repeats or skips a key that
 * stayed in the tree. The right (forward) or left (reverse) sibling is only followed as read in a
 * validated snapshot; a reverse step checks that the left node still links to where it came from
 * by walking right from it if not. A snapshot cut short by the limit, whose entries did not all
 * reach the visitor (a layer below held fewer keys), is read again from the new position.
 *
 * <p>One instance per scan: a fresh one measured faster than one reused per thread, whose
 * reference stores into long-lived snapshot arrays cost card marks on every entry.
 */
final class RangeScan {
  /** Rank above every real rank: a position after all keys of its slice. */
  private static final int RANK_TOP = KeySlice.LAYER;

  private final byte[] lo;
  private final boolean loIncl;
  private final byte[] hi;
  private final boolean hiIncl;
  private final int limit;
  private final ScanVisitor<Object> visitor;
  private final NodeObserver observer;
  private final boolean wantKeys;

  /** The current key, built only for a visitor that {@linkplain ScanVisitor#needsKeys() needs keys}. */
  private byte[] keyBuf;
  private Snapshot[] frames = new Snapshot[2];
  private int count;

  RangeScan(byte[] lo, boolean loIncl, byte[] hi, boolean hiIncl, int limit,
      ScanVisitor<Object> visitor, NodeObserver observer) {
    this.lo = lo;
    this.loIncl = loIncl;
    this.hi = hi;
    this.hiIncl = hiIncl;
    this.limit = limit <= 0 ? Integer.MAX_VALUE : limit;
    this.visitor = visitor;
    this.observer = observer;
    this.wantKeys = visitor.needsKeys();
  }

  int runForward(Node root) {
    forward(root, 0, 0, lo, loIncl, hi != null);
    return count;
  }

  int runReverse(Node root) {
    backward(root, 0, 0, hi, hiIncl, lo != null);
    return count;
  }

  /**
   * Ascending scan of one layer, starting after {@code from} (null: from the start; else its
   * prefix equals this layer's). {@code hiActive}: {@code hi} shares this layer's prefix, so it
   * bounds the layer. Returns false when the whole scan must stop.
   */
  private boolean forward(Node layerRoot, int off, int depth, byte[] from, boolean fromIncl,
      boolean hiActive) {
    Snapshot f = frame(depth);
    boolean pActive = from != null;
    long pSlice = pActive ? KeySlice.at(from, off) : KeySlice.MIN;
    int pRank = pActive ? KeySlice.rankAt(from.length, off) : 0;
    byte[] pKey = pActive && pRank == KeySlice.CONTINUES ? from : null;
    boolean pIncl = !pActive || fromIncl;
    long hSlice = hiActive ? KeySlice.at(hi, off) : 0;
    int hRank = hiActive ? KeySlice.rankAt(hi.length, off) : 0;

    BorderNode n = Masstree.findBorder(layerRoot, pSlice);
    BorderNode reported = null;
    int spins = 0;
    for (;;) {
      if (!f.takeForward(n, off, pSlice, pRank, pKey, pIncl, limit - count)
          || pSlice < n.lowSlice) {
        Backoff.pause(spins++); // unlinked or being unlinked: descend again to the position
        n = Masstree.findBorder(layerRoot, pSlice);
        continue;
      }
      BorderNode next = f.next;
      if (next != null && pSlice >= next.lowSlice) {
        n = next; // the position moved right in a split
        continue;
      }
      if (observer != null && reported != n) {
        observer.observe(n, f.version & ~NodeVersion.LOCKED);
        reported = n;
      }
      final long[] slices = f.slices;
      final byte[] keylenx = f.keylenx;
      for (int i = f.from, end = f.to; i < end; i++) {
        long s = slices[i];
        int kx = keylenx[i];
        int rank = KeySlice.rank(kx);
        boolean childHi = false;
        if (hiActive && s >= hSlice) {
          if (s > hSlice || rank > hRank) {
            return false;
          }
          if (rank == hRank) {
            if (rank < KeySlice.CONTINUES) {
              if (!hiIncl) {
                return false;
              }
            } else if (kx == KeySlice.SUFFIX) {
              int c = KeySlice.compareFrom(f.keys[i], hi, off + 8);
              if (c > 0 || (c == 0 && !hiIncl)) {
                return false;
              }
            } else {
              childHi = true;
            }
          }
        }
        if (kx == KeySlice.LAYER) {
          boolean childFrom = pKey != null && s == pSlice;
          if (wantKeys) {
            ensure(off + 8);
            KeySlice.write(s, 8, keyBuf, off);
          }
          if (!forward((Node) f.values[i], off + 8, depth + 1, childFrom ? pKey : null, pIncl,
              childHi)) {
            return false;
          }
          pSlice = s; // the whole layer is done
          pRank = KeySlice.CONTINUES;
          pKey = null;
          pIncl = false;
        } else {
          if (!emit(wantKeys ? buildKey(off, s, kx, f, i) : -1, f.values[i])) {
            return false;
          }
          pSlice = s;
          pRank = rank;
          pKey = kx == KeySlice.SUFFIX ? f.keys[i] : null;
          pIncl = false;
        }
      }
      if (f.to < f.size) {
        continue; // cut short by the limit, yet a layer held fewer keys: read on from the position
      }
      if (next == null) {
        return true;
      }
      if (hiActive && next.lowSlice > hSlice) {
        return false;
      }
      pSlice = next.lowSlice; // everything below the right sibling is done
      pRank = 0;
      pKey = null;
      pIncl = true;
      n = next;
    }
  }

  /** Descending mirror of {@link #forward}; {@code loActive}: {@code lo} bounds this layer. */
  private boolean backward(Node layerRoot, int off, int depth, byte[] from, boolean fromIncl,
      boolean loActive) {
    Snapshot f = frame(depth);
    boolean pActive = from != null;
    long pSlice = pActive ? KeySlice.at(from, off) : KeySlice.MAX;
    int pRank = pActive ? KeySlice.rankAt(from.length, off) : RANK_TOP;
    byte[] pKey = pActive && pRank == KeySlice.CONTINUES ? from : null;
    boolean pIncl = !pActive || fromIncl;
    long lSlice = loActive ? KeySlice.at(lo, off) : 0;
    int lRank = loActive ? KeySlice.rankAt(lo.length, off) : 0;

    BorderNode n = Masstree.findBorder(layerRoot, pSlice);
    BorderNode reported = null;
    int spins = 0;
    for (;;) {
      if (!f.takeBackward(n, off, pSlice, pRank, pKey, pIncl, limit - count)
          || pSlice < n.lowSlice) {
        Backoff.pause(spins++);
        n = Masstree.findBorder(layerRoot, pSlice);
        continue;
      }
      BorderNode next = f.next;
      if (next != null && pSlice >= next.lowSlice) {
        n = next; // split moved the position right, or a stale left link
        continue;
      }
      if (observer != null && reported != n) {
        observer.observe(n, f.version & ~NodeVersion.LOCKED);
        reported = n;
      }
      final long[] slices = f.slices;
      final byte[] keylenx = f.keylenx;
      for (int i = f.from, end = f.to; i > end; i--) {
        long s = slices[i];
        int kx = keylenx[i];
        int rank = KeySlice.rank(kx);
        boolean childLo = false;
        if (loActive && s <= lSlice) {
          if (s < lSlice || rank < lRank) {
            return false;
          }
          if (rank == lRank) {
            if (rank < KeySlice.CONTINUES) {
              if (!loIncl) {
                return false;
              }
            } else if (kx == KeySlice.SUFFIX) {
              int c = KeySlice.compareFrom(f.keys[i], lo, off + 8);
              if (c < 0 || (c == 0 && !loIncl)) {
                return false;
              }
            } else {
              childLo = true;
            }
          }
        }
        if (kx == KeySlice.LAYER) {
          boolean childFrom = pKey != null && s == pSlice;
          if (wantKeys) {
            ensure(off + 8);
            KeySlice.write(s, 8, keyBuf, off);
          }
          if (!backward((Node) f.values[i], off + 8, depth + 1, childFrom ? pKey : null, pIncl,
              childLo)) {
            return false;
          }
          pSlice = s;
          pRank = KeySlice.CONTINUES;
          pKey = null;
          pIncl = false;
        } else {
          if (!emit(wantKeys ? buildKey(off, s, kx, f, i) : -1, f.values[i])) {
            return false;
          }
          pSlice = s;
          pRank = rank;
          pKey = kx == KeySlice.SUFFIX ? f.keys[i] : null;
          pIncl = false;
        }
      }
      if (f.to >= 0) {
        continue; // cut short by the limit, yet a layer held fewer keys: read on from the position
      }
      if (loActive && n.lowSlice <= lSlice) {
        return false; // this node covers lo: nothing further left qualifies
      }
      BorderNode prev = f.prev;
      if (prev == null) {
        return true;
      }
      pSlice = n.lowSlice - 1; // everything from this node's range up is done
      pRank = RANK_TOP;
      pKey = null;
      pIncl = true;
      n = prev;
    }
  }

  private boolean emit(int len, Object value) {
    count++;
    return visitor.visit(len < 0 ? null : keyBuf, len, value) && count < limit;
  }

  /**
   * Writes the key of entry {@code i} of {@code f} after the layer prefix already in the buffer;
   * returns its length.
   */
  private int buildKey(int off, long slice, int kx, Snapshot f, int i) {
    if (kx == KeySlice.SUFFIX) {
      byte[] stored = f.keys[i];
      int len = stored.length;
      ensure(len);
      System.arraycopy(stored, off, keyBuf, off, len - off);
      return len;
    }
    ensure(off + 8);
    KeySlice.write(slice, kx, keyBuf, off);
    return off + kx;
  }

  private void ensure(int capacity) {
    if (keyBuf == null) {
      keyBuf = new byte[Math.max(capacity, 64)];
    } else if (keyBuf.length < capacity) {
      keyBuf = Arrays.copyOf(keyBuf, Math.max(capacity, keyBuf.length * 2));
    }
  }

  private Snapshot frame(int depth) {
    if (depth >= frames.length) {
      frames = Arrays.copyOf(frames, Math.max(depth + 1, frames.length * 2));
    }
    Snapshot f = frames[depth];
    if (f == null) {
      f = new Snapshot();
      frames[depth] = f;
    }
    return f;
  }

  /**
   * A border node's entries in key order, read under one stable, validated version: the slices
   * and key-length codes of all of them ({@code [0, size)}), the values (and, for keys with a
   * suffix, the stored keys) of the window the scan visits, from {@code from} towards {@code to}
   * (exclusive; ascending or descending).
   */
  static final class Snapshot {
    final long[] slices = new long[BorderNode.WIDTH];
    final byte[] keylenx = new byte[BorderNode.WIDTH];
    /** Stored keys, of the entries with a suffix only; made when the first such entry is read. */
    byte[][] keys;
    final Object[] values = new Object[BorderNode.WIDTH];
    private final byte[] slots = new byte[BorderNode.WIDTH];
    int size;
    int from;
    int to;
    long version;
    BorderNode next;
    BorderNode prev;

    /**
     * Reads {@code n} for an ascending scan from the position; the window holds at most
     * {@code budget} entries. False if {@code n} was unlinked.
     */
    boolean takeForward(BorderNode n, int off, long pSlice, int pRank, byte[] pKey, boolean pIncl,
        int budget) {
      for (;;) {
        long v = n.stableVersion();
        if (NodeVersion.isDeleted(v)) {
          return false;
        }
        int sz = readKeys(n);
        int start = firstAfter(sz, off, pSlice, pRank, pKey, pIncl);
        int end = budget >= sz - start ? sz : start + budget;
        for (int i = start; i < end; i++) {
          values[i] = n.value(slots[i]);
        }
        BorderNode nx = n.next();
        if (!n.changed(v)) {
          size = sz;
          from = start;
          to = end;
          version = v;
          next = nx;
          return true;
        }
      }
    }

    /** Descending mirror of {@link #takeForward}; also reads the left sibling link. */
    boolean takeBackward(BorderNode n, int off, long pSlice, int pRank, byte[] pKey, boolean pIncl,
        int budget) {
      for (;;) {
        long v = n.stableVersion();
        if (NodeVersion.isDeleted(v)) {
          return false;
        }
        int sz = readKeys(n);
        int start = lastBefore(sz, off, pSlice, pRank, pKey, pIncl);
        int end = budget > start ? -1 : start - budget;
        for (int i = start; i > end; i--) {
          values[i] = n.value(slots[i]);
        }
        BorderNode nx = n.next();
        BorderNode pv = n.prev();
        if (!n.changed(v)) {
          size = sz;
          from = start;
          to = end;
          version = v;
          next = nx;
          prev = pv;
          return true;
        }
      }
    }

    /**
     * Reads the permutation, then slot, slice and key-length code of every entry in order, and the
     * stored key of every entry with a suffix (positions compare them). Unvalidated: the caller
     * checks the version after. Returns the entry count.
     */
    private int readKeys(BorderNode n) {
      long perm = n.permutation();
      int sz = Permutation.size(perm);
      long[] ns = n.slices;
      byte[] nk = n.keylenx;
      for (int i = 0; i < sz; i++) {
        int s = Permutation.slot(perm, i);
        slots[i] = (byte) s;
        slices[i] = ns[s];
        byte kx = nk[s];
        keylenx[i] = kx;
        if (kx == KeySlice.SUFFIX) {
          if (keys == null) {
            keys = new byte[BorderNode.WIDTH][];
          }
          keys[i] = n.keys[s];
        }
      }
      return sz;
    }

    /** Suffix comparison on unvalidated data: a torn read (no stored key) compares as greater. */
    private static int compareSuffix(byte[] stored, byte[] key, int from) {
      return stored == null ? 1 : KeySlice.compareFrom(stored, key, from);
    }

    /** First index after the position (at it, if inclusive); a layer holding it counts. */
    private int firstAfter(int sz, int off, long pSlice, int pRank, byte[] pKey, boolean pIncl) {
      for (int i = 0; i < sz; i++) {
        long s = slices[i];
        if (s < pSlice) {
          continue;
        }
        if (s > pSlice) {
          return i;
        }
        int kx = keylenx[i];
        int r = KeySlice.rank(kx);
        if (r != pRank) {
          if (r > pRank) {
            return i;
          }
          continue;
        }
        if (r < KeySlice.CONTINUES) {
          if (pIncl) {
            return i;
          }
          continue;
        }
        if (pKey == null) {
          continue; // this slice's continuing keys are done
        }
        if (kx == KeySlice.LAYER) {
          return i;
        }
        int c = compareSuffix(keys[i], pKey, off + 8);
        if (c > 0 || (c == 0 && pIncl)) {
          return i;
        }
      }
      return sz;
    }

    /** Last index before the position (at it, if inclusive); a layer holding it counts. */
    private int lastBefore(int sz, int off, long pSlice, int pRank, byte[] pKey, boolean pIncl) {
      for (int i = sz - 1; i >= 0; i--) {
        long s = slices[i];
        if (s > pSlice) {
          continue;
        }
        if (s < pSlice) {
          return i;
        }
        int kx = keylenx[i];
        int r = KeySlice.rank(kx);
        if (r != pRank) {
          if (r < pRank) {
            return i;
          }
          continue;
        }
        if (r < KeySlice.CONTINUES) {
          if (pIncl) {
            return i;
          }
          continue;
        }
        if (pKey == null) {
          continue;
        }
        if (kx == KeySlice.LAYER) {
          return i;
        }
        int c = compareSuffix(keys[i], pKey, off + 8);
        if (c < 0 || (c == 0 && pIncl)) {
          return i;
        }
      }
      return -1;
    }
  }
}
