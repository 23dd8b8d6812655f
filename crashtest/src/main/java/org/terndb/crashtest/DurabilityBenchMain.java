package org.terndb.crashtest;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.terndb.cli.Cli;
import org.terndb.cli.CommandFailedException;
import org.terndb.cli.JsonObject;
import org.terndb.cli.OptionCommand;
import org.terndb.cli.Options;
import org.terndb.cli.ParsedOptions;
import org.terndb.cli.UsageException;
import org.terndb.durability.CheckpointReport;
import org.terndb.durability.Durability;
import org.terndb.durability.DurabilityOptions;
import org.terndb.durability.RecoveryReport;
import org.terndb.tpcc.TpccCommand;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.Protocols;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.Worker;

/**
 * {@code bin/tern durability}: the durability figures SiloR reports, measured on one table at the transaction API
 * (no SQL), each phase on the same machine in one run:
 * <ol>
 *   <li>the disk's sequential write speed with {@code dd} (direct I/O, or fdatasync where direct I/O is refused);</li>
 *   <li>single-row insert transactions with durability none, async and sync: tps and the share of none, and the
 *       log's write bandwidth against dd's;</li>
 *   <li>TPC-C (direct mode, durability async, one warehouse): the rows per second it adds to the database, the
 *       growth rate of a realistic workload;</li>
 *   <li>recovery of the async database from its log alone: log records/s and MB/s;</li>
 *   <li>a checkpoint of the whole table alone: rows/s (until it is published; the gradual deletion of the files it
 *       covers, which follows, is timed apart) against the insert rate that grew it and against TPC-C's growth (the
 *       headroom);</li>
 *   <li>single-row update throughput (durability async, over the rows already there, so the data stays the same size),
 *       one phase per {@code checkpoint_rate_kb} to measure, while checkpoints alternate with pauses as long as they
 *       took: the slowdown of the 20 ms slices with a checkpoint running (its deletions included) against those
 *       without, and the checkpoint's rows/s at that rate (the headroom it keeps while limited); with the checkpoint
 *       thread's CPU per row and, for each side, the cores the writers, loggers, checkpoint and process used, the
 *       writers' commits per CPU millisecond and the share of their time parked (CPU time holds up where wall time does
 *       not: on a machine shared with other work), and the log's MB/s, fsyncs per second, mean fsync time and the share
 *       of the time the loggers spent in writes and the log streams in fsyncs (whether checkpoint I/O slows the log the
 *       writers wait for);</li>
 *   <li>recovery from the checkpoint: rows/s, to compare with log replay.</li>
 * </ol>
 * An insert phase ends early once its rows reach {@code --max-rows} (by default what a quarter of the heap holds): the
 * table lives in the heap, so memory stays bounded whatever {@code --seconds} says.
 */
public final class DurabilityBenchMain extends OptionCommand {
    private static final String TABLE = "BENCH TABLE T"; // the catalog's one line (not SQL: a kernel database)
    /** Progress counters of writer threads sit a cache line apart. */
    private static final int STRIDE = 16;
    /** Length of one sample of the write rate while checkpoints come and go. */
    private static final long SLICE_NANOS = 20_000_000;

    public DurabilityBenchMain() {
        super("durability", new Options("tern durability", "durability measurements on one table at the transaction "
                + "API: insert tps with durability none/async/sync, log write MB/s against the disk's sequential "
                + "write speed (dd), checkpoint rows/s against the insert rate and TPC-C's growth, write slowdown "
                + "while checkpoints run at each rate limit, recovery records/s and MB/s (log replay and checkpoint "
                + "load)")
                .value("dir", "PATH", "folder for the databases and dd's file (default: a temporary folder, deleted "
                        + "afterwards); put it on the disk to measure", null)
                .value("threads", "T", "inserting threads", "2")
                .value("seconds", "S", "seconds per timed phase", "5")
                .value("warmup", "S", "untimed seconds of inserts (durability none) first, so the code is compiled",
                        "3")
                .value("row-bytes", "B", "bytes per inserted row", "100")
                .value("protocol", "NAME", "concurrency-control protocol", "silo")
                .value("dd-mb", "MB", "MiB written by dd (0: skip dd)", "256")
                .value("checkpoint-rates-kb", "LIST", "checkpoint_rate_kb values (KiB/s, 0: unlimited) to measure the "
                        + "write slowdown at, comma-separated; the first is reported as checkpoint_slowdown_pct",
                        DurabilityOptions.defaults().checkpointRateBytes() / 1024 + ",0")
                .value("tpcc-seconds", "S", "seconds of TPC-C (--mode direct, durability async, 1 warehouse, the "
                        + "threads above) whose growth in rows/s the checkpoint is compared with (0: skip)", "5")
                .value("options", "K=V;...", "durability options for every database of the run (log_buffer_kb, "
                        + "log_flush_ms, ...; not durability or checkpoint_interval_s, which the phases set)", null)
                .value("max-rows", "N", "rows an insert phase may add at most (it ends early when they are in: the "
                        + "table lives in the heap, and recovery holds it once more); 0: as many as a quarter of the "
                        + "maximum heap holds", "0")
                .json());
    }

