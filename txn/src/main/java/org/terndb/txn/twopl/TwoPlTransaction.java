package org.terndb.txn.twopl;

import java.util.concurrent.locks.LockSupport;
import org.terndb.txn.AbortReason;
import org.terndb.txn.Index;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.common.AbstractTransaction;
import org.terndb.txn.common.Record;

/**
 * A strict 2PL transaction. Growing phase = the read phase: every read takes a shared lock, every write (and
 * {@code readForUpdate}) an exclusive one, upgrading a shared lock the transaction holds alone. Writes are only
 * buffered. Commit validates the node set, installs the writes under their exclusive locks, then releases every
 * lock (the shrinking phase is one step, at the end).
 */
final class TwoPlTransaction extends AbstractTransaction {
    private static final int REQUEST_SHARED = 0;
    private static final int REQUEST_EXCLUSIVE = 1;
    private static final int REQUEST_UPGRADE = 2;

    private static final int SPINS = 64;
    private static final int YIELDS = 16;
    private static final long PARK_NANOS = 20_000;

    private final TwoPlWorker owner;
    private final TwoPlConcurrencyControl cc;
    private final boolean waits;
    private final long timeoutNanos;
    private final LockSet locks = new LockSet();

    /** This attempt's wait-die timestamp (NO_TS under NoWait). */
    private long ts = LockWord.NO_TS;
    private boolean attemptOpen;
    /** The protocol (not the application) aborted this attempt: the retry keeps the timestamp. */
    private boolean conflictAbort;

    TwoPlTransaction(TwoPlWorker owner, TwoPlConcurrencyControl cc) {
        super(owner);
        this.owner = owner;
        this.cc = cc;
        this.waits = cc.waits();
        this.timeoutNanos = cc.lockTimeoutNanos();
    }

    @Override
    protected void onBegin() {
        locks.clear();
        conflictAbort = false;
        ts = owner.beginAttempt();
        attemptOpen = true;
    }

    /** The attempt's timestamp; for tests. */
    long timestamp() {
        return ts;
    }

    // ---------------------------------------------------------------- growing phase

    @Override
    protected byte[] readCommitted(Index index, Record record, boolean forUpdate) {
        int i = locks.indexOf(record);
        if (i < 0) {
            if (forUpdate) {
                lock(record, REQUEST_EXCLUSIVE);
                locks.add(record, LockSet.EXCLUSIVE);
            } else {
                lock(record, REQUEST_SHARED);
                locks.add(record, LockSet.SHARED);
            }
        } else if (forUpdate && locks.mode(i) == LockSet.SHARED) {
            lock(record, REQUEST_UPGRADE);
            locks.setMode(i, LockSet.EXCLUSIVE);
        }
        // The lock is ours, so the row cannot change under us; acquire pairs with the installer's release.
        return record.rowAcquire();
    }

    @Override
    protected Record newPlaceholder(byte[] key) {
        // Born exclusively locked by its inserter: readers of the key wait (or abort) until we commit or abort.
        return new Record(key, LockWord.exclusiveBy(ts), null);
    }

    @Override
    protected void bufferWrite(Index index, Record record, byte[] row, int kind, boolean freshPlaceholder) {
        if (freshPlaceholder) {
            // Our own placeholder, locked since birth: nobody else can write it before we commit.
            locks.add(record, LockSet.EXCLUSIVE);
        } else {
            int i = locks.indexOf(record);
            if (i < 0) {
                lock(record, REQUEST_EXCLUSIVE);
                locks.add(record, LockSet.EXCLUSIVE);
            } else if (locks.mode(i) == LockSet.SHARED) {
                lock(record, REQUEST_UPGRADE);
                locks.setMode(i, LockSet.EXCLUSIVE);
            }
        }
        writeSet.put(index, record, row, kind);
    }

    private void lock(Record r, int request) {
        boolean granted = switch (request) {
            case REQUEST_SHARED -> LockWord.tryShared(r, ts);
            case REQUEST_EXCLUSIVE -> LockWord.tryExclusive(r, ts);
            default -> LockWord.tryUpgrade(r, ts);
        };
        if (granted) {
            return;
        }
        if (!waits) {
            throw request == REQUEST_SHARED
                    ? conflict(AbortReason.READ_LOCK_CONFLICT, "record is locked exclusively (2pl-nowait)")
                    : conflict(AbortReason.WRITE_LOCK_CONFLICT, "record is locked by another transaction (2pl-nowait)");
        }
        waitFor(r, request);
    }

