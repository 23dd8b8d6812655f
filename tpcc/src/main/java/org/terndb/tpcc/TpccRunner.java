package org.terndb.tpcc;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.terndb.cli.CommandFailedException;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.DuplicateKeyException;
import org.terndb.txn.Protocols;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.Worker;

/**
 * Loads a database in the chosen mode, runs the terminals through a warm-up and a timed window, and checks the
 * consistency conditions on the quiescent result. The modes differ only in how a driver thread executes one
 * transaction ({@link DriverThread#execute}); input generation, timing and accounting are shared.
 */
final class TpccRunner {
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    private static final long STOP_GRACE_NANOS = TimeUnit.SECONDS.toNanos(30);
    /** Consecutive aborts of one transaction after which the run fails instead of spinning forever. */
    private static final int MAX_ATTEMPTS = 100_000;
    private static final long MIN_BACKOFF_NANOS = 1_000;
    private static final long MAX_BACKOFF_NANOS = 1_000_000;

    private final TpccSettings settings;
    private final PrintStream err;
    private final TpccRandom.Constants constants;

    TpccRunner(TpccSettings settings, PrintStream err) {
        this.settings = settings;
        this.err = err;
        this.constants = TpccRandom.Constants.fromSeed(settings.seed());
    }

    enum Outcome { COMMITTED, ROLLED_BACK, ABANDONED }

    // ---- modes ---------------------------------------------------------------------------------------------------

    TpccResult run() throws Exception {
        return switch (settings.mode()) {
            case KERNEL -> runKernel();
            case DIRECT -> runDirect();
            case JDBC -> runJdbc();
            case PROC -> throw new IllegalStateException("--mode proc is not available yet");
        };
    }

    private TpccLoader loader() {
        return new TpccLoader(settings.scale(), settings.warehouses(), settings.seed(), constants,
                System.currentTimeMillis() * 1000);
    }

    private static int loadThreads() {
        return Runtime.getRuntime().availableProcessors();
    }

    private double load(TpccLoader.SinkFactory sinks) throws Exception {
        long start = System.nanoTime();
        loader().load(loadThreads(), sinks);
        double seconds = (System.nanoTime() - start) / 1e9;
        err.printf(Locale.ROOT, "loaded %d warehouse%s in %.2f s%n", settings.warehouses(),
                settings.warehouses() == 1 ? "" : "s", seconds);
        return seconds;
    }

    private TpccResult runKernel() throws Exception {
        KernelStore store = new KernelStore();
        double loadSeconds = load(() -> new StorageLoadSink(store::load));
        StoreConsistencySource source = new StoreConsistencySource(read -> read.accept(store));
        if (settings.checkOnly()) {
            return checked(TpccResult.checkOnly(settings, loadSeconds, null), source, false);
        }
        KernelThread thread = new KernelThread(terminalsOf(0, settings.terminals()), store);
        Measured m = measure(List.of(thread));
        return checked(new TpccResult(settings, m.stats, m.seconds, loadSeconds, null), source,
                m.stats.deliveriesSinceLoad > 0);
    }

    private TpccResult runDirect() throws Exception {
        try (ConcurrencyControl cc = Protocols.create(settings.protocol(), null)) {
            TxnStore.TxnDatabase db = new TxnStore.TxnDatabase(cc);
            double loadSeconds = load(() -> new StorageLoadSink(db::load));
            TpccResult result;
            TerminalStats stats = null;
            if (settings.checkOnly()) {
                result = TpccResult.checkOnly(settings, loadSeconds, null);
            } else {
                List<DriverThread> threads = new ArrayList<>();
                for (int t = 0; t < settings.threads(); t++) {
                    threads.add(new DirectThread(terminalsOf(t, 1), db, t + 1));
                }
                Measured m = measure(threads);
                stats = m.stats;
                result = new TpccResult(settings, m.stats, m.seconds, loadSeconds, null);
            }
            if (!settings.check()) {
                return result;
            }
            try (Worker worker = cc.newWorker()) {
                TxnStore store = new TxnStore(db);
                StoreConsistencySource source = new StoreConsistencySource(read -> {
                    for (int attempt = 1; ; attempt++) {
                        Transaction txn = worker.begin();
                        try {
                            read.accept(store.bind(txn));
                            txn.commit();
                            return;
                        } catch (TransactionAbortedException e) {
                            if (attempt == MAX_ATTEMPTS) {
                                throw new CommandFailedException("the consistency check's read-only transaction"
                                        + " aborted " + attempt + " times: " + e.getMessage());
                            }
                            worker.backoff();
                        }
                    }
                });
                return checked(result, source, stats != null && stats.deliveriesSinceLoad > 0);
            }
        }
    }

