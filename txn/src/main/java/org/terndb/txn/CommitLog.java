package org.terndb.txn;

/**
 * Where committed writes go to become durable: SiloR-style value (redo) logging, one buffer per worker, epochs as
 * the unit of durability (Zheng et al., OSDI'14 §3). Set on a {@link ConcurrencyControl} with
 * {@link ConcurrencyControl#setCommitLog} before any worker exists; without one, commits cost nothing extra.
 *
 * <p>The contract each protocol keeps is on {@code org.terndb.txn.common.AbstractTransaction} ("Durability"): it
 * reports the commit's epoch, read at the serialization point, and a per-key increasing stamp.
 */
public interface CommitLog {

    /** A buffer for a new worker; called once, from the thread that creates the worker. */
    Buffer newBuffer();

    /**
     * One worker's log buffer. Everything but {@link #close()} is called by the worker's thread, in this order
     * per committing transaction that wrote: {@link #checkWritable()} before anything is installed, then after the
     * protocol installed the writes, {@link #append} once per written primary-index row, while the worker still
     * announces its epoch, then {@link #awaitDurable} after the transaction ended.
     */
    interface Buffer extends AutoCloseable {

        /** Throws {@link DurabilityException} if the log can no longer make writes durable (an I/O error). */
        void checkWritable();

        /**
         * Appends the redo record of one committed write: {@code row} is the new row, null for a delete. Must not
         * allocate in steady state. {@code epoch} and {@code stamp} are the transaction's (the same for all of its
         * records).
         */
        void append(Table table, byte[] key, byte[] row, long epoch, long stamp);

        /**
         * Returns when the transaction of {@code epoch} may be acknowledged: once the epoch is durable
         * ({@code durability=sync}), or at once ({@code async}). Throws {@link DurabilityException} if the log
         * failed before the epoch became durable: the commit is then not acknowledged.
         */
        void awaitDurable(long epoch);

        /**
         * Whether {@link #awaitDurable}{@code (epoch)} would return at once, without blocking: the commit of
         * {@code epoch} may be acknowledged. A false answer also asks the loggers to make the epoch durable soon, as
         * a waiting committer does. Throws as {@link #awaitDurable} does. Any thread. This default blocks in
         * {@link #awaitDurable} and answers true: correct, but a log that can answer without waiting overrides it.
         */
        default boolean isDurable(long epoch) {
            awaitDurable(epoch);
            return true;
        }

        /** The worker closed: what it appended is still written. Idempotent; any thread. */
        @Override
        void close();
    }
}
