package org.terndb.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.terndb.engine.proc.CallResult;
import org.terndb.engine.proc.ProcedureSession;
import org.terndb.executor.Cursor;
import org.terndb.executor.ExecutionContext;
import org.terndb.executor.ExprType;
import org.terndb.executor.ResultColumn;
import org.terndb.executor.SqlState;
import org.terndb.executor.TernSqlException;
import org.terndb.planner.PreparedPlan;
import org.terndb.storage.codec.ColumnType;
import org.terndb.txn.DuplicateKeyException;
import org.terndb.txn.DurabilityException;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.Worker;

/**
 * One user's conversation with a database (a JDBC connection): its protocol {@link Worker}, autocommit
 * mode and current transaction. Not thread-safe: one thread at a time, and an open transaction stays on
 * the thread that began it (the worker is bound to it).
 *
 * <p>Autocommit (the default): each statement is its own transaction; a statement aborted by a conflict
 * is retried inside the engine, after {@link Worker#backoff()}, up to
 * {@link DatabaseConfig#autocommitRetries()} times, then fails with 40001. Explicit transactions: a
 * conflict abort fails the statement with 40001 and the transaction is rolled back; so does any error of
 * a statement that writes (there are no savepoints yet to undo half a statement), while a failing query
 * leaves the transaction open.
 */
public final class Session implements AutoCloseable {
    private static final List<ResultColumn> PLAN_COLUMNS = List.of(
            new ResultColumn("PLAN", new ExprType(ColumnType.VARCHAR, 4096, 0, false), null, null));

    private final Database database;
    private final ExecutionContext context = new ExecutionContext();
    private Worker worker;
    private Thread workerThread;
    private Transaction transaction;
    private boolean autoCommit = true;
    private boolean closed;
    private long builderVersion;
    private ProcedureSession procedures;

    Session(Database database) {
        this.database = database;
    }

    public Database database() {
        return database;
    }

    /** Plans {@code sql} (or takes it from the plan cache) without running it. */
    public PreparedPlan prepare(String sql) {
        checkOpen();
        return database.planner().prepare(sql, database.catalog().snapshot());
    }

    /** Plans and runs a statement with parameter values (JDBC objects, in order). */
    public StatementResult execute(String sql, Object... parameters) {
        return execute(prepare(sql), parameters, null);
    }

    /**
     * Runs a prepared statement. A plan made for an older catalog version is re-prepared first.
     *
     * @param parameters values as JDBC gives them
     * @param set        which parameters were set (null: all given)
     */
    public StatementResult execute(PreparedPlan plan, Object[] parameters, boolean[] set) {
        checkOpen();
        if (plan.catalogVersion() != database.catalog().version()) {
            plan = prepare(plan.sql());
        }
        if (plan.explain()) {
            return explain(plan);
        }
        if (plan.kind() == PreparedPlan.Kind.DDL) {
            if (plan.ddl() instanceof org.terndb.sql.ddl.Checkpoint) {
                database.checkpoint(); // not DDL: it must not hold the DDL lock while it writes
                return StatementResult.count(0);
            }
            database.ddl().execute(plan.ddl(), plan.sql());
            return StatementResult.count(0);
        }
        if (plan.kind() == PreparedPlan.Kind.PROCEDURE) { // a plain statement sees a CALL's first result only
            CallResult call = call(plan, parameters, set);
            return call.resultSets().isEmpty() ? StatementResult.count(call.updateCount())
                    : StatementResult.rows(call.resultSets().get(0).columns(), call.resultSets().get(0).rows());
        }
        Object[] bound = plan.bind(parameters, set);
        if (database.catalog().version() != builderVersion) {
            context.clearBuilders();
            builderVersion = database.catalog().version();
        }
        return autoCommit ? runAutoCommit(plan, bound) : runInTransaction(plan, bound);
    }

