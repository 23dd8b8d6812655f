package org.terndb.txn.tictoc;

import static org.terndb.txn.tictoc.TsWord.LOCK;
import static org.terndb.txn.tictoc.TsWord.isLocked;
import static org.terndb.txn.tictoc.TsWord.rts;
import static org.terndb.txn.tictoc.TsWord.sameVersion;
import static org.terndb.txn.tictoc.TsWord.wts;

import java.lang.invoke.VarHandle;
import org.terndb.txn.AbortReason;
import org.terndb.txn.Index;
import org.terndb.txn.common.AbstractTransaction;
import org.terndb.txn.common.Backoff;
import org.terndb.txn.common.Record;

/**
 * A TicToc transaction. Read set entries hold the observed word (its wts) and, as extra, the rts observed;
 * write set entries hold, as extra, the word this transaction locked (lock bit set) once it holds the lock.
 */
final class TicTocTransaction extends AbstractTransaction {
    /** NoWaitTT: locking attempts before giving up with WRITE_LOCK_CONFLICT. */
    static final int NO_WAIT_ATTEMPTS = 64;
    /** NoWaitTT: pause between attempts (the paper sleeps "a short period"; DBx1000 used 1 us). */
    private static final int NO_WAIT_PAUSE_MICROS = 1;

    private final TicTocConcurrencyControl cc;
    private final boolean noWaitTT;
    private final boolean noWait;
    private final boolean preemptiveAbort;
    private final boolean timestampHistory;

    /** Per read-set entry: the position of the same record in the write set, or -1. Reused across commits. */
    private int[] writeOf = new int[16];
    /** Lock order of the write set (owned by the write set, valid during one commit). */
    private int[] lockOrder;
    /** lockOrder[0, locked) are held by this transaction. */
    private int locked;

    /** Tests only: runs before each NoWaitTT pause, with every lock released. */
    Runnable beforeNoWaitPause;

    TicTocTransaction(TicTocWorker worker, TicTocConcurrencyControl cc) {
        super(worker);
        this.cc = cc;
        this.noWaitTT = cc.options().bool("tictoc_no_wait");
        this.noWait = cc.options().noWait();
        this.preemptiveAbort = cc.options().bool("tictoc_preemptive_abort");
        this.timestampHistory = cc.options().bool("tictoc_timestamp_history");
    }

    @Override
    protected void onBegin() {
        locked = 0;
        lockOrder = null;
    }

    // ---------------------------------------------------------------- read phase

    /**
     * TicToc §3.2 read phase (Algorithm 1), loading word, row, word as in §3.6 (Algorithm 4): the row belongs to
     * the version whose wts the read set records. Only the rts may grow meanwhile; the later (larger) one is kept.
     */
    @Override
    protected byte[] readCommitted(Index index, Record record, boolean forUpdate) {
        int spins = 0;
        while (true) {
            long w1 = record.wordAcquire();
            if (!isLocked(w1)) {
                byte[] row = record.rowAcquire(); // acquire: the second word load cannot move above the row load
                long w2 = record.wordAcquire();
                if (sameVersion(w1, w2)) {
                    readSet.add(record, w2, rts(w2));
                    return row;
                }
            }
            spins = spin(spins); // a committer is installing this record: its write phase is short
        }
    }

    @Override
    protected Record newPlaceholder(byte[] key) {
        // Born locked: nobody may read or write it until bufferWrite gives it its timestamps (insert floor).
        return new TicTocRecord(key, LOCK, null);
    }

    @Override
    protected void bufferWrite(Index index, Record record, byte[] row, int kind, boolean freshPlaceholder) {
        if (freshPlaceholder) {
            // The placeholder is in the tree now. Full fence: the tree change is ordered before the floor load
            // (Dekker pairing with raiseInsertFloor + node-set validation of scanners, see package docs).
            VarHandle.fullFence();
            long floor = cc.insertFloor();
            long word = TsWord.of(0, floor);
            record.setWordRelease(word); // unlock: absent over [0, floor], visible to other transactions
            // If another inserter writes it before we commit, its wts changes and our read validation fails.
            readSet.add(record, word, floor);
        }
        writeSet.put(index, record, row, kind);
    }