    public static void main(String[] args) {
        Cli.main(new DurabilityBenchMain(), args);
    }

    /** A database of one table at the transaction API, durable in a folder. */
    private static final class KernelDb implements AutoCloseable {
        final ConcurrencyControl cc;
        final Durability durability;
        final RecoveryReport recovery;
        final Table table;

        KernelDb(Path dir, String protocol, Map<String, String> options) throws IOException {
            Durability d = Durability.open(dir, DurabilityOptions.of(options));
            ConcurrencyControl c = null;
            try {
                c = Protocols.create(protocol, null);
                Table t = c.createTable("T");
                boolean[] bound = new boolean[1];
                d.replayCatalog(line -> {
                    if (!line.equals(TABLE)) {
                        throw new IllegalStateException("not a durability benchmark database: '" + line + "'");
                    }
                    d.tableCreated(line, t);
                    bound[0] = true;
                });
                if (!bound[0]) {
                    d.tableCreated(TABLE, t);
                }
                this.recovery = d.recover(c);
                d.start(c);
                this.table = t;
            } catch (IOException | RuntimeException e) {
                d.close();
                if (c != null) {
                    c.close();
                }
                throw e;
            }
            this.cc = c;
            this.durability = d;
        }

        @Override
        public void close() {
            durability.close();
            cc.close();
        }
    }