    /** Runs CALL, CREATE PROCEDURE or DROP PROCEDURE ({@link PreparedPlan.Kind#PROCEDURE}) with all its results. */
    public CallResult call(PreparedPlan plan, Object[] parameters, boolean[] set) {
        checkOpen();
        if (procedures == null) {
            procedures = new ProcedureSession(this);
        }
        CallResult result = procedures.execute(plan.procedure(), parameters, set);
        if (!(plan.procedure() instanceof org.terndb.sql.proc.CallProcedure)) {
            database.schemaChanged(plan.sql()); // CREATE/DROP PROCEDURE: kept in a file database's catalog
        }
        return result;
    }

    /**
     * Runs {@code work} as one unit (a procedure call). In autocommit it is its own transaction, committed when
     * {@code work} returns; a conflict abort runs it again after {@link Worker#backoff()}, up to
     * {@link DatabaseConfig#autocommitRetries()} times ({@code onRetry} runs before each retry), any other error
     * aborts it. In an explicit transaction it runs inside the open one, and a conflict or any error rolls that
     * transaction back (there are no savepoints to undo half a unit).
     */
    public <T> T runUnit(Function<Transaction, T> work, Runnable onRetry) {
        checkOpen();
        if (!autoCommit) {
            if (transaction == null) {
                transaction = worker().begin();
            }
            try {
                return work.apply(transaction);
            } catch (TransactionAbortedException e) {
                transaction = null;
                throw conflict(e, "the transaction was rolled back");
            } catch (RuntimeException | Error e) {
                TernSqlException error = translate(e);
                rollback();
                throw new TernSqlException(error.sqlState(), error.getMessage() + " (the transaction was rolled back)",
                        error);
            }
        }
        Worker w = worker();
        int retries = database.config().autocommitRetries();
        for (int attempt = 0; ; attempt++) {
            Transaction txn = w.begin();
            try {
                T result = work.apply(txn);
                txn.commit();
                return result;
            } catch (TransactionAbortedException e) {
                if (attempt >= retries) {
                    throw conflict(e, "after " + (attempt + 1) + " attempts");
                }
                onRetry.run();
                w.backoff();
            } catch (RuntimeException | Error e) {
                if (txn.isActive()) {
                    txn.abort();
                }
                throw translate(e);
            }
        }
    }

    private StatementResult runAutoCommit(PreparedPlan plan, Object[] parameters) {
        Worker w = worker();
        int retries = database.config().autocommitRetries();
        for (int attempt = 0; ; attempt++) {
            Transaction txn = w.begin();
            try {
                StatementResult result = run(plan, txn, parameters);
                txn.commit();
                return result;
            } catch (TransactionAbortedException e) {
                if (attempt >= retries) {
                    throw conflict(e, "after " + (attempt + 1) + " attempts");
                }
                w.backoff();
            } catch (RuntimeException | Error e) {
                if (txn.isActive()) {
                    txn.abort();
                }
                throw translate(e);
            }
        }
    }

    private StatementResult runInTransaction(PreparedPlan plan, Object[] parameters) {
        if (transaction == null) {
            transaction = worker().begin();
        }
        try {
            return run(plan, transaction, parameters);
        } catch (TransactionAbortedException e) {
            transaction = null;
            throw conflict(e, "the transaction was rolled back");
        } catch (RuntimeException | Error e) {
            TernSqlException error = translate(e);
            if (plan.kind() == PreparedPlan.Kind.UPDATE) {
                rollback();
                throw new TernSqlException(error.sqlState(), error.getMessage() + " (the transaction was rolled back)",
                        error.getCause() == null ? error : error.getCause());
            }
            throw error;
        }
    }

    private StatementResult run(PreparedPlan plan, Transaction txn, Object[] parameters) {
        Cursor cursor = plan.root().open(context.reset(txn, parameters));
        if (plan.kind() == PreparedPlan.Kind.QUERY) {
            List<Object[]> rows = new ArrayList<>();
            while (cursor.next()) {
                rows.add(cursor.row());
            }
            return StatementResult.rows(plan.columns(), rows);
        }
        return StatementResult.count(cursor.next() ? ((Number) cursor.row()[0]).longValue() : 0);
    }