    // ---------------------------------------------------------------- duplicate keys

    /**
     * A key this transaction inserts (or needs unique) is taken. If a record read has been overwritten since, in
     * a way validation at any admissible commit timestamp must reject (§3.6 Algorithm 5, with TimestampHistory's
     * allowance), the duplicate may stem from that stale read and the transaction aborts as its commit would.
     * Read-only: no rts is extended. A record a committer holds locked is waited for, as a read waits.
     */
    @Override
    protected void onDuplicateKey(Index index) {
        int reads = readSet.size();
        long commitFloor = 0; // commitTs is at least every read's wts
        for (int i = 0; i < reads; i++) {
            commitFloor = Math.max(commitFloor, wts(readSet.word(i)));
        }
        for (int i = 0; i < reads; i++) {
            Record r = readSet.record(i);
            long readWts = wts(readSet.word(i));
            long now = r.wordAcquire();
            for (int spins = 0; isLocked(now); now = r.wordAcquire()) {
                spins = spin(spins);
            }
            if (wts(now) != readWts && (!timestampHistory || writeSet.indexOf(r) >= 0
                    || !validBeforeOverwrite((TicTocRecord) r, readWts, commitFloor))) {
                throw abortNow(AbortReason.READ_VALIDATION_FAILED, "a record read changed, so the duplicate key "
                        + "may come from a stale read");
            }
        }
        abortIfNodeSetChanged();
    }

    // ---------------------------------------------------------------- commit

    @Override
    protected void commitWrites() {
        int writes = writeSet.size();
        int reads = readSet.size();
        mapReadsToWrites(reads);

        if (preemptiveAbort) {
            preemptiveAbortCheck(reads);
        }

        // TicToc §3.2 validation phase (Algorithm 2). Step 1: lock the write set in the global (index, key) order.
        lockWriteSet(writes, reads);

        // Step 2: compute the commit timestamp, from the rts of the locked writes (stable while we hold them)
        // and the wts of the reads.
        long commitTs = 0;
        for (int j = 0; j < writes; j++) {
            commitTs = Math.max(commitTs, rts(writeSet.extra(j)) + 1);
        }
        for (int i = 0; i < reads; i++) {
            if (writeOf[i] < 0) {
                commitTs = Math.max(commitTs, wts(readSet.word(i)));
            }
        }
        if (commitTs > TsWord.MAX_TS) {
            throw new IllegalStateException("TicToc timestamp space exhausted (2^48 commits on one record chain)");
        }

        // Step 3: validate the read set (§3.6 Algorithm 5).
        for (int i = 0; i < reads; i++) {
            if (readSet.extra(i) < commitTs && !validateRead(i, commitTs)) {
                throw abortNow(AbortReason.READ_VALIDATION_FAILED, "a record read changed before commit");
            }
        }

        // Phantoms: Silo §4.6 node-set validation, after publishing commitTs in the insert floor.
        if (nodeSet.size() > 0) {
            cc.raiseInsertFloor(commitTs);
            VarHandle.fullFence(); // the floor store (or load) is ordered before the node version loads
            if (!nodeSet.validate()) {
                throw abortNow(AbortReason.NODE_SET_CHANGED, "a scanned range or missed key changed");
            }
        }

        if (writes > 0) {
            // Durability: the epoch at the serialization point (write set locked, reads validated); commitTs is
            // the stamp (each new version's wts exceeds the previous one's rts).
            reportCommit(cc.epochs().current(), commitTs);
        }
        // TicToc §3.2 write phase (Algorithm 3): install each row with wts = rts = commitTs and unlock.
        long installed = TsWord.of(commitTs, commitTs);
        for (int j = 0; j < writes; j++) {
            Record r = writeSet.record(j);
            if (timestampHistory) {
                ((TicTocRecord) r).setPrevWtsRelease(wts(writeSet.extra(j)));
            }
            r.setRowRelease(writeSet.row(j)); // release: ordered after our lock; readers check the word around it
            r.setWordRelease(installed);      // release: publishes row and prevWts with the new wts, unlocks
        }
        locked = 0;
        if (writes > 0) {
            worker.stats().recordInstalledWrites(writes);
        }
    }

