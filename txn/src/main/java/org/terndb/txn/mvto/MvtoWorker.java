package org.terndb.txn.mvto;

import org.terndb.txn.common.AbstractTransaction;
import org.terndb.txn.common.EpochManager;
import org.terndb.txn.common.mvcc.MvccWorker;

/**
 * An MVTO worker: the reusable transaction, the watermark slot, version cache and collector, and this thread's
 * clock (Cicada §3.1). The worker's epoch slot is its thread id in timestamps.
 */
final class MvtoWorker extends MvccWorker {
    /** Cicada's one-sided synchronization period, in clock ticks (about 100 µs). */
    private static final long SYNC_TICKS = 100_000 >> 5;

    private final MvtoConcurrencyControl mvto;
    private final Clocks clocks;
    private final EpochManager epochs;
    private final int thread;
    private long clock;      // the clock of this worker's latest timestamp
    private long boost;      // a clock the next timestamp must reach (after a too-old timestamp aborted)
    private long syncTicks = SYNC_TICKS;
    private long lastSync;
    private int syncCursor;
    private long safeEpochAt = -1; // global epoch at which safeEpoch was computed
    private long safeEpoch;
    private long beginFloor; // the commit floor read when the current transaction began

    MvtoWorker(MvtoConcurrencyControl cc) {
        super(cc);
        this.mvto = cc;
        this.clocks = cc.clocks();
        this.epochs = cc.epochs();
        this.thread = epochSlot;
        this.clock = clocks.register(thread); // a reused slot continues above its previous owner's timestamps
        this.syncCursor = thread;
    }

    @Override
    protected AbstractTransaction newTransaction() {
        return mvto.sse() ? new MvtoSseTransaction(this) : new MvtoTransaction(this);
    }

    MvtoConcurrencyControl mvto() {
        return mvto;
    }

    /**
     * Draws the transaction's timestamp (Cicada §3.1) after announcing a lower bound of it in the GC watermark,
     * as the watermark's contract asks: the bound is what the timestamp would be now; the physical clock, read
     * again after the announcement, then makes the timestamp at least any "now" a watermark scan read before it.
     */
    long beginTimestamp() {
        beginFloor = clocks.floor();
        long lower = Math.max(Math.max(clock + 1, boost), Math.max(beginFloor, clocks.physical()));
        announce(Clocks.timestamp(lower, 0)); // close to the timestamp: GC is held back no further than needed
        long now = clocks.physical();
        if (now - lastSync >= syncTicks) {
            lastSync = now;
            lower = Math.max(lower, oneSidedSync());
        }
        clock = Math.max(lower, now);
        clocks.publish(thread, clock); // before the timestamp is used: a floor scan that follows covers it
        return Clocks.timestamp(clock, thread);
    }

    /**
     * The commit floor when the current transaction began: every transaction acknowledged before that has a
     * clock below it (group commit).
     */
    long beginFloor() {
        return beginFloor;
    }

    /**
     * A lower bound of the timestamp of every transaction that runs now or begins later, this worker's own
     * excepted (a fresh scan of the watermark slots, see {@link org.terndb.txn.common.mvcc.Watermark}).
     */
    long othersLowerBound() {
        return watermark.lowerBoundExcept(epochSlot);
    }

    /** Cicada's one-sided synchronization: raise our clock to the next worker's if that one is ahead. */
    private long oneSidedSync() {
        int n = clocks.limit();
        if (n <= 1) {
            return 0;
        }
        syncCursor = (syncCursor + 1) % n;
        if (syncCursor == thread) {
            syncCursor = (syncCursor + 1) % n;
        }
        return clocks.clockOf(syncCursor);
    }

    /** For tests that need a lagging clock. */
    void disableOneSidedSync() {
        syncTicks = Long.MAX_VALUE;
    }

    /** A timestamp-too-old abort: the next timestamp must exceed the conflicting one (Cicada's clock boost). */
    void boostAbove(long conflictingTs) {
        boost = Math.max(boost, Clocks.clockOf(conflictingTs) + 1);
    }

    @Override
    protected boolean groupCommitted(long epoch) {
        return !mvto.groupCommit() || clocks.closed(epoch);
    }

    @Override
    protected void awaitGroupCommit(long epoch) {
        if (mvto.groupCommit()) {
            clocks.awaitClosed(epoch, epochs);
        }
    }

    /** The epoch manager's current epoch. */
    long epochNow() {
        return epochs.current();
    }

    /** The oldest epoch a running transaction may be in, recomputed at most once per global epoch. */
    long safeEpoch() {
        long current = epochs.current();
        if (current != safeEpochAt) {
            safeEpochAt = current;
            safeEpoch = epochs.safeEpoch();
        }
        return safeEpoch;
    }
}
