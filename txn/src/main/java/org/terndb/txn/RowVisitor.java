package org.terndb.txn;

/** Receives the rows of a scan in index order. Return false to stop the scan early. */
@FunctionalInterface
public interface RowVisitor {
    /**
     * @param primaryKey the row's primary key (must not be modified)
     * @param row        the row as this transaction sees it (immutable)
     */
    boolean visit(byte[] primaryKey, byte[] row);
}
