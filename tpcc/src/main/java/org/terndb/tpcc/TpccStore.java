package org.terndb.tpcc;

/**
 * The storage access the TPC-C transaction logic ({@link TpccLogic}) is written against, once for the storage-level
 * modes: {@link KernelStore} works straight on Masstrees (no concurrency control: the optimal kernel of "OLTP through
 * the looking glass"), {@link TxnStore} goes through a {@code org.terndb.txn.Transaction} of the chosen protocol.
 *
 * <p>Keys are the tables' order-preserving {@link TpccTable#key() primary keys} and {@link TpccIndex#key() index
 * keys}; rows are immutable {@code byte[]} of {@link TpccTable#rows()}. Neither may be modified once handed over.
 * A write that finds the wrong state (insert of an existing key, update or delete of a missing row) never returns
 * quietly: the kernel throws {@link IllegalStateException} (single-threaded, so it is a bug), the transactional store
 * aborts the transaction (a concurrent transaction got there first).
 */
interface TpccStore {

    /** The row with this primary key, or null. */
    byte[] get(TpccTable table, byte[] key);

    /** Like {@link #get} for a row the transaction will update (locking protocols lock it now). */
    byte[] getForUpdate(TpccTable table, byte[] key);

    void insert(TpccTable table, byte[] key, byte[] row);

    void update(TpccTable table, byte[] key, byte[] row);

    void delete(TpccTable table, byte[] key);

    /**
     * Visits the rows whose {@code index} key is in {@code [lo, hi)} ({@code hi} null: unbounded) in index order, or
     * descending with {@code reverse}; at most {@code limit} rows ({@code <= 0}: all).
     *
     * @return the number of rows visited
     */
    int scan(TpccIndex index, byte[] lo, byte[] hi, boolean reverse, int limit, RowSink sink);

    /** Receives scanned rows; return false to stop. */
    @FunctionalInterface
    interface RowSink {
        boolean row(byte[] row);
    }
}
