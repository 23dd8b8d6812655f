package org.terndb.tpcc;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.LongConsumer;
import java.util.stream.Stream;
import org.terndb.cli.CommandFailedException;
import org.terndb.cli.ParsedOptions;
import org.terndb.cli.UsageException;
import org.terndb.durability.CheckpointReport;
import org.terndb.durability.Durability;
import org.terndb.durability.DurabilityOptions;
import org.terndb.durability.RecoveryReport;
import org.terndb.harness.DriverThread;
import org.terndb.storage.codec.KeyCodec;
import org.terndb.storage.codec.RowCodec;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.DuplicateKeyException;
import org.terndb.txn.Protocols;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.TxnOptions;
import org.terndb.txn.Worker;

/**
 * The TPC-C tables of {@code --mode direct} on a protocol, optionally durable: with {@code --durability sync|async}
 * the database lives in a directory and commits are logged by the {@code durability} module the way a
 * {@code jdbc:tern:file:} database logs them (per-worker redo buffers, epoch group commit, fuzzy checkpoints).
 *
 * <p>Life cycle, as the engine drives {@link Durability}: open and lock the directory, create the protocol's
 * tables and indexes, bind each table to its durable id (the catalog file records one line per table, replayed on
 * the next open), recover the rows (checkpoint plus log), and start logging. The initial population is bulk-loaded
 * outside transactions, so it is not in the log: {@link #populate} loads it before logging starts and then takes a
 * checkpoint, which makes it durable. A directory that already holds a TPC-C database is recovered instead of loaded
 * (the crash test reopens the same directory after every kill).
 *
 * <p>Also the TPC-C side of the crash test ({@code bin/tern crashtest --workload tpcc}): {@link #runUntilKilled}
 * runs terminals and reports each acknowledged New-Order and Payment by id, {@link #verify} checks a recovered
 * database against those ids and the consistency conditions.
 */
public final class DurableTpcc implements AutoCloseable {
    /** Catalog lines of the tables: not SQL, so a JDBC open of such a directory fails at the first line. */
    private static final String CATALOG_PREFIX = "TPCC DIRECT TABLE ";
    private static final long LOAD_SEED = 1;

    /**
     * {@code --durability}, {@code --dir} and {@code --options} of {@code bin/tern tpcc}: {@code options} holds the
     * durability options (without {@code durability}) and the transaction options ({@code epoch_ms}, ...) given.
     */
    record Settings(String mode, Path dir, Map<String, String> options) {
        static final Settings NONE = new Settings("none", null, Map.of());

        boolean durable() {
            return !mode.equals("none");
        }

        static Settings parse(ParsedOptions args, TpccSettings.Mode mode) {
            String m = args.getString("durability").toLowerCase(Locale.ROOT);
            if (!m.equals("none") && !m.equals("async") && !m.equals("sync")) {
                throw new UsageException("--durability must be one of none, async, sync; got '" + m + "'");
            }
            if (!m.equals("none") && mode != TpccSettings.Mode.DIRECT) {
                throw new UsageException("--durability applies to --mode direct only (a JDBC database has its own,"
                        + " e.g. jdbc:tern:file:PATH;durability=sync)");
            }
            if (args.isGiven("dir") && !m.equals("sync") && !m.equals("async")) {
                throw new UsageException("--dir needs --durability sync or async (durability none writes nothing)");
            }
            if (args.isGiven("options") && mode != TpccSettings.Mode.DIRECT) {
                throw new UsageException("--options applies to --mode direct only (a JDBC URL takes its own"
                        + " ;key=value options)");
            }
            Map<String, String> options = args.getKeyValues("options",
                    key -> !key.equals("durability") && (DurabilityOptions.isOption(key) || TxnOptions.isOption(key)),
                    "durability options (" + String.join(", ", durabilityKeys()) + ") and transaction options"
                            + " (epoch_ms, ...: see bin/tern ycsb --help)");
            for (String key : options.keySet()) {
                if (DurabilityOptions.isOption(key) && m.equals("none")) {
                    throw new UsageException("--options " + key + " needs --durability sync or async");
                }
            }
            try {
                durabilityOptions(m, options);
                txnOptions(options);
            } catch (IllegalArgumentException e) {
                throw new UsageException("--options: " + e.getMessage());
            }
            return new Settings(m, args.isGiven("dir") ? Path.of(args.getString("dir")) : null, Map.copyOf(options));
        }