    @Override
    protected int run(ParsedOptions args, PrintStream out, PrintStream err) throws Exception {
        int threads = args.getInt("threads", 1, 256);
        double seconds = args.getDouble("seconds", 0, 3600);
        int rowBytes = args.getInt("row-bytes", 1, 1 << 20);
        String protocol = args.getString("protocol").toLowerCase(Locale.ROOT);
        if (!Protocols.names().contains(protocol)) {
            throw new UsageException("unknown protocol '" + protocol + "'; valid protocols: "
                    + String.join(", ", Protocols.names()));
        }
        int ddMb = args.getInt("dd-mb", 0, 1 << 20);
        double tpccSeconds = args.getDouble("tpcc-seconds", -1e-9, 3600);
        long[] rates = rates(args.getString("checkpoint-rates-kb"));
        Map<String, String> extra = extraOptions(args);
        double warmup = args.getDouble("warmup", -1e-9, 3600);
        long maxRows = args.getLong("max-rows", 0, Long.MAX_VALUE);
        if (maxRows == 0) {
            maxRows = defaultMaxRows(rowBytes);
        }
        long rowsPerThread = Math.max(1, maxRows / threads);
        Path root = args.isGiven("dir") ? Path.of(args.getString("dir")) : Files.createTempDirectory("tern-dur-bench");
        Files.createDirectories(root);
        JsonObject json = new JsonObject().put("protocol", protocol).put("threads", threads).put("seconds", seconds)
                .put("row_bytes", rowBytes);
        try {
            double dd = ddMb == 0 ? 0 : dd(root.resolve("dd.tmp"), ddMb, err);
            json.put("dd_mb_s", round(dd));
            if (dd > 0) {
                out.printf(Locale.ROOT, "disk sequential write (dd, %d MiB): %.1f MB/s%n", ddMb, dd);
            }

            if (warmup > 0) {
                Path dir = root.resolve("warmup");
                deleteTree(dir);
                try (KernelDb db = new KernelDb(dir, protocol, options(extra, "durability", "none"))) {
                    insert(db, threads, warmup, rowBytes, rowsPerThread, null);
                }
                deleteTree(dir);
            }

            // Insert throughput by mode; the async database is kept for the recovery and checkpoint phases.
            Map<String, Double> tps = new HashMap<>();
            double asyncLogMb = 0;
            long[] asyncRows = null;
            Path async = root.resolve("async");
            for (String mode : new String[] {"none", "async", "sync"}) {
                Path dir = root.resolve(mode);
                deleteTree(dir);
                try (KernelDb db = new KernelDb(dir, protocol, options(extra, "durability", mode,
                        "checkpoint_interval_s", "0"))) {
                    Phase p = insert(db, threads, seconds, rowBytes, rowsPerThread, null);
                    if (p.capped()) {
                        out.printf(Locale.ROOT, "insert %-5s: stopped after %.2f s at %,d rows (--max-rows: memory)%n",
                                mode, p.seconds, rowsPerThread * threads);
                    }
                    if (mode.equals("async")) {
                        asyncRows = p.perThread;
                    }
                    double logMb = db.durability.logBytesWritten() / 1e6 / p.seconds;
                    tps.put(mode, p.tps());
                    json.put("insert_tps_" + mode, round(p.tps()));
                    if (!mode.equals("none")) {
                        json.put("log_mb_s_" + mode, round(logMb));
                    }
                    if (mode.equals("async")) {
                        asyncLogMb = logMb;
                    }
                    out.printf(Locale.ROOT, "insert %-5s: %,.0f tx/s (%.0f%% of none), log %.1f MB/s%s%n", mode,
                            p.tps(), 100 * p.tps() / tps.get("none"), logMb, dd > 0 && !mode.equals("none")
                                    ? String.format(Locale.ROOT, " (%.0f%% of dd)", 100 * logMb / dd) : "");
                }
                if (!mode.equals("async")) {
                    deleteTree(dir);
                }
            }
            json.put("async_share", round(tps.get("async") / tps.get("none")))
                    .put("sync_share", round(tps.get("sync") / tps.get("none")));
            if (dd > 0) {
                json.put("log_vs_dd_pct_async", round(100 * asyncLogMb / dd));
            }

            // The growth of a realistic workload: TPC-C's inserts minus its deletes, per second.
            double tpccGrowth = 0;
            if (tpccSeconds > 0) {
                tpccGrowth = tpccGrowth(threads, tpccSeconds, protocol, err);
                out.printf(Locale.ROOT, "TPC-C (direct, durability async, 1 warehouse, %d threads) grows the data by "
                        + "%,.0f rows/s%n", threads, tpccGrowth);
                json.put("tpcc_growth_rows_s", round(tpccGrowth));
            }

            // Recovery from the log alone (no checkpoint was taken); durability none changes nothing on disk.
            try (KernelDb db = new KernelDb(async, protocol, options(extra, "durability", "none"))) {
                RecoveryReport r = db.recovery;
                out.printf(Locale.ROOT, "recovery from the log: %,d records, %.1f MB in %.2f s (log share %.2f s):"
                                + " %,.0f records/s, %.1f MB/s%n", r.logRecords(), r.logBytes() / 1e6, r.millis() / 1e3,
                        r.logMillis() / 1e3, r.logRecordsPerSecond(), r.logMegabytesPerSecond());
                json.put("recovery_log_records", r.logRecords()).put("recovery_log_mb", round(r.logBytes() / 1e6))
                        .put("recovery_log_records_s", round(r.logRecordsPerSecond()))
                        .put("recovery_log_mb_s", round(r.logMegabytesPerSecond()))
                        .put("recovery_ms", r.millis());
            }

            // Checkpoints: alone, then against writers.
            try (KernelDb db = new KernelDb(async, protocol, options(extra, "durability", "async",
                    "checkpoint_interval_s", "0"))) {
                CheckpointReport c = db.durability.checkpoint();
                double s = Math.max(1, c.millis()) / 1e3; // until published; the deletions after it apart
                double rowsPerSecond = c.entries() / s;
                double insertRate = tps.get("async");
                out.printf(Locale.ROOT, "checkpoint alone: %,d rows, %.1f MB in %.2f s (then %d ms deleting %d "
                                + "covered files): %,.0f rows/s, %.1f MB/s, %.0f CPU ns/row, %.1fx the async insert "
                                + "rate (%,.0f rows/s)%s%n", c.entries(), c.bytes() / 1e6, s, c.deleteMillis(),
                        c.deletedFiles(), rowsPerSecond, c.bytes() / 1e6 / s, c.cpuNanosPerRow(),
                        rowsPerSecond / insertRate, insertRate,
                        tpccGrowth > 0 ? String.format(Locale.ROOT, ", %.1fx TPC-C's growth",
                                rowsPerSecond / tpccGrowth) : "");
                if (tpccGrowth > 0) {
                    json.put("checkpoint_headroom_tpcc", round(rowsPerSecond / tpccGrowth));
                }
                json.put("checkpoint_rows", c.entries()).put("checkpoint_rows_s", round(rowsPerSecond))
                        .put("checkpoint_delete_ms", c.deleteMillis())
                        .put("checkpoint_cpu_ns_per_row", round(c.cpuNanosPerRow()))
                        .put("checkpoint_mb_s", round(c.bytes() / 1e6 / s))
                        .put("checkpoint_headroom", round(rowsPerSecond / insertRate));

                // Without, with, without: the two phases without checkpoints bracket the one with them. They
                // update the rows the async phase inserted, so the data (and the heap) stays the same size.
                // Per rate limit, one phase of updates over the rows the async phase inserted (the data, and the
                // heap, stay the same size) while checkpoints alternate with pauses as long as they took. The phase's
                // write rate is sampled in short slices, each counted as with or without a checkpoint running: both
                // sides come from the same seconds, so a machine whose load drifts compares like with like.
                for (int i = 0; i < rates.length; i++) {
                    db.durability.checkpointRateKb(rates[i]);
                    Interleaved r = interleaved(db, seconds, rowBytes, asyncRows);
                    if (r.withTps() == 0 || r.withoutTps() == 0) {
                        throw new CommandFailedException("the phase at checkpoint_rate_kb " + rates[i] + " had no "
                                + "time " + (r.withTps() == 0 ? "with" : "without") + " a checkpoint running: give "
                                + "--seconds more than a checkpoint at that rate takes");
                    }
                    double slowdown = 1 - r.withTps() / r.withoutTps();
                    String rate = rates[i] == 0 ? "unlimited" : String.format(Locale.ROOT, "%,d KiB/s", rates[i]);
                    out.printf(Locale.ROOT, "updates with checkpoints at %s: %,.0f tx/s while one runs, %,.0f tx/s "
                                    + "between (%d checkpoints, %,.0f rows/s while writers run, then %.0f ms each "
                                    + "deleting what they cover): slowdown %.1f%%; headroom %.1fx the async insert "
                                    + "rate%s%n", rate, r.withTps(), r.withoutTps(), r.checkpoints(), r.rowsPerSecond(),
                            r.deleteMillis(), 100 * slowdown, r.rowsPerSecond() / tps.get("async"),
                            tpccGrowth > 0 ? String.format(Locale.ROOT, ", %.1fx TPC-C's growth",
                                    r.rowsPerSecond() / tpccGrowth) : "");
                    out.printf(Locale.ROOT, "  CPU while one runs: %s; checkpoint %.0f CPU ns/row%n  CPU between:      "
                            + "%s%n", r.with().describe(), r.cpuNanosPerRow(), r.without().describe());
                    String suffix = i == 0 ? "" : "_" + rates[i] + "kb";
                    json.put("checkpoint_rate_kb" + suffix, rates[i])
                            .put("write_tps_without_checkpoint" + suffix, round(r.withoutTps()))
                            .put("write_tps_with_checkpoint" + suffix, round(r.withTps()))
                            .put("checkpoints_during" + suffix, r.checkpoints())
                            .put("checkpoint_rows_s_during" + suffix, round(r.rowsPerSecond()))
                            .put("checkpoint_delete_ms_during" + suffix, round(r.deleteMillis()))
                            .put("checkpoint_slowdown_pct" + suffix, round(100 * slowdown))
                            .put("checkpoint_headroom_during" + suffix, round(r.rowsPerSecond() / tps.get("async")))
                            .put("checkpoint_cpu_ns_per_row_during" + suffix, round(r.cpuNanosPerRow()))
                            .put("writer_cores_with_checkpoint" + suffix, round(r.with().writers()))
                            .put("writer_cores_without_checkpoint" + suffix, round(r.without().writers()))
                            .put("writer_commits_per_cpu_ms_with_checkpoint" + suffix,
                                    round(r.with().commitsPerCpuMs()))
                            .put("writer_commits_per_cpu_ms_without_checkpoint" + suffix,
                                    round(r.without().commitsPerCpuMs()))
                            .put("logger_cores_with_checkpoint" + suffix, round(r.with().loggers()))
                            .put("logger_cores_without_checkpoint" + suffix, round(r.without().loggers()))
                            .put("checkpoint_cores" + suffix, round(r.with().checkpoint()))
                            .put("process_cores_with_checkpoint" + suffix, round(r.with().process()))
                            .put("process_cores_without_checkpoint" + suffix, round(r.without().process()))
                            .put("writers_parked_pct_with_checkpoint" + suffix, round(100 * r.with().writersParked()))
                            .put("writers_parked_pct_without_checkpoint" + suffix,
                                    round(100 * r.without().writersParked()))
                            .put("log_mb_s_with_checkpoint" + suffix, round(r.with().log().mbPerSecond()))
                            .put("log_mb_s_without_checkpoint" + suffix, round(r.without().log().mbPerSecond()))
                            .put("log_fsync_ms_with_checkpoint" + suffix, round3(r.with().log().meanSyncMillis()))
                            .put("log_fsync_ms_without_checkpoint" + suffix,
                                    round3(r.without().log().meanSyncMillis()))
                            .put("log_fsyncs_s_with_checkpoint" + suffix, round(r.with().log().syncsPerSecond()))
                            .put("log_fsyncs_s_without_checkpoint" + suffix,
                                    round(r.without().log().syncsPerSecond()))
                            .put("logger_fsync_pct_with_checkpoint" + suffix, round(100 * r.with().log().syncShare()))
                            .put("logger_fsync_pct_without_checkpoint" + suffix,
                                    round(100 * r.without().log().syncShare()))
                            .put("logger_write_pct_with_checkpoint" + suffix, round(100 * r.with().log().writeShare()))
                            .put("logger_write_pct_without_checkpoint" + suffix,
                                    round(100 * r.without().log().writeShare()));
                    if (tpccGrowth > 0) {
                        json.put("checkpoint_headroom_tpcc_during" + suffix, round(r.rowsPerSecond() / tpccGrowth));
                    }
                }
                db.durability.checkpointRateKb(0);
            }

            // Recovery from the newest checkpoint (plus the little log after it).
            try (KernelDb db = new KernelDb(async, protocol, options(extra, "durability", "none"))) {
                RecoveryReport r = db.recovery;
                out.printf(Locale.ROOT, "recovery from the checkpoint: %,d rows in %.2f s (checkpoint share %.2f s):"
                                + " %,.0f rows/s; plus %,d log records%n", r.checkpointEntries(), r.millis() / 1e3,
                        r.checkpointMillis() / 1e3, r.checkpointRowsPerSecond(), r.logRecords());
                json.put("recovery_checkpoint_rows", r.checkpointEntries())
                        .put("recovery_checkpoint_rows_s", round(r.checkpointRowsPerSecond()));
            }
        } finally {
            if (!args.isGiven("dir")) {
                deleteTree(root);
            } else {
                deleteTree(root.resolve("async"));
            }
        }
        if (args.isSet(Options.JSON)) {
            out.println(json);
        }
        return Cli.EXIT_OK;
    }

