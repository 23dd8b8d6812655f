package org.terndb.tpcc;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.terndb.cli.CommandFailedException;
import org.terndb.harness.DriverThread;
import org.terndb.harness.JdbcConnections;
import org.terndb.harness.JdbcDriverThread;
import org.terndb.harness.Measurement;
import org.terndb.harness.Outcome;
import org.terndb.harness.RandomBackoff;
import org.terndb.harness.TimedRun;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.DuplicateKeyException;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.Worker;

/**
 * Loads a database in the chosen mode, runs the terminals through a warm-up and a timed window, and checks the
 * consistency conditions on the quiescent result. The modes differ only in how a driver thread executes one
 * attempt runs ({@link DriverThread#attempt}); input generation, retries, timing and accounting are shared (the
 * {@code harness} module).
 */
final class TpccRunner {
    private final TpccSettings settings;
    private final PrintStream err;
    private final TpccRandom.Constants constants;

    TpccRunner(TpccSettings settings, PrintStream err) {
        this.settings = settings;
        this.err = err;
        this.constants = TpccRandom.Constants.fromSeed(settings.seed());
    }

    // ---- modes ---------------------------------------------------------------------------------------------------

    TpccResult run() throws Exception {
        return switch (settings.mode()) {
            case KERNEL -> runKernel();
            case DIRECT -> runDirect();
            case JDBC, PROC -> runJdbc();
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
        return checked(new TpccResult(settings, m.measurement, loadSeconds, null), source,
                m.deliveriesSinceLoad > 0);
    }

    private TpccResult runDirect() throws Exception {
        try (DurableTpcc durable = DurableTpcc.open(settings, settings.durability())) {
            ConcurrencyControl cc = durable.cc();
            TxnStore.TxnDatabase db = durable.db();
            double loadSeconds = durable.populate(() -> load(() -> new StorageLoadSink(db::load)), err);
            TpccResult result;
            long deliveries = 0;
            if (settings.checkOnly()) {
                result = TpccResult.checkOnly(settings, loadSeconds, null);
            } else {
                List<TpccDriver> threads = new ArrayList<>();
                int perThread = settings.terminalsPerThread();
                for (int t = 0; t < settings.threads(); t++) {
                    threads.add(perThread == 1 ? new DirectThread(terminalsOf(t, 1), db, t + 1)
                            : new TerminalRotation(terminalsOf(t * perThread, perThread), db, t + 1));
                }
                Measured m = measure(threads);
                durable.reportLog(err, m.measurement.warmupSeconds() + m.measurement.seconds());
                reportBlocked(threads, m.measurement.seconds());
                deliveries = m.deliveriesSinceLoad;
                result = new TpccResult(settings, m.measurement, loadSeconds, null);
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
                            if (attempt == DriverThread.MAX_ATTEMPTS) {
                                throw new CommandFailedException("the consistency check's read-only transaction"
                                        + " aborted " + attempt + " times: " + e.getMessage());
                            }
                            worker.backoff();
                        }
                    }
                });
                return checked(result, source, deliveries > 0);
            }
        }
    }

    /**
     * With {@code --terminals-per-thread}: the share of the timed window the threads were blocked because all their
     * terminals waited for durability (the workers' idle time that more terminals per thread would fill).
     */
    private void reportBlocked(List<TpccDriver> threads, double seconds) {
        long blocked = 0;
        int rotations = 0;
        for (TpccDriver t : threads) {
            if (t instanceof TerminalRotation r) {
                blocked += r.blockedNanos();
                rotations++;
            }
        }
        if (rotations > 0 && seconds > 0) {
            err.printf(Locale.ROOT, "threads blocked with every terminal waiting for durability: %.1f%% of the timed"
                    + " window%n", 100 * blocked / 1e9 / (seconds * rotations));
        }
    }

    /**
     * {@code --mode jdbc} and {@code proc}: the schema and the population over JDBC; then either the statements from
     * the client ({@link JdbcThread}) or, on TernDB, one stored-procedure call per transaction ({@link ProcThread}).
     */
    private TpccResult runJdbc() throws Exception {
        String url = settings.url();
        boolean proc = settings.mode() == TpccSettings.Mode.PROC;
        try (Connection admin = JdbcConnections.connect(url, "tpcc")) {
            JdbcConnections.configure(admin, url);
            JdbcDatabase.createSchema(admin);
            String database = admin.getMetaData().getDatabaseProductName();
            err.println("created the TPC-C schema in " + database + " " + admin.getMetaData().getDatabaseProductVersion());
            if (proc) {
                ProcTransactions.createProcedures(admin);
                admin.commit();
                err.println("created the five TPC-C procedures");
            }
            double loadSeconds = load(() -> new JdbcDatabase.LoadSink(url));
            JdbcConsistencySource source = new JdbcConsistencySource(admin);
            if (settings.checkOnly()) {
                return checked(TpccResult.checkOnly(settings, loadSeconds, database), source, false);
            }
            List<DriverThread<TxnType>> threads = new ArrayList<>();
            for (int t = 0; t < settings.threads(); t++) {
                TpccInputs terminal = terminalsOf(t, 1)[0];
                threads.add(proc ? new ProcThread(terminal, url) : new JdbcThread(terminal, url));
            }
            Measured m = measure(threads);
            return checked(new TpccResult(settings, m.measurement, loadSeconds, database), source,
                    m.deliveriesSinceLoad > 0);
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

    /**
     * One driver thread: its terminals, served in turn, draw the transactions; the modes differ in how one attempt
     * runs. Counts the Deliveries committed since the load (warm-up included): condition 11 stops applying.
     */
    abstract static class TpccDriver extends DriverThread<TxnType> {
        final TpccInputs[] terminals;
        private int nextTerminal;
        /** The terminal whose input {@link #next} drew. */
        TpccInputs current;
        long deliveriesSinceLoad;

        TpccDriver(TpccInputs[] terminals) {
            super(TxnType.count());
            this.terminals = terminals;
        }

        @Override
        protected final TxnType next() {
            current = nextTerminal();
            return current.next();
        }

        /** The terminal that submits the next transaction: each in turn. */
        protected TpccInputs nextTerminal() {
            TpccInputs t = terminals[nextTerminal];
            nextTerminal = nextTerminal + 1 == terminals.length ? 0 : nextTerminal + 1;
            return t;
        }

        @Override
        protected final void finished(TxnType type, Outcome outcome) {
            if (outcome == Outcome.COMMITTED && type == TxnType.DELIVERY) {
                deliveriesSinceLoad++;
            }
        }
    }

    /** The optimal kernel: the logic straight on the Masstrees; nothing aborts, a rollback writes nothing. */
    static final class KernelThread extends TpccDriver {
        private final KernelStore store;
        final TpccLogic logic = new TpccLogic(1);

        KernelThread(TpccInputs[] terminals, KernelStore store) {
            super(terminals);
            this.store = store;
        }

        @Override
        protected Outcome attempt(TxnType type) {
            return logic.run(type, store, current) ? Outcome.COMMITTED : Outcome.ROLLED_BACK;
        }
    }

    /** The same logic inside transactions of a protocol; conflicts are retried after the worker's backoff. */
    static final class DirectThread extends TpccDriver {
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
        public void open() {
            worker = db.cc().newWorker();
        }

        @Override
        public void close() {
            if (worker != null) {
                worker.close();
            }
        }

        @Override
        protected Outcome attempt(TxnType type) {
            Transaction txn = worker.begin();
            try {
                if (!logic.run(type, store.bind(txn), current)) {
                    txn.abort();   // New-Order's unused item: a user rollback, not a conflict
                    return Outcome.ROLLED_BACK;
                }
                txn.commit();
                return Outcome.COMMITTED;
            } catch (TransactionAbortedException e) {
                return aborted(e.reason().name(), e.getMessage());
            } catch (DuplicateKeyException e) {
                txn.abort();   // a unique secondary key taken by a concurrent insert: a write-write conflict
                return aborted("DUPLICATE_KEY", e.getMessage());
            } catch (RuntimeException | Error e) {
                if (txn.isActive()) {
                    txn.abort();
                }
                throw e;
            }
        }

        @Override
        protected void backoff() {
            worker.backoff();
        }
    }

    /** The transactions as SQL on a connection of their own; serialization failures and deadlocks are retried. */
    static final class JdbcThread extends JdbcDriverThread<TxnType> {
        private final TpccInputs terminal;
        JdbcTransactions sql;
        long deliveriesSinceLoad;

        JdbcThread(TpccInputs terminal, String url) {
            super(TxnType.count(), url, "tpcc");
            this.terminal = terminal;
        }

        @Override
        protected void prepare(Connection connection) throws SQLException {
            sql = new JdbcTransactions(connection);
        }

        @Override
        protected void release() throws SQLException {
            if (sql != null) {
                sql.close();
            }
        }

        @Override
        protected TxnType next() {
            return terminal.next();
        }

        @Override
        protected boolean run(TxnType type) throws SQLException {
            return sql.run(type, terminal);
        }

        @Override
        protected void finished(TxnType type, Outcome outcome) {
            if (outcome == Outcome.COMMITTED && type == TxnType.DELIVERY) {
                deliveriesSinceLoad++;
            }
        }
    }

    /**
     * The transactions as TernDB stored procedures: one {@code {call ...}} per transaction on a connection in
     * auto-commit. The proc-mode URL sets {@code autocommit_retries=0}, so a conflict reaches this loop as 40001 and
     * is counted and retried here, as in the other modes; New-Order's SIGNAL of an unused item is a user rollback.
     */
    static final class ProcThread extends DriverThread<TxnType> {
        private final TpccInputs terminal;
        private final String url;
        private final RandomBackoff backoff = new RandomBackoff();
        private Connection connection;
        ProcTransactions calls;
        long deliveriesSinceLoad;

        ProcThread(TpccInputs terminal, String url) {
            super(TxnType.count());
            this.terminal = terminal;
            this.url = url;
        }

        @Override
        public void open() throws SQLException {
            connection = JdbcConnections.connect(url, "tpcc");
            connection.setAutoCommit(true);
            calls = new ProcTransactions(connection);
        }

        @Override
        public void close() throws SQLException {
            try {
                if (calls != null) {
                    calls.close();
                }
            } finally {
                if (connection != null) {
                    connection.close();
                }
            }
        }

        @Override
        protected TxnType next() {
            return terminal.next();
        }

        @Override
        protected Outcome attempt(TxnType type) throws SQLException {
            try {
                boolean committed = calls.run(type, terminal);
                backoff.succeeded();
                return committed ? Outcome.COMMITTED : Outcome.ROLLED_BACK;
            } catch (SQLException e) {
                if (!JdbcConnections.retryable(e)) {
                    throw e;
                }
                return aborted("SQLSTATE_" + e.getSQLState(), e.getMessage());
            }
        }

        @Override
        protected void backoff() {
            backoff.pause();
        }

        @Override
        protected void finished(TxnType type, Outcome outcome) {
            if (outcome == Outcome.COMMITTED && type == TxnType.DELIVERY) {
                deliveriesSinceLoad++;
            }
        }
    }

    // ---- timing --------------------------------------------------------------------------------------------------

    private record Measured(Measurement measurement, long deliveriesSinceLoad) {}

    private Measured measure(List<? extends DriverThread<TxnType>> drivers) throws Exception {
        Measurement m = TimedRun.measure(drivers, settings.warmup(), settings.seconds(), "tpcc-terminal");
        long deliveries = 0;
        for (DriverThread<TxnType> d : drivers) {
            deliveries += d instanceof TpccDriver t ? t.deliveriesSinceLoad
                    : d instanceof ProcThread p ? p.deliveriesSinceLoad : ((JdbcThread) d).deliveriesSinceLoad;
        }
        return new Measured(m, deliveries);
    }
}