        private static List<String> durabilityKeys() {
            List<String> keys = new ArrayList<>(DurabilityOptions.specs().keySet());
            keys.remove("durability");
            return keys;
        }

        static DurabilityOptions durabilityOptions(String mode, Map<String, String> options) {
            Map<String, String> m = new HashMap<>();
            options.forEach((k, v) -> {
                if (DurabilityOptions.isOption(k)) {
                    m.put(k, v);
                }
            });
            m.put("durability", mode);
            return DurabilityOptions.of(m);
        }

        static TxnOptions txnOptions(Map<String, String> options) {
            Map<String, String> m = new HashMap<>();
            options.forEach((k, v) -> {
                if (TxnOptions.isOption(k)) {
                    m.put(k, v);
                }
            });
            return TxnOptions.of(m);
        }

        String describe() {
            String o = options.isEmpty() ? "" : ", options " + new java.util.TreeMap<>(options);
            return (durable() ? "durability " + mode + (dir == null ? " (temporary directory)" : " in " + dir)
                    : "durability none") + o;
        }
    }

    private final ConcurrencyControl cc;
    private final TxnStore.TxnDatabase db;
    private final Durability durability; // null: durability none
    private final RecoveryReport recovery;
    private final Path temporary;        // deleted at close, or null
    private final int warehouses;
    private final TpccScale scale;
    private boolean started;

    private DurableTpcc(ConcurrencyControl cc, TxnStore.TxnDatabase db, Durability durability,
                        RecoveryReport recovery, Path temporary, int warehouses, TpccScale scale) {
        this.cc = cc;
        this.db = db;
        this.durability = durability;
        this.recovery = recovery;
        this.temporary = temporary;
        this.warehouses = warehouses;
        this.scale = scale;
    }

    /** The store of {@code bin/tern tpcc --mode direct}: in memory, or durable in a new or empty directory. */
    static DurableTpcc open(TpccSettings settings, Settings durable) throws IOException {
        if (!durable.durable()) {
            ConcurrencyControl cc = Protocols.create(settings.protocol(), Settings.txnOptions(durable.options()));
            return new DurableTpcc(cc, new TxnStore.TxnDatabase(cc), null, null, null, settings.warehouses(),
                    settings.scale());
        }
        Path dir = durable.dir();
        Path temporary = null;
        if (dir == null) {
            dir = temporary = Files.createTempDirectory("tern-tpcc-");
        } else if (Files.isDirectory(dir)) {
            try (Stream<Path> s = Files.list(dir)) {
                if (s.findAny().isPresent()) {
                    throw new CommandFailedException("--dir " + dir + " is not empty: give a new or empty folder"
                            + " (the run loads a fresh database there)");
                }
            }
        } else if (Files.exists(dir)) {
            throw new CommandFailedException("--dir " + dir + " is not a folder");
        }
        try {
            return open(dir, settings.protocol(), Settings.durabilityOptions(durable.mode(), durable.options()),
                    Settings.txnOptions(durable.options()), settings.warehouses(), settings.scale(), temporary);
        } catch (IOException | RuntimeException e) {
            if (temporary != null) {
                deleteTree(temporary);
            }
            throw e;
        }
    }

    /**
     * Opens (creating, or recovering) a durable TPC-C database in {@code dir}. Call {@link #populate} or
     * {@link #populateIfEmpty} next: logging starts there.
     *
     * @param scale the fraction of the spec's item and customer counts ({@code 1} is TPC-C)
     */
    public static DurableTpcc open(Path dir, String protocol, DurabilityOptions options, int warehouses,
                                   double scale) throws IOException {
        return open(dir, protocol, options, null, warehouses, TpccScale.of(scale), null);
    }

