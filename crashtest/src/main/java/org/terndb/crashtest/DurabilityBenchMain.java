package org.terndb.crashtest;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
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
 *   <li>recovery of the async database from its log alone: log records/s and MB/s;</li>
 *   <li>a checkpoint of the whole table alone: rows/s against the insert rate that grew it (the headroom);</li>
 *   <li>single-row update throughput (durability async, over the rows already there, so the data stays the same
 *       size) without, with (checkpoints running back to back) and again without checkpoints: the slowdown
 *       against the mean of the two phases without;</li>
 *   <li>recovery from the checkpoint: rows/s, to compare with log replay.</li>
 * </ol>
 */
public final class DurabilityBenchMain extends OptionCommand {
    private static final String TABLE = "BENCH TABLE T"; // the catalog's one line (not SQL: a kernel database)

    public DurabilityBenchMain() {
        super("durability", new Options("tern durability", "durability measurements on one table at the transaction "
                + "API: insert tps with durability none/async/sync, log write MB/s against the disk's sequential "
                + "write speed (dd), checkpoint rows/s against the insert rate, write slowdown while checkpoints run, "
                + "recovery records/s and MB/s (log replay and checkpoint load)")
                .value("dir", "PATH", "folder for the databases and dd's file (default: a temporary folder, deleted "
                        + "afterwards); put it on the disk to measure", null)
                .value("threads", "T", "inserting threads", "2")
                .value("seconds", "S", "seconds per timed phase", "5")
                .value("warmup", "S", "untimed seconds of inserts (durability none) first, so the code is compiled",
                        "3")
                .value("row-bytes", "B", "bytes per inserted row", "100")
                .value("protocol", "NAME", "concurrency-control protocol", "silo")
                .value("dd-mb", "MB", "MiB written by dd (0: skip dd)", "256")
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
        double warmup = args.getDouble("warmup", -1e-9, 3600);
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
                try (KernelDb db = new KernelDb(dir, protocol, Map.of("durability", "none"))) {
                    insert(db, threads, warmup, rowBytes, null);
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
                try (KernelDb db = new KernelDb(dir, protocol, Map.of("durability", mode, "checkpoint_interval_s",
                        "0"))) {
                    Phase p = insert(db, threads, seconds, rowBytes, null);
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

            // Recovery from the log alone (no checkpoint was taken); durability none changes nothing on disk.
            try (KernelDb db = new KernelDb(async, protocol, Map.of("durability", "none"))) {
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
            try (KernelDb db = new KernelDb(async, protocol, Map.of("durability", "async", "checkpoint_interval_s",
                    "0"))) {
                long t0 = System.nanoTime();
                CheckpointReport c = db.durability.checkpoint();
                double s = (System.nanoTime() - t0) / 1e9;
                double rowsPerSecond = c.entries() / s;
                double insertRate = tps.get("async");
                out.printf(Locale.ROOT, "checkpoint alone: %,d rows, %.1f MB in %.2f s: %,.0f rows/s, %.1f MB/s, "
                                + "%.1fx the async insert rate (%,.0f rows/s)%n", c.entries(), c.bytes() / 1e6, s,
                        rowsPerSecond, c.bytes() / 1e6 / s, rowsPerSecond / insertRate, insertRate);
                json.put("checkpoint_rows", c.entries()).put("checkpoint_rows_s", round(rowsPerSecond))
                        .put("checkpoint_mb_s", round(c.bytes() / 1e6 / s))
                        .put("checkpoint_headroom", round(rowsPerSecond / insertRate));

                // Without, with, without: the two phases without checkpoints bracket the one with them. They
                // update the rows the async phase inserted, so the data (and the heap) stays the same size.
                Phase before = update(db, seconds, rowBytes, asyncRows, null);
                AtomicBoolean stop = new AtomicBoolean();
                AtomicLong checkpoints = new AtomicLong();
                List<Throwable> failures = new ArrayList<>();
                Thread checkpointer = new Thread(() -> {
                    while (!stop.get()) {
                        try {
                            db.durability.checkpoint();
                            checkpoints.incrementAndGet();
                        } catch (IOException | RuntimeException e) {
                            failures.add(e);
                            return;
                        }
                    }
                }, "bench-checkpoints");
                Phase with = update(db, seconds, rowBytes, asyncRows, checkpointer::start);
                stop.set(true);
                checkpointer.join();
                if (!failures.isEmpty()) {
                    throw new CommandFailedException("a checkpoint failed: " + failures.get(0));
                }
                Phase after = update(db, seconds, rowBytes, asyncRows, null);
                Phase without = new Phase(before.commits + after.commits, before.seconds + after.seconds, null);
                double slowdown = 1 - with.tps() / without.tps();
                out.printf(Locale.ROOT, "updates without checkpoints: %,.0f tx/s; with checkpoints back to back: "
                                + "%,.0f tx/s (%d checkpoints): slowdown %.1f%%%n", without.tps(), with.tps(),
                        checkpoints.get(), 100 * slowdown);
                json.put("write_tps_without_checkpoint", round(without.tps()))
                        .put("write_tps_with_checkpoint", round(with.tps()))
                        .put("checkpoints_during", checkpoints.get())
                        .put("checkpoint_slowdown_pct", round(100 * slowdown));
            }

            // Recovery from the newest checkpoint (plus the little log after it).
            try (KernelDb db = new KernelDb(async, protocol, Map.of("durability", "none"))) {
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

    /** A timed phase: its commits, its length, and each thread's commits (the rows it inserted). */
    private record Phase(long commits, double seconds, long[] perThread) {
        double tps() {
            return seconds == 0 ? 0 : commits / seconds;
        }
    }

    /**
     * Single-row insert transactions on {@code threads} threads for {@code seconds}: thread i inserts keys
     * {@code (i << 32) + 0, 1, 2, ...}; {@code started} runs once.
     */
    private static Phase insert(KernelDb db, int threads, double seconds, int rowBytes, Runnable started)
            throws InterruptedException {
        return timed(threads, seconds, started, (thread, n, x, row) ->
                x.insert(db.table, key(((long) thread << 32) + n), row), db, rowBytes);
    }

    /**
     * Single-row update transactions, thread i cycling over the {@code rows[i]} keys it inserted in
     * {@link #insert}; {@code started} runs once.
     */
    private static Phase update(KernelDb db, double seconds, int rowBytes, long[] rows, Runnable started)
            throws InterruptedException {
        return timed(rows.length, seconds, started, (thread, n, x, row) ->
                x.update(db.table, key(((long) thread << 32) + n % Math.max(1, rows[thread])), row), db, rowBytes);
    }

    /** One transaction's single write: thread index, its commits so far, the transaction, the row to write. */
    private interface Write {
        void apply(int thread, long n, Transaction x, byte[] row);
    }

    private static Phase timed(int threads, double seconds, Runnable started, Write write, KernelDb db, int rowBytes)
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
                    while (System.nanoTime() < end) {
                        Transaction x = w.begin();
                        try {
                            write.apply(thread, n, x, row);
                            x.commit();
                            n++;
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
            started.run();
        }
        long total = 0;
        for (int i = 0; i < threads; i++) {
            ts[i].join();
            total += perThread[i];
        }
        return new Phase(total, (System.nanoTime() - t0) / 1e9, perThread);
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