    private void mapReadsToWrites(int reads) {
        if (writeOf.length < reads) {
            writeOf = new int[Math.max(reads, writeOf.length * 2)];
        }
        boolean anyWrites = writeSet.size() > 0;
        for (int i = 0; i < reads; i++) {
            writeOf[i] = anyWrites ? writeSet.indexOf(readSet.record(i)) : -1;
        }
    }

    /**
     * Read-set validation of one entry whose recorded rts is below commitTs (Algorithm 5): the version read must
     * still be current, and its rts is extended to commitTs by CAS unless a writer holds its lock. Skips the
     * update when the rts already reaches commitTs (CCBench's fix of Algorithm 5's redundant rts updates).
     */
    private boolean validateRead(int i, long commitTs) {
        Record r = readSet.record(i);
        long readWts = wts(readSet.word(i));
        int w = writeOf[i];
        if (w >= 0) {
            // We hold its lock: the version must be unchanged; the write phase sets its rts.
            return wts(writeSet.extra(w)) == readWts;
        }
        while (true) {
            long v1 = r.wordAcquire();
            if (wts(v1) != readWts) {
                return timestampHistory && validBeforeOverwrite((TicTocRecord) r, readWts, commitTs);
            }
            if (rts(v1) >= commitTs) {
                return true; // valid at commitTs already; a lock holder will write at a larger timestamp
            }
            if (isLocked(v1)) {
                return false; // a writer will install a version inside [rts, commitTs]
            }
            if (r.casWord(v1, TsWord.extended(v1, commitTs))) {
                return true;
            }
            // lost a race with another extension, a lock or a write: look again
        }
    }

    /**
     * TimestampHistory (§5.3): the record was overwritten after we read it, but if the version we read is the
     * one right before the current one, it stayed valid until the current wts - 1, so a commitTs below the
     * current wts still reads it consistently. Under a lock the previous wts is being rewritten: fail then.
     */
    private static boolean validBeforeOverwrite(TicTocRecord r, long readWts, long commitTs) {
        while (true) {
            long v1 = r.wordAcquire();
            if (isLocked(v1)) {
                return false;
            }
            long prev = r.prevWtsAcquire(); // acquire: the second word load cannot move above it
            long v2 = r.wordAcquire();
            if (sameVersion(v1, v2)) {
                return prev == readWts && wts(v1) > commitTs;
            }
        }
    }

    /**
     * PreemptiveAbort (§5.2): before taking any lock, compute an approximate commit timestamp from the read set
     * alone (reads' wts, written records' observed rts + 1) — a lower bound of the real one, since timestamps
     * only grow — and abort at once if a record already shows that validation would fail: a written record was
     * overwritten since we read it; a read-only record was overwritten too early for its version to cover the
     * commit (without history: at all); or it is locked by a writer while its rts is below the approximation
     * (the paper's case: validation now would abort, and the lock holder is about to install a newer version).
     */
    private void preemptiveAbortCheck(int reads) {
        long approx = 0;
        for (int i = 0; i < reads; i++) {
            approx = Math.max(approx, writeOf[i] >= 0 ? readSet.extra(i) + 1 : wts(readSet.word(i)));
        }
        for (int i = 0; i < reads; i++) {
            long readWts = wts(readSet.word(i));
            long v = readSet.record(i).wordAcquire();
            if (writeOf[i] >= 0) {
                if (wts(v) != readWts) {
                    throw abortNow(AbortReason.TIMESTAMP_TOO_OLD, "a record to write was overwritten since read");
                }
            } else if (readSet.extra(i) < approx) { // its rts must be extended (commit_ts >= approx)
                boolean overwritten = wts(v) != readWts;
                // history can still validate it only if the overwrite's wts ends up above commit_ts >= approx
                boolean fails = overwritten
                        ? !timestampHistory || wts(v) <= approx
                        : isLocked(v) && rts(v) < approx;
                if (fails) {
                    throw abortNow(AbortReason.TIMESTAMP_TOO_OLD, "a record read cannot be valid at the commit");
                }
            }
        }
    }