    /**
     * Rows per second TPC-C adds to the database (direct mode, durability async, one warehouse): each New-Order
     * commit inserts an ORDER, a NEW_ORDER and OL_CNT ORDER_LINE rows (5 to 15, uniform: 10 on average), each Payment
     * a HISTORY row, each Delivery deletes one NEW_ORDER per district (10). Rolled-back New-Orders add nothing.
     */
    private static double tpccGrowth(int threads, double seconds, String protocol, PrintStream err) {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        int code;
        try (PrintStream out = new PrintStream(buffer, true, StandardCharsets.UTF_8)) {
            code = new TpccCommand().execute(new String[] {"--mode", "direct", "--durability", "async", "--protocol",
                    protocol, "--threads", String.valueOf(threads), "--seconds", String.valueOf(seconds), "--warmup",
                    "1", "--no-check", "--json"}, out, err);
        }
        String text = buffer.toString(StandardCharsets.UTF_8);
        if (code != Cli.EXIT_OK) {
            throw new CommandFailedException("the TPC-C growth phase failed (exit " + code + "); run with "
                    + "--tpcc-seconds 0 to skip it");
        }
        String json = text.substring(text.lastIndexOf("{\"mode\""));
        double timed = number(json, "\"seconds\":");
        long newOrders = (long) number(json, "\"new_order\":{\"commits\":");
        long payments = (long) number(json, "\"payment\":{\"commits\":");
        long deliveries = (long) number(json, "\"delivery\":{\"commits\":");
        return (newOrders * 12.0 + payments - deliveries * 10.0) / timed;
    }

