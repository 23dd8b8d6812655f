/**
 * The JDBC driver ({@code jdbc:tern:mem:NAME}); see {@link org.terndb.jdbc.TernDriver} for URLs, options
 * and when an in-memory database is dropped.
 *
 * <h2>Transactions and isolation levels</h2>
 * Autocommit is on by default: every statement is its own transaction, and one aborted by a conflict is
 * retried inside the engine. With autocommit off, a transaction begins with the first statement and ends
 * with {@code commit()} or {@code rollback()}; a conflict abort fails the statement or the commit with
 * SQLState {@code 40001} (error code 0, {@link java.sql.SQLTransactionRollbackException}) and the
 * transaction is already rolled back: retry it. A failing write statement also rolls the transaction back
 * (there are no savepoints yet); a failing query leaves it open.
 *
 * <p>The isolation level is the database's concurrency-control protocol's, whatever is requested:
 * <table>
 * <caption>What each protocol gives</caption>
 * <tr><th>protocol</th><th>isolation</th><th>{@code getTransactionIsolation()}</th></tr>
 * <tr><td>silo, tictoc, mocc, 2pl-wait, 2pl-nowait, ermia, silo+sse</td><td>serializable, phantoms included
 *     (optimistic protocols validate reads and scanned ranges at commit; 2PL locks them; ERMIA certifies
 *     snapshot reads with SSN)</td><td>{@code TRANSACTION_SERIALIZABLE}</td></tr>
 * <tr><td>si</td><td>snapshot isolation: every read sees the snapshot taken when the transaction began, and
 *     of two concurrent transactions writing the same row the second to commit aborts; write skew is
 *     possible</td><td>{@code TRANSACTION_REPEATABLE_READ}</td></tr>
 * </table>
 * {@code setTransactionIsolation} accepts the four JDBC levels and changes nothing: a serializable protocol
 * serves every level (a stronger level is always allowed), and SI serves all but SERIALIZABLE, for which it
 * adds a warning to the connection ({@code supportsTransactionIsolationLevel(SERIALIZABLE)} is false under
 * SI). {@code TRANSACTION_NONE} is rejected with 0A000. DDL is not transactional: it takes effect at once,
 * inside or outside a transaction. Read-only mode ({@code setReadOnly(true)}) is enforced: statements that
 * write or change the schema fail with {@code 25006}; it cannot change inside a transaction ({@code 25001}).
 *
 * <h2>Threads</h2>
 * A connection is used by one thread at a time, and an open transaction is bound to the thread that began it
 * (its protocol worker is); between transactions a connection may move to another thread. Commit and
 * rollback from another thread fail with {@code 25000}. {@code close()} (and {@code abort}) from another
 * thread while a statement runs or a transaction is open marks the connection closed at once, but leaves the
 * rollback to the owning thread, because the transaction layer lets only that thread end the transaction: it
 * happens when the running statement returns, or at the owner's next call on the connection or one of its
 * statements or result sets (which then fails with 08003). Until then the transaction keeps its locks
 * (2PL, MOCC). If the owning thread has already ended, the connection is released at once and the
 * transaction is abandoned with its locks (a named database drops it when its last connection closes).
 *
 * <h2>Statements and results</h2>
 * Statements are planned once per text and catalog version (the plan cache); prepared statements bind
 * parameters to the types the planner inferred ({@link java.sql.ParameterMetaData}). Result sets are
 * forward-only and read-only, materialised before the statement's transaction ends, so they stay readable
 * after commit. Batches stop at the first failure with a {@link java.sql.BatchUpdateException} carrying the
 * update counts of the statements before it. Every error is an {@link java.sql.SQLException} with an
 * SQLState and a message; any use of a closed object fails with {@code 08003}; {@code close()} is
 * idempotent everywhere. {@code Statement.cancel()} (from any thread) stops the statement running on the
 * connection at its next operation with {@code HY008}; {@code setQueryTimeout} does the same on time with
 * {@code HYT00} ({@link java.sql.SQLTimeoutException}); {@code Connection.close()}/{@code abort} from another
 * thread rolls back at once (see {@link org.terndb.jdbc.TernConnection}).
 *
 * <h2>Not supported yet (SQLState 0A000)</h2>
 * Generated keys ({@code getGeneratedKeys}, {@code RETURN_GENERATED_KEYS}: there are no identity columns or
 * sequences), savepoints, scrollable and updatable result sets, TIME values, binary and LOB values, arrays
 * and other SQL types TernDB does not store, named cursors, a maximum field size other than 0, sharding
 * keys, user type maps. {@code DatabaseMetaData} reports no catalogs, schemas, procedures or foreign keys yet
 * (well-formed empty results).
 */
package org.terndb.jdbc;
