package org.terndb.txn.common;

/**
 * The result of a protocol's {@link AbstractConcurrencyControl#readLatestCommitted}: a record's latest committed
 * row and its stamp. Reused by one reader; no allocation per record.
 */
public final class CommittedRow {
    byte[] row;
    long stamp;

    /** Sets the row (null: the record is absent) and its per-key stamp (0 if the protocol keeps none). */
    public void set(byte[] row, long stamp) {
        this.row = row;
        this.stamp = stamp;
    }
}
