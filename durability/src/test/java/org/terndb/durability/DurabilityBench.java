package org.terndb.durability;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.Worker;

/**
 * Not a test: measurements for the durability report (run by hand with the test class path). Arguments: folder,
 * threads, seconds per phase, row bytes. Prints one line per measurement.
 */
public final class DurabilityBench {
    private DurabilityBench() {
    }

    public static void main(String[] args) throws Exception {
        Path root = Path.of(args[0]);
        int threads = Integer.parseInt(args[1]);
        int seconds = Integer.parseInt(args[2]);
        int rowBytes = Integer.parseInt(args[3]);
        String protocol = args.length > 4 ? args[4] : "silo";
        double none = 0;
        for (String mode : new String[] {"none", "async", "sync"}) {
            Path dir = root.resolve("insert-" + mode);
            delete(dir);
            try (KernelDb db = KernelDb.open(dir, protocol, Map.of("durability", mode, "checkpoint_interval_s", "0"))) {
                Table t = db.createIfAbsent("T");
                long n = insert(db, t, threads, seconds, rowBytes, 0);
                double tps = n / (double) seconds;
                if (mode.equals("none")) {
                    none = tps;
                }
                System.out.printf("insert %-5s %s threads=%d row=%dB: %.0f tx/s (%.0f%% of none), log %.1f MB/s%n",
                        mode, protocol, threads, rowBytes, tps, 100 * tps / none,
                        db.durability.logBytesWritten() / 1e6 / seconds);
                if (mode.equals("sync")) {
                    long t0 = System.nanoTime();
                    CheckpointReport c = db.durability.checkpoint();
                    double s = (System.nanoTime() - t0) / 1e9;
                    System.out.printf("checkpoint: %d rows, %.1f MB in %.2f s = %.0f rows/s, %.1f MB/s "
                                    + "(insert rate %.0f rows/s)%n", c.entries(), c.bytes() / 1e6, s, c.entries() / s,
                            c.bytes() / 1e6 / s, tps);
                    // Checkpoint while writers run: the same number of rows, written meanwhile.
                    AtomicLong during = new AtomicLong();
                    Thread writer = new Thread(() -> during.set(insert(db, t, threads, seconds, rowBytes, 1L << 40)));
                    writer.start();
                    Thread.sleep(200);
                    long t1 = System.nanoTime();
                    CheckpointReport c2 = db.durability.checkpoint();
                    double s2 = (System.nanoTime() - t1) / 1e9;
                    writer.join();
                    System.out.printf("checkpoint under load: %d rows in %.2f s = %.0f rows/s while %.0f tx/s ran%n",
                            c2.entries(), s2, c2.entries() / s2, during.get() / (double) seconds);
                }
            }
            if (mode.equals("async")) {
                long bytes = dirBytes(dir);
                long t0 = System.nanoTime();
                try (KernelDb db = KernelDb.open(dir, protocol, Map.of("durability", "none"))) {
                    double s = (System.nanoTime() - t0) / 1e9;
                    RecoveryReport r = db.recovery;
                    System.out.printf("recovery (log only): %d records, %.1f MB of log in %.2f s (open %.2f s) = "
                                    + "%.0f records/s, %.1f MB/s%n", r.logRecords(), r.logBytes() / 1e6, r.millis() / 1e3,
                            s, r.logRecords() / (r.millis() / 1e3), r.logBytes() / 1e6 / (r.millis() / 1e3));
                }
                System.out.printf("  (folder %.1f MB)%n", bytes / 1e6);
            }
        }
    }

    private static long insert(KernelDb db, Table t, int threads, int seconds, int rowBytes, long keyBase) {
        AtomicLong total = new AtomicLong();
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        Thread[] ts = new Thread[threads];
        for (int i = 0; i < threads; i++) {
            long base = keyBase + ((long) i << 32);
            ts[i] = new Thread(() -> {
                byte[] row = new byte[rowBytes];
                long n = 0;
                try (Worker w = db.cc.newWorker()) {
                    while (System.nanoTime() < end) {
                        Transaction x = w.begin();
                        try {
                            x.insert(t, ByteBuffer.allocate(8).putLong(base + n).array(), row);
                            x.commit();
                            n++;
                        } catch (TransactionAbortedException e) {
                            w.backoff();
                        }
                    }
                }
                total.addAndGet(n);
            });
            ts[i].start();
        }
        for (Thread th : ts) {
            try {
                th.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return total.get();
    }

    private static long dirBytes(Path dir) throws Exception {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
    }

    private static void delete(Path dir) throws Exception {
        if (Files.exists(dir)) {
            try (Stream<Path> s = Files.walk(dir)) {
                for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }
}
