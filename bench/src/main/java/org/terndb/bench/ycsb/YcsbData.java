package org.terndb.bench.ycsb;

import java.util.concurrent.atomic.AtomicReference;

/**
 * USERTABLE's contents, built once per invocation and shared by every run: the key of record {@code i} is
 * {@code i} as 8 bytes big-endian, and its initial row is {@code payload} bytes of its own (so the loaded
 * table has CCBench's memory footprint). Keys and rows are never modified after they are built, so the same
 * arrays are handed to every protocol's load, to its transactions as probe keys, and to the baseline.
 */
final class YcsbData {
    static final String TABLE = "USERTABLE";
    static final int KEY_BYTES = 8;

    final byte[][] keys;
    final byte[][] rows;

    private YcsbData(byte[][] keys, byte[][] rows) {
        this.keys = keys;
        this.rows = rows;
    }

    static YcsbData build(int records, int payload) {
        byte[][] keys = new byte[records][];
        byte[][] rows = new byte[records][];
        parallel(records, (from, to) -> {
            for (int i = from; i < to; i++) {
                keys[i] = key(i);
                byte[] row = new byte[payload];
                for (int b = 0; b < payload; b++) {
                    row[b] = (byte) (i + b);
                }
                rows[i] = row;
            }
        });
        return new YcsbData(keys, rows);
    }

    static byte[] key(long id) {
        byte[] key = new byte[KEY_BYTES];
        for (int b = KEY_BYTES - 1; b >= 0; b--) {
            key[b] = (byte) id;
            id >>>= 8;
        }
        return key;
    }

    int records() {
        return keys.length;
    }

    interface Chunk {
        void run(int from, int to) throws Exception;
    }

    /**
     * Runs {@code body} over {@code [0, n)} split into one contiguous chunk per processor (contiguous, so that
     * loaders insert into different parts of the tree rather than fighting over the same border nodes).
     */
    static void parallel(int n, Chunk body) {
        int threads = Math.max(1, Math.min(Runtime.getRuntime().availableProcessors(), n / 1024 + 1));
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread[] workers = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            int from = (int) ((long) n * t / threads);
            int to = (int) ((long) n * (t + 1) / threads);
            workers[t] = new Thread(() -> {
                try {
                    body.run(from, to);
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }, "ycsb-load-" + t);
            workers[t].start();
        }
        for (Thread w : workers) {
            try {
                w.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while loading", e);
            }
        }
        rethrow(failure.get());
    }

    static void rethrow(Throwable failure) {
        if (failure instanceof RuntimeException e) {
            throw e;
        }
        if (failure instanceof Error e) {
            throw e;
        }
        if (failure != null) {
            throw new IllegalStateException(failure.toString(), failure);
        }
    }
}
