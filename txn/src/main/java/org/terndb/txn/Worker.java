package org.terndb.txn;

/**
 * The per-thread context of a protocol: it owns the reusable read/write sets, buffers and statistics, so that
 * running transactions allocates nothing per operation in steady state. A worker is bound to the first thread
 * that begins a transaction on it; using it from another thread fails with {@link IllegalStateException}.
 * A worker runs one transaction at a time.
 */
public interface Worker extends AutoCloseable {

    /** Starts a transaction. Fails with {@link IllegalStateException} if the previous one is still active. */
    Transaction begin();

    /**
     * A transaction of one read: the row with this primary key, or null if there is none, as a committed state
     * between the call and its return has it. The same as {@code begin()}, {@link Transaction#read(Table, byte[])},
     * {@code commit()}, which is what this default does. Protocols whose records show their latest committed
     * version behind a lock word (Silo, MOCC, TicToc) read it with one stable read instead, with no read set,
     * validation or epoch work: a transaction whose only operation is one read of a committed version is
     * serializable on its own. It depends only on that version's writer, and only later writers of the record
     * depend on it, which already follow that writer; a cycle through it would be a cycle among the others.
     *
     * <p>Fails with {@link IllegalStateException} while a transaction of this worker is active, and may throw
     * {@link TransactionAbortedException} (a record that stayed locked too long) with nothing held; retrying is
     * up to the caller.
     */
    default byte[] readSingle(Table table, byte[] primaryKey) {
        Transaction t = begin();
        try {
            byte[] row = t.read(table, primaryKey);
            t.commit();
            return row;
        } finally {
            if (t.isActive()) {
                t.abort();
            }
        }
    }

    /** Counters of this worker (commits, aborts by reason, ...). Read from other threads approximately. */
    TxnStats stats();

    /** Sleeps or spins before a retry, as the adaptive backoff option says (no-op when it is off). */
    void backoff();

    /**
     * Binds the worker to the calling thread, which takes it over from the thread it was bound to. That thread
     * must no longer use it, and its last use must happen-before this call (the caller synchronizes both, e.g.
     * through one atomic state): a connection closed from another thread rolls its idle transaction back so.
     */
    default void moveToCurrentThread() {
        throw new UnsupportedOperationException("this worker cannot move to another thread");
    }

    /**
     * Whether a commit of this worker that {@link Transaction#commitDeferred()} tied to {@code epoch} may be
     * acknowledged now (its epoch is durable, or the log does not wait: {@code async}); never blocks. Asks the log
     * to make the epoch durable soon. Throws {@code DurabilityException} if the log failed before the epoch became
     * durable: the commit must then not be acknowledged. True for 0 and for workers without a commit log.
     */
    default boolean isDurable(long epoch) {
        return true;
    }

    /** Blocks until {@link #isDurable}{@code (epoch)} would be true; throws as it does. Any thread. */
    default void awaitDurable(long epoch) {
    }

    /** Releases the worker: it stops holding back garbage collection and epochs. Idempotent. */
    @Override
    void close();
}
