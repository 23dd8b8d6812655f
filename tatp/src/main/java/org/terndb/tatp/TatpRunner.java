package org.terndb.tatp;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.terndb.cli.CommandFailedException;
import org.terndb.engine.Database;
import org.terndb.harness.DriverThread;
import org.terndb.harness.JdbcConnections;
import org.terndb.harness.JdbcDriverThread;
import org.terndb.harness.Measurement;
import org.terndb.harness.Outcome;
import org.terndb.harness.Seeds;
import org.terndb.harness.TerminalRing;
import org.terndb.harness.TimedRun;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.Protocols;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.TxnStats;
import org.terndb.txn.Worker;

/**
 * Loads a database in the chosen mode, runs the terminals through a warm-up and a timed window, and checks the
 * consistency conditions on the quiescent result. The modes differ only in how a driver thread runs one attempt
 * ({@link DriverThread#attempt}); input generation, retries, timing and accounting are the {@code harness}'s.
 */
final class TatpRunner {
    /**
     * One transaction in this many is timed for the latency percentiles (every one is counted): TATP's transactions
     * take about a microsecond on TernDB, and two clock reads each would cost it several percent of its throughput.
     * The specification's metric is the throughput; a random eighth still gives each type thousands of latencies
     * per second.
     */
    static final int LATENCY_SAMPLING = 8;

    private final TatpSettings settings;
    private final PrintStream err;

    TatpRunner(TatpSettings settings, PrintStream err) {
        this.settings = settings;
        this.err = err;
    }

    TatpResult run() throws Exception {
        return switch (settings.mode()) {
            case DIRECT -> runDirect();
            case JDBC, PROC -> runJdbc();
        };
    }

    private double load(TatpLoader.SinkFactory sinks) throws Exception {
        return load(Runtime.getRuntime().availableProcessors(), sinks);
    }

    private double load(int threads, TatpLoader.SinkFactory sinks) throws Exception {
        long start = System.nanoTime();
        new TatpLoader(settings.subscribers(), settings.seed()).load(threads, sinks);
        double seconds = (System.nanoTime() - start) / 1e9;
        err.printf(Locale.ROOT, "loaded %,d subscribers in %.2f s%n", settings.subscribers(), seconds);
        return seconds;
    }

    /** Terminal t's inputs: its stream depends on the seed and t only. */
    private TatpInputs terminal(int t) {
        return new TatpInputs(settings.subscribers(), Seeds.mix(settings.seed() ^ 0x7A7B_7A7BL, t), settings.mix());
    }

    private TatpResult runDirect() throws Exception {
        try (ConcurrencyControl cc = Protocols.create(settings.protocol(), settings.txnOptions())) {
            TatpDatabase db = new TatpDatabase(cc);
            double loadSeconds = load(db::sink);
            TatpResult result;
            if (settings.checkOnly()) {
                result = TatpResult.checkOnly(settings, loadSeconds, null, settings.protocol());
            } else {
                List<DirectThread> threads = new ArrayList<>();
                int perThread = settings.terminalsPerThread();
                for (int t = 0; t < settings.threads(); t++) {
                    TatpInputs[] terminals = new TatpInputs[perThread];
                    for (int i = 0; i < perThread; i++) {
                        terminals[i] = terminal(t * perThread + i);
                    }
                    threads.add(new DirectThread(terminals, db));
                }
                Measurement m = TimedRun.measure(threads, settings.warmup(), settings.seconds(), "tatp-terminal");
                TxnStats writes = new TxnStats();
                long blocked = 0;
                for (DirectThread t : threads) {
                    writes.add(t.window);
                    blocked += t.blockedNanos();
                }
                if (perThread > 1 && m.seconds() > 0) {
                    err.printf(Locale.ROOT, "threads blocked with every terminal waiting for its acknowledgement: %.1f%%"
                            + " of the timed window%n", 100 * blocked / 1e9 / (m.seconds() * threads.size()));
                }
                result = new TatpResult(settings, m, writes.omittedWrites(), writes.installedWrites(), loadSeconds,
                        null, settings.protocol(), null);
            }
            if (!settings.check()) {
                return result;
            }
            try (Worker worker = cc.newWorker()) {
                return checked(result, new TxnSource(db, worker));
            }
        }
    }

