package org.terndb.storage.masstree;

/**
 * Scan callback. {@code keyBuffer} is only valid during the call (it is reused for every row, no
 * per-row allocation) and must not be modified; copy {@code [0, keyLength)} to keep the key.
 * Return false to stop the scan.
 *
 * <p>A visitor that only looks at values overrides {@link #needsKeys()} to return false: the scan
 * then builds no keys and calls {@link #visit} with a null {@code keyBuffer} and a
 * {@code keyLength} of -1. Order, bounds, limit and the node observer are the same either way.
 */
@FunctionalInterface
public interface ScanVisitor<V> {
  boolean visit(byte[] keyBuffer, int keyLength, V value);

  /** Whether {@link #visit} reads the key; false lets the scan skip building keys. */
  default boolean needsKeys() {
    return true;
  }
}
