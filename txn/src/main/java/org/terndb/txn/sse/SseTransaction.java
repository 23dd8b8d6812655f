package org.terndb.txn.sse;

import java.util.Arrays;
import org.terndb.txn.RowPatch;
import org.terndb.txn.common.Record;
import org.terndb.txn.common.WriteSet;
import org.terndb.txn.silo.SiloTransaction;
import org.terndb.txn.silo.TidWord;

/**
 * A Silo+SSE transaction. At commit, a transaction whose writes are all blind updates first tries SSE's erasing
 * version order (Fig. 4): if it passes, the transaction commits with nothing installed and no lock taken;
 * otherwise Silo's commit runs unchanged. Either way the transaction leaves its footprint in the reachability
 * trackers of the records it touched (Algorithm 3), which is all SSE adds to Silo's commit.
 */
final class SseTransaction extends SiloTransaction {
    private final SseConcurrencyControl sse;

    private int[] pivotPositions = new int[8]; // write-set entries this installing commit makes pivots
    private int pivotCount;
    private int installPivots;                 // pivots reaching this installing commit

    private boolean omitted;  // the last commit, for tests
    private long commitEpoch;
    private long commitTid;

    SseTransaction(SseWorker worker) {
        super(worker);
        this.sse = worker.sse();
    }

    @Override
    protected void onBegin() {
        super.onBegin();
        pivotCount = 0;
        omitted = false;
        commitEpoch = 0;
        commitTid = 0;
    }

    // ---------------------------------------------------------------- SSE: commit by omission

    @Override
    protected boolean commitWithoutInstalling() {
        int n = writeSet.size();
        if (n == 0 || blindUpdateCount() != n) {
            return false;
        }
        for (int k = 0; k < n; k++) {
            if (writeSet.kind(blindUpdatePosition(k)) != WriteSet.UPDATE) {
                return false;
            }
        }
        if (!omitWrites(n)) {
            return false; // delegated: Silo's commit decides
        }
        omitted = true;
        worker.stats().recordOmittedWrites(n);
        reportOmittedCommit(commitEpoch); // nothing installed, nothing logged; acknowledged once the epoch is durable
        return true;
    }

    /**
     * SSE §4 (Fig. 4) with ESSE's trackers (§5.2): generate the erasing version order (every written record has
     * a pivot in our epoch), test successors (Algorithm 2) and overwriters (Silo's read validation), and leave
     * our footprint (Algorithm 3). Returns false to delegate to Silo; never aborts.
     */
    private boolean omitWrites(int n) {
        // acquire loads in program order: the epoch and every tracker are read after the read phase's records
        long epoch = epochs.current();
        int writeKeys = 0;
        int incoming = 0;
        // Algorithm 2 (A): the pivot of every written record; (B): all in our epoch, i.e. concurrent with us.
        for (int i = 0; i < n; i++) {
            SseRecord r = (SseRecord) writeSet.record(i);
            long word = r.wordAcquire();
            if (TidWord.isAbsent(word) || TidWord.isUnlinked(word)) {
                return false; // deleted meanwhile: Silo's commit aborts
            }
            long t = r.trackerAcquire();
            if (!ReachabilityTracker.hasPivot(t, epoch) || TidWord.epochOf(TidWord.tid(word)) < epoch) {
                return false; // no pivot (the TID check rejects a tracker 2^31 epochs old that looks live)
            }
            if (!RowPatch.covers(r.pivotMaskAcquire(), writeSet.columnMask(i))) {
                // the pivot sets fewer columns than we do: placed before it, our other columns would be lost
                return false;
            }
            writeKeys |= r.keyBit();
            incoming |= ReachabilityTracker.mergedRS(t, epoch); // (D): read before the pivot by a reachable txn
        }
        for (int j = 0, m = readSet.size(); j < m; j++) {
            long t = ((SseRecord) readSet.record(j)).trackerAcquire();
            incoming |= ReachabilityTracker.mergedWS(t, epoch); // (C): what we read was written by a reachable txn
        }
        if (incoming != 0) {
            int linked = ReachabilityTracker.linkedPivots(sse.linkedPivotsAcquire(), epoch);
            if (!ReachabilityTracker.omissionAllowed(incoming, writeKeys, linked)) {
                return false;
            }
            // Algorithm 3 (2)-(4): we are reachable from the pivots in `incoming`; record it before validating, and
            // link our pivots to them.
            for (int j = 0, m = readSet.size(); j < m; j++) {
                ((SseRecord) readSet.record(j)).mergeRead(epoch, incoming);
            }
            for (int i = 0; i < n; i++) {
                ((SseRecord) writeSet.record(i)).mergeWrite(epoch, incoming);
            }
            sse.linkPivots(epoch, writeKeys);
        }
        // Test of overwriters (§4.2, Silo's o_j = ∅): every read version is still the latest; no phantom.
        if (!readsStillLatest() || !nodeSet.validate()) {
            return false;
        }
        if (incoming != 0) {
            // Pivots linked by omissions serialized before us published their bits before validating.
            int linked = ReachabilityTracker.linkedPivots(sse.linkedPivotsAcquire(), epoch);
            if (!ReachabilityTracker.omissionAllowed(incoming, writeKeys, linked)) {
                return false;
            }
        }
        // Every tracker we relied on belongs to this epoch only while the epoch lasts.
        if (epochs.current() != epoch) {
            return false;
        }
        commitEpoch = epoch;
        return true;
    }