    private TpccResult runJdbc() throws Exception {
        String url = settings.url();
        try (Connection admin = JdbcDatabase.connect(url)) {
            JdbcDatabase.configure(admin, url);
            JdbcDatabase.createSchema(admin);
            String database = admin.getMetaData().getDatabaseProductName();
            err.println("created the TPC-C schema in " + database + " " + admin.getMetaData().getDatabaseProductVersion());
            double loadSeconds = load(() -> new JdbcDatabase.LoadSink(url));
            JdbcConsistencySource source = new JdbcConsistencySource(admin);
            if (settings.checkOnly()) {
                return checked(TpccResult.checkOnly(settings, loadSeconds, database), source, false);
            }
            List<DriverThread> threads = new ArrayList<>();
            for (int t = 0; t < settings.threads(); t++) {
                threads.add(new JdbcThread(terminalsOf(t, 1), url));
            }
            Measured m = measure(threads);
            return checked(new TpccResult(settings, m.stats, m.seconds, loadSeconds, database), source,
                    m.stats.deliveriesSinceLoad > 0);
        }
    }

    private TpccResult checked(TpccResult result, ConsistencySource source, boolean deliveriesRan) throws Exception {
        if (!settings.check()) {
            return result;
        }
        long start = System.nanoTime();
        List<ConsistencyCheck.Result> checks =
                new ConsistencyCheck(settings.warehouses(), settings.scale(), deliveriesRan).run(source);
        err.printf(Locale.ROOT, "checked the consistency conditions in %.2f s%n", (System.nanoTime() - start) / 1e9);
        return result.withChecks(checks);
    }

    /**
     * Terminals {@code first, first + 1, ...}: terminal t's home warehouse is t mod W + 1 and its Stock-Level district
     * (t div W) mod 10 + 1; its input stream depends on the seed and t only.
     */
    private TpccInputs[] terminalsOf(int first, int count) {
        TpccInputs[] inputs = new TpccInputs[count];
        int w = settings.warehouses();
        for (int i = 0; i < count; i++) {
            int t = first + i;
            inputs[i] = new TpccInputs(t % w + 1, (t / w) % TpccScale.DISTRICTS + 1, w, settings.scale(), constants,
                    TpccRandom.mix(settings.seed() ^ 0x7E57_7E57L, t), settings.mix());
        }
        return inputs;
    }

    // ---- driver threads ------------------------------------------------------------------------------------------

    /** One driver thread: its terminals (served in turn) and how it executes a transaction. */
    abstract static class DriverThread {
        final TpccInputs[] terminals;
        final TerminalStats stats = new TerminalStats();

        DriverThread(TpccInputs[] terminals) {
            this.terminals = terminals;
        }

        /** Runs on the driver thread before the first transaction. */
        void open() throws Exception {
        }

        /** Runs on the driver thread after the last transaction, also after a failure. */
        void close() throws Exception {
        }

        /**
         * Executes the terminal's current input of {@code type} until it commits or rolls back, counting aborts in
         * {@link #stats} while the phase is MEASURE; {@link Outcome#ABANDONED} when the run stopped meanwhile.
         */
        abstract Outcome execute(TxnType type, TpccInputs inputs, RunPhase phase) throws Exception;

        final void abortCounted(TxnType type, String reason, RunPhase phase) {
            if (phase.get() == RunPhase.MEASURE) {
                stats.aborted(type, reason);
            }
        }