    /** {@code --options}: checked once here, so a bad value fails before any phase runs. */
    private static Map<String, String> extraOptions(ParsedOptions args) {
        Map<String, String> m = args.getKeyValues("options", key -> !key.equals("durability")
                && !key.equals("checkpoint_interval_s") && DurabilityOptions.isOption(key),
                "durability options other than durability and checkpoint_interval_s");
        try {
            DurabilityOptions.of(m);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--options: " + e.getMessage());
        }
        return m;
    }

    /** The extra options plus the phase's own key-value pairs. */
    private static Map<String, String> options(Map<String, String> extra, String... pairs) {
        Map<String, String> m = new HashMap<>(extra);
        for (int i = 0; i < pairs.length; i += 2) {
            m.put(pairs[i], pairs[i + 1]);
        }
        return m;
    }

    private static long[] rates(String list) {
        String[] parts = list.split(",");
        long[] rates = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                rates[i] = Long.parseLong(parts[i].trim());
            } catch (NumberFormatException e) {
                rates[i] = -1;
            }
            if (rates[i] < 0) {
                throw new UsageException("--checkpoint-rates-kb takes KiB/s values (0: unlimited) separated by commas;"
                        + " got '" + list + "'");
            }
        }
        return rates;
    }

    /** The number after {@code label} in a JSON line. */
    private static double number(String json, String label) {
        int at = json.indexOf(label);
        if (at < 0) {
            throw new CommandFailedException("no " + label + " in TPC-C's JSON: " + json);
        }
        int from = at + label.length();
        int to = from;
        while (to < json.length() && "0123456789.eE+-".indexOf(json.charAt(to)) >= 0) {
            to++;
        }
        return Double.parseDouble(json.substring(from, to));
    }

    /** A timed phase: its commits, its length, and each thread's commits (the rows it inserted). */
    private record Phase(long commits, double seconds, long[] perThread, boolean capped) {
        Phase(long commits, double seconds, long[] perThread) {
            this(commits, seconds, perThread, false);
        }

        double tps() {
            return seconds == 0 ? 0 : commits / seconds;
        }
    }

    /**
     * Single-row insert transactions on {@code threads} threads for {@code seconds}: thread i inserts keys
     * {@code (i << 32) + 0, 1, 2, ...}; {@code started} runs once, with the writer threads.
     */
    private static Phase insert(KernelDb db, int threads, double seconds, int rowBytes, long rowsPerThread,
                                Consumer<Thread[]> started) throws InterruptedException {
        return timed(threads, seconds, rowsPerThread, started, (thread, n, x, row) ->
                x.insert(db.table, key(((long) thread << 32) + n), row), db, rowBytes);
    }

    /** Single-row updates: thread i cycles over the {@code rows[i]} keys it inserted in {@link #insert}. */
    private static Write update(KernelDb db, long[] rows) {
        return (thread, n, x, row) -> x.update(db.table, key(((long) thread << 32) + n % Math.max(1, rows[thread])),
                row);
    }

    /** One transaction's single write: thread index, its commits so far, the transaction, the row to write. */
    private interface Write {
        void apply(int thread, long n, Transaction x, byte[] row);
    }

    /** Runs {@code write} transactions on each thread until {@code seconds} passed or it committed {@code most}. */
    private static Phase timed(int threads, double seconds, long most, Consumer<Thread[]> started, Write write,
                               KernelDb db, int rowBytes) throws InterruptedException {
        return timed(threads, seconds, most, started, write, db, rowBytes, null, new AtomicBoolean());
    }

    /**
     * Like the above; each thread also publishes its commits so far to {@code progress[thread * STRIDE]}, and the
     * threads stop early once {@code halt} is set.
     */
    private static Phase timed(int threads, double seconds, long most, Consumer<Thread[]> started, Write write,
                               KernelDb db, int rowBytes, AtomicLongArray progress, AtomicBoolean halt)
            throws InterruptedException {
        long[] perThread = new long[threads];
        long t0 = System.nanoTime();
        long end = t0 + (long) (seconds * 1e9);
        Thread[] ts = new Thread[threads];
        for (int i = 0; i < threads; i++) {
            int thread = i;
            ts[i] = new Thread(() -> {
                byte[] row = new byte[rowBytes];
                long n = 0;
                try (Worker w = db.cc.newWorker()) {
                    while (n < most && System.nanoTime() < end && !halt.get()) {
                        Transaction x = w.begin();
                        try {
                            write.apply(thread, n, x, row);
                            x.commit();
                            n++;
                            if (progress != null) {
                                progress.setOpaque(thread * STRIDE, n); // read by the sampler; no ordering needed
                            }
                        } catch (TransactionAbortedException e) {
                            w.backoff();
                        }
                    }
                }
                perThread[thread] = n; // published to the caller by join()
            }, "bench-write-" + i);
            ts[i].start();
        }
        if (started != null) {
            started.accept(ts);
        }
        long total = 0;
        for (int i = 0; i < threads; i++) {
            ts[i].join();
            total += perThread[i];
        }
        boolean capped = false;
        for (long n : perThread) {
            capped |= n >= most;
        }
        return new Phase(total, (System.nanoTime() - t0) / 1e9, perThread, capped);
    }

    /**
     * Write throughput with and without a checkpoint running, from one phase's slices, and the checkpoints' rows/s
     * (entries over their wall time until published, the wait for durability included; {@code deleteMillis}, their
     * mean time of deleting the files they cover afterwards, counts as running for the slices) and CPU per row (the
     * checkpoint thread's).
     * {@code cpu} holds, per side, the cores the writers, the loggers, the checkpoint thread and the whole process
     * used; {@code commitsPerCpuMs} the writers' commits per millisecond of their own CPU time. The slowdown is then
     * the product of two shares: the writers' CPU (what other threads took from them) and their CPU efficiency (what
     * cache misses, spinning or waiting for the log's buffer cost them per commit).
     */
    private record Interleaved(double withTps, double withoutTps, long checkpoints, double rowsPerSecond,
                               double deleteMillis, double cpuNanosPerRow, Cpu without, Cpu with) {}

    /**
     * Cores used on one side of an interleaved phase, the writers' commits per millisecond of their CPU, and the
     * share of the writers' time they spent parked (waiting for room in the log's buffer, or for a lock).
     */
    private record Cpu(double writers, double loggers, double checkpoint, double process, double commitsPerCpuMs,
                       double writersParked, Log log) {
        String describe() {
            return String.format(Locale.ROOT, "writers %.2f, loggers %.2f, checkpoint %.2f, process %.2f cores; "
                    + "%,.0f commits per writer CPU ms; writers parked %.1f%%; %s", writers, loggers, checkpoint,
                    process, commitsPerCpuMs, 100 * writersParked, log.describe());
        }
    }

    /**
     * The log on one side of an interleaved phase: MB/s written, fsyncs per second, the mean fsync and the share of
     * the wall time the loggers spent in writes (a logger in a write drains no buffer: writers may wait) and the log
     * streams in fsyncs (run beside the writes; a commit in sync mode waits for them).
     */
    private record Log(double mbPerSecond, double syncsPerSecond, double meanSyncMillis, double writeShare,
                       double syncShare) {
        String describe() {
            return String.format(Locale.ROOT, "log %.1f MB/s, %.0f fsyncs/s of %.2f ms mean, loggers in writes %.1f%%"
                    + " and streams in fsyncs %.1f%% of the time", mbPerSecond, syncsPerSecond, meanSyncMillis,
                    100 * writeShare, 100 * syncShare);
        }
    }

    /** Indexes of the per-side sums an interleaved phase's sampler keeps. */
    private static final int COMMITS = 0;
    private static final int NANOS = 1;
    private static final int WRITER_CPU = 2;
    private static final int LOGGER_CPU = 3;
    private static final int CHECKPOINT_CPU = 4;
    private static final int PROCESS_CPU = 5;
    private static final int WRITER_PARKED = 6;
    private static final int LOG_BYTES = 7;
    private static final int LOG_SYNCS = 8;
    private static final int LOG_WRITE_NANOS = 9;
    private static final int LOG_SYNC_NANOS = 10;
    private static final int SUMS = 11;

    /** CPU nanoseconds of a set of threads, sampled together; a thread whose time is unknown counts 0. */
    private static final class ThreadCpu {
        private final java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        private final long[] ids;

        ThreadCpu(List<Thread> threads) {
            ids = threads.stream().mapToLong(Thread::getId).toArray();
        }

        /** The durability's own threads whose names start with {@code prefix}. */
        static List<Thread> named(String prefix) {
            return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith(prefix)).toList();
        }

        int size() {
            return ids.length;
        }

        long nanos() {
            long n = 0;
            for (long id : ids) {
                n += Math.max(0, mx.getThreadCpuTime(id));
            }
            return n;
        }

        /** Milliseconds the threads spent waiting or parked, where the JVM keeps count (else 0). */
        long waitedMillis() {
            long n = 0;
            for (java.lang.management.ThreadInfo i : mx.getThreadInfo(ids)) {
                n += i == null ? 0 : Math.max(0, i.getWaitedTime());
            }
            return n;
        }
    }

    private static long processCpuNanos() {
        return java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os ? Math.max(0, os.getProcessCpuTime()) : 0;
    }

    /**
     * Updates for {@code seconds} while a thread takes checkpoints, each followed by a pause as long as it took; a
     * sampler counts the commits and the CPU time of each {@link #SLICE_NANOS} slice as with or without a checkpoint
     * running (a slice in which that changed is dropped).
     */
    private static Interleaved interleaved(KernelDb db, double seconds, int rowBytes, long[] rows)
            throws InterruptedException {
        int threads = rows.length;
        AtomicLongArray progress = new AtomicLongArray(threads * STRIDE);
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong changes = new AtomicLong(); // odd while a checkpoint runs
        AtomicLong count = new AtomicLong();
        AtomicLong entries = new AtomicLong();
        AtomicLong millis = new AtomicLong();
        AtomicLong deleteMillis = new AtomicLong();
        AtomicLong cpu = new AtomicLong();
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        Thread checkpointer = new Thread(() -> {
            while (!stop.get()) {
                try {
                    long t0 = System.nanoTime();
                    changes.incrementAndGet();
                    CheckpointReport r;
                    try {
                        r = db.durability.checkpoint();
                    } finally {
                        changes.incrementAndGet();
                    }
                    count.incrementAndGet();
                    entries.addAndGet(r.entries());
                    millis.addAndGet(r.millis());
                    deleteMillis.addAndGet(r.deleteMillis());
                    cpu.addAndGet(r.cpuNanos() < 0 ? Long.MIN_VALUE / 4 : r.cpuNanos());
                    long pause = System.nanoTime() - t0;
                    while (!stop.get() && pause > 0) {
                        long step = Math.min(pause, 10_000_000);
                        TimeUnit.NANOSECONDS.sleep(step);
                        pause -= step;
                    }
                } catch (IOException | RuntimeException e) {
                    failures.add(e);
                    return;
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }, "bench-checkpoints");
        long[][] sums = new long[2][SUMS];  // [without, with][COMMITS..LOG_SYNC_NANOS]
        long end = System.nanoTime() + (long) (seconds * 1e9);
        AtomicBoolean halt = new AtomicBoolean();
        ThreadCpu loggers = new ThreadCpu(ThreadCpu.named("tern-logger"));
        ThreadCpu checkpointThread = new ThreadCpu(ThreadCpu.named("tern-checkpoint"));
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        if (mx.isThreadContentionMonitoringSupported()) {
            mx.setThreadContentionMonitoringEnabled(true); // counts the writers' parked time
        }
        // At least the given seconds, and on until both sides have slices and a checkpoint completed (a slow rate
        // limit makes one checkpoint longer than the phase), at most 10 minutes more.
        timed(threads, seconds + 600, Long.MAX_VALUE, writers -> {
            ThreadCpu writerCpu = new ThreadCpu(List.of(writers));
            checkpointer.start();
            long[] last = new long[SUMS];
            long[] now = new long[SUMS];
            sample(last, progress, threads, writerCpu, loggers, checkpointThread, db);
            long lastChange = changes.get();
            while ((System.nanoTime() + SLICE_NANOS < end || count.get() == 0 || sums[0][NANOS] == 0
                    || sums[1][NANOS] == 0) && System.nanoTime() - end < 600_000_000_000L && failures.isEmpty()) {
                LockSupport.parkNanos(SLICE_NANOS);
                sample(now, progress, threads, writerCpu, loggers, checkpointThread, db);
                long change = changes.get();
                if (change == lastChange) {
                    long[] side = sums[(int) (change & 1)];
                    for (int k = 0; k < side.length; k++) {
                        side[k] += now[k] - last[k];
                    }
                }
                System.arraycopy(now, 0, last, 0, now.length);
                lastChange = change;
            }
            halt.set(true);
        }, update(db, rows), db, rowBytes, progress, halt);
        stop.set(true);
        checkpointer.join(); // not interrupted: a checkpoint interrupted while it waits reports a failure
        if (!failures.isEmpty()) {
            throw new CommandFailedException("a checkpoint failed: " + failures.get(0));
        }
        return new Interleaved(rate(sums[1][COMMITS], sums[1][NANOS]), rate(sums[0][COMMITS], sums[0][NANOS]),
                count.get(), millis.get() == 0 ? 0 : entries.get() * 1000.0 / millis.get(),
                count.get() == 0 ? 0 : (double) deleteMillis.get() / count.get(),
                cpu.get() < 0 || entries.get() == 0 ? -1 : (double) cpu.get() / entries.get(),
                cpu(sums[0], threads, loggers.size()), cpu(sums[1], threads, loggers.size()));
    }

    /** Per second of {@code nanos}. */
    private static double rate(long n, long nanos) {
        return nanos == 0 ? 0 : n * 1e9 / nanos;
    }

    private static Cpu cpu(long[] side, int threads, int loggers) {
        double wall = side[NANOS];
        if (wall == 0) {
            return new Cpu(0, 0, 0, 0, 0, 0, new Log(0, 0, 0, 0, 0));
        }
        Log log = new Log(side[LOG_BYTES] * 1e3 / wall, side[LOG_SYNCS] * 1e9 / wall,
                side[LOG_SYNCS] == 0 ? 0 : side[LOG_SYNC_NANOS] / 1e6 / side[LOG_SYNCS],
                side[LOG_WRITE_NANOS] / wall / Math.max(1, loggers),
                side[LOG_SYNC_NANOS] / wall / Math.max(1, loggers));
        return new Cpu(side[WRITER_CPU] / wall, side[LOGGER_CPU] / wall,
                side[CHECKPOINT_CPU] / wall, side[PROCESS_CPU] / wall,
                side[WRITER_CPU] == 0 ? 0 : side[COMMITS] * 1e6 / side[WRITER_CPU],
                side[WRITER_PARKED] * 1e6 / wall / threads, log);
    }

    /** The running totals a slice is the difference of. */
    private static void sample(long[] into, AtomicLongArray progress, int threads, ThreadCpu writers,
                               ThreadCpu loggers, ThreadCpu checkpoint, KernelDb db) {
        into[COMMITS] = sum(progress, threads);
        into[NANOS] = System.nanoTime();
        into[WRITER_CPU] = writers.nanos();
        into[LOGGER_CPU] = loggers.nanos();
        into[CHECKPOINT_CPU] = checkpoint.nanos();
        into[PROCESS_CPU] = processCpuNanos();
        into[WRITER_PARKED] = writers.waitedMillis();
        into[LOG_BYTES] = db.durability.logBytesWritten();
        into[LOG_SYNCS] = db.durability.logSyncs();
        into[LOG_WRITE_NANOS] = db.durability.logWriteNanos();
        into[LOG_SYNC_NANOS] = db.durability.logSyncNanos();
    }

    private static long sum(AtomicLongArray progress, int threads) {
        long n = 0;
        for (int i = 0; i < threads; i++) {
            n += progress.getOpaque(i * STRIDE);
        }
        return n;
    }

    /**
     * The rows an insert phase may add by default: a quarter of the maximum heap at the row's size plus about 150
     * bytes of key, record and index per row. The recovery phases hold the table once more while the previous copy
     * may still be garbage, plus the replay's hash table, and the update phases' old versions come on top.
     */
    static long defaultMaxRows(int rowBytes) {
        return Math.max(1000, Runtime.getRuntime().maxMemory() / 4 / (rowBytes + 150L));
    }

    private static byte[] key(long k) {
        return ByteBuffer.allocate(8).putLong(k).array();
    }

    /** dd's sequential write speed in MB/s (10^6 bytes): direct I/O, or fdatasync at the end where it is refused. */
    private static double dd(Path file, int mb, PrintStream err) throws IOException, InterruptedException {
        try {
            for (String flag : new String[] {"oflag=direct", "conv=fdatasync"}) {
                long t0 = System.nanoTime();
                Process p = new ProcessBuilder("dd", "if=/dev/zero", "of=" + file, "bs=1M", "count=" + mb, flag)
                        .redirectErrorStream(true).start();
                String output = new String(p.getInputStream().readAllBytes());
                if (!p.waitFor(600, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    throw new CommandFailedException("dd did not finish within 600 s");
                }
                double s = (System.nanoTime() - t0) / 1e9;
                if (p.exitValue() == 0) {
                    return mb * 1048576.0 / 1e6 / s;
                }
                err.println("dd " + flag + " failed (" + output.trim().replace('\n', ' ') + ")"
                        + (flag.startsWith("oflag") ? "; trying conv=fdatasync" : ""));
            }
            throw new CommandFailedException("dd failed; run with --dd-mb 0 to skip the disk measurement");
        } finally {
            Files.deleteIfExists(file);
        }
    }

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }

    private static double round3(double v) {
        return Math.round(v * 1000) / 1000.0;
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