    private static DurableTpcc open(Path dir, String protocol, DurabilityOptions options, TxnOptions txnOptions,
                                    int warehouses, TpccScale scale, Path temporary) throws IOException {
        Durability d = Durability.open(dir, options);
        ConcurrencyControl cc = null;
        try {
            cc = Protocols.create(protocol, txnOptions);
            TxnStore.TxnDatabase db = new TxnStore.TxnDatabase(cc);
            Map<String, Table> unbound = new HashMap<>();
            for (TpccTable t : TpccTable.values()) {
                unbound.put(t.sqlName(), db.tables()[t.ordinal()]);
            }
            d.replayCatalog(line -> {
                Table t = line.startsWith(CATALOG_PREFIX) ? unbound.remove(line.substring(CATALOG_PREFIX.length()))
                        : null;
                if (t == null) {
                    throw new IllegalStateException("not a TPC-C direct-mode database (catalog line '" + line + "')");
                }
                d.tableCreated(line, t);
            });
            for (TpccTable t : TpccTable.values()) { // a new database (or one whose creation a crash cut short)
                Table table = unbound.remove(t.sqlName());
                if (table != null) {
                    d.tableCreated(CATALOG_PREFIX + t.sqlName(), table);
                }
            }
            RecoveryReport r = d.recover(cc);
            return new DurableTpcc(cc, db, d, r, temporary, warehouses, scale);
        } catch (IOException | RuntimeException e) {
            d.close();
            if (cc != null) {
                cc.close();
            }
            throw e;
        }
    }

    ConcurrencyControl cc() {
        return cc;
    }

    TxnStore.TxnDatabase db() {
        return db;
    }

    /** What opening recovered; null without durability. */
    public RecoveryReport recovery() {
        return recovery;
    }

    /** The durability layer; null with durability none. */
    public Durability durability() {
        return durability;
    }

    /** Whether recovery found rows (a database to go on with rather than to load). */
    public boolean recovered() {
        return recovery != null && recovery.rowsLoaded() > 0;
    }

    /**
     * Runs {@code load} (the bulk load of the initial population), then starts logging and, if durable, takes a
     * checkpoint so the loaded rows survive a crash. Returns what {@code load} returned (its seconds).
     */
    <T> T populate(Callable<T> load, PrintStream err) throws Exception {
        T result = load.call();
        start();
        if (durability != null) {
            long t0 = System.nanoTime();
            CheckpointReport c = durability.checkpoint();
            err.printf(Locale.ROOT, "checkpointed the loaded database: %,d rows, %.1f MB in %.2f s%n", c.entries(),
                    c.bytes() / 1e6, (System.nanoTime() - t0) / 1e9);
        }
        return result;
    }

    /** Loads the population (seed 1) unless recovery found one; then starts logging. */
    public void populateIfEmpty(PrintStream err) throws Exception {
        if (recovered()) {
            start();
            return;
        }
        TpccLoader loader = new TpccLoader(scale, warehouses, LOAD_SEED, TpccRandom.Constants.fromSeed(LOAD_SEED),
                System.currentTimeMillis() * 1000);
        populate(() -> {
            loader.load(Runtime.getRuntime().availableProcessors(), () -> new StorageLoadSink(db::load));
            return null;
        }, err);
    }

    private void start() throws IOException {
        if (!started && durability != null) {
            durability.start(cc);
        }
        started = true;
    }

    /** Prints the log bytes written since the open and their rate over {@code seconds} (nothing if not durable). */
    void reportLog(PrintStream err, double seconds) {
        if (durability != null) {
            long bytes = durability.logBytesWritten();
            long syncs = durability.logSyncs();
            err.printf(Locale.ROOT, "log: %.1f MB written in %.1f s (warm-up included): %.1f MB/s, %,d fsyncs"
                            + " (%,.0f/s)%n", bytes / 1e6, seconds, seconds > 0 ? bytes / 1e6 / seconds : 0.0, syncs,
                    seconds > 0 ? syncs / seconds : 0.0);
        }
    }

