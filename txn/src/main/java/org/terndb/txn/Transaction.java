package org.terndb.txn;

/**
 * One transaction of the protocol its {@link ConcurrencyControl} runs. Obtained from {@link Worker#begin()} and
 * used by that worker's thread only, until {@link #commit()} or {@link #abort()}.
 *
 * <p>Reads see the transaction's own writes. Any operation may throw {@link TransactionAbortedException}
 * (protocols that detect conflicts early abort there); when it is thrown the transaction is already rolled
 * back. Commit either makes every write visible at once or throws; nothing partial is ever visible.
 *
 * <p>Keys and rows are {@code byte[]} that the caller must not modify after handing them over (rows are
 * immutable values shared with other transactions once committed). A row a read returns is the caller's to keep:
 * no later commit changes it.
 *
 * <p>A write is <em>blind</em> when the transaction did not read the record's value first; write-omission
 * protocols (SSE) may omit blind writes. {@link #update} after {@link #read} of the same key is a
 * read-modify-write.
 */
public interface Transaction {

    /** The row with this primary key, or null if there is none. */
    byte[] read(Table table, byte[] primaryKey);

    /**
     * Like {@link #read} but announces the intention to update the row: locking protocols take a write lock
     * now (SELECT ... FOR UPDATE); optimistic protocols read as usual.
     */
    byte[] readForUpdate(Table table, byte[] primaryKey);

    /**
     * Like {@link #read}, into the caller's array: copies the first {@code min(row length, into.length)} bytes of the
     * row into {@code into} and returns the row's length, or returns -1 (and leaves {@code into} alone) if there is
     * no row. A protocol that overwrites rows in place copies straight from its record, so the read allocates
     * nothing; this default copies the row {@link #read} returns. {@code into} must not be an array handed to the
     * database (a load's, an insert's or an update's row).
     */
    default int readInto(Table table, byte[] primaryKey, byte[] into) {
        byte[] row = read(table, primaryKey);
        if (row == null) {
            return -1;
        }
        System.arraycopy(row, 0, into, 0, Math.min(row.length, into.length));
        return row.length;
    }

    /**
     * Point lookup through any index: for the primary index the key is the primary key; for a unique
     * secondary index it is the secondary key. Returns the table row or null.
     */
    byte[] read(Index index, byte[] key);

    /**
     * Visits the rows whose key in {@code index} lies within the bounds, in index order ({@code reverse} =
     * descending). {@code lo}/{@code hi} null mean unbounded; {@code limit} &lt;= 0 means no limit. The scan is
     * phantom-safe under serializable protocols: a concurrent insert or delete in the range makes this
     * transaction abort (or wait, for locking protocols) rather than commit on a changed range.
     *
     * @return the number of rows visited
     */
    int scan(Index index, byte[] lo, boolean loInclusive, byte[] hi, boolean hiInclusive, boolean reverse, int limit,
             RowVisitor visitor);

    /** Inserts a row. Returns false (and changes nothing) if the primary key or a unique secondary key exists. */
    boolean insert(Table table, byte[] primaryKey, byte[] row);

    /** Replaces the row with this primary key. Returns false if there is no such row. */
    boolean update(Table table, byte[] primaryKey, byte[] row);

    /**
     * Overwrites the row without reading it: the caller asserts the new row does not depend on the current one.
     * Returns false if no row has the key. The write is blind when this transaction has not read (nor written)
     * the row before; then a concurrent update of the row does not make it abort, and write-omission protocols
     * (SSE) may omit it. A row deleted between this call and commit makes the commit abort: a blind update never
     * brings a row back. A table with secondary indexes, or a row already read or written by this transaction,
     * is updated as by {@link #update} (the old row is needed). Protocols without a blind path also fall back to
     * {@link #update}: correct, but not blind.
     */
    default boolean updateBlind(Table table, byte[] primaryKey, byte[] row) {
        return update(table, primaryKey, row);
    }

    /**
     * A partial blind write: changes the columns of {@code patch} in the row with this primary key without reading
     * the row. Returns false if no row has the key (nothing is written, no row is created). Like
     * {@link #updateBlind(Table, byte[], byte[])}: the write is blind when this transaction has not read (nor
     * written) the row before; the protocol applies the patch to the row current at commit (the row that directly
     * precedes the new one in the version order), and write-omission protocols may omit it in front of a later
     * write that sets at least the same columns. A row deleted between this call and commit makes the commit
     * abort. The patch must not change key or secondary-index columns ({@link RowPatch}). A row read or written
     * before, and protocols without a blind path, take the read-modify-write path: read, apply, {@link #update}.
     */
    default boolean updateBlind(Table table, byte[] primaryKey, RowPatch patch) {
        byte[] current = readForUpdate(table, primaryKey);
        return current != null && update(table, primaryKey, patch.apply(current));
    }

    /**
     * The primary key of the row whose key in the unique secondary {@code index} is {@code key}, or null if there
     * is none. Only the index entry is read (and validated like any read), not the row, so a following
     * {@link #updateBlind} of that row stays blind. This default reads the row too.
     */
    default byte[] readPrimaryKey(Index index, byte[] key) {
        byte[][] found = new byte[1][];
        scan(index, key, true, key, true, false, 1, (primaryKey, row) -> {
            found[0] = primaryKey;
            return false;
        });
        return found[0];
    }

    /**
     * Index build ({@link ConcurrencyControl#awaitActiveTransactions}): makes sure the secondary {@code index} has
     * the entry of the row {@code primaryKey} / {@code row} (as this transaction read it from the primary index),
     * writing it unless present. Returns false, writing nothing, if the entry's key belongs to another row (a
     * unique index over duplicate values). May abort like any write.
     */
    default boolean backfill(Index index, byte[] primaryKey, byte[] row) {
        throw new UnsupportedOperationException("this transaction cannot back-fill an index");
    }

    /** Deletes the row with this primary key. Returns false if there is no such row. */
    boolean delete(Table table, byte[] primaryKey);

    /**
     * Commits, or throws {@link TransactionAbortedException} with nothing of this transaction visible. With a commit
     * log it returns once the commit may be acknowledged ({@code durability=sync}: its epoch is durable).
     */
    void commit();

    /**
     * Commits like {@link #commit()} but does not wait for durability: returns the epoch that must be durable
     * ({@link Worker#isDurable}, {@link Worker#awaitDurable}) before the commit may be acknowledged to anyone, or 0
     * if there is nothing to wait for (no commit log, or a read-only commit). Under a protocol whose commits wait
     * for their epoch to close ({@code mvto}'s group commit) it does not wait for that either: the epoch it returns
     * must then also have closed, for read-only commits too. The transaction has ended either way, and the worker
     * may begin the next one at once. This default waits, as {@link #commit()} does, and returns 0.
     */
    default long commitDeferred() {
        commit();
        return 0;
    }

    /** Rolls back. Safe to call on a transaction the protocol already aborted. */
    void abort();

    /**
     * Asks the transaction to abort at its next operation; the one call any thread may make (a statement cancel,
     * a connection closed from another thread). That operation (or a lock wait in progress) then throws
     * {@link TransactionAbortedException} with {@link AbortReason#USER_ABORT}, the transaction rolled back. The
     * request stays, for later transactions of the worker too, until {@link #clearAbortRequest()}. A protocol
     * without support ignores it.
     */
    default void requestAbort() {
    }

    /** Withdraws {@link #requestAbort()}; called by the owning thread, between transactions. */
    default void clearAbortRequest() {
    }

    /** True between {@link Worker#begin()} and commit/abort. */
    boolean isActive();
}
