package org.terndb.storage.masstree;

/**
 * Scans and missed lookups report every border node they covered with the stable version they
 * observed (lock bit clear), so a transaction can re-validate the node set at commit.
 */
@FunctionalInterface
public interface NodeObserver {
  void observe(VersionedNode node, long version);
}
