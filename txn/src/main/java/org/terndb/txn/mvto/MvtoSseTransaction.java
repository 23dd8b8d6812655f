package org.terndb.txn.mvto;

import java.lang.invoke.VarHandle;
import java.util.Arrays;
import org.terndb.txn.RowPatch;
import org.terndb.txn.common.WriteSet;
import org.terndb.txn.common.mvcc.MvccRecord;
import org.terndb.txn.common.mvcc.Version;

/**
 * An MVTO transaction with the Scheduling Space Expander (seed 003): at commit, a transaction whose writes are all
 * blind updates first tries the erasing version order; if the test passes it commits without installing anything,
 * otherwise MVTO's commit runs unchanged. The package documentation has the test and why it is sound.
 *
 * <p>Positions: an installed transaction sits at its timestamp ts; an omitted one at {@code h - 1/2}, where
 * {@code h} is the smallest wts among the newest versions of the records it writes. Each of its writes is placed
 * just below that record's <em>pivot</em>, the oldest version at or above h, which must be a blind update.
 */
final class MvtoSseTransaction extends MvtoTransaction {
    private MvtoVersion[] pivots = new MvtoVersion[8];
    private long[] pivotStamps = new long[8];

    private boolean omitted;    // the last commit, for tests
    private long pivotTs;       // h of the last omitted commit
    private long lastPosition;  // this worker's last commit, in half timestamps (see lastCommitPosition)

    MvtoSseTransaction(MvtoWorker worker) {
        super(worker);
    }

    @Override
    protected void onBegin() {
        omitted = false;
        pivotTs = 0;
        super.onBegin();
    }

    @Override
    protected void commitWrites() {
        super.commitWrites();
        lastPosition = lastCommitPosition();
    }

    @Override
    boolean commitWithoutInstalling() {
        int n = writeSet.size();
        if (n == 0 || blind.size() != n) {
            return false;
        }
        for (int k = 0; k < n; k++) {
            if (writeSet.kind(blindUpdatePosition(k)) != WriteSet.UPDATE) {
                return false;
            }
        }
        if (pivots.length < n) {
            pivots = new MvtoVersion[Integer.highestOneBit(n) << 1];
            pivotStamps = new long[pivots.length];
        }
        boolean ok = omitWrites(n);
        Arrays.fill(pivots, 0, n, null);
        if (!ok) {
            return false; // delegated: MVTO's commit decides
        }
        omitted = true;
        mw.boostAbove(pivotTs); // this worker's next transaction comes after us: above h
        worker.stats().recordOmittedWrites(n);
        // Durability: nothing installed, nothing logged; acknowledged once the epoch read after validation is durable.
        reportOmittedCommit(cc.epochs().current());
        endTransaction();
        // Strictness: every transaction that begins after we return must sit above our position h - 1/2.
        awaitGroupCommit(pivotTs);
        return true;
    }

