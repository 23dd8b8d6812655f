package org.terndb.txn.mvto;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import org.terndb.txn.common.EpochManager;
import org.terndb.txn.common.mvcc.MvccConcurrencyControl;

/**
 * Cicada's distributed timestamps (§3.1) and the commit floor of epoch-based group commit (seed 003).
 *
 * <h2>Timestamps</h2>
 * A timestamp is {@code clock:53 | thread:9}: the worker's local clock and its worker slot (the epoch slot, below
 * {@link MvccConcurrencyControl#MAX_WORKERS}), so timestamps are unique without any shared counter. A worker's
 * clock follows the physical clock ({@link System#nanoTime()} since this object was made, in 32 ns units: 53 bits
 * last 9 years), never goes back and grows by at least one per transaction. Clocks stay close together because
 * they follow one monotonic physical clock, because of Cicada's one-sided synchronization (now and then a worker
 * raises its clock to another worker's, {@link #clockOf(int)}) and because of the commit floor.
 *
 * <h2>Commit floor</h2>
 * Each worker publishes its clock in its padded slot when it draws a timestamp. At every epoch boundary the
 * floor becomes the largest published clock plus one; a new transaction's clock is at least the floor. A commit
 * is acknowledged once the floor is above its clock ({@link #awaitFloorAbove}): its epoch closed. Then every
 * transaction that begins after the acknowledgement gets a larger timestamp, so timestamp order (the
 * serialization order) respects real time: strict serializability. Seed 003 puts the epoch into the upper bits
 * of the timestamp for the same effect; a floor needs no bits and cannot wrap.
 *
 * <h2>Deferred acknowledgement</h2>
 * A commit that does not wait ({@code commitDeferred}) names an epoch instead: one it read after its clock, and
 * the clock of any pivot it was placed below (write omission), were visible, behind a full fence. Once that epoch
 * has closed and the floor was raised after it closed ({@link #closedThrough}), the floor is above those clocks:
 * the advance past the epoch came after the fenced read (which still saw the epoch), and the raise scans the
 * published clocks after the advance, so it sees them (the same store-fence-load pairing as Dekker's).
 */
final class Clocks {
    static final int THREAD_BITS = 9;
    private static final int UNIT_SHIFT = 5; // 32 ns per clock tick

    private static final int STRIDE = 8; // 64 bytes between cells: no false sharing
    private static final int FLOOR = STRIDE;

    private final long base = System.nanoTime();
    private final AtomicLongArray slots = new AtomicLongArray((MvccConcurrencyControl.MAX_WORKERS + 1) * STRIDE);
    private final AtomicLongArray floorCell = new AtomicLongArray(3 * STRIDE);
    private final Object epochClosed = new Object();
    private volatile int limit; // one past the highest slot registered: floor scans stop there
    private volatile boolean closed;
    /** Every epoch up to this one has closed, and the floor was raised after it closed (volatile: after the raise). */
    private final AtomicLong closedThrough = new AtomicLong();

    static long timestamp(long clock, int thread) {
        return clock << THREAD_BITS | thread;
    }

    static long clockOf(long timestamp) {
        return timestamp >>> THREAD_BITS;
    }

    /** The physical clock in ticks, at least 1 (loaded rows have timestamp 0). */
    long physical() {
        return ((System.nanoTime() - base) >>> UNIT_SHIFT) + 1;
    }

    /**
     * The GC watermark's "now": every timestamp drawn after this call is at least this, since every clock is at
     * least the physical clock when it is drawn (and {@code nanoTime} is monotonic across threads).
     */
    long watermarkNow() {
        return timestamp(physical(), 0);
    }

    /** Makes a worker slot part of floor scans; returns the clock its previous owner left in it (0 if none). */
    synchronized long register(int slot) {
        if (slot >= limit) {
            limit = slot + 1;
        }
        return slots.get((slot + 1) * STRIDE);
    }

