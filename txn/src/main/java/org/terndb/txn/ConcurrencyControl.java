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
     * Adds a secondary index to a table. The table must be empty, or the caller must backfill the index in a
     * transaction that also excludes concurrent writers.
     */
    Index createIndex(Table table, String name, boolean unique, SecondaryKey keyOf);

    /** Removes a table from the protocol (no transaction may be using it). */
    void dropTable(Table table);

    /**
     * Bulk load outside any transaction: the row becomes committed at once. For initial population only
     * (loaders, recovery); it maintains secondary indexes. Returns false if the key exists.
     * Safe to call from several threads on distinct keys.
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