    /** 2PL-Wait: spin, then yield, then park until granted; wait-die decides at every look whether we may wait. */
    private void waitFor(Record r, int request) {
        long deadline = System.nanoTime() + timeoutNanos;
        for (int round = 0; ; round++) {
            long w = r.wordAcquire();
            if (grantable(w, request)) {
                long next = request == REQUEST_SHARED ? LockWord.plusReader(w, ts) : LockWord.exclusiveBy(ts);
                // CAS (volatile): acquires the lock; a failure means the word moved, so look again.
                if (r.casWord(w, next)) {
                    return;
                }
                continue;
            }
            if (!mayWait(w)) {
                throw conflict(AbortReason.DEADLOCK_VICTIM,
                        "wait-die: the record is held by an older transaction, so this younger one dies");
            }
            if (System.nanoTime() - deadline >= 0) {
                throw conflict(AbortReason.TIMEOUT, "lock not granted within lock_timeout_ms");
            }
            checkAbortRequested(); // a cancel or close from another thread ends the wait (we look every PARK_NANOS)
            if (round < SPINS) {
                Thread.onSpinWait();
            } else if (round < SPINS + YIELDS) {
                Thread.yield();
            } else {
                LockSupport.parkNanos(PARK_NANOS); // holders do not unpark waiters: we look again
            }
        }
    }

    private static boolean grantable(long w, int request) {
        return switch (request) {
            case REQUEST_SHARED -> !LockWord.isExclusive(w);
            case REQUEST_EXCLUSIVE -> w == LockWord.FREE;
            default -> !LockWord.isExclusive(w) && LockWord.readers(w) == 1; // we are the one reader
        };
    }

    /**
     * Wait-die: wait only if this transaction is older (smaller timestamp) than every other holder of the
     * record; otherwise die. Waits then only point from older to younger transactions, so no cycle can form.
     * Re-decided at every look, so a holder that joins while we wait is judged too.
     */
    private boolean mayWait(long w) {
        long bound = LockWord.timestamp(w);
        if (ts <= bound) {
            // X: the owner is younger. S: every holder is >= bound; those other than us differ from ts, so are younger.
            return true;
        }
        if (LockWord.isExclusive(w)) {
            return false; // the exact owner is older
        }
        // Shared holders' bound is only a lower bound and may belong to a reader that left: every holder is a
        // running attempt of another worker, so the oldest of those is a bound too, and never stale.
        return ts < cc.oldestActiveExcept(owner);
    }

    private TransactionAbortedException conflict(AbortReason reason, String detail) {
        conflictAbort = true;
        return abortNow(reason, detail);
    }

    // ---------------------------------------------------------------- duplicate keys

    /**
     * A key this transaction inserts (or needs unique) is taken. Every row it read is still locked, so those
     * reads are current; only its phantom protection is optimistic: a range it scanned or a key it missed that
     * changed since would fail the commit, and the duplicate may be the key that appeared there.
     */
    @Override
    protected void onDuplicateKey(Index index) {
        if (nodeSet.changedSinceObserved()) {
            throw conflict(AbortReason.NODE_SET_CHANGED, "a concurrent insert changed a scanned range or missed key, "
                    + "so the duplicate key may be one this transaction's reads did not account for");
        }
    }

    // ---------------------------------------------------------------- commit

    @Override
    protected void commitWrites() {
        // 2PL commit: the growing phase is over and every lock is held. Phantoms: validate the node set (Silo §4.6)
        // now, so no key appeared in or left a scanned range or a missed lookup since it was read.
        if (!nodeSet.validate()) {
            throw conflict(AbortReason.NODE_SET_CHANGED, "a concurrent insert changed a scanned range or missed key");
        }
        // Install the buffered writes under their exclusive locks; a delete installs "absent" (null).
        int n = writeSet.size();
        if (n > 0 && logsCommits()) {
            // Durability: every lock is held (the epoch read comes after the lock CASes); the stamp is drawn under
            // the exclusive locks, so a key's later writer draws a larger one.
            reportCommit(cc.epochs().current(), cc.nextCommitStamp());
        }
        for (int i = 0; i < n; i++) {
            // Release store: a reader that locks the record after us sees the whole new row.
            writeSet.record(i).setRowRelease(writeSet.row(i));
        }
        if (n > 0) {
            worker.stats().recordInstalledWrites(n);
        }
        // Shrinking phase, all at once (strict 2PL).
        releaseAll();
        endAttempt();
    }

    @Override
    protected void rollback() {
        // Nothing was installed: dropping the buffered writes and the locks undoes everything. Our placeholders
        // stay in the tree as absent records, like deleted ones.
        releaseAll();
        endAttempt();
    }

    private void releaseAll() {
        for (int i = 0, n = locks.size(); i < n; i++) {
            if (locks.mode(i) == LockSet.EXCLUSIVE) {
                LockWord.releaseExclusive(locks.record(i));
            } else {
                LockWord.releaseShared(locks.record(i));
            }
        }
        locks.clear();
    }

    private void endAttempt() {
        if (attemptOpen) {
            attemptOpen = false;
            owner.endAttempt(conflictAbort);
        }
    }
}
