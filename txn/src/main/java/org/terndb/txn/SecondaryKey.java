package org.terndb.txn;

/**
 * Computes a secondary index key from a row. For a non-unique index the result must be unique per row, which
 * the usual way to achieve is to append the primary key to the indexed columns' encoding.
 */
@FunctionalInterface
public interface SecondaryKey {
    byte[] of(byte[] primaryKey, byte[] row);
}