    /** Makes what committed durable, stops logging, closes the protocol, deletes a temporary directory. */
    @Override
    public void close() throws IOException {
        try {
            if (durability != null) {
                durability.close();
            }
        } finally {
            cc.close();
            if (temporary != null) {
                deleteTree(temporary);
            }
        }
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    // ---- crash test ----------------------------------------------------------------------------------------------

    /** The acknowledgement id of New-Order (w, d, o_id): bit 62 clear. */
    public static long orderId(int w, int d, int o) {
        return (long) w << 40 | (long) d << 32 | (o & 0xFFFF_FFFFL);
    }

    /** The acknowledgement id of the Payment whose HISTORY row has key (source, seq): bit 62 set. */
    public static long paymentId(int source, long seq) {
        return 1L << 62 | (long) source << 32 | (seq & 0xFFFF_FFFFL);
    }

    /**
     * Runs the TPC-C mix on {@code threads} terminals until the process is killed (or a terminal fails), calling
     * {@code acknowledged} with {@link #orderId} after each New-Order commit returned and {@link #paymentId} after
     * each Payment. {@code round} must differ between runs on one directory: it keys the HISTORY rows inserted and
     * seeds the inputs. A failing terminal throws to its thread's uncaught-exception handler; once every terminal
     * ended, the first failure is thrown here.
     */
    public void runUntilKilled(int threads, int round, LongConsumer acknowledged) throws InterruptedException {
        TpccRandom.Constants constants = TpccRandom.Constants.fromSeed(LOAD_SEED);
        List<Thread> running = new ArrayList<>();
        List<Throwable> failures = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            TpccInputs inputs = new TpccInputs(t % warehouses + 1, (t / warehouses) % TpccScale.DISTRICTS + 1,
                    warehouses, scale, constants, TpccRandom.mix(0x5EED_0000L + round, t), TpccSettings.parseMix(
                    TpccSettings.DEFAULT_MIX));
            int historySource = (round + 1) * 1024 + t;
            Thread thread = new Thread(() -> {
                try {
                    terminal(inputs, historySource, acknowledged);
                } catch (RuntimeException | Error e) {
                    synchronized (failures) {
                        failures.add(e);
                    }
                    throw e; // to the thread's uncaught-exception handler: the crash child reports it at once
                }
            }, "tpcc-crash-terminal-" + t);
            thread.start();
            running.add(thread);
        }
        for (Thread t : running) {
            t.join();
        }
        if (!failures.isEmpty()) {
            throw new IllegalStateException("a terminal failed: " + failures.get(0), failures.get(0));
        }
    }

    private void terminal(TpccInputs inputs, int historySource, LongConsumer acknowledged) {
        TpccLogic logic = new TpccLogic(historySource);
        AckingStore store = new AckingStore(new TxnStore(db));
        try (Worker worker = cc.newWorker()) {
            while (true) {
                TxnType type = inputs.next();
                for (int attempt = 1; ; attempt++) {
                    Transaction txn = worker.begin();
                    store.bind(txn);
                    try {
                        if (!logic.run(type, store, inputs)) {
                            txn.abort(); // New-Order's unused item: a user rollback
                            break;
                        }
                        txn.commit();
                        if (type == TxnType.NEW_ORDER) {
                            acknowledged.accept(store.order);
                        } else if (type == TxnType.PAYMENT) {
                            acknowledged.accept(store.payment);
                        }
                        break;
                    } catch (TransactionAbortedException | DuplicateKeyException e) {
                        if (txn.isActive()) {
                            txn.abort();
                        }
                        if (attempt == DriverThread.MAX_ATTEMPTS) {
                            throw new IllegalStateException(type + " aborted " + attempt + " times: " + e.getMessage());
                        }
                        worker.backoff();
                    }
                }
            }
        }
    }

    /** A {@link TxnStore} that remembers the order and the HISTORY row the current attempt inserted. */
    private static final class AckingStore implements TpccStore {
        private static final RowCodec O = TpccTable.ORDERS.rows();
        private final TxnStore store;
        long order;
        long payment;

        AckingStore(TxnStore store) {
            this.store = store;
        }

        void bind(Transaction txn) {
            store.bind(txn);
        }

        @Override
        public byte[] get(TpccTable table, byte[] key) {
            return store.get(table, key);
        }

        @Override
        public byte[] getForUpdate(TpccTable table, byte[] key) {
            return store.getForUpdate(table, key);
        }

