package org.terndb.txn.mvto;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.terndb.txn.RowPatch;
import org.terndb.txn.common.mvcc.MvccWorker;
import org.terndb.txn.common.mvcc.Version;

/**
 * A version with Cicada's read timestamp (§3.2): the inherited stamp's timestamp is the version's write
 * timestamp (wts, its writer's timestamp); {@code rts} is the largest timestamp of a transaction that validated a
 * read of it. A write at ts may follow the version only if rts &lt;= ts. rts starts at wts and only grows.
 *
 * <p>A record's inline version ({@link #owner} set) lives in the record for the record's whole life; when it is
 * freed it goes back to the record instead of a version cache.
 *
 * <p>Write omission ({@code mvto+sse}, see {@link MvtoSseTransaction}) keeps four more facts per version, all
 * only ever moved in the direction that makes its test stricter: {@code blind} (its writer did not read the
 * record), {@code predWts} (the wts of the committed version just below it, fixed at commit; MAX when unknown),
 * {@code predRts} (the largest timestamp, or omission position, at which that version below was read) and
 * {@code omitFloor} (the smallest pivot timestamp of an omitted write placed just below it).
 */
final class MvtoVersion extends Version {
    private static final VarHandle RTS;
    private static final VarHandle PRED_RTS;
    private static final VarHandle OMIT_FLOOR;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            RTS = l.findVarHandle(MvtoVersion.class, "rts", long.class);
            PRED_RTS = l.findVarHandle(MvtoVersion.class, "predRts", long.class);
            OMIT_FLOOR = l.findVarHandle(MvtoVersion.class, "omitFloor", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The record this is the inline version of; null for a chain version. */
    final MvtoRecord owner;
    @SuppressWarnings("unused") private long rts; // accessed through RTS
    @SuppressWarnings("unused") private long predRts;   // accessed through PRED_RTS
    @SuppressWarnings("unused") private long omitFloor; // accessed through OMIT_FLOOR
    private long predWts;   // plain: written before the commit's release store, read after its acquire
    private boolean blind;  // plain: written before publication
    private long columnMask; // plain: the columns its writer set (RowPatch.ALL_COLUMNS for a whole row)

    MvtoVersion(MvtoRecord owner) {
        this.owner = owner;
    }

    @Override
    protected void reset() {
        RTS.set(this, 0L); // plain: the version is private until published by the CAS that links it
        PRED_RTS.set(this, 0L);
        OMIT_FLOOR.set(this, Long.MAX_VALUE);
        predWts = Long.MAX_VALUE;
        blind = false;
        columnMask = RowPatch.ALL_COLUMNS;
    }

    /**
     * Before publication: whether the writer wrote the record without reading it (a blind update), and the
     * columns it set ({@link RowPatch#ALL_COLUMNS} unless it was a partial write).
     */
    void initBlind(boolean blindUpdate, long columns) {
        this.blind = blindUpdate;
        this.columnMask = columns;
    }

    /** The columns this version's writer set: a pivot must set those of a write omitted just below it. */
    long columnMask() {
        return columnMask;
    }

    boolean blind() {
        return blind;
    }

    /**
     * While pending (only the writer stores it): the committed version below is at {@code wts} and was read up to
     * {@code rts}. Published by the release store that commits this version.
     */
    void capturePredecessor(long wts, long rts) {
        predWts = wts;
        raisePredRts(rts);
    }

    /** The wts of the committed version just below (valid once this version is committed; MAX if unknown). */
    long predWts() {
        return predWts;
    }

    /** predRts = max(predRts, ts) by CAS: a transaction at ts read the version just below this one. */
    void raisePredRts(long ts) {
        long r = (long) PRED_RTS.getVolatile(this);
        while (r < ts && !PRED_RTS.compareAndSet(this, r, ts)) {
            r = (long) PRED_RTS.getVolatile(this);
        }
    }

    /** Volatile: read after a full fence, opposite {@link #lowerOmitFloor} (Dekker). */
    long predRtsVolatile() {
        return (long) PRED_RTS.getVolatile(this);
    }

    /** omitFloor = min(omitFloor, h) by CAS: an omitted write with pivot timestamp h now sits just below. */
    void lowerOmitFloor(long h) {
        long f = (long) OMIT_FLOOR.getVolatile(this);
        while (f > h && !OMIT_FLOOR.compareAndSet(this, f, h)) {
            f = (long) OMIT_FLOOR.getVolatile(this);
        }
    }

    /** Volatile: read after a full fence, opposite {@link #raisePredRts} (Dekker). */
    long omitFloorVolatile() {
        return (long) OMIT_FLOOR.getVolatile(this);
    }

    /** Before publication (plain store, published by the linking CAS). */
    void initRts(long ts) {
        RTS.set(this, ts);
    }

    /** Volatile: a writer reads it after installing its pending version (the Dekker pairing with readers). */
    long rtsVolatile() {
        return (long) RTS.getVolatile(this);
    }

    /**
     * rts = max(rts, ts) by CAS (Cicada §3.5 read timestamp update). An rts already at or above ts is left alone
     * (no store: the cache line stays shared), as CCBench does for TicToc's rts.
     */
    void raiseRts(long ts) {
        long r = (long) RTS.getVolatile(this);
        while (r < ts && !RTS.compareAndSet(this, r, ts)) {
            r = (long) RTS.getVolatile(this);
        }
    }

    @Override
    protected boolean recycle(MvccWorker freer, boolean reusable) {
        if (owner == null) {
            return false;
        }
        if (reusable) {
            scrub();
            owner.freeInline();
        } else {
            owner.retireInline(((MvtoWorker) freer).epochNow()); // a stale reader may still hold it
        }
        return true;
    }
}
