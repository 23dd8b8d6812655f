package org.terndb.txn.tictoc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.terndb.txn.tictoc.TicTocFixture.commitFails;
import static org.terndb.txn.tictoc.TicTocFixture.key;
import static org.terndb.txn.tictoc.TicTocFixture.row;

import org.junit.jupiter.api.Test;
import org.terndb.txn.AbortReason;
import org.terndb.txn.Transaction;
import org.terndb.txn.Worker;

/** Data-driven timestamps: the word layout, rts extension at validation, and TimestampHistory. */
class TicTocTimestampTest {
    private static final int X = 1, Y = 2, Z = 3, CLOCK = 4, LATE = 5;

    @Test
    void wordKeepsRtsExactWhenDeltaOverflows() {
        long w = TsWord.of(10, 10 + TsWord.MAX_DELTA);
        assertEquals(10, TsWord.wts(w));
        assertEquals(10 + TsWord.MAX_DELTA, TsWord.rts(w));
        long e = TsWord.extended(w | TsWord.LOCK, 100_000);
        assertEquals(100_000, TsWord.rts(e));
        assertEquals(true, TsWord.isLocked(e));
        assertEquals(true, TsWord.wts(e) > 10 && TsWord.wts(e) <= 100_000, "wts moved up by the overflow");
        assertEquals(0, (TsWord.wts(e) - 10) % (TsWord.MAX_DELTA + 1));
    }

    @Test
    void readValidationExtendsRtsToCommitTimestamp() {
        try (TicTocFixture f = new TicTocFixture()) {
            f.load(X, CLOCK);
            f.bump(CLOCK, 5);
            assertEquals(5, f.wts(CLOCK));
            f.readAll(X, CLOCK); // commit_ts = max wts read = 5
            assertEquals(0, f.wts(X));
            assertEquals(5, f.rts(X));
            f.bump(X, 1);        // a writer must commit after the extended rts
            assertEquals(6, f.wts(X));
            assertEquals(6, f.rts(X));
        }
    }

    @Test
    void commitTimestampFollowsRtsOfWrittenRecords() {
        try (TicTocFixture f = new TicTocFixture()) {
            f.load(X, Y, CLOCK);
            f.bump(CLOCK, 5);
            f.readAll(X, CLOCK); // X valid over [0, 5]
            Transaction t = f.admin.begin();
            t.read(f.table, key(Y));
            t.update(f.table, key(X), row(7));
            t.commit();          // commit_ts = X.rts + 1 = 6; the read of Y is extended to 6
            assertEquals(6, f.wts(X));
            assertEquals(6, f.rts(Y));
            assertEquals(0, f.wts(Y));
        }
    }

    @Test
    void rtsAlreadyCoveringTheCommitIsNotRewritten() {
        try (TicTocFixture f = new TicTocFixture()) {
            f.load(X, CLOCK, LATE);
            f.bump(CLOCK, 5);
            f.bump(LATE, 9);
            Worker a = f.cc.newWorker();
            Transaction t = a.begin();
            t.read(f.table, key(X));      // records rts 0
            t.read(f.table, key(CLOCK));  // commit_ts will be 5
            f.readAll(X, LATE);           // someone else extends X to 9 meanwhile
            long before = f.word(X);
            t.commit();
            assertEquals(before, f.word(X), "rts 9 >= commit_ts 5: no CAS");
            a.close();
        }
    }

    /** Reader A reads X, X's rts is extended to 10 by R, then B overwrites X at 11; A wants commit_ts 5. */
    private static Transaction readerOfOverwrittenRecord(TicTocFixture f, Worker a, int clockOfA) {
        f.load(X, Y, Z, CLOCK, LATE);
        f.bump(Y, 5);
        f.bump(CLOCK, 10);
        f.bump(LATE, 20);
        Transaction t = a.begin();
        t.read(f.table, key(X));        // X: wts 0, rts 0
        t.read(f.table, key(clockOfA)); // A's commit_ts >= this wts
        f.readAll(X, CLOCK);            // X: rts 10
        f.bump(X, 1);                   // X overwritten at 11, previous wts 0
        assertEquals(11, f.wts(X));
        t.update(f.table, key(Z), row(1));
        return t;
    }

    @Test
    void readOfOverwrittenRecordFailsValidationWithoutHistory() {
        try (TicTocFixture f = new TicTocFixture("tictoc_timestamp_history", "false",
                "tictoc_preemptive_abort", "false")) {
            Worker a = f.cc.newWorker();
            Transaction t = readerOfOverwrittenRecord(f, a, Y);
            assertEquals(AbortReason.READ_VALIDATION_FAILED, commitFails(t));
            TicTocFixture.assertUnlocked(f, Z);
            assertEquals(0, f.wts(Z));
            a.close();
        }
    }

    @Test
    void historyValidatesReadWhenCommitFallsBeforeTheOverwrite() {
        try (TicTocFixture f = new TicTocFixture("tictoc_timestamp_history", "true")) {
            Worker a = f.cc.newWorker();
            Transaction t = readerOfOverwrittenRecord(f, a, Y);
            t.commit();                  // serialized at 5, before the overwrite at 11
            assertEquals(5, f.wts(Z));
            assertEquals(11, f.wts(X));  // the overwrite is untouched
            a.close();
        }
    }

    @Test
    void historyRejectsReadWhenCommitFallsAfterTheOverwrite() {
        try (TicTocFixture f = new TicTocFixture("tictoc_timestamp_history", "true",
                "tictoc_preemptive_abort", "false")) {
            Worker a = f.cc.newWorker();
            Transaction t = readerOfOverwrittenRecord(f, a, LATE); // commit_ts 20 > 11
            assertEquals(AbortReason.READ_VALIDATION_FAILED, commitFails(t));
            a.close();
        }
    }

    @Test
    void historyRejectsReadOfAVersionTwoOverwritesAgo() {
        try (TicTocFixture f = new TicTocFixture("tictoc_timestamp_history", "true",
                "tictoc_preemptive_abort", "false")) {
            Worker a = f.cc.newWorker();
            Transaction t = readerOfOverwrittenRecord(f, a, Y);
            f.bump(X, 1); // X at 12, previous wts 11: the version A read is no longer the previous one
            assertEquals(AbortReason.READ_VALIDATION_FAILED, commitFails(t));
            a.close();
        }
    }

    @Test
    void readOfRecordWrittenByThisTransactionAlsoChecksItsVersion() {
        try (TicTocFixture f = new TicTocFixture("tictoc_preemptive_abort", "false")) {
            f.load(X);
            Worker a = f.cc.newWorker();
            Transaction t = a.begin();
            byte[] old = t.read(f.table, key(X));
            f.bump(X, 1);
            t.update(f.table, key(X), row(TicTocFixture.value(old) + 100));
            assertEquals(AbortReason.READ_VALIDATION_FAILED, commitFails(t));
            TicTocFixture.assertUnlocked(f, X);
            Transaction check = f.admin.begin();
            assertArrayEquals(row(1), check.read(f.table, key(X)));
            check.commit();
            a.close();
        }
    }
}
