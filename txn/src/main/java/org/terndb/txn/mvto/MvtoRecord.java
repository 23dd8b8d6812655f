package org.terndb.txn.mvto;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.terndb.txn.common.mvcc.MvccRecord;
import org.terndb.txn.common.mvcc.Version;

/**
 * An MVTO record: the shared version chain plus Cicada's best-effort inline version (§3.3), a version object
 * allocated with the record (next to it in memory) that a writer uses when it is free, instead of a chain
 * version from the worker's cache.
 *
 * <p>{@code inlineState}: {@link #FREE} (unlinked, unreachable: claimable), {@link #IN_USE} (claimed by a writer
 * or linked into the chain), or retired in epoch e ({@code e << 2 | 2}): unlinked, but a reader that began in
 * epoch e or earlier may still hold it, so it becomes claimable once every running transaction began later
 * ({@link org.terndb.txn.common.EpochManager#safeEpoch()} &gt; e). Exactly one party frees it (the collector that
 * cut it off the chain, or the writer that unlinked it from the head), so the state never goes FREE twice.
 */
final class MvtoRecord extends MvccRecord {
    static final long FREE = 0;
    static final long IN_USE = 1;
    private static final long RETIRED = 2;

    private static final VarHandle INLINE_STATE;

    static {
        try {
            INLINE_STATE = MethodHandles.lookup().findVarHandle(MvtoRecord.class, "inlineState", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final MvtoVersion inline = new MvtoVersion(this);
    @SuppressWarnings("unused") private long inlineState; // accessed through INLINE_STATE

    /** A record whose chain starts at {@code head} (an insert's genesis version); the inline version is free. */
    MvtoRecord(byte[] key, Version head) {
        super(key, head);
    }

    /** A loaded row: the inline version holds it, committed at timestamp 0 (published by the index insert). */
    static MvtoRecord loaded(byte[] key, byte[] row) {
        MvtoRecord r = new MvtoRecord(key, null);
        r.inline.reset();
        r.inline.prepare(Version.stamp(0, Version.COMMITTED), row, null);
        INLINE_STATE.set(r, IN_USE);
        r.setHeadRelease(r.inline);
        return r;
    }

    MvtoVersion inlineVersion() {
        return inline;
    }

    long inlineState() {
        return (long) INLINE_STATE.getAcquire(this);
    }

    /**
     * Claims the inline version for a new version of this record, or returns null if it is in use (or retired in
     * an epoch a running transaction may still be in). The CAS acquires what the freer wrote before releasing.
     */
    MvtoVersion claimInline(MvtoWorker worker) {
        long s = (long) INLINE_STATE.getAcquire(this);
        if (s == IN_USE) {
            return null;
        }
        if (s != FREE && worker.safeEpoch() <= s >>> 2) {
            return null;
        }
        return INLINE_STATE.compareAndSet(this, s, IN_USE) ? inline : null;
    }

    /** The inline version left every chain and no reader can reach it (release: its scrubbed fields first). */
    void freeInline() {
        INLINE_STATE.setRelease(this, FREE);
    }

    /** The inline version left its chain in {@code epoch}; readers of that epoch may still hold it. */
    void retireInline(long epoch) {
        INLINE_STATE.setRelease(this, epoch << 2 | RETIRED);
    }
}
