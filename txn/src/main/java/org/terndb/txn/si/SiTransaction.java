package org.terndb.txn.si;

import org.terndb.txn.AbortReason;
import org.terndb.txn.Index;
import org.terndb.txn.common.AbstractTransaction;
import org.terndb.txn.common.Record;
import org.terndb.txn.common.WriteSet;
import org.terndb.txn.common.mvcc.MvccRecord;
import org.terndb.txn.common.mvcc.TimestampCounter;
import org.terndb.txn.common.mvcc.Version;
import org.terndb.txn.silo.SpinWait;

/**
 * An SI transaction: reads the snapshot at its start timestamp, buffers writes, and commits with
 * first-committer-wins. Subclasses (ERMIA) hook into reads, buffered writes and the commit steps; the hooks run
 * at the points the package documentation names.
 *
 * <p>Write-set extras are {@link #HELD} while this transaction holds the record's {@link MvccRecord#LOCK}.
 */
public class SiTransaction extends AbstractTransaction {
    private static final long HELD = 1;

    private final SiWorker si;
    protected final TimestampCounter clock;
    protected final SpinWait spin;
    private Version[] installed = new Version[16];   // the pending version of each write-set entry
    private Version[] overwritten = new Version[16]; // the head it was installed over (GC may cut its link later)
    private long startTs;
    private boolean inSnapshot;

    protected SiTransaction(SiWorker worker) {
        super(worker);
        this.si = worker;
        this.clock = worker.si().clock();
        this.spin = new SpinWait(worker.si().options().integer("lock_timeout_ms"));
    }

    /** The snapshot timestamp of the running transaction. */
    public final long startTimestamp() {
        return startTs;
    }

    /** Begin: RapidGC, then the snapshot (Berenson et al. §4.2: the start timestamp). */
    @Override
    protected void onBegin() {
        si.collectGarbage(); // between transactions, before this one holds the watermark back
        startTs = si.enterSnapshot();
        inSnapshot = true;
    }

    // ---------------------------------------------------------------- read phase

    @Override
    protected final byte[] readCommitted(Index index, Record record, boolean forUpdate) {
        MvccRecord r = (MvccRecord) record;
        Version v = snapshotVersion(r);
        onRead(r, v);
        return v == null ? null : v.row();
    }

    /** The version this snapshot sees (null: the record had none); aborts if it was collected. */
    protected final Version snapshotVersion(MvccRecord record) {
        Version v = record.visibleAt(startTs, spin);
        if (v == Version.TRUNCATED) {
            throw abortNow(AbortReason.TIMESTAMP_TOO_OLD,
                    "the version this snapshot needs was collected (aggressive_gc); retry with a newer snapshot");
        }
        if (v == Version.TIMED_OUT) {
            throw abortNow(AbortReason.TIMEOUT, "a committer's pending version stayed undecided");
        }
        return v;
    }

    /** A committed version was read (null: the record had no version at the snapshot). */
    protected void onRead(MvccRecord record, Version version) {
    }

    @Override
    protected final Record newPlaceholder(byte[] key) {
        return si.si().newPlaceholder(key, si);
    }

    @Override
    protected final void bufferWrite(Index index, Record record, byte[] row, int kind, boolean freshPlaceholder) {
        MvccRecord r = (MvccRecord) record;
        if (r.isUnlinked()) {
            throw abortNow(AbortReason.RECORD_REMOVED, "the record was unlinked before it was written");
        }
        // A version committed after our snapshot dooms the commit: abort now rather than at commit. A fresh
        // placeholder needs nothing more: another inserter that commits into it first leaves exactly such a version.
        Version head = r.headAcquire();
        if (head != null) {
            long s = head.stampAcquire();
            if (Version.isCommitted(s) && Version.timestamp(s) > startTs) {
                throw abortNow(AbortReason.WRITE_WRITE_CONFLICT, "a written record has a version newer than the snapshot");
            }
        }
        onBufferWrite(r, kind);
        writeSet.put(index, r, row, kind);
    }

    /** A write is about to be buffered (kind is one of {@link WriteSet}'s). */
    protected void onBufferWrite(MvccRecord record, int kind) {
    }

    // ---------------------------------------------------------------- commit

    /** Whether a transaction without writes still takes a commit timestamp and runs the commit hooks. */
    protected boolean certifiesReadOnly() {
        return false;
    }

