package org.terndb.txn.tictoc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.terndb.txn.tictoc.TicTocFixture.assertUnlocked;
import static org.terndb.txn.tictoc.TicTocFixture.commitFails;
import static org.terndb.txn.tictoc.TicTocFixture.key;
import static org.terndb.txn.tictoc.TicTocFixture.row;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.terndb.txn.AbortReason;
import org.terndb.txn.Transaction;
import org.terndb.txn.Worker;

/** NoWaitTT (§5.1), PreemptiveAbort (§5.2), CCBench's NoWait, and the default waiting lock step. */
class TicTocOptionsTest {
    private static final int A = 1, B = 2, X = 3, Y = 4, Z = 5, CLOCK = 6;

    private static Transaction writeBoth(TicTocFixture f, Worker w) {
        Transaction t = w.begin();
        t.update(f.table, key(A), row(10));
        t.update(f.table, key(B), row(20));
        return t;
    }

    @Test
    void noWaitTTReleasesItsLocksAndGivesUpOnALockThatStaysHeld() {
        try (TicTocFixture f = new TicTocFixture("tictoc_no_wait", "true", "tictoc_preemptive_abort", "false")) {
            f.load(A, B);
            Worker w = f.cc.newWorker();
            Transaction t = writeBoth(f, w);
            f.lockExternally(B);
            int[] pauses = {0};
            ((TicTocTransaction) t).beforeNoWaitPause = () -> {
                assertUnlocked(f, A); // A (first in lock order) was released before pausing
                pauses[0]++;
            };
            assertEquals(AbortReason.WRITE_LOCK_CONFLICT, commitFails(t));
            assertEquals(TicTocTransaction.NO_WAIT_ATTEMPTS - 1, pauses[0]);
            assertUnlocked(f, A);
            assertEquals(0, f.wts(A));
            f.unlockExternally(B);
            assertEquals(1, w.stats().aborts(AbortReason.WRITE_LOCK_CONFLICT));
            w.close();
        }
    }

    @Test
    void noWaitTTRetriesWithoutAbortingWhenTheLockIsReleased() {
        try (TicTocFixture f = new TicTocFixture("tictoc_no_wait", "true")) {
            f.load(A, B);
            Worker w = f.cc.newWorker();
            Transaction t = writeBoth(f, w);
            f.lockExternally(B);
            int[] pauses = {0};
            ((TicTocTransaction) t).beforeNoWaitPause = () -> {
                assertUnlocked(f, A);
                if (++pauses[0] == 3) {
                    f.unlockExternally(B);
                }
            };
            t.commit();
            assertEquals(3, pauses[0]);
            assertEquals(1, f.wts(A));
            assertEquals(1, f.wts(B));
            assertEquals(0, w.stats().aborts());
            w.close();
        }
    }

    @Test
    void sharedNoWaitAbortsOnTheFirstLockedRecord() {
        try (TicTocFixture f = new TicTocFixture("no_wait", "true")) {
            f.load(A, B);
            Worker w = f.cc.newWorker();
            Transaction t = writeBoth(f, w);
            f.lockExternally(B);
            assertEquals(AbortReason.WRITE_LOCK_CONFLICT, commitFails(t));
            assertUnlocked(f, A);
            f.unlockExternally(B);
            w.close();
        }
    }

    @Test
    void waitingCommitHoldsEarlierLocksUntilTheLockedRecordIsReleased() throws Exception {
        try (TicTocFixture f = new TicTocFixture()) {
            f.load(A, B);
            CountDownLatch readPhaseDone = new CountDownLatch(1);
            CountDownLatch bLocked = new CountDownLatch(1);
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread committer = new Thread(() -> {
                try (Worker w = f.cc.newWorker()) {
                    Transaction t = writeBoth(f, w);
                    readPhaseDone.countDown();
                    bLocked.await();
                    t.commit();
                } catch (Throwable e) {
                    failure.set(e);
                }
            });
            committer.start();
            readPhaseDone.await();
            f.lockExternally(B);
            bLocked.countDown();
            long deadline = System.nanoTime() + 10_000_000_000L; // a hang bound, not a timing assertion
            while (!TsWord.isLocked(f.word(A)) && System.nanoTime() < deadline && committer.isAlive()) {
                Thread.onSpinWait();
            }
            assertTrue(TsWord.isLocked(f.word(A)), "the committer waits on B while holding A");
            f.unlockExternally(B);
            committer.join(10_000);
            assertNull(failure.get());
            assertEquals(1, f.wts(A));
            assertEquals(1, f.wts(B));
        }
    }

