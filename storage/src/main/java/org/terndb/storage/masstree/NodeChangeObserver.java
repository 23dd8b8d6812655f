package org.terndb.storage.masstree;

/**
 * Inserts and removes report the border node whose key set they changed. {@code before} is the
 * node's stable version just before the change (what a scan would have observed), {@code after}
 * the version after unlock. {@code structural} means an unlink (or a change this observer was not
 * told the whole of) happened, so a transaction must not simply advance its observed version to
 * {@code after}.
 */
@FunctionalInterface
public interface NodeChangeObserver {
  void changed(VersionedNode node, long before, long after, boolean structural);

  /**
   * The change divided {@code node}'s key range: part of it moved to {@code sibling} (a split's new
   * right node, or the border node of a new layer that took over one slot), which had version
   * {@code siblingVersion} when this insert released it. Both nodes were locked throughout, so
   * together at these versions they cover exactly what {@code node} covered at {@code before}: a
   * transaction that observed {@code node} at {@code before} may track both instead.
   *
   * <p>The default treats it as an opaque structural change.
   */
  default void split(VersionedNode node, long before, long after, VersionedNode sibling, long siblingVersion) {
    changed(node, before, after, true);
  }
}
