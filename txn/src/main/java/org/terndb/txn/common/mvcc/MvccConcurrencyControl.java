package org.terndb.txn.common.mvcc;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;
import org.terndb.txn.Table;
import org.terndb.txn.TxnOptions;
import org.terndb.txn.common.AbstractConcurrencyControl;
import org.terndb.txn.common.CommittedRow;
import org.terndb.txn.common.Record;

/**
 * Base of the multi-version protocols (SI, ERMIA, MVTO): the central {@link TimestampCounter}, the GC
 * {@link Watermark} (options {@code gc_interval_us}, {@code aggressive_gc}), version reuse
 * ({@code version_reuse}) and the {@link VersionGauge}. Loaded rows become one committed version at
 * timestamp 0, visible to every snapshot.
 */
public abstract class MvccConcurrencyControl extends AbstractConcurrencyControl implements VersionGauge {
    /** Watermark slots: the epoch manager's worker capacity. */
    public static final int MAX_WORKERS = 512;
    /** Versions a worker keeps for reuse. */
    static final int CACHE_CAPACITY = 4096;

    private final TimestampCounter clock = new TimestampCounter();
    private final Watermark watermark;
    private final Set<MvccWorker> workers = ConcurrentHashMap.newKeySet();
    private final AtomicLong loaded = new AtomicLong();
    private long retiredAlive; // guarded by this
    private final VersionCollector orphans = new VersionCollector(); // entries of closed workers
    private final ReentrantLock orphansLock = new ReentrantLock();
    private volatile long orphansDue = Long.MAX_VALUE; // nothing of the orphans is due below it

    protected MvccConcurrencyControl(String name, TxnOptions options) {
        this(name, options, null);
    }

    /**
     * For protocols with their own clocks (MVTO): {@code watermarkNow} is the watermark's "now", a timestamp no
     * transaction that announces afterwards reads below (see {@link Watermark}); null = the central counter.
     */
    protected MvccConcurrencyControl(String name, TxnOptions options, LongSupplier watermarkNow) {
        super(name, options);
        this.watermark = new Watermark(MAX_WORKERS, watermarkNow != null ? watermarkNow : clock::current,
                options.integer("gc_interval_us"), options.bool("aggressive_gc"));
    }

    /** A new, empty version of the protocol's class (ERMIA's carries SSN stamps). */
    protected abstract Version allocateVersion();

    public final TimestampCounter clock() {
        return clock;
    }

    public final Watermark watermark() {
        return watermark;
    }

    @Override
    protected Record newCommittedRecord(byte[] key, byte[] row) {
        Version v = allocateVersion();
        v.reset();
        v.prepare(Version.stamp(0, Version.COMMITTED), row, null);
        return new MvccRecord(key, v);
    }

    @Override
    public boolean load(Table table, byte[] primaryKey, byte[] row) {
        if (!super.load(table, primaryKey, row)) {
            return false;
        }
        List<?> secondaries = table.secondaries();
        loaded.addAndGet(1 + secondaries.size());
        return true;
    }

    /** The newest committed version (pending and aborted ones are skipped); its timestamp is the stamp. */
    @Override
    protected void readLatestCommitted(Record record, CommittedRow out) {
        Version v = ((MvccRecord) record).newestCommittedAtOrBefore(Long.MAX_VALUE);
        if (v != null) {
            out.set(v.row(), Version.timestamp(v.stampAcquire()));
        }
    }

    /** Takes a closing worker's remaining collector entries. */
    final void adopt(VersionCollector c) {
        if (c.pending() == 0) {
            return;
        }
        orphansLock.lock();
        try {
            orphans.adopt(c);
            orphansDue = orphans.nextDue();
        } finally {
            orphansLock.unlock();
        }
    }

    /** Runs closed workers' due entries on {@code runner}, unless another worker is doing so. */
    final void collectOrphans(MvccWorker runner, long horizon, long safe) {
        if (horizon < orphansDue || !orphansLock.tryLock()) {
            return;
        }
        try {
            orphans.collect(runner, horizon, safe);
            orphansDue = orphans.nextDue();
        } finally {
            orphansLock.unlock();
        }
    }

    final void register(MvccWorker w) {
        workers.add(w);
    }

    final synchronized void deregister(MvccWorker w) {
        if (workers.remove(w)) {
            retiredAlive += w.versionsCreated() - w.versionsFreed();
        }
    }

    @Override
    public final synchronized long versionsAlive() {
        long alive = loaded.get() + retiredAlive;
        for (MvccWorker w : workers) {
            alive += w.versionsCreated() - w.versionsFreed();
        }
        return alive;
    }
}
