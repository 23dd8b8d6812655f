package org.terndb.txn.mvto;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.terndb.txn.common.mvcc.MvccWorker;
import org.terndb.txn.common.mvcc.Version;

/**
 * A version with Cicada's read timestamp (§3.2): the inherited stamp's timestamp is the version's write
 * timestamp (wts, its writer's timestamp); {@code rts} is the largest timestamp of a transaction that validated a
 * read of it. A write at ts may follow the version only if rts &lt;= ts. rts starts at wts and only grows.
 *
 * <p>A record's inline version ({@link #owner} set) lives in the record for the record's whole life; when it is
 * freed it goes back to the record instead of a version cache.
 */
final class MvtoVersion extends Version {
    private static final VarHandle RTS;

    static {
        try {
            RTS = MethodHandles.lookup().findVarHandle(MvtoVersion.class, "rts", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The record this is the inline version of; null for a chain version. */
    final MvtoRecord owner;
    @SuppressWarnings("unused") private long rts; // accessed through RTS

    MvtoVersion(MvtoRecord owner) {
        this.owner = owner;
    }

    @Override
    protected void reset() {
        RTS.set(this, 0L); // plain: the version is private until published by the CAS that links it
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