    /** Step 1 of the validation phase: waiting (spinning) in sorted order, or one of the no-wait variants. */
    private void lockWriteSet(int writes, int reads) {
        lockOrder = writeSet.sortedOrder();
        if (noWaitTT) {
            lockWriteSetNoWaitTT(writes, reads);
            return;
        }
        for (int k = 0; k < writes; k++) {
            int j = lockOrder[k];
            Record r = writeSet.record(j);
            int spins = 0;
            while (!tryLock(j, r)) {
                if (noWait) {
                    throw abortNow(AbortReason.WRITE_LOCK_CONFLICT, "a record to write is locked (no_wait)");
                }
                spins = spin(spins); // sorted order: the holder never waits for a lock we hold
            }
            locked = k + 1;
        }
    }

    /**
     * NoWaitTT (§5.1): on a record locked by someone else, release every lock taken so far, pause briefly and
     * restart locking, instead of waiting while holding locks (which builds convoys). The transaction itself is
     * not aborted unless {@link #NO_WAIT_ATTEMPTS} attempts fail (WRITE_LOCK_CONFLICT) or, between attempts,
     * the preemptive check finds that validation would fail anyway.
     */
    private void lockWriteSetNoWaitTT(int writes, int reads) {
        for (int attempt = 1; ; attempt++) {
            int k = 0;
            while (k < writes && tryLock(lockOrder[k], writeSet.record(lockOrder[k]))) {
                locked = ++k;
            }
            if (k == writes) {
                return;
            }
            releaseLocks();
            if (attempt == NO_WAIT_ATTEMPTS) {
                throw abortNow(AbortReason.WRITE_LOCK_CONFLICT, "a record to write stayed locked (tictoc_no_wait)");
            }
            if (preemptiveAbort) {
                preemptiveAbortCheck(reads);
            }
            if (beforeNoWaitPause != null) {
                beforeNoWaitPause.run();
            }
            Backoff.spinMicros(NO_WAIT_PAUSE_MICROS);
            Thread.yield(); // two cores: let a descheduled lock holder finish
        }
    }

    /** Takes the lock of write entry j if it is free; records the locked word (stable while held) as extra. */
    private boolean tryLock(int j, Record r) {
        while (true) {
            long w = r.wordAcquire();
            if (isLocked(w)) {
                return false;
            }
            if (r.casWord(w, w | LOCK)) { // CAS: full fence; later loads of the rts see the locked word
                writeSet.setExtra(j, w | LOCK);
                return true;
            }
            // a reader extended the rts meanwhile: retry
        }
    }

    private void releaseLocks() {
        for (int k = 0; k < locked; k++) {
            int j = lockOrder[k];
            // Nobody changes a locked word, so the unlocked word is the one we locked. Release: our earlier
            // (validation) accesses stay before the unlock.
            writeSet.record(j).setWordRelease(writeSet.extra(j) & ~LOCK);
        }
        locked = 0;
    }

    @Override
    protected void rollback() {
        releaseLocks();
    }

    /** Spin-wait step: mostly onSpinWait, with a yield now and then (threads may outnumber the two cores). */
    private static int spin(int spins) {
        if ((++spins & 63) == 0) {
            Thread.yield();
        } else {
            Thread.onSpinWait();
        }
        return spins;
    }
}
