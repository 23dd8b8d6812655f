package org.terndb.txn.sse;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.terndb.txn.common.Record;

/**
 * A Silo record with SSE's reachability tracker ({@link ReachabilityTracker}) beside the TID word, and the key's
 * Bloom bit computed once. The tracker is only ever changed by CAS, so concurrent merges never lose bits.
 */
final class SseRecord extends Record {
    private static final VarHandle TRACKER;
    private static final VarHandle PIVOT_MASK;

    static {
        try {
            TRACKER = MethodHandles.lookup().findVarHandle(SseRecord.class, "tracker", long.class);
            PIVOT_MASK = MethodHandles.lookup().findVarHandle(SseRecord.class, "pivotMask", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final int keyBit;
    @SuppressWarnings("unused") private long tracker; // accessed only through TRACKER; 0 = no epoch (never live)
    @SuppressWarnings("unused") private long pivotMask; // through PIVOT_MASK: columns the latest pivot wrote

    SseRecord(byte[] key, long word, byte[] row) {
        super(key, word, row);
        this.keyBit = ReachabilityTracker.keyBit(key);
    }

    int keyBit() {
        return keyBit;
    }

    long trackerAcquire() {
        return (long) TRACKER.getAcquire(this);
    }

    boolean casTracker(long expected, long value) {
        return TRACKER.compareAndSet(this, expected, value);
    }

    /**
     * The columns written by the pivot the tracker last marked (a partial blind write sets only some). Read after
     * {@link #trackerAcquire()} showed the pivot: it is then at least that pivot's mask (or a later epoch's).
     */
    long pivotMaskAcquire() {
        return (long) PIVOT_MASK.getAcquire(this);
    }

    /** Set by the pivot's committer, under the record's lock, before {@link #markPivot} publishes the pivot. */
    void setPivotMaskRelease(long columns) {
        PIVOT_MASK.setRelease(this, columns);
    }

    /** Merges a reachable transaction's read of this record (CAS loop; a no-op when nothing is new). */
    void mergeRead(long epoch, int pivots) {
        while (true) {
            long t = trackerAcquire();
            long u = ReachabilityTracker.mergeRead(t, epoch, pivots);
            if (u == t || casTracker(t, u)) { // CAS: merges by other committers must not be lost
                return;
            }
        }
    }

    /** Merges a reachable transaction's write of this record. */
    void mergeWrite(long epoch, int pivots) {
        while (true) {
            long t = trackerAcquire();
            long u = ReachabilityTracker.mergeWrite(t, epoch, pivots);
            if (u == t || casTracker(t, u)) { // CAS: as above
                return;
            }
        }
    }

    /** Makes the (locked) record's new version its pivot in {@code epoch}. */
    void markPivot(long epoch, int pivots) {
        while (true) {
            long t = trackerAcquire();
            long u = ReachabilityTracker.markPivot(t, epoch, pivots);
            if (u == t || casTracker(t, u)) { // CAS: readers may merge footprints concurrently
                return;
            }
        }
    }
}