    /** T reads X (rts 0) and CLOCK (wts 5), writes Z: its approximate commit timestamp is 5. */
    private static Transaction readXAndClockWriteZ(TicTocFixture f, Worker w) {
        f.load(X, Z, CLOCK);
        f.bump(CLOCK, 5);
        Transaction t = w.begin();
        t.read(f.table, key(X));
        t.read(f.table, key(CLOCK));
        t.update(f.table, key(Z), row(1));
        return t;
    }

    @Test
    void preemptiveAbortOnLockedRecordWhoseRtsIsBelowTheCommit() {
        try (TicTocFixture f = new TicTocFixture("tictoc_preemptive_abort", "true")) {
            Worker w = f.cc.newWorker();
            Transaction t = readXAndClockWriteZ(f, w);
            f.lockExternally(X);
            assertEquals(AbortReason.TIMESTAMP_TOO_OLD, commitFails(t));
            assertUnlocked(f, Z);
            f.unlockExternally(X);
            w.close();
        }
    }

    @Test
    void withoutPreemptiveAbortTheLockedRecordFailsReadValidation() {
        try (TicTocFixture f = new TicTocFixture("tictoc_preemptive_abort", "false")) {
            Worker w = f.cc.newWorker();
            Transaction t = readXAndClockWriteZ(f, w);
            f.lockExternally(X);
            assertEquals(AbortReason.READ_VALIDATION_FAILED, commitFails(t));
            assertUnlocked(f, Z);
            f.unlockExternally(X);
            w.close();
        }
    }

    @Test
    void preemptiveAbortSparesLockedRecordWhoseRtsCoversTheCommit() {
        try (TicTocFixture f = new TicTocFixture("tictoc_preemptive_abort", "true")) {
            Worker w = f.cc.newWorker();
            Transaction t = readXAndClockWriteZ(f, w);
            f.load(Y);
            f.bump(Y, 10);
            f.readAll(X, Y);        // X valid until 10 now
            f.lockExternally(X);    // a writer of X will commit after 10
            t.commit();             // at 5: X need not be extended
            assertEquals(5, f.wts(Z));
            f.unlockExternally(X);
            w.close();
        }
    }

    @Test
    void preemptiveAbortWhenARecordToWriteWasOverwritten() {
        try (TicTocFixture f = new TicTocFixture("tictoc_preemptive_abort", "true")) {
            f.load(X, Z);
            Worker w = f.cc.newWorker();
            Transaction t = w.begin();
            t.read(f.table, key(X));
            t.update(f.table, key(X), row(5));
            t.update(f.table, key(Z), row(5));
            f.bump(X, 1);
            assertEquals(AbortReason.TIMESTAMP_TOO_OLD, commitFails(t));
            assertUnlocked(f, X, Z);
            Transaction check = f.admin.begin();
            assertArrayEquals(row(1), check.read(f.table, key(X)));
            assertArrayEquals(row(0), check.read(f.table, key(Z)));
            check.commit();
            w.close();
        }
    }

    @Test
    void preemptiveAbortOnOverwrittenReadWithoutHistory() {
        try (TicTocFixture f = new TicTocFixture("tictoc_preemptive_abort", "true",
                "tictoc_timestamp_history", "false")) {
            Worker w = f.cc.newWorker();
            Transaction t = readXAndClockWriteZ(f, w);
            f.bump(X, 1);
            assertEquals(AbortReason.TIMESTAMP_TOO_OLD, commitFails(t));
            w.close();
        }
    }
}
