package org.terndb.storage.masstree;

/**
 * The border node's permutation word (Masstree §4.6): bits 0..3 hold the key count {@code n},
 * nibble {@code i+1} holds the slot of the i-th smallest key. Positions {@code n..14} list the free
 * slots. Publishing a new word with one release store makes an insert or remove atomic for
 * readers.
 */
final class Permutation {
  static final int WIDTH = 15;

  /** Empty node: count 0, free slots 0..14 in order. */
  static final long EMPTY = initial();

  private Permutation() {}

  private static long initial() {
    long p = 0;
    for (int i = 0; i < WIDTH; i++) {
      p |= (long) i << ((i + 1) << 2);
    }
    return p;
  }

  static int size(long perm) {
    return (int) perm & 0xF;
  }

  static int slot(long perm, int pos) {
    return (int) (perm >>> ((pos + 1) << 2)) & 0xF;
  }

  /** The slot a new key at position {@code pos} will use: the first free one. */
  static int freeSlot(long perm) {
    return slot(perm, size(perm));
  }

  /** Inserts the first free slot at position {@code pos}, shifting later positions up. */
  static long insert(long perm, int pos) {
    int n = size(perm);
    int free = slot(perm, n);
    long result = (n + 1);
    for (int i = 0, j = 0; i < WIDTH; i++) {
      int s;
      if (i == pos) {
        s = free;
      } else {
        if (j == n) {
          j++; // skip the free slot now in use
        }
        s = slot(perm, j++);
      }
      result |= (long) s << ((i + 1) << 2);
    }
    return result;
  }

  /** Removes position {@code pos}; its slot goes to the back of the free list (reused last). */
  static long remove(long perm, int pos) {
    int n = size(perm);
    int removed = slot(perm, pos);
    long result = (n - 1);
    int i = 0;
    for (int j = 0; j < WIDTH; j++) {
      if (j == pos) {
        continue;
      }
      result |= (long) slot(perm, j) << ((i + 1) << 2);
      i++;
    }
    result |= (long) removed << (WIDTH << 2);
    return result;
  }

  /** A word whose first {@code n} positions are the given slots in order, then the other slots. */
  static long of(int[] slots, int n) {
    long result = n;
    int used = 0;
    for (int i = 0; i < n; i++) {
      result |= (long) slots[i] << ((i + 1) << 2);
      used |= 1 << slots[i];
    }
    int pos = n;
    for (int s = 0; s < WIDTH; s++) {
      if ((used & (1 << s)) == 0) {
        result |= (long) s << ((pos + 1) << 2);
        pos++;
      }
    }
    return result;
  }
}
