package org.terndb.txn.common.mvcc;

import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.LongSupplier;

/**
 * The GC watermark of a multi-version protocol, refreshed RapidGC-style (Cicada §3.6, CCBench Table 1): each
 * worker announces the timestamp its running transaction reads at in its own padded slot; at most once every
 * {@code gc_interval_us} microseconds one worker (whichever finds the interval elapsed) scans the slots and
 * publishes their minimum. No running transaction reads below {@link #safe()}, so every version older than the
 * newest committed version at or below it is unreachable by readers and may be collected.
 *
 * <p>Contract for a protocol's begin: announce a lower bound of the timestamp first (a volatile store), then
 * choose the timestamp, which must be at least any value of {@code now} read before that announcement became
 * visible. With a central counter that is {@link #enter}: announce {@code now()}, then read {@code now()} again.
 * The proof: a scan reads {@code now} first, then the slots. If it sees the announcement, the watermark is at
 * most the announced bound; if not, the announcement (and the second read) came after the scan's read of
 * {@code now}, so the transaction's timestamp is at least the scan's {@code now}, which bounds the watermark.
 * A protocol with its own clocks (MVTO) calls {@link #announce} with a bound that satisfies the same rule.
 *
 * <p>{@code aggressive_gc} (CCBench §7, AggressiveGC): {@link #trimHorizon()} is {@code now} as of the previous
 * scan, never below {@link #safe()}; versions superseded before it are collected even if a long-running reader
 * still needs them, and that reader aborts when it misses its version ({@link Version#TRUNCATED}). Transactions
 * younger than one GC interval are never affected.
 */
public final class Watermark {
    /** Announced by a worker with no running transaction. */
    public static final long IDLE = Long.MAX_VALUE;

    private static final int STRIDE = 8; // 64 bytes between slots: announcements do not false-share
    private static final int SAFE = STRIDE;
    private static final int TRIM = STRIDE + 1;
    private static final int LAST_SCAN = 3 * STRIDE; // CAS'd by scanners: its own line, away from SAFE/TRIM
    private static final int LAST_NOW = 3 * STRIDE + 1;

    private final AtomicLongArray slots;
    private final AtomicLongArray published = new AtomicLongArray(5 * STRIDE);
    private final LongSupplier now;
    private final long intervalNanos;
    private final boolean aggressive;
    private final int capacity;
    private volatile int limit; // one past the highest slot ever registered: scans stop there

    public Watermark(int capacity, LongSupplier now, long intervalMicros, boolean aggressive) {
        this.capacity = capacity;
        this.slots = new AtomicLongArray((capacity + 1) * STRIDE);
        for (int i = 0; i < capacity; i++) {
            slots.set((i + 1) * STRIDE, IDLE);
        }
        this.now = now;
        this.intervalNanos = intervalMicros * 1_000L;
        this.aggressive = aggressive;
        published.set(LAST_SCAN, System.nanoTime() - intervalNanos);
    }

    /** Makes a worker slot part of the scans (slots are the workers' epoch slots). */
    public synchronized void register(int slot) {
        if (slot < 0 || slot >= capacity) {
            throw new IllegalStateException("worker slot " + slot + " outside the watermark's " + capacity + " slots");
        }
        slots.set((slot + 1) * STRIDE, IDLE);
        if (slot >= limit) {
            limit = slot + 1;
        }
    }

    /**
     * Starts a snapshot with the central clock: announces {@code now()} (volatile store), then returns
     * {@code now()} read again, the snapshot timestamp. See the class comment for why two reads.
     */
    public long enter(int slot) {
        slots.set((slot + 1) * STRIDE, now.getAsLong());
        return now.getAsLong();
    }

    /** Announces a lower bound of the slot's transaction timestamp (volatile store); see the class contract. */
    public void announce(int slot, long lowerBound) {
        slots.set((slot + 1) * STRIDE, lowerBound);
    }

    /** The slot's transaction ended (release: its reads happen before a scan that sees it idle). */
    public void exit(int slot) {
        slots.setRelease((slot + 1) * STRIDE, IDLE);
    }

    /** No running transaction reads below this timestamp. Never decreases. */
    public long safe() {
        return published.getAcquire(SAFE);
    }

    /** Versions superseded at or before this timestamp are collected: {@link #safe()}, or more if aggressive. */
    public long trimHorizon() {
        return aggressive ? published.getAcquire(TRIM) : published.getAcquire(SAFE);
    }

    public boolean aggressive() {
        return aggressive;
    }

    /** Scans the slots if {@code gc_interval_us} passed since the last scan; returns whether this call did. */
    public boolean refresh() {
        long last = published.getAcquire(LAST_SCAN);
        long t = System.nanoTime();
        if (t - last < intervalNanos || !published.compareAndSet(LAST_SCAN, last, t)) {
            return false; // not due, or another worker claimed this interval's scan
        }
        scan();
        return true;
    }

    /** Scans now (tests, and callers that must not wait for the interval). */
    public void scan() {
        long c = now.getAsLong(); // before the slots: see the class comment
        long min = c;
        for (int i = 0, n = limit; i < n; i++) {
            min = Math.min(min, slots.get((i + 1) * STRIDE)); // volatile: pairs with enter's volatile store
        }
        raise(SAFE, min);
        if (aggressive) {
            long previousNow = published.getAndSet(LAST_NOW, c);
            raise(TRIM, Math.max(safe(), previousNow));
        }
    }

    /**
     * A lower bound of the timestamp of every transaction that runs now or begins later, except the one of slot
     * {@code except}: {@code now} first, then the other slots, as {@link #scan} reads them (same argument).
     * Publishes nothing.
     */
    public long lowerBoundExcept(int except) {
        long min = now.getAsLong();
        for (int i = 0, n = limit; i < n; i++) {
            if (i != except) {
                min = Math.min(min, slots.get((i + 1) * STRIDE)); // volatile: pairs with announce's volatile store
            }
        }
        return min;
    }

    /** Publishes max(current, value) (CAS loop: two scans may overlap). */
    private void raise(int cell, long value) {
        while (true) {
            long cur = published.get(cell);
            if (value <= cur || published.compareAndSet(cell, cur, value)) {
                return;
            }
        }
    }
}