        @Override
        public void insert(TpccTable table, byte[] key, byte[] row) {
            store.insert(table, key, row);
            if (table == TpccTable.ORDERS) {
                order = orderId(O.getInt(row, TpccColumns.O_W_ID), O.getInt(row, TpccColumns.O_D_ID),
                        O.getInt(row, TpccColumns.O_ID));
            } else if (table == TpccTable.HISTORY) {
                Object[] k = TpccTable.HISTORY_KEY.decode(key);
                payment = paymentId(((Number) k[0]).intValue(), ((Number) k[1]).longValue());
            }
        }

        @Override
        public void update(TpccTable table, byte[] key, byte[] row) {
            store.update(table, key, row);
        }

        @Override
        public void delete(TpccTable table, byte[] key) {
            store.delete(table, key);
        }

        @Override
        public int scan(TpccIndex index, byte[] lo, byte[] hi, boolean reverse, int limit, RowSink sink) {
            return store.scan(index, lo, hi, reverse, limit, sink);
        }
    }

    /**
     * Checks the recovered database: every acknowledged New-Order is there with all its order lines, every
     * acknowledged Payment's HISTORY row is there, and the TPC-C consistency conditions hold (condition 11 is
     * skipped: Deliveries ran). Returns how many acknowledged ids were found (all of them); throws
     * {@link AssertionError} naming the first problem.
     */
    public long verify(Set<Long> acknowledged) throws Exception {
        try (Worker worker = cc.newWorker()) {
            TxnStore store = new TxnStore(db);
            StoreConsistencySource.Reads reads = read -> {
                for (int attempt = 1; ; attempt++) {
                    Transaction txn = worker.begin();
                    try {
                        read.accept(store.bind(txn));
                        txn.commit();
                        return;
                    } catch (TransactionAbortedException e) {
                        if (attempt == DriverThread.MAX_ATTEMPTS) {
                            throw new IllegalStateException("a read-only check aborted " + attempt + " times", e);
                        }
                        worker.backoff();
                    }
                }
            };
            long found = 0;
            for (long id : acknowledged) {
                String missing = check(reads, id);
                if (missing != null) {
                    throw new AssertionError(missing + " (" + acknowledged.size() + " acknowledged)");
                }
                found++;
            }
            List<ConsistencyCheck.Result> results = new ConsistencyCheck(warehouses, scale, true)
                    .run(new StoreConsistencySource(reads));
            for (ConsistencyCheck.Result r : results) {
                if (r.status() == ConsistencyCheck.Status.FAIL) {
                    throw new AssertionError("after recovery: " + r);
                }
            }
            return found;
        }
    }

    /** Null if the acknowledged transaction {@code id} is in the database, else what is missing. */
    private static String check(StoreConsistencySource.Reads reads, long id) {
        String[] problem = new String[1];
        if ((id & 1L << 62) != 0) {
            int source = (int) (id >>> 32 & 0x3FFF_FFFF);
            long seq = id & 0xFFFF_FFFFL;
            byte[] key = TpccTable.HISTORY_KEY.encode(source, seq);
            reads.run(s -> problem[0] = s.get(TpccTable.HISTORY, key) == null
                    ? "acknowledged Payment (HISTORY " + source + "/" + seq + ") was lost" : null);
            return problem[0];
        }
        int w = (int) (id >>> 40);
        int d = (int) (id >>> 32 & 0xFF);
        int o = (int) id;
        KeyCodec orders = TpccTable.ORDERS.key();
        reads.run(s -> {
            byte[] row = s.get(TpccTable.ORDERS, orders.encode(w, d, o));
            if (row == null) {
                problem[0] = "acknowledged New-Order (" + w + ", " + d + ", " + o + ") was lost";
                return;
            }
            int lines = TpccTable.ORDERS.rows().getInt(row, TpccColumns.O_OL_CNT);
            byte[] lo = TpccTable.ORDER_LINE.key().encode(w, d, o);
            int n = s.scan(TpccIndex.ORDER_LINE, lo, KeyCodec.prefixSuccessor(lo), false, 0, r -> true);
            problem[0] = n == lines ? null : "acknowledged New-Order (" + w + ", " + d + ", " + o + ") has " + n
                    + " of its " + lines + " order lines";
        });
        return problem[0];
    }
}
