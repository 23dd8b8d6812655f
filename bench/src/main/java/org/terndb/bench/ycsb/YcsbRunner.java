package org.terndb.bench.ycsb;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;
import org.terndb.cli.CommandFailedException;
import org.terndb.storage.masstree.Masstree;
import org.terndb.txn.AbortReason;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.Protocols;
import org.terndb.txn.Table;
import org.terndb.txn.Worker;
import org.terndb.txn.common.mvcc.VersionGauge;

/**
 * Runs one system under the YCSB workload: loads USERTABLE (untimed, in parallel), starts one client thread
 * per {@code --threads}, lets them warm up, counts a timed window and stops them. Throughput is the committed
 * transactions of the window divided by its wall-clock length. Once per second of the window the driver samples
 * the commits so far and, for a multi-version protocol, the versions alive ({@link VersionGauge}).
 */
final class YcsbRunner {
    /** Latencies above an hour are recorded as an hour (the histogram's range). */
    static final long HIGHEST_LATENCY_NANOS = TimeUnit.HOURS.toNanos(1);
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    private static final long SAMPLE_NANOS = TimeUnit.SECONDS.toNanos(1);
    private static final long STOP_GRACE_NANOS = TimeUnit.SECONDS.toNanos(30);

    private final YcsbSettings settings;
    private final YcsbData data;
    private final ZipfGenerator zipf;
    private final PrintStream err;

    YcsbRunner(YcsbSettings settings, YcsbData data, ZipfGenerator zipf, PrintStream err) {
        this.settings = settings;
        this.data = data;
        this.zipf = zipf;
        this.err = err;
    }

    /** A client thread's work once its client exists; it must call {@code ready.countDown()} before looping. */
    private interface ClientBody {
        void run(YcsbClient client, CountDownLatch ready);
    }

    /** The workload through a protocol's transactions. */
    YcsbResult runProtocol(String protocol) {
        try (ConcurrencyControl cc = Protocols.create(protocol, settings.txnOptions())) {
            Table table = cc.createTable(YcsbData.TABLE);
            long start = System.nanoTime();
            YcsbData.parallel(data.records(), (from, to) -> {
                for (int i = from; i < to; i++) {
                    if (!cc.load(table, data.keys[i], data.rows[i])) {
                        throw new CommandFailedException(protocol + ": loading record " + i
                                + " found the key already present");
                    }
                }
            });
            checkLoaded(protocol, table.primary().tree().size(), start);
            return measure(cc.name(), cc instanceof VersionGauge g ? g : null, (client, ready) -> {
                // The worker binds to this thread at its first begin(); close() also aborts a transaction that a
                // failure left open.
                try (Worker worker = cc.newWorker()) {
                    ready.countDown();
                    client.runProtocol(worker, table, protocol);
                }
            });
        }
    }

    /** The same operation stream on a bare Masstree: reads are gets, writes put a pre-built row. */
    YcsbResult runBaseline() {
        Masstree<byte[]> tree = new Masstree<>();
        long start = System.nanoTime();
        YcsbData.parallel(data.records(), (from, to) -> {
            for (int i = from; i < to; i++) {
                if (tree.putIfAbsent(data.keys[i], data.rows[i]) != null) {
                    throw new CommandFailedException(YcsbSettings.BASELINE + ": loading record " + i
                            + " found the key already present");
                }
            }
        });
        checkLoaded(YcsbSettings.BASELINE, tree.size(), start);
        return measure(YcsbSettings.BASELINE, null, (client, ready) -> {
            ready.countDown();
            client.runBaseline(tree);
        });
    }

    private void checkLoaded(String system, long size, long startNanos) {
        if (size != data.records()) {
            throw new CommandFailedException(String.format(Locale.ROOT, "%s: USERTABLE holds %,d keys after loading,"
                    + " expected %,d", system, size, data.records()));
        }
        err.printf(Locale.ROOT, "%s: loaded %,d records in %.2f s; running %s s warm-up + %s s timed%n", system,
                size, (System.nanoTime() - startNanos) / 1e9, settings.warmup(), settings.seconds());
    }

