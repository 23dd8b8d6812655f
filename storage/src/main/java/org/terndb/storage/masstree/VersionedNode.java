package org.terndb.storage.masstree;

/**
 * A border node as seen by a transaction layer: its version word can be re-read for validation
 * (Silo's node-set phantom protection).
 *
 * <p>Every change to the node's key set (insert, remove, a slot turning into a layer link, a
 * split, an unlink) changes the version word. Versions handed to a {@link NodeObserver} or a
 * {@link NodeChangeObserver} never carry the lock bit, while {@link #version()} is the raw word and
 * may carry it while a writer holds the node; compare with {@link #unchanged(long, long)}.
 */
public interface VersionedNode {

  /** The raw version word, read with acquire semantics. */
  long version();

  /**
   * True when {@code current} (a later {@link #version()}) shows no change to the key set since
   * {@code observed} was reported: the words are equal once the lock bit is ignored. A node that is
   * in the middle of a change (inserting/splitting bits set) or was unlinked counts as changed.
   */
  static boolean unchanged(long observed, long current) {
    return ((observed ^ current) & ~NodeVersion.LOCKED) == 0;
  }
}