    /** Silo's read validation without locks held: each word unchanged and unlocked. */
    private boolean readsStillLatest() {
        for (int i = 0, n = readSet.size(); i < n; i++) {
            long now = readSet.record(i).wordAcquire();
            if (now != readSet.word(i)) { // a lock bit or any change
                return false;
            }
        }
        return true;
    }

    // ---------------------------------------------------------------- footprint of an installing commit

    /** Algorithm 3 for Silo's commit: pivots reaching us, merged into our records before Phase 2 validates. */
    @Override
    protected void beforeValidation(long epoch) {
        int pivots = 0;
        for (int j = 0, m = readSet.size(); j < m; j++) {
            pivots |= ReachabilityTracker.mergedWS(((SseRecord) readSet.record(j)).trackerAcquire(), epoch);
        }
        for (int i = 0, n = writeSet.size(); i < n; i++) {
            long t = ((SseRecord) writeSet.record(i)).trackerAcquire(); // locked by us: no pivot can appear
            pivots |= ReachabilityTracker.mergedWS(t, epoch) | ReachabilityTracker.mergedRS(t, epoch);
        }
        pivotCount = 0;
        for (int k = 0, b = blindUpdateCount(); k < b; k++) {
            int i = blindUpdatePosition(k);
            if (writeSet.kind(i) != WriteSet.UPDATE) {
                continue;
            }
            SseRecord r = (SseRecord) writeSet.record(i);
            long t = r.trackerAcquire();
            if (!ReachabilityTracker.hasPivot(t, epoch) && !ReachabilityTracker.isNewer(t, epoch)) {
                // the first blind update of the record in this epoch: it will be the pivot
                if (pivotCount == pivotPositions.length) {
                    pivotPositions = Arrays.copyOf(pivotPositions, pivotCount * 2);
                }
                pivotPositions[pivotCount++] = i;
                pivots |= r.keyBit();
            }
        }
        installPivots = pivots;
        if (pivots == 0) {
            return;
        }
        for (int j = 0, m = readSet.size(); j < m; j++) {
            ((SseRecord) readSet.record(j)).mergeRead(epoch, pivots);
        }
        for (int i = 0, n = writeSet.size(); i < n; i++) {
            if (!isPivotPosition(i)) {
                ((SseRecord) writeSet.record(i)).mergeWrite(epoch, pivots);
            }
        }
    }

    /** The validated, still-locked commit sets its pivots before Phase 3 makes the new versions visible. */
    @Override
    protected void beforeInstall(long tid, long epoch) {
        for (int k = 0; k < pivotCount; k++) {
            SseRecord r = (SseRecord) writeSet.record(pivotPositions[k]);
            r.setPivotMaskRelease(writeSet.columnMask(pivotPositions[k])); // visible with the pivot it describes
            r.markPivot(epoch, installPivots);
        }
        commitEpoch = epoch;
        commitTid = tid;
    }

    private boolean isPivotPosition(int i) {
        for (int k = 0; k < pivotCount; k++) {
            if (pivotPositions[k] == i) {
                return true;
            }
        }
        return false;
    }

    // ---------------------------------------------------------------- for tests (valid after commit, same thread)

    boolean lastCommitOmitted() {
        return omitted;
    }

    /** The epoch of the last commit (omitted or installed; 0 for a read-only one). */
    long lastCommitEpoch() {
        return commitEpoch;
    }

    /** The TID the last commit installed (0 if it installed nothing). */
    long lastCommitTid() {
        return commitTid;
    }

    /** Records the last (installing) commit made the pivot of its epoch. */
    int lastCommitPivots() {
        return pivotCount;
    }

    Record lastCommitPivot(int k) {
        return writeSet.record(pivotPositions[k]);
    }
}