    private static StatementResult explain(PreparedPlan plan) {
        List<Object[]> rows = new ArrayList<>();
        for (String line : plan.explainText().split("\n")) {
            rows.add(new Object[] {line});
        }
        return StatementResult.rows(PLAN_COLUMNS, rows);
    }

    // ---- transactions ----------------------------------------------------------------------------

    public boolean autoCommit() {
        return autoCommit;
    }

    /** Switching autocommit on commits the open transaction, as JDBC requires. */
    public void setAutoCommit(boolean on) {
        checkOpen();
        if (on && !autoCommit) {
            commit();
        }
        autoCommit = on;
    }

    /** Whether a transaction is open (explicit mode, after its first statement). */
    public boolean inTransaction() {
        return transaction != null;
    }

    /** The thread the open transaction is bound to (only it can end the transaction), or null if none is open. */
    public Thread transactionThread() {
        return transaction != null ? workerThread : null;
    }

    /** Commits the open transaction (no-op if none); a conflict abort fails with 40001. */
    public void commit() {
        checkOpen();
        Transaction txn = transaction;
        if (txn == null) {
            return;
        }
        transaction = null;
        try {
            txn.commit();
        } catch (TransactionAbortedException e) {
            throw conflict(e, "the transaction was rolled back");
        } catch (DurabilityException e) {
            throw translate(e);
        }
    }

    /** Rolls back the open transaction (no-op if none); only on the thread that began it (txn API rule). */
    public void rollback() {
        Transaction txn = transaction;
        if (txn != null && workerThread != Thread.currentThread()) {
            throw new TernSqlException(SqlState.INVALID_TRANSACTION_STATE, "the open transaction belongs to thread "
                    + workerThread.getName() + "; roll it back there");
        }
        transaction = null;
        if (txn != null && txn.isActive()) {
            txn.abort();
        }
    }

    public boolean isClosed() {
        return closed || database.isClosed();
    }

    /** Rolls back any open transaction and releases the worker. Idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            if (transaction != null && workerThread != Thread.currentThread()) {
                // The txn API lets only the owning thread abort; the transaction is abandoned with its worker.
                transaction = null;
            } else {
                rollback();
            }
        } finally {
            if (worker != null) {
                worker.close();
                worker = null;
            }
        }
    }

    // ---- helpers ---------------------------------------------------------------------------------

    /** The worker of the calling thread; a session moving to another thread between transactions gets a new one. */
    private Worker worker() {
        Thread current = Thread.currentThread();
        if (worker != null && workerThread != current) {
            if (transaction != null) {
                throw new TernSqlException(SqlState.INVALID_TRANSACTION_STATE, "the open transaction belongs to thread "
                        + workerThread.getName() + "; commit or roll it back there first");
            }
            worker.close();
            worker = null;
        }
        if (worker == null) {
            worker = database.concurrencyControl().newWorker();
            workerThread = current;
        }
        return worker;
    }

    private void checkOpen() {
        if (closed) {
            throw new TernSqlException(SqlState.CONNECTION_CLOSED, "the session is closed");
        }
        database.checkOpen();
    }

    private static TernSqlException conflict(TransactionAbortedException e, String what) {
        return new TernSqlException(SqlState.SERIALIZATION_FAILURE, "transaction aborted by concurrency control ("
                + e.reason() + "); " + what + "; retry the transaction", e);
    }

    private static TernSqlException translate(Throwable e) {
        if (e instanceof TernSqlException t) {
            return t;
        }
        if (e instanceof DuplicateKeyException d) {
            return new TernSqlException(SqlState.UNIQUE_VIOLATION, d.getMessage(), d);
        }
        if (e instanceof DurabilityException d) { // the log cannot write: an I/O error (class 58)
            return new TernSqlException(Database.IO_ERROR, d.getMessage(), d);
        }
        if (e instanceof IllegalArgumentException) {
            return new TernSqlException(SqlState.DATA_EXCEPTION, e.getMessage(), e);
        }
        if (e instanceof Error err) {
            throw err;
        }
        return new TernSqlException(SqlState.GENERAL_ERROR, "internal error: " + e, e);
    }
}