    /**
     * The erasing version order and its tests (seed 003 Fig. 4, Algorithm 1). Returns false to delegate; never
     * aborts. Marks it leaves on a failure (rts, predRts, omitFloor) only make later tests stricter.
     */
    private boolean omitWrites(int n) {
        // (A) Generate the order: h = the smallest newest wts over our records; every newest version decided.
        long h = Long.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            Version v = newestLive(record(i));
            if (v == null || v == Version.TRUNCATED) {
                return false;
            }
            long s = v.stampAcquire();
            if (!Version.isCommitted(s)) {
                return false;
            }
            h = Math.min(h, Version.timestamp(s));
        }
        if (!cc.groupCommit() && 2 * h - 1 <= lastPosition) {
            return false; // this worker's previous commit would come after us: keep the worker's own order
        }
        // Under group commit (B) below places us above every commit acknowledged before we began, the worker's own
        // included; a previous commit of this worker still waiting for its acknowledgement (a deferred commit,
        // another client's) may come after us, as a concurrent transaction of another worker may.
        // (B) Each pivot is a blind update written after the commit floor our begin read (the current epoch): it is
        // concurrent with us, and with group commit everything acknowledged before we began sits below h - 1/2.
        // A pivot above h leaves a gap (h, wts): no transaction running now or later may read the record in it.
        long others = -1;
        for (int i = 0; i < n; i++) {
            MvtoVersion p = pivotOf(record(i), h);
            if (p == null) {
                return false;
            }
            long s = p.stampAcquire();
            if (!p.blind() || p.row() == null || !RowPatch.covers(p.columnMask(), writeSet.columnMask(i))) {
                return false; // the pivot must set every column we set, or ours would be lost below it
            }
            long wts = Version.timestamp(s);
            if (Clocks.clockOf(wts) < mw.beginFloor()) {
                return false;
            }
            if (wts > h) {
                if (others < 0) {
                    others = mw.othersLowerBound();
                }
                if (others < wts) {
                    return false;
                }
            }
            pivots[i] = p;
            pivotStamps[i] = s;
        }
        // Our versions now sit just below the pivots: a reader at or above our position must see that (Dekker with
        // readers, who raise predRts on the pivot and then read omitFloor).
        for (int i = 0; i < n; i++) {
            pivots[i].lowerOmitFloor(h);
        }
        // Test of overwriters at position h - 1/2: every version we read is still the newest below it, and no
        // writer may come between them (rts = h), as MVTO's read timestamp update does for ts.
        for (int j = 0, m = readSet.size(); j < m; j++) {
            MvtoVersion y = readVersions[j];
            if (y == null || Version.timestamp(y.stampAcquire()) >= h) {
                return false;
            }
            y.raiseRts(h);
            if (!versionsAboveReadAllAbove(j, h, false)) {
                return false;
            }
        }
        if (!phantomsValid(h)) {
            return false;
        }
        VarHandle.fullFence(); // every mark above is ordered before the re-reads below
        // Readers: nothing appeared in the visible range, and no omitted write sits below us just above a read.
        for (int j = 0, m = readSet.size(); j < m; j++) {
            if (!versionsAboveReadAllAbove(j, h, true)) {
                return false;
            }
            if (readVersions[j].stampAcquire() != readSet.word(j)) {
                return false; // collected and reused
            }
        }
        // (C)+(D) Successors: no transaction at or above our position read the version just below a pivot. Also
        // confirms the pivots are still in their chains (GC did not cut above them), so what we read of them holds.
        for (int i = 0; i < n; i++) {
            MvtoVersion p = pivotOf(record(i), h);
            if (p != pivots[i] || p.stampAcquire() != pivotStamps[i] || p.predRtsVolatile() >= h) {
                return false;
            }
        }
        pivotTs = h;
        return true;
    }

    /**
     * The pivot of {@code r} for position h - 1/2: the oldest committed version at or above h whose predecessor
     * (fixed when it committed) is below h; null if there is none or a version on the way is undecided.
     */
    private static MvtoVersion pivotOf(MvccRecord r, long h) {
        Version v = skipAborted(r.headAcquire());
        while (true) {
            if (v == null || v == Version.TRUNCATED || !Version.isCommitted(v.stampAcquire())) {
                return null;
            }
            MvtoVersion m = (MvtoVersion) v;
            if (m.predWts() < h) {
                return m;
            }
            v = skipAborted(v.olderAcquire());
        }
    }

    /**
     * Walks read {@code j}'s chain from its head down to the version read: every live version on the way must be
     * at or above h (a version below h in between is one we should have read at our position). First pass
     * ({@code recheck=false}): record the read in each one's predRts. Second pass: no omitted write with a pivot
     * timestamp at or below h sits just below one of them.
     */
    private boolean versionsAboveReadAllAbove(int j, long h, boolean recheck) {
        MvtoVersion read = readVersions[j];
        for (Version x = ((MvccRecord) readSet.record(j)).headAcquire(); x != read; x = x.olderAcquire()) {
            if (x == null || x == Version.TRUNCATED) {
                return false;
            }
            long s = x.stampAcquire();
            if (Version.status(s) == Version.ABORTED) {
                continue;
            }
            if (Version.timestamp(s) < h) {
                return false;
            }
            MvtoVersion v = (MvtoVersion) x;
            if (!recheck) {
                v.raisePredRts(h);
            } else if (v.omitFloorVolatile() <= h) {
                return false;
            }
        }
        return true;
    }

    /** MVTO's phantom checks ({@code checkPhantoms}) at position h - 1/2, without aborting. */
    private boolean phantomsValid(long h) {
        boolean reliesOnAbsence = nodeSet.size() > 0;
        for (int i = 0, m = readSet.size(); i < m && !reliesOnAbsence; i++) {
            reliesOnAbsence = readAbsentAndNotWritten(i);
        }
        if (!reliesOnAbsence) {
            return true;
        }
        cc.raiseInsertFloor(h); // an insert into what we relied on being absent now commits above h
        VarHandle.fullFence();
        if (!nodeSet.validate()) {
            return false;
        }
        for (int i = 0, m = readSet.size(); i < m; i++) {
            if (readAbsentAndNotWritten(i) && (readSet.record(i).wordVolatile() & MvccRecord.UNLINKED) != 0) {
                return false;
            }
        }
        return true;
    }

    // ---------------------------------------------------------------- for tests (valid after commit, same thread)

    boolean lastCommitOmitted() {
        return omitted;
    }

    /**
     * The last commit's place in the serialization order, in half timestamps: 2 ts if it installed (or read only),
     * 2 h - 1 if it was omitted.
     */
    long lastCommitPosition() {
        return omitted ? 2 * pivotTs - 1 : 2 * ts;
    }
}