        final void loop(RunPhase phase) throws Exception {
            int next = 0;
            while (phase.get() != RunPhase.STOP) {
                TpccInputs in = terminals[next];
                next = next + 1 == terminals.length ? 0 : next + 1;
                TxnType type = in.next();
                long start = System.nanoTime();
                Outcome outcome = execute(type, in, phase);
                if (outcome == Outcome.ABANDONED) {
                    break;
                }
                if (outcome == Outcome.COMMITTED && type == TxnType.DELIVERY) {
                    stats.deliveriesSinceLoad++;
                }
                if (phase.get() == RunPhase.MEASURE) {
                    stats.finished(type, outcome == Outcome.COMMITTED, System.nanoTime() - start);
                }
            }
        }
    }

    /** The optimal kernel: the logic straight on the Masstrees; nothing aborts, a rollback writes nothing. */
    static final class KernelThread extends DriverThread {
        private final KernelStore store;
        final TpccLogic logic = new TpccLogic(1);

        KernelThread(TpccInputs[] terminals, KernelStore store) {
            super(terminals);
            this.store = store;
        }

        @Override
        Outcome execute(TxnType type, TpccInputs inputs, RunPhase phase) {
            return logic.run(type, store, inputs) ? Outcome.COMMITTED : Outcome.ROLLED_BACK;
        }
    }

    /** The same logic inside transactions of a protocol; conflicts are retried after the worker's backoff. */
    static final class DirectThread extends DriverThread {
        private final TxnStore.TxnDatabase db;
        private final TxnStore store;
        final TpccLogic logic;
        private Worker worker;

        /** @param historySource unique per thread: it keys the HISTORY rows the thread inserts */
        DirectThread(TpccInputs[] terminals, TxnStore.TxnDatabase db, int historySource) {
            super(terminals);
            this.db = db;
            this.store = new TxnStore(db);
            this.logic = new TpccLogic(historySource);
        }

        @Override
        void open() {
            worker = db.cc().newWorker();
        }

        @Override
        void close() {
            if (worker != null) {
                worker.close();
            }
        }

        @Override
        Outcome execute(TxnType type, TpccInputs inputs, RunPhase phase) {
            for (int attempt = 1; ; attempt++) {
                Transaction txn = worker.begin();
                String reason;
                try {
                    if (!logic.run(type, store.bind(txn), inputs)) {
                        txn.abort();   // New-Order's unused item: a user rollback, not a conflict
                        return Outcome.ROLLED_BACK;
                    }
                    txn.commit();
                    return Outcome.COMMITTED;
                } catch (TransactionAbortedException e) {
                    reason = e.reason().name();
                } catch (DuplicateKeyException e) {
                    txn.abort();   // a unique secondary key taken by a concurrent insert: a write-write conflict
                    reason = "DUPLICATE_KEY";
                } catch (RuntimeException | Error e) {
                    if (txn.isActive()) {
                        txn.abort();
                    }
                    throw e;
                }
                abortCounted(type, reason, phase);
                if (phase.get() == RunPhase.STOP) {
                    return Outcome.ABANDONED;
                }
                if (attempt == MAX_ATTEMPTS) {
                    throw new CommandFailedException(type.title() + " aborted " + attempt + " times in a row ("
                            + reason + "); the protocol does not make progress");
                }
                worker.backoff();
            }
        }
    }

    /** The transactions as SQL on a connection of their own; serialization failures and deadlocks are retried. */
    static final class JdbcThread extends DriverThread {
        private final String url;
        /** Ceiling of the random wait before a retry: doubles per abort, halves per commit (as the protocols'). */
        private long backoffNanos = MIN_BACKOFF_NANOS;
        private final java.util.SplittableRandom backoffRandom = new java.util.SplittableRandom();
        private Connection connection;
        JdbcTransactions sql;

        JdbcThread(TpccInputs[] terminals, String url) {
            super(terminals);
            this.url = url;
        }

        @Override
        void open() throws SQLException {
            connection = JdbcDatabase.connect(url);
            sql = new JdbcTransactions(connection);
        }

        @Override
        void close() throws SQLException {
            try {
                if (sql != null) {
                    sql.close();
                }
            } finally {
                if (connection != null) {
                    connection.rollback();
                    connection.close();
                }
            }
        }