    @Override
    protected final void commitWrites() {
        int n = writeSet.size();
        if (n == 0 && !certifiesReadOnly()) {
            endSnapshot(); // SI: a read-only snapshot is consistent by construction
            return;
        }
        if (installed.length < n) {
            installed = new Version[Integer.highestOneBit(n) << 1];
            overwritten = new Version[installed.length];
        }
        int[] order = writeSet.sortedOrder();
        // SI commit, first-committer-wins (Berenson et al. §4.2). Step 1: own every written record's head (no
        // waiting: a record another committer holds is a write-write conflict with a concurrent transaction).
        for (int k = 0; k < n; k++) {
            int i = order[k];
            int outcome = record(i).tryLock();
            if (outcome == MvccRecord.BUSY) {
                throw abortNow(AbortReason.WRITE_WRITE_CONFLICT, "another committer holds a written record");
            }
            if (outcome == MvccRecord.GONE) {
                throw abortNow(AbortReason.RECORD_REMOVED, "a written record was unlinked");
            }
            writeSet.setExtra(i, HELD);
        }
        // Step 2: no written record has a version committed after our snapshot. Under the lock the head is
        // committed: a committer publishes or withdraws its version before unlocking.
        for (int i = 0; i < n; i++) {
            Version head = record(i).headAcquire();
            if (head != null && Version.timestamp(head.stampAcquire()) > startTs) {
                throw abortNow(AbortReason.WRITE_WRITE_CONFLICT, "a written record has a version newer than the snapshot");
            }
        }
        beforeInstall();
        // Step 3: install pending versions, timestamp unknown, so a snapshot that may include our commit timestamp
        // waits for the outcome instead of missing the version.
        for (int i = 0; i < n; i++) {
            MvccRecord r = record(i);
            Version older = r.headAcquire();
            Version v = si.newVersion();
            v.prepare(Version.stamp(Version.UNKNOWN_TS, Version.PENDING), writeSet.row(i), older);
            installed[i] = v;
            overwritten[i] = older;
            r.setHeadRelease(v); // release: readers that load the head see the whole version
            onInstalled(i, older);
        }
        // Step 4: the commit timestamp from the central counter (CCBench measures this shared line's cost).
        long cts = clock.next();
        for (int i = 0; i < n; i++) {
            installed[i].setStampRelease(Version.stamp(cts, Version.PENDING)); // older snapshots stop waiting
        }
        preCommit(cts);
        // Durability: the epoch after the heads are locked and checked, before the commit point; cts is the stamp.
        reportCommit(si.si().epochs().current(), cts);
        // Step 5: commit point; publish, hand the chains to GC, unlock.
        for (int i = 0; i < n; i++) {
            installed[i].setStampRelease(Version.stamp(cts, Version.COMMITTED));
            si.retire(writeSet.index(i), record(i), cts, writeSet.row(i) == null);
        }
        postCommit(cts);
        for (int i = 0; i < n; i++) {
            installed[i] = null;
            overwritten[i] = null;
            writeSet.setExtra(i, 0);
            record(i).unlock();
        }
        worker.stats().recordInstalledWrites(n);
        endSnapshot();
    }

    /** Before the pending versions are installed (all written records are locked and checked). */
    protected void beforeInstall() {
    }

    /** Write-set entry {@code i} got its pending version over {@code overwritten} (null: none). */
    protected void onInstalled(int i, Version overwritten) {
    }

    /** After the commit timestamp is drawn and before the commit point; may abort. */
    protected void preCommit(long commitTs) {
    }

    /** After the commit point, before the written records are unlocked; must not fail. */
    protected void postCommit(long commitTs) {
    }

    /** The pending version installed for write-set entry {@code i} during this commit, or null. */
    protected final Version installed(int i) {
        return i < installed.length ? installed[i] : null;
    }

    /**
     * The version write-set entry {@code i}'s pending version was installed over (null: none, or not installed).
     * Use this rather than the new version's older link: once committed, GC may cut that link (aggressive_gc).
     */
    protected final Version overwritten(int i) {
        return i < overwritten.length ? overwritten[i] : null;
    }

    private MvccRecord record(int i) {
        return (MvccRecord) writeSet.record(i);
    }

    // ---------------------------------------------------------------- abort

    @Override
    protected final void rollback() {
        onRollback();
        long now = -1;
        for (int i = 0, n = writeSet.size(); i < n; i++) {
            MvccRecord r = record(i);
            Version v = installed(i);
            if (v != null) {
                installed[i] = null;
                r.setHeadRelease(overwritten[i]); // release: the restored head is what readers load next
                overwritten[i] = null;
                v.setStampRelease(Version.stamp(Version.timestamp(v.stampAcquire()), Version.ABORTED));
                si.discard(v);
            }
            if (writeSet.extra(i) == HELD) {
                writeSet.setExtra(i, 0);
                r.unlock();
            }
            if (writeSet.kind(i) != WriteSet.UPDATE && mayStayAbsent(r)) {
                // An insert placeholder may stay behind absent: it leaves the tree once every snapshot that
                // could be about to write it has ended, unless someone's insert revives it first.
                if (now < 0) {
                    now = clock.current();
                }
                si.unlinkLater(writeSet.index(i), r, now);
            }
        }
        endSnapshot();
    }

    /** Releases protocol state before the written records are restored and unlocked; idempotent. */
    protected void onRollback() {
    }

    private static boolean mayStayAbsent(MvccRecord r) {
        Version head = r.headAcquire();
        return head == null || (head.row() == null && Version.isCommitted(head.stampAcquire()));
    }

    private void endSnapshot() {
        if (inSnapshot) {
            inSnapshot = false;
            si.exitSnapshot();
        }
    }
}
