package org.terndb.durability;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.terndb.txn.CommitLog;
import org.terndb.txn.Table;
import org.terndb.txn.common.EpochManager;

/**
 * Not a test: the CPU cost of the redo log pipeline alone (workers' appends, the logger's gathering, CRC, writes and
 * fsyncs), without transactions, for comparing log implementations on a busy machine where wall-clock figures mean
 * little. Workers append TPC-C-sized commits (25 records of 16-byte keys and 40..700-byte rows) as fast as they can;
 * prints per-thread CPU per MB logged (ThreadMXBean: user + system). Arguments: folder, workers, seconds, mode
 * (async|sync), log_flush_ms, the MB/s all workers together append at most (0: as fast as they can).
 */
public final class LogPipelineBench {
    private LogPipelineBench() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        int workers = Integer.parseInt(args[1]);
        int seconds = Integer.parseInt(args[2]);
        String mode = args.length > 3 ? args[3] : "async";
        String flush = args.length > 4 ? args[4] : "10";
        double rate = args.length > 5 ? Double.parseDouble(args[5]) : 0;
        Files.createDirectories(dir);
        try (KernelDb db = KernelDb.open(dir.resolve("tables"), "silo", Map.of("durability", "none"))) {
            Table table = db.createIfAbsent("T");
            TableIds ids = new TableIds();
            ids.bind(1, table);
            EpochManager epochs = new EpochManager(40);
            Path logDir = Files.createTempDirectory(dir, "log");
            LogManager log = new LogManager(logDir, FileIo.DEFAULT,
                    DurabilityOptions.of(Map.of("durability", mode, "log_flush_ms", flush)), epochs, 1, ids);
            log.start();
            ThreadMXBean mx = ManagementFactory.getThreadMXBean();
            AtomicBoolean stop = new AtomicBoolean();
            AtomicLong workerCpu = new AtomicLong();
            AtomicLong commits = new AtomicLong();
            Thread[] threads = new Thread[workers];
            for (int i = 0; i < workers; i++) {
                int seed = i;
                threads[i] = new Thread(() -> {
                    CommitLog.Buffer b = log.newBuffer();
                    int slot = epochs.register();
                    SplittableRandom r = new SplittableRandom(seed);
                    byte[] key = new byte[16];
                    byte[][] rows = new byte[64][];
                    for (int k = 0; k < rows.length; k++) {
                        rows[k] = new byte[40 + r.nextInt(660)];
                        r.nextBytes(rows[k]);
                    }
                    long n = 0;
                    long stamp = 0;
                    long cpu0 = mx.getCurrentThreadCpuTime();
                    long start = System.nanoTime();
                    long appended = 0;
                    double nanosPerByte = rate > 0 ? workers * 1e3 / rate : 0;
                    while (!stop.get()) {
                        long epoch = epochs.enter(slot);
                        stamp++;
                        for (int k = 0; k < 25; k++) {
                            key[0] = (byte) k;
                            b.append(table, key, rows[(int) ((stamp * 31 + k) & 63)], epoch, stamp);
                        }
                        epochs.exit(slot);
                        if (mode.equals("sync")) {
                            b.awaitDurable(epoch);
                        }
                        n++;
                        if (nanosPerByte > 0) {
                            appended += 25 * (32 + 16 + 370);
                            if ((n & 63) == 0) {
                                long ahead = start + (long) (appended * nanosPerByte) - System.nanoTime();
                                if (ahead > 0) {
                                    java.util.concurrent.locks.LockSupport.parkNanos(ahead);
                                }
                            }
                        }
                    }
                    workerCpu.addAndGet(mx.getCurrentThreadCpuTime() - cpu0);
                    commits.addAndGet(n);
                    epochs.unregister(slot);
                    b.close();
                }, "bench-worker-" + i);
            }
            long loggerId = -1;
            for (Thread t : Thread.getAllStackTraces().keySet()) {
                if (t.getName().startsWith("tern-logger-")) {
                    loggerId = t.getId();
                }
            }
            long logger0 = mx.getThreadCpuTime(loggerId);
            long bytes0 = log.bytesWritten();
            long syncs0 = log.syncs();
            long t0 = System.nanoTime();
            for (Thread t : threads) {
                t.start();
            }
            Thread.sleep(seconds * 1000L);
            stop.set(true);
            for (Thread t : threads) {
                t.join();
            }
            double wall = (System.nanoTime() - t0) / 1e9;
            long logger = mx.getThreadCpuTime(loggerId) - logger0;
            double mb = (log.bytesWritten() - bytes0) / 1e6;
            long syncs = log.syncs() - syncs0;
            System.out.printf("log pipeline %s workers=%d flush=%sms: %.0f commits/s, %.1f MB/s written, %d fsyncs; "
                            + "CPU ms per MB: workers %.2f, logger %.2f; "
                            + "CPU us per commit: workers %.2f, logger %.2f%n",
                    mode, workers, flush, commits.get() / wall, mb / wall, syncs, workerCpu.get() / 1e6 / mb,
                    logger / 1e6 / mb, workerCpu.get() / 1e3 / commits.get(), logger / 1e3 / commits.get());
            log.close(10_000);
            epochs.close();
            try (var files = Files.list(logDir)) {
                for (Path p : (Iterable<Path>) files::iterator) {
                    Files.delete(p);
                }
            }
            Files.delete(logDir);
        }
    }
}
