package org.terndb.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import org.terndb.engine.proc.CallResult;
import org.terndb.engine.proc.ProcedureSession;
import org.terndb.executor.Cursor;
import org.terndb.executor.ExecutionContext;
import org.terndb.executor.ExprType;
import org.terndb.executor.ResultColumn;
import org.terndb.executor.SqlState;
import org.terndb.executor.TernSqlException;
import org.terndb.executor.access.StoredColumns;
import org.terndb.planner.PreparedPlan;
import org.terndb.sql.proc.CallProcedure;
import org.terndb.sql.proc.ProcStatement;
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
 * <p>Two calls come from other threads: {@link #cancel} stops the running statement at its next operation
 * (HY008, or HYT00 for a query timeout; the session stays usable), and {@link #close()} rolls back at once when
 * the session is idle, or aborts the running statement and closes when it has returned.
 *
 * <p>Autocommit (the default): each statement is its own transaction; a statement aborted by a conflict
 * is retried inside the engine, after {@link Worker#backoff()}, up to
 * {@link DatabaseConfig#autocommitRetries()} times, then fails with 40001. Explicit transactions: a
 * conflict abort fails the statement with 40001 and the transaction is rolled back; so does any error of
 * a statement that writes (there are no savepoints yet to undo half a statement), while a failing query
 * leaves the transaction open.
 */
public final class Session implements AutoCloseable {
    /** SQLState of a statement canceled by {@link #cancel}. */
    public static final String CANCELED = "HY008";
    /** SQLState of a statement canceled by a query timeout. */
    public static final String QUERY_TIMEOUT = "HYT00";
    /** {@link #cancel} of whatever operation runs. */
    public static final long ANY_OPERATION = -1;

    private static final int IDLE = 0;
    private static final int RUNNING = 1;
    private static final int CLOSED = 2;
    /** How long {@link #close()} waits for a running operation it asked to stop before it leaves the close to it. */
    private static final long CLOSE_WAIT_NANOS = 1_000_000_000L;
    private static final String CAUSE_CANCEL = "cancel";
    private static final String CAUSE_TIMEOUT = "timeout";
    private static final String CAUSE_CLOSE = "close";
    private static final VarHandle STATE;
    private static final VarHandle SIGNALLER;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(Session.class, "state", int.class);
            SIGNALLER = MethodHandles.lookup().findVarHandle(Session.class, "signaller", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static final List<ResultColumn> PLAN_COLUMNS = List.of(
            new ResultColumn("PLAN", new ExprType(ColumnType.VARCHAR, 4096, 0, false), null, null));

    private final Database database;
    private final ExecutionContext context = new ExecutionContext();
    private final SingleReadTransaction singleRead = new SingleReadTransaction();
    private Worker worker;
    private Thread workerThread;
    private Transaction transaction;
    private boolean autoCommit = true;
    private long operations; // written by the owner only; see enter()
    private volatile int state; // IDLE, RUNNING or CLOSED: see enter()
    private volatile int signaller; // 1 while another thread asks the running operation to stop: see enter()
    private volatile boolean closeRequested; // close() was called
    private Thread runningThread; // the thread of the running (or the last) operation
    private Thread closingThread; // the thread that closes (closeNow)
    private volatile boolean released; // closeNow has returned
    /** The worker's transaction object, which a cancel asks to abort; set when the worker changes. */
    private volatile Transaction signalTarget;
    /** Why an operation was asked to stop (CAUSE_*), or null; {@link #canceledOperation} says which one. */
    private volatile String cancelCause;
    private long canceledOperation; // the operation cancelCause is for: written before signaller's release
    private long builderVersion;
    private ProcedureSession procedures;
    /** What runs once the session has closed ({@link #onClose}), or null. */
    private volatile Runnable onClose;

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
        enter();
        try {
            return executeEntered(plan, parameters, set);
        } finally {
            leave();
        }
    }

    private StatementResult executeEntered(PreparedPlan plan, Object[] parameters, boolean[] set) {
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
            if (transaction != null && (plan.ddl() instanceof org.terndb.sql.ddl.CreateIndex
                    || plan.ddl() instanceof org.terndb.sql.ddl.DropIndex)) { // it waits for older transactions
                throw new TernSqlException(SqlState.INVALID_TRANSACTION_STATE, "CREATE INDEX and DROP INDEX wait for "
                        + "running transactions to end, so they cannot run inside one: commit or roll back first");
            }
            database.ddl().execute(plan.ddl(), plan.sql());
            return StatementResult.count(0);
        }
        if (plan.kind() == PreparedPlan.Kind.PROCEDURE) { // a plain statement sees a CALL's first result only
            CallResult call = callEntered(plan, parameters, set);
            return call.resultSets().isEmpty() ? StatementResult.count(call.updateCount())
                    : StatementResult.rows(call.resultSets().get(0).columns(), call.resultSets().get(0).rows());
        }
        // A point query keeps no reference to its parameters once it returned: it binds into the context's array.
        Object[] bound = plan.singleRead() ? plan.bind(parameters, set, context.scratchParameters(plan.boundWidth()))
                : plan.bind(parameters, set);
        if (database.catalog().version() != builderVersion) {
            context.clearBuilders();
            builderVersion = database.catalog().version();
        }
        return autoCommit ? runAutoCommit(plan, bound) : runInTransaction(plan, bound);
    }

    /** Runs CALL, CREATE PROCEDURE or DROP PROCEDURE ({@link PreparedPlan.Kind#PROCEDURE}) with all its results. */
    public CallResult call(PreparedPlan plan, Object[] parameters, boolean[] set) {
        checkOpen();
        enter();
        try {
            return callEntered(plan, parameters, set);
        } finally {
            leave();
        }
    }

    private CallResult callEntered(PreparedPlan plan, Object[] parameters, boolean[] set) {
        if (procedures == null) {
            procedures = new ProcedureSession(this);
        }
        ProcStatement statement = plan.procedure();
        if (statement instanceof CallProcedure call) {
            return procedures.call(call, parameters, set);
        }
        procedures.define(statement);
        database.schemaChanged(plan.sql()); // CREATE/DROP PROCEDURE: kept in a file database's catalog
        return CallResult.NONE;
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
                transaction = begin(worker());
            }
            try {
                return work.apply(transaction);
            } catch (TransactionAbortedException e) {
                transaction = null;
                throw aborted(e, "the transaction was rolled back");
            } catch (RuntimeException | Error e) {
                TernSqlException error = translate(e);
                rollbackEntered();
                throw new TernSqlException(error.sqlState(), error.getMessage() + " (the transaction was rolled back)",
                        error);
            }
        }
        Worker w = worker();
        int retries = database.config().autocommitRetries();
        for (int attempt = 0; ; attempt++) {
            Transaction txn = begin(w);
            try {
                T result = work.apply(txn);
                txn.commit();
                return result;
            } catch (TransactionAbortedException e) {
                backOffOrGiveUp(e, attempt, retries, w);
                onRetry.run();
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
        if (plan.singleRead()) {
            return runSingleRead(plan, w, parameters);
        }
        int retries = database.config().autocommitRetries();
        for (int attempt = 0; ; attempt++) {
            Transaction txn = begin(w);
            try {
                StatementResult result = run(plan, txn, parameters);
                txn.commit();
                return result;
            } catch (TransactionAbortedException e) {
                backOffOrGiveUp(e, attempt, retries, w);
            } catch (RuntimeException | Error e) {
                if (txn.isActive()) {
                    txn.abort();
                }
                throw translate(e);
            }
        }
    }

    /**
     * A point query in autocommit: its one read is a transaction of its own ({@link Worker#readSingle}), retried
     * as any autocommit statement is should it give up on a locked record. A cancel does not interrupt the read.
     */
    private StatementResult runSingleRead(PreparedPlan plan, Worker w, Object[] parameters) {
        int retries = database.config().autocommitRetries();
        for (int attempt = 0; ; attempt++) {
            try {
                ExecutionContext c = context.reset(singleRead.reset(w), parameters);
                StoredColumns stored = storedColumns(plan);
                return stored != null ? StatementResult.stored(plan.columns(), stored, plan.root().fetchStored(c))
                        : StatementResult.row(plan.columns(), plan.root().fetchOne(c));
            } catch (TransactionAbortedException e) {
                backOffOrGiveUp(e, attempt, retries, w);
            } catch (RuntimeException | Error e) {
                throw translate(e);
            }
        }
    }

    /**
     * Attempt {@code attempt} (from 0) of an autocommit statement ended in a conflict abort: fails the statement if it
     * was canceled or has no retry left, else backs off before the next attempt.
     */
    private void backOffOrGiveUp(TransactionAbortedException e, int attempt, int retries, Worker w) {
        if (cancelCause != null) {
            throw canceled("the statement was rolled back", e);
        }
        if (attempt >= retries) {
            throw conflict(e, "after " + (attempt + 1) + " attempts");
        }
        w.backoff();
    }

    private StatementResult runInTransaction(PreparedPlan plan, Object[] parameters) {
        if (transaction == null) {
            transaction = begin(worker());
        }
        try {
            return run(plan, transaction, parameters);
        } catch (TransactionAbortedException e) {
            transaction = null;
            throw aborted(e, "the transaction was rolled back");
        } catch (RuntimeException | Error e) {
            TernSqlException error = translate(e);
            if (plan.kind() == PreparedPlan.Kind.UPDATE) {
                rollbackEntered();
                throw TernSqlException.withoutStackTrace(error.sqlState(), error.getMessage()
                        + " (the transaction was rolled back)", error.getCause() == null ? error : error.getCause());
            }
            throw error;
        }
    }

    private StatementResult run(PreparedPlan plan, Transaction txn, Object[] parameters) {
        if (plan.root().singleRow()) { // a point query, or DML (one row: its count): no cursor
            StoredColumns stored = storedColumns(plan);
            if (stored != null) {
                return StatementResult.stored(plan.columns(), stored, plan.root().fetchStored(context.reset(txn,
                        parameters)));
            }
            Object[] row = plan.root().fetchOne(context.reset(txn, parameters));
            if (plan.kind() == PreparedPlan.Kind.QUERY) {
                return StatementResult.rows(plan.columns(), row == null ? List.of() : List.<Object[]>of(row));
            }
            return StatementResult.count(row != null ? ((Number) row[0]).longValue() : 0);
        }
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

    /**
     * How a point query's result decodes from the stored row it reads, when its columns are nothing but that row's
     * columns: the result then keeps the row and decodes only what its reader asks for. Else null.
     */
    private static StoredColumns storedColumns(PreparedPlan plan) {
        if (plan.kind() != PreparedPlan.Kind.QUERY) {
            return null;
        }
        StoredColumns stored = plan.root().storedColumns();
        return stored != null && stored.size() == plan.columns().size() ? stored : null;
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
        enter();
        try {
            if (on && !autoCommit) {
                commitEntered();
            }
            autoCommit = on;
        } finally {
            leave();
        }
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
        enter();
        try {
            commitEntered();
        } finally {
            leave();
        }
    }

    private void commitEntered() {
        Transaction txn = transaction;
        if (txn == null) {
            return;
        }
        transaction = null;
        try {
            txn.commit();
        } catch (TransactionAbortedException e) {
            throw aborted(e, "the transaction was rolled back");
        } catch (DurabilityException e) {
            throw translate(e);
        }
    }

    /** Rolls back the open transaction (no-op if none); only on the thread that began it (txn API rule). */
    public void rollback() {
        if (closeRequested) {
            return; // closed: the close rolled back (or will roll back) the transaction
        }
        enter();
        try {
            rollbackEntered();
        } finally {
            leave();
        }
    }

    private void rollbackEntered() {
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
        return closeRequested || database.isClosed();
    }

    /**
     * Has {@code action} run once, when this session has closed (its transaction rolled back, its worker
     * released): on the thread that calls {@link #close()} while the session is idle, else on the thread of the
     * running operation as that operation returns. So the action may release what the session used. Replaces any
     * earlier action; call it before the session can be closed.
     */
    public void onClose(Runnable action) {
        onClose = action;
    }

    /**
     * Rolls back any open transaction and releases the worker. Idempotent, and callable from any thread: while
     * the session is idle the calling thread takes the worker over and rolls back at once (2PL locks are free
     * when this returns); while a statement runs on another thread, that statement is aborted at its next
     * operation (a lock wait included) and fails with 08003, and this returns once the session is rolled back and
     * released, by this thread or by the statement's as it returns. Should that take longer than a second (a Java
     * procedure busy in code of its own), this returns without waiting longer, and the statement's thread closes
     * as it returns. Called inside an operation of the session (by a Java procedure), the operation closes the
     * session as it returns.
     */
    @Override
    public void close() {
        closeRequested = true; // no operation enters from now on: see enter()
        long deadline = System.nanoTime() + CLOSE_WAIT_NANOS;
        boolean signalled = false;
        Thread current = Thread.currentThread();
        while (true) {
            int s = state;
            if (s == IDLE) {
                if (STATE.compareAndSet(this, IDLE, CLOSED)) {
                    closeNow();
                    return;
                }
                continue;
            }
            if (s == RUNNING ? runningThread == current : released || closingThread == current) {
                return; // inside its own operation (which closes as it leaves), closed, or closing on this thread
            }
            if (s == RUNNING && !signalled) {
                signalRunning(ANY_OPERATION, CAUSE_CLOSE);
                signalled = true;
            } else if (System.nanoTime() - deadline > 0) {
                return; // the statement has not stopped yet: its leave() closes
            } else {
                LockSupport.parkNanos(50_000); // the running statement stops at its next operation
            }
        }
    }

    /**
     * Cancels the operation running on this session (from any thread): it stops at its next operation boundary
     * (a row read or write, a chunk of a scan, a lock wait) and fails with HY008, or HYT00 if {@code timeout};
     * the statement is rolled back in autocommit mode, the whole transaction in an explicit one. The session stays
     * usable. Nothing happens if no operation runs, or if {@code operation} is not {@link #ANY_OPERATION} and
     * differs from the running one ({@link #nextOperation()} told its number).
     *
     * @return whether a running operation was asked to stop (one that was already returning completes as usual)
     */
    public boolean cancel(long operation, boolean timeout) {
        return signalRunning(operation, timeout ? CAUSE_TIMEOUT : CAUSE_CANCEL);
    }

    /** The number the next operation of the owning thread gets (for {@link #cancel} by a query timeout). */
    public long nextOperation() {
        return operations + 1;
    }

    // ---- cross-thread abort ------------------------------------------------------------------------

    /**
     * The owner enters every operation (statement, commit, rollback) by a CAS from IDLE to RUNNING and leaves it by
     * storing IDLE; the only other thread that changes the state is a closer, by a CAS from IDLE to CLOSED (it takes
     * the session over), so the owner's plain store cannot undo another thread's change. A thread that asks the
     * running operation to stop ({@link #signalRunning}) holds {@link #signaller} meanwhile and only reads the state:
     * as the owner writes the state before it reads {@code signaller}, and the signaller the other way round, either
     * the owner sees the signaller (and waits for it to finish), or the signaller sees this operation running. A stop
     * meant for an earlier operation (which returned before the signal reached it) is withdrawn here, so it never
     * stops a later one.
     */
    private void enter() {
        long operation = ++operations;
        runningThread = Thread.currentThread(); // before the CAS that publishes it to close()
        if (!STATE.compareAndSet(this, IDLE, RUNNING)) {
            if (state == CLOSED || closeRequested) {
                throw closedByAnotherThread();
            }
            throw new TernSqlException(SqlState.INVALID_TRANSACTION_STATE, "the session is running an operation on "
                    + "another thread; a session runs one operation at a time");
        }
        if (signaller != 0 || cancelCause != null || closeRequested) {
            enterSignalled(operation);
        }
    }

    /** The rest of {@link #enter} when another thread asks or asked an operation to stop, or closes the session. */
    private void enterSignalled(long operation) {
        while (signaller != 0) {
            Thread.onSpinWait(); // a cancel or close is between its steps
        }
        if (closeRequested) {
            leave(); // closes
            throw closedByAnotherThread();
        }
        if (cancelCause != null && canceledOperation != operation) {
            withdrawStop();
        }
    }

    private void leave() {
        STATE.setRelease(this, IDLE);
        if (closeRequested && STATE.compareAndSet(this, IDLE, CLOSED)) {
            closeNow(); // close() was called from this operation, or gave up waiting for it, or is still waiting
        }
    }

    /**
     * Asks the running operation to stop for {@code cause}, if it is {@code operation} (or that is
     * {@link #ANY_OPERATION}); whether it asked. The running transaction is asked to abort: it does at its next
     * operation boundary, and the session reports the abort by the cause ({@link #aborted}).
     */
    private boolean signalRunning(long operation, String cause) {
        while (!SIGNALLER.compareAndSet(this, 0, 1)) {
            Thread.onSpinWait(); // another cancel or close
        }
        try {
            if (state != RUNNING) {
                return false;
            }
            // the owner's counter, written before its CAS to RUNNING that we just read (or a later operation's: one
            // whose stop, if it has returned, its next enter() withdraws)
            long running = operations;
            if (operation != ANY_OPERATION && operation != running) {
                return false;
            }
            canceledOperation = running;
            cancelCause = cause;
            Transaction t = signalTarget;
            if (t != null) {
                t.requestAbort();
            }
            return true;
        } finally {
            SIGNALLER.setRelease(this, 0);
        }
    }

    private static TernSqlException closedByAnotherThread() {
        return new TernSqlException(SqlState.CONNECTION_CLOSED, "the session was closed (by another thread)");
    }

    /** Withdraws the stop of an operation that has returned; by the owner, as it enters the next one. */
    private void withdrawStop() {
        cancelCause = null;
        Transaction t = signalTarget;
        if (t != null) {
            t.clearAbortRequest();
        }
    }

    /** Begins a transaction that a cancel can reach. */
    private Transaction begin(Worker w) {
        Transaction t = w.begin();
        if (t != signalTarget) { // a new worker: publish its transaction object (workers reuse theirs)
            signalTarget = t;
            if (cancelCause != null) { // a cancel that looked before the store above: both are volatile
                t.requestAbort();
            }
        }
        return t;
    }

    /**
     * Rolls back, releases the worker, then runs the {@linkplain #onClose close action}; the caller owns the session
     * exclusively (state CLOSED).
     */
    private void closeNow() {
        closingThread = Thread.currentThread();
        try {
            rollbackAndRelease();
        } finally {
            Runnable action = onClose;
            onClose = null;
            try {
                if (action != null) {
                    action.run();
                }
            } finally {
                released = true;
            }
        }
    }

    private void rollbackAndRelease() {
        try {
            Transaction txn = transaction;
            transaction = null;
            if (txn != null && txn.isActive()) {
                if (workerThread != Thread.currentThread()) {
                    worker.moveToCurrentThread(); // the owner is idle: the CAS to CLOSED ordered its last use
                    workerThread = Thread.currentThread();
                }
                txn.abort();
            }
        } finally {
            if (procedures != null) {
                procedures.close();
            }
            if (worker != null) {
                if (workerThread != Thread.currentThread()) {
                    worker.moveToCurrentThread();
                    workerThread = Thread.currentThread();
                }
                worker.close();
                worker = null;
            }
        }
    }

    private TernSqlException aborted(TransactionAbortedException e, String what) {
        return cancelCause != null ? canceled(what, e) : conflict(e, what);
    }

    private TernSqlException canceled(String what, TransactionAbortedException e) {
        String cause = cancelCause;
        if (CAUSE_TIMEOUT.equals(cause)) {
            return new TernSqlException(QUERY_TIMEOUT, "the statement ran longer than its query timeout and was "
                    + "canceled; " + what, e);
        }
        if (CAUSE_CLOSE.equals(cause)) {
            return new TernSqlException(SqlState.CONNECTION_CLOSED, "the connection was closed by another thread "
                    + "while the statement ran; " + what, e);
        }
        return new TernSqlException(CANCELED, "the statement was canceled (Statement.cancel); " + what, e);
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
        if (closeRequested) {
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
