package org.terndb.storage.masstree;

/**
 * Inserts and removes report the border node whose key set they changed. {@code before} is the
 * node's stable version just before the change (what a scan would have observed), {@code after}
 * the version after unlock. {@code structural} means a split, a new layer or an unlink happened,
 * so a transaction must not simply advance its observed version to {@code after}.
 */
@FunctionalInterface
public interface NodeChangeObserver {
  void changed(VersionedNode node, long before, long after, boolean structural);
}
