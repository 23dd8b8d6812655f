package org.terndb.bench.index;

import java.util.IdentityHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CyclicBarrier;
import org.terndb.cli.CommandFailedException;

/**
 * Loads indexes with the keys {@code [0, n)} of a {@link KeySpace} and times operations on them with a
 * fixed number of threads. Each timed round starts its threads together behind a barrier; every
 * thread counts its operations and its own elapsed time, and a round's throughput is the sum of the
 * threads' rates. Rounds also check the results (a get of a loaded key must hit, an insert of a fresh
 * key must insert, a scan from a loaded key must see it), so a wrong index fails instead of looking fast.
 */
final class IndexWorkload {
    enum Operation {
        GET("get", "get"), INSERT("insert", "insert"), SCAN("scan-100", "scan");

        final String label;
        final String jsonName;

        Operation(String label, String jsonName) {
            this.label = label;
            this.jsonName = jsonName;
        }
    }

    static final int SCAN_LENGTH = 100;
    // Operations between two clock reads: keeps System.nanoTime() (~20 ns) out of the measurement.
    private static final int BATCH = 64;

    private final KeySpace keys;
    private final int loaded;
    private final int threads;
    private final long seed;
    // Per index, per thread: how many fresh keys that thread has inserted so far.
    private final Map<IndexUnderTest, long[]> freshUsed = new IdentityHashMap<>();
    private long roundNumber;

    IndexWorkload(KeySpace keys, int loaded, int threads, long seed) {
        this.keys = keys;
        this.loaded = loaded;
        this.threads = threads;
        this.seed = seed;
    }

    /** Inserts keys {@code [0, n)} with all threads and checks the size; returns the seconds taken. */
    double load(IndexUnderTest index) {
        long start = System.nanoTime();
        long[] duplicates = new long[threads];
        runThreads("load-" + index.name(), t -> {
            for (long i = t; i < loaded; i += threads) {
                byte[] key = keys.key(i);
                if (index.putIfAbsent(key, key) != null) {
                    duplicates[t]++;
                }
            }
        });
        double seconds = (System.nanoTime() - start) / 1e9;
        long dup = sum(duplicates);
        if (dup != 0) {
            throw new CommandFailedException(index.displayName() + " reported " + dup
                    + " of " + loaded + " distinct keys as already present while loading");
        }
        checkSize(index, "after loading");
        return seconds;
    }

    /**
     * Warms both indexes up, then times them in the order a, b, b, a so that neither profits from
     * running later (JIT, heap state); returns {@code {opsPerSecondA, opsPerSecondB}}.
     */
    double[] compare(Operation op, IndexUnderTest a, IndexUnderTest b, double seconds) {
        double half = seconds / 2;
        round(op, a, half);
        round(op, b, half);
        double[] rates = new double[2];
        IndexUnderTest[] order = {a, b, b, a};
        for (IndexUnderTest index : order) {
            rates[index == a ? 0 : 1] += round(op, index, half) / 2;
        }
        return rates;
    }

    /** One timed round; returns operations per second over all threads. */
    private double round(Operation op, IndexUnderTest index, double seconds) {
        System.gc();   // start every round with the same, collected heap
        long duration = Math.max(1, (long) (seconds * 1e9));
        long roundId = ++roundNumber;
        long[] ops = new long[threads];
        long[] nanos = new long[threads];
        long[] anomalies = new long[threads];
        long[] fresh = freshUsed.computeIfAbsent(index, x -> new long[threads]);
        long[] freshBefore = fresh.clone();
        CyclicBarrier startLine = new CyclicBarrier(threads);
        runThreads(op.label + "-" + index.name(), t -> {
            SplittableRandom random = new SplittableRandom(KeySpace.mix(seed ^ (roundId << 16) ^ t));
            startLine.await();
            long start = System.nanoTime();
            long end = start + duration;
            long[] result = switch (op) {
                case GET -> gets(index, random, end);
                case SCAN -> scans(index, random, end);
                case INSERT -> inserts(index, t, fresh[t], end);
            };
            nanos[t] = System.nanoTime() - start;
            ops[t] = result[0];
            anomalies[t] = result[1];
            if (op == Operation.INSERT) {
                fresh[t] += result[0];
            }
        });
        long bad = sum(anomalies);
        if (bad != 0) {
            throw new CommandFailedException(String.format(Locale.ROOT, "%s: %,d of %,d %s operations gave a wrong result (%s)",
                    index.displayName(), bad, sum(ops), op.label, switch (op) {
                        case GET -> "a loaded key was not found";
                        case SCAN -> "a scan from a loaded key found nothing";
                        case INSERT -> "a fresh key was reported as present";
                    }));
        }
        if (op == Operation.INSERT) {
            removeFresh(index, freshBefore, fresh);
        }
        double rate = 0;
        for (int t = 0; t < threads; t++) {
            rate += ops[t] * 1e9 / nanos[t];
        }
        return rate;
    }