    /** Publishes a worker's clock before its timestamp is used (volatile: a floor scan that follows sees it). */
    void publish(int slot, long clock) {
        slots.set((slot + 1) * STRIDE, clock);
    }

    /** The clock a worker published last (volatile: Cicada's one-sided synchronization reads it). */
    long clockOf(int slot) {
        return slots.get((slot + 1) * STRIDE);
    }

    int limit() {
        return limit;
    }

    /** The commit floor (volatile read: pairs with the CAS in {@link #raiseFloor}). */
    long floor() {
        return floorCell.get(FLOOR);
    }

    /** Raises the floor above every clock published so far (CAS loop: the epoch thread and waiters may race). */
    private void raiseFloor() {
        long max = 0;
        for (int i = 0, n = limit; i < n; i++) {
            max = Math.max(max, slots.get((i + 1) * STRIDE));
        }
        long f;
        while ((f = floorCell.get(FLOOR)) <= max) {
            if (floorCell.compareAndSet(FLOOR, f, max + 1)) {
                return;
            }
        }
    }

    /**
     * The epoch advanced to {@code newEpoch} (called on the thread that advanced it): raise the floor and wake the
     * waiting committers.
     */
    void closeEpoch(long newEpoch) {
        raiseFloor();
        closedThrough.accumulateAndGet(newEpoch - 1, Math::max);
        synchronized (epochClosed) {
            epochClosed.notifyAll();
        }
    }

    /**
     * Whether a deferred commit that named {@code epoch} may be acknowledged: the epoch has closed and the floor
     * was raised after that (or the protocol is closing).
     */
    boolean closed(long epoch) {
        return closedThrough.get() >= epoch || closed;
    }

    /**
     * Waits until {@link #closed}{@code (epoch)}. If the global epoch already moved past {@code epoch} but the
     * raise after that advance has not been recorded yet, the caller raises the floor itself (after reading the
     * global epoch, so the raise covers every epoch below it). An epoch held back by a transaction left open in an
     * older one holds this wait back too, as it holds back a commit log's durable epoch.
     */
    void awaitClosed(long epoch, EpochManager epochs) {
        if (closed(epoch)) {
            return;
        }
        boolean interrupted = false;
        synchronized (epochClosed) {
            while (!closed(epoch)) {
                long now = epochs.current();
                if (now > epoch) {
                    raiseFloor();
                    closedThrough.accumulateAndGet(now - 1, Math::max);
                    continue;
                }
                try {
                    epochClosed.wait(1);
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Waits until the floor is above {@code clock}: the committed transaction's epoch closed. The caller still
     * announces {@code epoch}, the epoch its transaction began in (and published its clock in). If the global
     * epoch already moved past it, that epoch has closed: the caller raises the floor itself at once (raising it
     * is safe at any time; the epoch boundary only batches the work), rather than wait for an advance its own
     * announcement now holds back. Otherwise the next advance, which that announcement allows, raises the floor
     * over the caller's clock (published before). A transaction left open in an older epoch can hold that
     * advance back too; a waiter that saw no floor change for two epoch lengths then raises the floor itself.
     * Interrupts are kept for the caller: the transaction has committed and must return normally.
     */
    void awaitFloorAbove(long clock, long epoch, EpochManager epochs, long epochNanos) {
        if (floor() > clock) {
            return;
        }
        boolean interrupted = false;
        long fallback = System.nanoTime() + 2 * epochNanos;
        synchronized (epochClosed) {
            while (floor() <= clock && !closed) {
                long left = fallback - System.nanoTime();
                if (left <= 0 || epochs.current() > epoch) {
                    raiseFloor();
                    epochClosed.notifyAll();
                    continue;
                }
                try {
                    epochClosed.wait(Math.max(1, left / 1_000_000));
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Releases waiting committers for good (the protocol is closing). */
    void close() {
        closed = true;
        synchronized (epochClosed) {
            epochClosed.notifyAll();
        }
    }
}
