package org.terndb.txn;

/**
 * A concurrency-control protocol instance over its own tables. Created by name through {@link Protocols}; all
 * protocols share the Masstree, the read/write-set structures, the epoch manager and the backoff, so they can
 * be compared fairly (CCBench §3).
 */
public interface ConcurrencyControl extends AutoCloseable {

    /** The protocol name as accepted by {@link Protocols#create}. */
    String name();

    /** Whether this protocol guarantees serializability (SI does not). */
    boolean isSerializable();

    TxnOptions options();

    /** A worker for the calling thread. */
    Worker newWorker();

    /** Creates an empty table. Table names are unique. */
    Table createTable(String name);

    /**
     * Adds a secondary index to a table: writers maintain it from now on. The table must be empty (and not
     * visible to any transaction yet), or the caller must back-fill the index as {@link #awaitActiveTransactions}
     * describes before anything reads it.
     */
    Index createIndex(Table table, String name, boolean unique, SecondaryKey keyOf);

    /**
     * Building or dropping an index while transactions run, step 1 of a drop: from now on a transaction that reads
     * or scans {@code index} aborts, while writers keep maintaining it. Only for a secondary index.
     */
    default void retireIndex(Index index) {
        throw new UnsupportedOperationException("protocol " + name() + " cannot drop an index");
    }

    /** Undoes {@link #retireIndex} (a drop that could not finish): the index can be read again. */
    default void restoreIndex(Index index) {
        throw new UnsupportedOperationException("protocol " + name() + " cannot drop an index");
    }

    /**
     * Removes a secondary index from its table: transactions that begin afterwards no longer maintain it (nor
     * enforce its uniqueness). To drop an index that transactions may read: {@link #retireIndex}, then
     * {@link #awaitActiveTransactions}, then this. A transaction still running may write the removed index's
     * entries, which nothing reads any more.
     */
    default void dropIndex(Index index) {
        throw new UnsupportedOperationException("protocol " + name() + " cannot drop an index");
    }

    /**
     * Waits until every transaction (and checkpoint read) that was active when this method was called has ended;
     * those that begin later do not hold it up. Returns false if {@code timeoutMillis} passed first. A thread
     * must not call it while its own worker is inside a transaction (it would wait for itself). Used to build an
     * index while writers run: after {@link #createIndex} and this wait, every transaction that can still write
     * to the table maintains the new index, so the caller can back-fill it ({@link Transaction#backfill}).
     */
    default boolean awaitActiveTransactions(long timeoutMillis) throws InterruptedException {
        throw new UnsupportedOperationException("protocol " + name() + " cannot wait for its transactions");
    }

    /** Removes a table from the protocol (no transaction may be using it). */
    void dropTable(Table table);

    /**
     * Bulk load outside any transaction: the row becomes committed at once. For initial population only
     * (loaders, recovery); it maintains secondary indexes. Returns false if the key exists.
     * Safe to call from several threads on distinct keys. The protocol may keep the arrays (or copies): the caller
     * must not change them afterwards.
     */
    boolean load(Table table, byte[] primaryKey, byte[] row);

    /**
     * Sets where committed writes go to become durable ({@link CommitLog}); null (the default) logs nothing and
     * costs nothing. Must be called while no worker exists: a worker takes its log buffer when it is created.
     */
    default void setCommitLog(CommitLog log) {
        throw new UnsupportedOperationException("protocol " + name() + " does not support a commit log");
    }

    /**
     * Fuzzy checkpoint read (SiloR §4.3): visits, in key order, the latest committed row of each present record of
     * {@code table}'s primary index whose key is above {@code after} (null: from the first), at most {@code limit}
     * records, while writers run. Each row is a committed version (never a torn or uncommitted one); rows of
     * different records may come from different moments. {@code worker} is one of this protocol's workers, used
     * by the calling thread only for such reads (it keeps the read safe from garbage collection and epochs) and
     * never inside a transaction. Returns the key to pass as {@code after} for the next chunk, or null at the end.
     */
    default byte[] scanCommitted(Worker worker, Table table, byte[] after, int limit, CommittedRowVisitor visitor) {
        throw new UnsupportedOperationException("protocol " + name() + " does not support checkpoint reads");
    }

    /** Totals over all workers. */
    TxnStats stats();

    /** The shared epoch manager. */
    org.terndb.txn.common.EpochManager epochs();

    /** Stops background threads. Idempotent. */
    @Override
    void close();
}
