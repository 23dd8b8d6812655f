package org.terndb.txn.mocc;

import org.terndb.txn.AbortReason;
import org.terndb.txn.Index;
import org.terndb.txn.common.Record;
import org.terndb.txn.silo.SiloTransaction;
import org.terndb.txn.silo.TidWord;

/**
 * A MOCC transaction: Silo's, plus pessimistic locks on hot records.
 *
 * <p><b>Temperature (MOCC §3).</b> A failed validation of a read raises the record's temperature. Reading a
 * record whose temperature is at least {@code mocc_hot_threshold} takes its read lock before reading (its write
 * lock when the caller will write it: update, delete, read-for-update), so the read needs no validation and hot
 * records stop being clobbered. Cold records are read as in Silo.
 *
 * <p><b>Canonical mode (MOCC §3).</b> Locks are only waited for in canonical mode: while every lock held is
 * ordered before the requested one in (index id, key) order, the order commit uses for write sets. Waits then
 * form no cycle. A request that would break the order first tries the lock without waiting (never deadlocks).
 * If that fails, the transaction restores canonical mode by releasing the held locks ordered at or after the
 * requested one (their reads go back to ordinary validation at commit, which is always safe) and waits; if more
 * than {@link #RELEASE_LIMIT} locks would have to go, it aborts with {@code DEADLOCK_VICTIM} instead. Upgrading
 * our read lock works in place when we are the only reader; otherwise we drop the read lock first (a reader
 * waiting for its own upgrade could deadlock with another upgrader).
 *
 * <p><b>Commit.</b> Phase 1 takes the write locks of the whole write set in canonical order (upgrading our read
 * locks, keeping our early write locks), and only then sets Silo's lock bits, so a transaction holding lock bits
 * never waits and optimistic readers spinning on them wait briefly. Phase 2 validates reads not protected by a
 * lock still held, and the node set; phase 3 installs as Silo does; then all locks are released.
 *
 * <p>Simplified from the paper: a reader/writer spinlock instead of MQL (as CCBench does), a saturating
 * counter instead of the probabilistic one, and no retrospective lock list (a retried transaction learns the
 * hot records again from their temperature).
 */
final class MoccTransaction extends SiloTransaction {
    /** Most locks released to restore canonical mode; beyond that the requester aborts instead. */
    static final int RELEASE_LIMIT = 8;

    /** Read-set extra: the entry was read under a lock this transaction still holds. */
    private static final long UNDER_LOCK = 1;

    private final MoccWorker mocc;
    private final LockList locks = new LockList();

    MoccTransaction(MoccWorker worker) {
        super(worker);
        this.mocc = worker;
    }

    // ---------------------------------------------------------------- read phase

    @Override
    protected byte[] readCommitted(Index index, Record record, boolean forUpdate) {
        MoccRecord m = (MoccRecord) record;
        if (m.temperature(worker.currentEpoch(), mocc.resetEpochs) < mocc.hotThreshold) {
            return super.readCommitted(index, record, forUpdate);
        }
        lock(index, m, forUpdate ? LockList.WRITE : LockList.READ);
        // Under our lock no writer can hold the TID word's lock bit, so this read does not wait.
        byte[] row = readStable(m);
        long word = observedWord();
        if (TidWord.isUnlinked(word)) {
            release(locks.indexOf(m));
            return readRelinked(index, m, forUpdate);
        }
        readSet.add(m, word, UNDER_LOCK);
        return TidWord.isAbsent(word) ? null : row;
    }

    /** Takes {@code mode} on the record, keeping MOCC's canonical mode whenever it waits. */
    private void lock(Index index, MoccRecord m, int mode) {
        int held = locks.indexOf(m);
        if (held >= 0) {
            if (locks.mode(held) >= mode) {
                return;
            }
            if (m.tryUpgrade()) {
                locks.setMode(held, LockList.WRITE);
                return;
            }
            release(held);
        }
        int violations = locks.firstNotBefore(index, m.key());
        if (tryLock(m, mode)) { // a lock taken without waiting cannot deadlock, canonical or not
            locks.insert(violations, index, m, mode);
            return;
        }
        if (noWait) {
            throw abortNow(mode == LockList.WRITE ? AbortReason.WRITE_LOCK_CONFLICT : AbortReason.READ_LOCK_CONFLICT,
                    "a hot or written record is locked (NoWait)");
        }
        if (locks.size() - violations > RELEASE_LIMIT) {
            throw abortNow(AbortReason.DEADLOCK_VICTIM, "waiting would break canonical lock order");
        }
        while (locks.size() > violations) {
            release(locks.size() - 1);
        }
        // Canonical mode: every lock we hold is ordered before this one, so this wait closes no cycle.
        spin.start();
        while (!tryLock(m, mode)) {
            if (!spin.pause()) {
                throw abortNow(AbortReason.TIMEOUT, "a hot or written record stayed locked");
            }
        }
        locks.insert(locks.size(), index, m, mode);
    }

    private static boolean tryLock(MoccRecord m, int mode) {
        return mode == LockList.WRITE ? m.tryWriteLock() : m.tryReadLock();
    }

    /** Releases held lock {@code pos}; reads made under it go back to validation at commit. */
    private void release(int pos) {
        MoccRecord m = locks.record(pos);
        unlock(m, locks.mode(pos));
        locks.removeAt(pos);
        for (int i = 0, n = readSet.size(); i < n; i++) {
            if (readSet.record(i) == m) {
                readSet.setExtra(i, 0);
            }
        }
    }

    private static void unlock(MoccRecord m, int mode) {
        if (mode == LockList.WRITE) {
            m.unlockWrite();
        } else {
            m.unlockRead();
        }
    }

    private void releaseAll() {
        for (int i = 0, n = locks.size(); i < n; i++) {
            unlock(locks.record(i), locks.mode(i));
        }
        locks.clear();
    }

    // ---------------------------------------------------------------- commit

    @Override
    protected void lockWriteSet(int[] order) {
        // Phase 1a: the write locks, in canonical order; phase 1b (Silo's): the TID words' lock bits.
        for (int k = 0, n = writeSet.size(); k < n; k++) {
            int i = order[k];
            lock(writeSet.index(i), (MoccRecord) writeSet.record(i), LockList.WRITE);
        }
        super.lockWriteSet(order);
    }

    @Override
    protected boolean validatedByLock(int i) {
        return (readSet.extra(i) & UNDER_LOCK) != 0;
    }

    @Override
    protected void onReadValidationFailed(Record record) {
        ((MoccRecord) record).heat(worker.currentEpoch(), mocc.resetEpochs);
    }

    @Override
    protected void commitWrites() {
        super.commitWrites();
        releaseAll();
    }

    @Override
    protected void rollback() {
        super.rollback();
        releaseAll();
    }
}