    /** Gets of random loaded keys; returns {ops, misses}. The probe buffer is reused, as a caller encoding keys would. */
    private long[] gets(IndexUnderTest index, SplittableRandom random, long end) {
        byte[] probe = new byte[keys.keyBytes()];
        long ops = 0;
        long misses = 0;
        do {
            for (int i = 0; i < BATCH; i++) {
                keys.write(random.nextInt(loaded), probe);
                if (index.get(probe) == null) {
                    misses++;
                }
            }
            ops += BATCH;
        } while (System.nanoTime() < end);
        return new long[] {ops, misses};
    }

    /** Forward scans of {@link #SCAN_LENGTH} entries from random loaded keys; returns {ops, empty scans}. */
    private long[] scans(IndexUnderTest index, SplittableRandom random, long end) {
        byte[] from = new byte[keys.keyBytes()];
        long ops = 0;
        long empty = 0;
        do {
            for (int i = 0; i < BATCH; i++) {
                keys.write(random.nextInt(loaded), from);
                if (index.scanForward(from, SCAN_LENGTH) == 0) {
                    empty++;
                }
            }
            ops += BATCH;
        } while (System.nanoTime() < end);
        return new long[] {ops, empty};
    }

    /**
     * Inserts fresh keys: thread t owns key indices {@code n + t + j * threads}, continuing where its
     * previous round stopped, so no key is ever inserted twice. Returns {ops, keys found present}.
     */
    private long[] inserts(IndexUnderTest index, int t, long firstJ, long end) {
        long next = freshIndex(t, firstJ);
        long ops = 0;
        long present = 0;
        do {
            for (int i = 0; i < BATCH; i++) {
                byte[] key = keys.key(next);   // a new array: the index keeps it
                next += threads;
                if (index.putIfAbsent(key, key) != null) {
                    present++;
                }
            }
            ops += BATCH;
        } while (System.nanoTime() < end);
        return new long[] {ops, present};
    }

    /** Takes the keys a round inserted out again (untimed), so every insert round starts from n keys. */
    private void removeFresh(IndexUnderTest index, long[] from, long[] to) {
        long[] missing = new long[threads];
        runThreads("remove-" + index.name(), t -> {
            byte[] key = new byte[keys.keyBytes()];
            for (long j = from[t]; j < to[t]; j++) {
                keys.write(freshIndex(t, j), key);
                if (index.remove(key) == null) {
                    missing[t]++;
                }
            }
        });
        if (sum(missing) != 0) {
            throw new CommandFailedException(String.format(Locale.ROOT,
                    "%s: %,d keys inserted by the insert round were not found when removing them",
                    index.displayName(), sum(missing)));
        }
        checkSize(index, "after removing the inserted keys");
    }

    private long freshIndex(int t, long j) {
        return loaded + t + j * threads;
    }

    private void checkSize(IndexUnderTest index, String when) {
        long size = index.size();
        if (size != loaded) {
            throw new CommandFailedException(String.format(Locale.ROOT, "%s holds %,d keys %s, expected %,d",
                    index.displayName(), size, when, loaded));
        }
    }

    private interface ThreadBody {
        void run(int thread) throws Exception;
    }

    /** Runs {@code body} on {@link #threads} new threads and waits; a thread's failure fails the run. */
    private void runThreads(String name, ThreadBody body) {
        Throwable[] failures = new Throwable[threads];
        Thread[] workers = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            int thread = t;
            workers[t] = new Thread(() -> {
                try {
                    body.run(thread);
                } catch (Throwable e) {
                    failures[thread] = e;
                }
            }, "bench-" + name + "-" + t);
        }
        for (Thread worker : workers) {
            worker.start();
        }
        for (Thread worker : workers) {
            try {
                worker.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for benchmark threads", e);
            }
        }
        for (Throwable failure : failures) {
            if (failure instanceof RuntimeException e) {
                throw e;
            }
            if (failure != null) {
                throw new IllegalStateException("benchmark thread failed: " + failure, failure);
            }
        }
    }

    private static long sum(long[] values) {
        long total = 0;
        for (long v : values) {
            total += v;
        }
        return total;
    }
}