    private YcsbResult measure(String system, VersionGauge gauge, ClientBody body) {
        System.gc();   // every run starts from a collected heap, not with the previous run's garbage
        int threads = settings.threads();
        RunPhase phase = new RunPhase();
        CountDownLatch ready = new CountDownLatch(threads);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        YcsbClient[] clients = new YcsbClient[threads];
        Thread[] workers = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            // The same seed for thread t in every run: each system gets the same operation stream.
            YcsbClient client = new YcsbClient(t, settings, data, zipf, streamSeed(settings.seed(), t), phase);
            clients[t] = client;
            workers[t] = new Thread(() -> {
                try {
                    body.run(client, ready);
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                    phase.set(RunPhase.STOP);
                } finally {
                    // A thread that failed before counting must not leave the driver waiting; a second count
                    // happens only when the run is already stopping.
                    ready.countDown();
                }
            }, "ycsb-" + system + "-" + t);
            workers[t].setDaemon(true);   // a thread stuck in the system under test must not keep the JVM alive
        }
        for (Thread w : workers) {
            w.start();
        }
        awaitReady(ready);
        sleepUnlessFailed(settings.warmup(), failure);
        phase.set(RunPhase.MEASURE);
        long measureStart = System.nanoTime();
        YcsbResult.Series series = sampleUnlessFailed(measureStart, settings.seconds(), failure, clients, gauge);
        phase.set(RunPhase.STOP);
        double elapsed = (System.nanoTime() - measureStart) / 1e9;
        joinOrFail(system, workers);
        YcsbData.rethrow(failure.get());
        return collect(system, clients, elapsed, series);
    }

    /**
     * Waits out the timed window (returning early when a client thread failed), sampling once per full second
     * the commits of that second and the versions alive, plus the versions alive at the window's end.
     */
    private static YcsbResult.Series sampleUnlessFailed(long start, double seconds,
                                                        AtomicReference<Throwable> failure, YcsbClient[] clients,
                                                        VersionGauge gauge) {
        List<Long> perSecond = new ArrayList<>();
        List<Long> alive = gauge == null ? null : new ArrayList<>();
        long end = start + (long) (seconds * 1e9);
        long nextSample = start + SAMPLE_NANOS;
        long commitsBefore = 0;
        long now;
        while (failure.get() == null && (now = System.nanoTime()) < end) {
            if (now >= nextSample) {
                long commits = 0;
                for (YcsbClient c : clients) {
                    commits += c.commitsSoFar();
                }
                perSecond.add(commits - commitsBefore);
                commitsBefore = commits;
                if (gauge != null) {
                    alive.add(gauge.versionsAlive());
                }
                nextSample += SAMPLE_NANOS;
                continue;
            }
            LockSupport.parkNanos(Math.min(Math.min(end, nextSample) - now, POLL_NANOS));
        }
        long aliveAtEnd = gauge == null ? 0 : gauge.versionsAlive();
        return new YcsbResult.Series(perSecond, alive, aliveAtEnd);
    }

    /**
     * Waits for the clients to finish their last transaction. A client still running long after the stop is
     * stuck inside the system under test (a lost wake-up, a lock never released): fail the run instead of hanging.
     */
    private void joinOrFail(String system, Thread[] workers) {
        long deadline = System.nanoTime() + STOP_GRACE_NANOS + settings.longTxnDelayMicros() * 1_000L;
        for (Thread w : workers) {
            try {
                w.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for the YCSB threads", e);
            }
            if (w.isAlive()) {
                StackTraceElement[] stack = w.getStackTrace();
                throw new CommandFailedException(String.format(Locale.ROOT, "%s: thread %s did not stop within %d s"
                                + " of the end of the run; it is at %s", system, w.getName(),
                        TimeUnit.NANOSECONDS.toSeconds(STOP_GRACE_NANOS), stack.length == 0 ? "?" : stack[0]));
            }
        }
    }

    static long streamSeed(long seed, int thread) {
        // SplitMix64's finaliser spreads consecutive thread indexes over unrelated seeds.
        long z = seed + (thread + 1) * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    private static void awaitReady(CountDownLatch ready) {
        try {
            ready.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting the YCSB threads", e);
        }
    }

    /** Waits {@code seconds}, returning early when a client thread failed. */
    private static void sleepUnlessFailed(double seconds, AtomicReference<Throwable> failure) {
        long end = System.nanoTime() + (long) (seconds * 1e9);
        long left;
        while (failure.get() == null && (left = end - System.nanoTime()) > 0) {
            LockSupport.parkNanos(Math.min(left, POLL_NANOS));
        }
    }

    private YcsbResult collect(String system, YcsbClient[] clients, double elapsed, YcsbResult.Series series) {
        Histogram latency = new Histogram(HIGHEST_LATENCY_NANOS, 3);
        long commits = 0;
        long omitted = 0;
        long installed = 0;
        long[] aborts = new long[AbortReason.all().length];
        long checksum = 0;
        for (YcsbClient c : clients) {
            latency.add(c.latencyNanos);
            commits += c.commits;
            omitted += c.omittedWrites;
            installed += c.installedWrites;
            for (int r = 0; r < aborts.length; r++) {
                aborts[r] += c.abortsByReason[r];
            }
            checksum += c.readChecksum();
        }
        YcsbResult.LongTxn longTxn = null;
        if (settings.longTxnDelayMicros() > 0) {
            long longAborts = 0;
            for (long a : clients[0].abortsByReason) {
                longAborts += a;
            }
            longTxn = new YcsbResult.LongTxn(clients[0].commits, longAborts, (commits - clients[0].commits) / elapsed);
        }
        if (checksum == Long.MIN_VALUE) {
            err.println();   // never true in practice; keeps the read copies live
        }
        return new YcsbResult(system, settings.threads(), elapsed, commits, aborts, latency, omitted, installed,
                longTxn, series);
    }
}