    /**
     * {@code --mode jdbc} on any database and {@code --mode proc} on TernDB: the schema (and the procedures) through
     * one connection that stays open (it keeps an in-memory database alive), the load through batched INSERTs, one
     * connection per terminal. On TernDB the protocol's installed and omitted writes of the window are read through
     * the engine ({@link TernCounters}).
     */
    private TatpResult runJdbc() throws Exception {
        String url = settings.jdbcUrl();
        boolean proc = settings.mode() == TatpSettings.Mode.PROC;
        try (Connection admin = JdbcConnections.connect(url, "tatp")) {
            JdbcConnections.configure(admin, url);
            Database tern = TernCounters.database(admin);
            if (proc && tern == null) {
                throw new CommandFailedException("--mode proc needs TernDB, but " + url + " opened "
                        + admin.getMetaData().getDatabaseProductName());
            }
            JdbcDatabase.createSchema(admin);
            if (proc) {
                ProcTransactions.createProcedures(admin);
            }
            String database = admin.getMetaData().getDatabaseProductName();
            String protocol = tern != null ? tern.config().protocol() : database;
            err.println("created the TATP schema" + (proc ? " and procedures" : "") + " in " + database + " "
                    + admin.getMetaData().getDatabaseProductVersion() + (tern != null ? ", protocol " + protocol : ""));
            // TernDB loads through one connection: the batch loader commits every 10,000 rows, and two such
            // transactions inserting next to each other conflict where their key ranges meet (a border node both
            // saw changes: NODE_SET_CHANGED), which rolls back a whole batch the loader does not replay.
            double loadSeconds = load(tern != null ? 1 : Runtime.getRuntime().availableProcessors(),
                    () -> new JdbcDatabase.LoadSink(url));
            TatpResult result;
            if (settings.checkOnly()) {
                result = TatpResult.checkOnly(settings, loadSeconds, database, protocol);
            } else {
                TernCounters.Window window = tern == null ? null : new TernCounters.Window(tern);
                List<JdbcThread> threads = new ArrayList<>();
                for (int t = 0; t < settings.threads(); t++) {
                    threads.add(new JdbcThread(terminal(t), url, proc, window));
                }
                Measurement m = TimedRun.measure(threads, settings.warmup(), settings.seconds(), "tatp-terminal");
                TxnStats writes = window == null ? null : window.counts();
                result = new TatpResult(settings, m, writes == null ? -1 : writes.omittedWrites(),
                        writes == null ? -1 : writes.installedWrites(), loadSeconds, database, protocol, null);
            }
            if (!settings.check()) {
                return result;
            }
            try (JdbcDatabase.Source source = new JdbcDatabase.Source(admin)) {
                return checked(result, source);
            }
        }
    }

    private TatpResult checked(TatpResult result, TatpSource source) throws Exception {
        long start = System.nanoTime();
        List<TatpCheck.Result> checks = new TatpCheck(settings.subscribers()).run(source);
        err.printf(Locale.ROOT, "checked the consistency conditions in %.2f s%n", (System.nanoTime() - start) / 1e9);
        return result.withChecks(checks);
    }

    // ---- driver threads ------------------------------------------------------------------------------------------

