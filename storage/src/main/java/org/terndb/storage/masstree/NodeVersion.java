package org.terndb.storage.masstree;

/**
 * Layout of a node's 64-bit version word (Masstree §4.6, widened to 64 bits):
 *
 * <pre>
 *  bit  0      locked      held by the one writer that changes the node (CAS to acquire)
 *  bit  1      inserting   dirty: the key set is being changed; unlock bumps vinsert
 *  bit  2      splitting   dirty: keys are moving to a new sibling; unlock bumps vsplit
 *  bit  3      deleted     the node was unlinked from the tree; readers restart from the root
 *  bit  4      root        the node is the root of its layer
 *  bit  5      border      border (leaf) node, else interior
 *  bits 6..31  vinsert     26-bit counter of key-set changes
 *  bits 32..63 vsplit      32-bit counter of splits
 * </pre>
 *
 * Readers wait only while a dirty bit (inserting, splitting) is set; a reader's snapshot is valid
 * when the word is unchanged apart from the lock bit.
 */
final class NodeVersion {
  static final long LOCKED = 1L;
  static final long INSERTING = 1L << 1;
  static final long SPLITTING = 1L << 2;
  static final long DELETED = 1L << 3;
  static final long ROOT = 1L << 4;
  static final long BORDER = 1L << 5;
  static final long DIRTY = INSERTING | SPLITTING;

  static final int VINSERT_SHIFT = 6;
  static final long VINSERT_ONE = 1L << VINSERT_SHIFT;
  static final long VINSERT_MASK = ((1L << 26) - 1) << VINSERT_SHIFT;
  static final int VSPLIT_SHIFT = 32;
  static final long VSPLIT_ONE = 1L << VSPLIT_SHIFT;
  static final long VSPLIT_MASK = 0xFFFF_FFFF_0000_0000L;

  private NodeVersion() {}

  static boolean isDeleted(long v) {
    return (v & DELETED) != 0;
  }

  static boolean isRoot(long v) {
    return (v & ROOT) != 0;
  }

  static boolean isBorder(long v) {
    return (v & BORDER) != 0;
  }

  static long vsplit(long v) {
    return v & VSPLIT_MASK;
  }

  /** The word a writer publishes at unlock: counters bumped for the dirty bits it had set. */
  static long unlocked(long v) {
    long nv = v;
    if ((v & INSERTING) != 0) {
      nv = (nv & ~VINSERT_MASK) | ((nv + VINSERT_ONE) & VINSERT_MASK);
    }
    if ((v & SPLITTING) != 0) {
      nv += VSPLIT_ONE; // wraps within the top bits
    }
    return nv & ~(LOCKED | DIRTY);
  }
}
