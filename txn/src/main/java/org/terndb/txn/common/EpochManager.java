package org.terndb.txn.common;

import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.LongConsumer;

/**
 * The global epoch (Silo §4.2): advanced on a timer, announced by each worker when it starts a transaction.
 * The epoch only advances when every worker inside a transaction has announced the current one, so a TID
 * drawn in epoch e is never ordered after one drawn in e + 1 (CCBench's Silo does the same check). It serves
 * TID generation, garbage collection of unlinked records and, later, group commit.
 */
public final class EpochManager implements AutoCloseable {
    /** Announced by a worker that is not inside a transaction: it holds nothing back. */
    public static final long QUIESCENT = 0;

    // Each announced slot and the global epoch sit 64 bytes apart so that workers do not false-share.
    private static final int STRIDE = 8;
    private static final int GLOBAL = 0;

    private final int capacity;
    private final AtomicLongArray cells;
    private final boolean[] used;
    private final CopyOnWriteArrayList<LongConsumer> listeners = new CopyOnWriteArrayList<>();
    private final Thread ticker;
    private volatile boolean closed;

    public EpochManager(int epochMillis) {
        this(epochMillis, 512);
    }

    public EpochManager(int epochMillis, int capacity) {
        this.capacity = capacity;
        this.cells = new AtomicLongArray((capacity + 1) * STRIDE);
        this.used = new boolean[capacity];
        cells.set(GLOBAL, 1);
        long periodNanos = epochMillis * 1_000_000L;
        ticker = new Thread(() -> run(periodNanos), "tern-epoch");
        ticker.setDaemon(true);
        ticker.start();
    }

    private void run(long periodNanos) {
        while (!closed) {
            java.util.concurrent.locks.LockSupport.parkNanos(periodNanos);
            tryAdvance();
        }
    }

    /** Advances the epoch if every active worker has caught up; returns whether it did. */
    public boolean tryAdvance() {
        long e = current();
        for (int i = 0; i < capacity; i++) {
            long a = cells.getAcquire((i + 1) * STRIDE);
            if (a != QUIESCENT && a < e) {
                return false;
            }
        }
        // CAS: the epoch thread and a committer's logger (group commit) may both advance; never move it back.
        if (!cells.compareAndSet(GLOBAL, e, e + 1)) {
            return false;
        }
        for (LongConsumer l : listeners) {
            l.accept(e + 1);
        }
        return true;
    }

    /** The global epoch. */
    public long current() {
        return cells.getAcquire(GLOBAL);
    }

    /** Claims a slot for a new worker. */
    public synchronized int register() {
        for (int i = 0; i < capacity; i++) {
            if (!used[i]) {
                used[i] = true;
                cells.setRelease((i + 1) * STRIDE, QUIESCENT);
                return i;
            }
        }
        throw new IllegalStateException("too many workers: at most " + capacity + " may be open at once");
    }

    public synchronized void unregister(int slot) {
        cells.setRelease((slot + 1) * STRIDE, QUIESCENT);
        used[slot] = false;
    }

    /**
     * Announces that the worker starts a transaction in the current epoch, and returns that epoch. The volatile
     * store orders the announcement before the transaction's reads, as the epoch check in {@link #tryAdvance}
     * needs.
     */
    public long enter(int slot) {
        long e = current();
        cells.set((slot + 1) * STRIDE, e);
        return e;
    }

    /** Announces that the worker left its transaction. */
    public void exit(int slot) {
        cells.setRelease((slot + 1) * STRIDE, QUIESCENT);
    }

    /**
     * The oldest epoch a running transaction may still be in: anything unlinked in an older epoch is no longer
     * reachable by a transaction (GC safe point). Equals the current epoch when no transaction runs.
     */
    public long safeEpoch() {
        long min = current();
        for (int i = 0; i < capacity; i++) {
            long a = cells.getAcquire((i + 1) * STRIDE);
            if (a != QUIESCENT && a < min) {
                min = a;
            }
        }
        return min;
    }

    /** Whether some worker is inside a transaction now (a racy snapshot: for heuristics such as group commit). */
    public boolean anyInside() {
        for (int i = 0; i < capacity; i++) {
            if (cells.getAcquire((i + 1) * STRIDE) != QUIESCENT) {
                return true;
            }
        }
        return false;
    }

    /** Called after each advance (on the epoch thread, or a logger's), with the new epoch (must be quick). */
    public void onAdvance(LongConsumer listener) {
        listeners.add(listener);
    }

    @Override
    public void close() {
        closed = true;
        java.util.concurrent.locks.LockSupport.unpark(ticker);
    }
}
