package org.terndb.txn;

/**
 * Computes a secondary index key from a row. For a non-unique index the result must be unique per row, which
 * the usual way to achieve is to append the primary key to the indexed columns' encoding.
 */
@FunctionalInterface
public interface SecondaryKey {
    byte[] of(byte[] primaryKey, byte[] row);

    /**
     * The columns the key is computed from, as a {@link RowPatch} column mask (bit {@code c} for column {@code c});
     * {@link RowPatch#ALL_COLUMNS} when unknown, or when a column at ordinal 64 or above is used. A partial write
     * whose patch shares no column with it leaves the key unchanged without being checked.
     */
    default long columnMask() {
        return RowPatch.ALL_COLUMNS;
    }
}
