package org.terndb.txn.common.mvcc;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.terndb.txn.Index;
import org.terndb.txn.common.AbstractWorker;

/**
 * The per-thread part of a multi-version protocol: its watermark slot (the worker's epoch slot), its
 * {@link VersionCache} and {@link VersionCollector}, and the counters behind {@link VersionGauge}.
 *
 * <p>A protocol's transaction uses it as follows: {@link #collectGarbage()} then {@link #enterSnapshot()} (or
 * {@link #announce}) at begin; {@link #newVersion()} for each version it installs; {@link #retire} for each
 * version it committed; {@link #discard} for each version it installed and then aborted;
 * {@link #unlinkLater} for an insert placeholder it leaves behind; {@link #exitSnapshot()} when it ends.
 */
public abstract class MvccWorker extends AbstractWorker {
    private static final VarHandle CREATED;
    private static final VarHandle FREED;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            CREATED = l.findVarHandle(MvccWorker.class, "created", long.class);
            FREED = l.findVarHandle(MvccWorker.class, "freed", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    protected final MvccConcurrencyControl mvcc;
    protected final Watermark watermark;
    private final VersionCache cache;
    private final VersionCollector collector;
    @SuppressWarnings("unused") private long created; // single writer (this worker), read by the gauge
    @SuppressWarnings("unused") private long freed;

    protected MvccWorker(MvccConcurrencyControl cc) {
        super(cc);
        this.mvcc = cc;
        this.watermark = cc.watermark();
        this.cache = cc.options().bool("version_reuse") ? new VersionCache(MvccConcurrencyControl.CACHE_CAPACITY) : null;
        this.collector = new VersionCollector();
        watermark.register(epochSlot);
        cc.register(this);
    }

    // ---------------------------------------------------------------- snapshot life cycle

    /** RapidGC: refreshes the watermark if the GC interval passed, then runs this worker's due collection. */
    public final void collectGarbage() {
        watermark.refresh();
        long horizon = watermark.trimHorizon();
        long safe = watermark.safe();
        collector.collect(this, horizon, safe);
        mvcc.collectOrphans(this, horizon, safe);
    }

    /** Announces a snapshot on the central clock and returns its timestamp ({@link Watermark#enter}). */
    public final long enterSnapshot() {
        return watermark.enter(epochSlot);
    }

    /** For protocols with their own timestamps: see {@link Watermark#announce} for the contract. */
    public final void announce(long lowerBound) {
        watermark.announce(epochSlot, lowerBound);
    }

    /** The transaction ended: this worker no longer holds the watermark back. */
    public final void exitSnapshot() {
        watermark.exit(epochSlot);
    }

    /** A fuzzy checkpoint read also holds the watermark, so no version it reads is collected and reused. */
    @Override
    protected void enterFuzzyRead() {
        super.enterFuzzyRead();
        enterSnapshot();
    }

    @Override
    protected void exitFuzzyRead() {
        exitSnapshot();
        super.exitFuzzyRead();
    }

    // ---------------------------------------------------------------- versions

    /**
     * A version to fill with {@link Version#prepare} and publish: from the cache when version reuse is on and
     * the cache has one, otherwise new. Counted as alive from now on.
     */
    public final Version newVersion() {
        Version v = cache == null ? null : cache.take();
        if (v == null) {
            v = mvcc.allocateVersion();
        }
        v.reset();
        CREATED.setRelease(this, (long) CREATED.get(this) + 1); // single writer: release store, no locked add
        return v;
    }

    /** A committed version at {@code ts}: its record's chain is trimmed once the watermark passes ts. */
    public final void retire(Index index, MvccRecord record, long ts, boolean absent) {
        collector.retire(index, record, ts, absent);
    }

    /** A version this worker installed and unlinked again after an abort: dropped (a reader may hold it). */
    public final void discard(Version v) {
        free(v, false);
    }

    /** A record that may stay absent (an aborted insert's placeholder): unlinked once {@code tag} is safe. */
    public final void unlinkLater(Index index, MvccRecord record, long tag) {
        collector.unlinkLater(index, record, tag);
    }

    /**
     * A version the protocol supplies itself instead of {@link #newVersion()} (MVTO's inline version, which lives
     * in its record): reset and counted as alive like a new one. When it is freed, {@link Version#recycle} gives
     * it back to the protocol.
     */
    public final Version adopt(Version v) {
        v.reset();
        CREATED.setRelease(this, (long) CREATED.get(this) + 1); // single writer: release store, no locked add
        return v;
    }

    final void free(Version v, boolean reusable) {
        FREED.setRelease(this, (long) FREED.get(this) + 1);
        if (v.recycle(this, reusable)) {
            return; // the protocol took it back (an inline version)
        }
        if (reusable && cache != null) {
            cache.give(v);
        }
    }

    // ---------------------------------------------------------------- monitoring

    /** Versions this worker created (fresh or reused). */
    public final long versionsCreated() {
        return (long) CREATED.getAcquire(this);
    }

    /** Versions this worker collected, discarded or freed with an unlinked record. */
    public final long versionsFreed() {
        return (long) FREED.getAcquire(this);
    }

    /** Versions taken from this worker's cache instead of allocated (0 with {@code version_reuse=false}). */
    public final long versionsReused() {
        return cache == null ? 0 : cache.reused();
    }

    /** Collector entries not yet due. */
    public final int pendingCollection() {
        return collector.pending();
    }

    /**
     * Closes the worker: it stops holding the watermark back, collects what is due, and hands the rest of its
     * collector's entries to the protocol, where the other workers run them.
     */
    @Override
    public void close() {
        super.close();
        watermark.exit(epochSlot);
        watermark.scan();
        collector.collect(this, watermark.trimHorizon(), watermark.safe());
        mvcc.adopt(collector);
        mvcc.deregister(this);
    }
}