        /** SQLState class 40 (transaction rollback: serialization failure, deadlock) and H2's lock timeout. */
        static boolean retryable(SQLException e) {
            String state = e.getSQLState();
            return state != null && (state.startsWith("40") || state.equals("HYT00"));
        }

        @Override
        Outcome execute(TxnType type, TpccInputs inputs, RunPhase phase) throws SQLException {
            for (int attempt = 1; ; attempt++) {
                try {
                    boolean commit = sql.run(type, inputs);
                    if (commit) {
                        connection.commit();
                    } else {
                        connection.rollback();
                    }
                    backoffNanos = Math.max(MIN_BACKOFF_NANOS, backoffNanos >> 1);
                    return commit ? Outcome.COMMITTED : Outcome.ROLLED_BACK;
                } catch (SQLException e) {
                    try {
                        connection.rollback();
                    } catch (SQLException suppressed) {
                        e.addSuppressed(suppressed);
                    }
                    if (!retryable(e)) {
                        throw e;
                    }
                    abortCounted(type, "SQLSTATE_" + e.getSQLState(), phase);
                    if (phase.get() == RunPhase.STOP) {
                        return Outcome.ABANDONED;
                    }
                    if (attempt == MAX_ATTEMPTS) {
                        throw new CommandFailedException(type.title() + " failed " + attempt + " times in a row: "
                                + e.getMessage());
                    }
                    backoffNanos = Math.min(MAX_BACKOFF_NANOS, backoffNanos << 1);
                    LockSupport.parkNanos(backoffRandom.nextLong(backoffNanos));
                }
            }
        }
    }

    // ---- timing --------------------------------------------------------------------------------------------------

    private record Measured(TerminalStats stats, double seconds) {}

    private Measured measure(List<DriverThread> drivers) throws Exception {
        System.gc();   // start from a collected heap, not with the loader's garbage
        RunPhase phase = new RunPhase();
        CountDownLatch ready = new CountDownLatch(drivers.size());
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread[] threads = new Thread[drivers.size()];
        for (int i = 0; i < threads.length; i++) {
            DriverThread driver = drivers.get(i);
            threads[i] = new Thread(() -> {
                try {
                    try {
                        driver.open();
                        ready.countDown();
                        driver.loop(phase);
                    } finally {
                        driver.close();
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                    phase.set(RunPhase.STOP);
                } finally {
                    ready.countDown();
                }
            }, "tpcc-terminal-" + i);
            threads[i].setDaemon(true);   // a thread stuck in the system under test must not keep the JVM alive
        }
        for (Thread t : threads) {
            t.start();
        }
        ready.await();
        sleepUnlessFailed(settings.warmup(), failure);
        phase.set(RunPhase.MEASURE);
        long start = System.nanoTime();
        sleepUnlessFailed(settings.seconds(), failure);
        phase.set(RunPhase.STOP);
        double seconds = (System.nanoTime() - start) / 1e9;
        join(threads);
        Throwable f = failure.get();
        if (f instanceof Exception e) {
            throw e;
        } else if (f instanceof Error e) {
            throw e;
        }
        TerminalStats total = new TerminalStats();
        for (DriverThread d : drivers) {
            total.add(d.stats);
        }
        return new Measured(total, seconds);
    }

    private static void sleepUnlessFailed(double seconds, AtomicReference<Throwable> failure) {
        long end = System.nanoTime() + (long) (seconds * 1e9);
        long left;
        while (failure.get() == null && (left = end - System.nanoTime()) > 0) {
            LockSupport.parkNanos(Math.min(left, POLL_NANOS));
        }
    }

    /** Waits for the terminals' last transactions; one still running long after the stop is stuck: fail. */
    private static void join(Thread[] threads) throws InterruptedException {
        long deadline = System.nanoTime() + STOP_GRACE_NANOS;
        for (Thread t : threads) {
            t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            if (t.isAlive()) {
                StackTraceElement[] stack = t.getStackTrace();
                throw new CommandFailedException("terminal thread " + t.getName() + " did not stop within "
                        + TimeUnit.NANOSECONDS.toSeconds(STOP_GRACE_NANOS) + " s of the end of the run; it is at "
                        + (stack.length == 0 ? "?" : stack[0]));
            }
        }
    }
}