    /**
     * The transactions inside transactions of a protocol; conflicts are retried after the worker's backoff, a
     * failure by design is rolled back ({@code abort()}). Counts the writes the protocol installed and omitted in
     * the timed window. With one terminal a commit waits as {@link Transaction#commit()} does; with several
     * ({@code --terminals-per-thread}) they take turns in a {@link TerminalRing}: a commit ends with
     * {@link Transaction#commitDeferred()} and is acknowledged, and counted, once {@link Worker#isDurable} says so
     * (under {@code mvto}'s group commit, once its epoch closed), while the thread runs the other terminals.
     */
    static final class DirectThread extends DriverThread<TatpTxn> {
        private final TatpInputs[] terminals;
        private final TerminalRing<TatpTxn> ring; // null for one terminal
        private TatpInputs inputs;                // the terminal whose transaction next() drew
        private final TatpDatabase db;
        final TatpLogic logic;
        private Worker worker;
        private TxnStats atStart;
        /** The worker's counters over the timed window. */
        TxnStats window = new TxnStats();

        DirectThread(TatpInputs[] terminals, TatpDatabase db) {
            super(TatpTxn.count(), LATENCY_SAMPLING);
            this.terminals = terminals;
            this.ring = terminals.length == 1 ? null : new TerminalRing<>(terminals.length, this);
            this.inputs = terminals[0];
            this.db = db;
            this.logic = new TatpLogic(db);
        }

        @Override
        public void open() {
            worker = db.cc().newWorker();
            if (ring != null) {
                ring.open(worker::isDurable, worker::awaitDurable);
            }
        }

        @Override
        public void close() {
            if (worker == null) {
                return;
            }
            try {
                if (ring != null) {
                    ring.drain();
                }
            } finally {
                worker.close();
            }
        }

        /** Nanoseconds of the timed window the thread was blocked with every terminal waiting. */
        long blockedNanos() {
            return ring == null ? 0 : ring.blockedNanos();
        }

        @Override
        protected TatpTxn next() {
            if (ring != null) {
                inputs = terminals[ring.next()];
            }
            return inputs.next();
        }

        @Override
        protected Outcome attempt(TatpTxn type) {
            Transaction txn = worker.begin();
            try {
                if (!logic.run(type, txn, inputs)) {
                    txn.abort();   // failed by the specification's design: nothing to keep
                    return Outcome.ROLLED_BACK;
                }
                if (ring != null) {
                    return ring.committed(type, txn.commitDeferred());
                }
                txn.commit();
                return Outcome.COMMITTED;
            } catch (TransactionAbortedException e) {
                return aborted(e.reason().name(), e.getMessage());
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

        @Override
        protected void measureStarted() {
            atStart = worker.stats().snapshot();
            if (ring != null) {
                ring.measuring(true);
            }
        }

        @Override
        protected void measureEnded() {
            window = worker.stats().minus(atStart);
            if (ring != null) {
                ring.measuring(false);
            }
        }
    }

    /**
     * The transactions on a connection of their own, as the specification's SQL ({@link JdbcTransactions}) or as
     * calls of the stored procedures ({@link ProcTransactions}); serialization failures and deadlocks are retried.
     */
    static final class JdbcThread extends JdbcDriverThread<TatpTxn> {
        private final TatpInputs inputs;
        private final boolean proc;
        private final TernCounters.Window window;
        private TatpClient client;

        /** @param window the TernDB counters to report the timed window to, or null */
        JdbcThread(TatpInputs inputs, String url, boolean proc, TernCounters.Window window) {
            super(TatpTxn.count(), LATENCY_SAMPLING, url, "tatp");
            this.inputs = inputs;
            this.proc = proc;
            this.window = window;
        }

        @Override
        protected void prepare(Connection connection) throws SQLException {
            client = proc ? new ProcTransactions(connection) : new JdbcTransactions(connection);
        }

        @Override
        protected void release() throws SQLException {
            if (client != null) {
                client.close();
            }
        }

        @Override
        protected TatpTxn next() {
            return inputs.next();
        }

        @Override
        protected boolean run(TatpTxn type) throws SQLException {
            return client.run(type, inputs);
        }

        @Override
        protected void measureStarted() {
            if (window != null) {
                window.started();
            }
        }

        @Override
        protected void measureEnded() {
            if (window != null) {
                window.ended();
            }
        }
    }
}
