package org.terndb.storage.masstree;

/**
 * Scan callback. {@code keyBuffer} is only valid during the call (it is reused for every row, no
 * per-row allocation) and must not be modified; copy {@code [0, keyLength)} to keep the key.
 * Return false to stop the scan.
 */
@FunctionalInterface
public interface ScanVisitor<V> {
  boolean visit(byte[] keyBuffer, int keyLength, V value);
}
