package org.terndb.txn.ermia;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * ERMIA's transaction table (CCBench §3.3: a one-dimensional array updated without latches): per worker slot,
 * the state and commit stamp of its transaction in one word ({@code cstamp:62 | state:2}), and its final π.
 * Rows are 64 bytes apart. A transaction is {@link #IDLE} while it runs its read phase and after it finished
 * (nobody waits for it then), {@link #COMMITTING} from before it marks the versions it overwrites until it
 * decides (cstamp 0 until drawn), then {@link #COMMITTED} or {@link #ABORTED} until its post-commit or rollback
 * finished.
 */
final class TransactionTable {
    static final int IDLE = 0;
    static final int COMMITTING = 1;
    static final int COMMITTED = 2;
    static final int ABORTED = 3;

    private static final int STRIDE = 8;

    private final int capacity;
    private final AtomicLongArray cells;
    private volatile int limit;

    TransactionTable(int capacity) {
        this.capacity = capacity;
        this.cells = new AtomicLongArray((capacity + 1) * STRIDE);
    }

    synchronized void register(int slot) {
        if (slot < 0 || slot >= capacity) {
            throw new IllegalStateException("worker slot " + slot + " outside ERMIA's " + capacity + " slots");
        }
        cells.set((slot + 1) * STRIDE, word(0, IDLE));
        if (slot >= limit) {
            limit = slot + 1;
        }
    }

    /** One past the highest slot ever registered. */
    int limit() {
        return limit;
    }

    static long word(long cstamp, int state) {
        return cstamp << 2 | state;
    }

    static int state(long word) {
        return (int) (word & 3);
    }

    static long cstamp(long word) {
        return word >>> 2;
    }

    /** Volatile read: pairs with {@link #set}/{@link #publish}. */
    long word(int slot) {
        return cells.get((slot + 1) * STRIDE);
    }

    /** Volatile store: ordered before the marks and stamp reads that follow it. */
    void set(int slot, long cstamp, int state) {
        cells.set((slot + 1) * STRIDE, word(cstamp, state));
    }

    /** Release store: the π and version stamps written before are visible to whoever sees the new state. */
    void publish(int slot, long cstamp, int state) {
        cells.setRelease((slot + 1) * STRIDE, word(cstamp, state));
    }

    long sstamp(int slot) {
        return cells.get((slot + 1) * STRIDE + 1);
    }

    void setSstamp(int slot, long sstamp) {
        cells.set((slot + 1) * STRIDE + 1, sstamp);
    }
}
