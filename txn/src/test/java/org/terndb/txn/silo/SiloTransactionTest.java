package org.terndb.txn.silo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.terndb.txn.silo.BankSmoke.amount;
import static org.terndb.txn.silo.BankSmoke.key;
import static org.terndb.txn.silo.ProtocolFixture.MANUAL_EPOCHS;
import static org.terndb.txn.silo.ProtocolFixture.advanceEpoch;
import static org.terndb.txn.silo.ProtocolFixture.delete;
import static org.terndb.txn.silo.ProtocolFixture.insert;
import static org.terndb.txn.silo.ProtocolFixture.read;
import static org.terndb.txn.silo.ProtocolFixture.update;

import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.terndb.txn.AbortReason;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.TxnOptions;
import org.terndb.txn.Worker;
import org.terndb.txn.common.Reclaimer;
import org.terndb.txn.common.Record;

class SiloTransactionTest {
    private final ProtocolFixture fx = new ProtocolFixture();

    @AfterEach
    void closeAll() {
        fx.close();
    }

    private SiloConcurrencyControl silo(TxnOptions options) {
        return fx.open(new SiloConcurrencyControl(options));
    }

    private static Record record(Table t, int k) {
        return t.primary().tree().get(key(k));
    }

    private static long tidOf(Table t, int k) {
        return TidWord.tid(record(t, k).wordAcquire());
    }

    @Test
    void commitTidExceedsEveryTidReadOrWrittenAndCarriesTheCurrentEpoch() {
        SiloConcurrencyControl cc = silo(MANUAL_EPOCHS);
        Table t = cc.createTable("t");
        cc.load(t, key(1), amount(1));
        cc.load(t, key(2), amount(2));
        Worker a = fx.worker(cc);
        Worker b = fx.worker(cc);
        long e = cc.epochs().current();

        update(a, t, 1, 10);
        long first = tidOf(t, 1);
        assertEquals(e, TidWord.epochOf(first));
        update(a, t, 1, 11);
        long second = tidOf(t, 1);
        assertTrue(second > first, "a worker's TIDs grow within an epoch");
        assertEquals(e, TidWord.epochOf(second));

        advanceEpoch(cc);
        update(a, t, 1, 12);
        long third = tidOf(t, 1);
        assertEquals(e + 1, TidWord.epochOf(third));
        assertTrue(third > second);

        // b has committed nothing, yet its TID must exceed the TID it read (record 1) and the one it overwrote.
        Transaction tx = b.begin();
        tx.read(t, key(1));
        assertTrue(tx.update(t, key(2), amount(20)));
        tx.commit();
        long fourth = tidOf(t, 2);
        assertTrue(fourth > third, "commit TID must exceed every TID read");
        assertEquals(e + 1, TidWord.epochOf(fourth));
        assertFalse(TidWord.isLocked(record(t, 2).wordAcquire()));
    }

    @Test
    void readsSeeOwnWritesBeforeCommit() {
        SiloConcurrencyControl cc = silo(MANUAL_EPOCHS);
        Table t = cc.createTable("t");
        Worker w = fx.worker(cc);
        Worker other = fx.worker(cc);
        Transaction tx = w.begin();
        assertTrue(tx.insert(t, key(1), amount(1)));
        assertArrayEquals(amount(1), tx.read(t, key(1)));
        assertTrue(tx.update(t, key(1), amount(2)));
        assertArrayEquals(amount(2), tx.read(t, key(1)));
        AtomicInteger seen = new AtomicInteger();
        tx.scan(t.primary(), null, true, null, true, false, 0, (pk, row) -> {
            assertArrayEquals(amount(2), row);
            seen.incrementAndGet();
            return true;
        });
        assertEquals(1, seen.get());
        assertNull(read(other, t, 1), "uncommitted insert must be invisible to others");
        tx.commit();
        assertArrayEquals(amount(2), read(other, t, 1));

        tx = w.begin();
        assertTrue(tx.delete(t, key(1)));
        assertNull(tx.read(t, key(1)));
        assertArrayEquals(amount(2), read(other, t, 1), "uncommitted delete must be invisible to others");
        tx.commit();
        assertNull(read(other, t, 1));
    }

    @Test
    void insertDeleteReinsertInOneTransactionLeavesTheLastRow() {
        SiloConcurrencyControl cc = silo(MANUAL_EPOCHS);
        Table t = cc.createTable("t");
        Worker w = fx.worker(cc);
        Transaction tx = w.begin();
        assertTrue(tx.insert(t, key(7), amount(1)));
        assertTrue(tx.delete(t, key(7)));
        assertNull(tx.read(t, key(7)));
        assertFalse(tx.delete(t, key(7)));
        assertTrue(tx.insert(t, key(7), amount(3)));
        assertFalse(tx.insert(t, key(7), amount(4)), "the key exists again");
        tx.commit();
        assertArrayEquals(amount(3), read(w, t, 7));

        // Insert then delete in one transaction commits nothing visible.
        tx = w.begin();
        assertTrue(tx.insert(t, key(8), amount(1)));
        assertTrue(tx.delete(t, key(8)));
        tx.commit();
        assertNull(read(w, t, 8));
        assertTrue(TidWord.isAbsent(record(t, 8).wordAcquire()));
    }

    @Test
    void insertDeleteReinsertAcrossTransactionsReusesOrReplacesTheRecord() {
        SiloConcurrencyControl cc = silo(MANUAL_EPOCHS);
        Table t = cc.createTable("t");
        Worker w = fx.worker(cc);
        insert(w, t, 1, 1);
        Record first = record(t, 1);
        delete(w, t, 1);
        assertNull(read(w, t, 1));

        // Within the grace period the absent record is reused by the next insert.
        insert(w, t, 1, 2);
        assertSame(first, record(t, 1));
        assertArrayEquals(amount(2), read(w, t, 1));

        // After reclamation the key gets a new record.
        delete(w, t, 1);
        advanceEpoch(cc);
        advanceEpoch(cc);
        assertNull(read(w, t, 1)); // this begin reclaims
        assertNull(record(t, 1), "the deleted record must have left the tree");
        insert(w, t, 1, 3);
        assertNotSame(first, record(t, 1));
        assertArrayEquals(amount(3), read(w, t, 1));
    }

    @Test
    void twoInsertersOfOneKeyCommitExactlyOnceInEitherOrder() {
        SiloConcurrencyControl cc = silo(MANUAL_EPOCHS);
        Table t = cc.createTable("t");
        Worker a = fx.worker(cc);
        Worker b = fx.worker(cc);
        for (int round = 0; round < 2; round++) {
            int k = 100 + round;
            Transaction ta = a.begin();
            Transaction tb = b.begin();
            assertTrue(ta.insert(t, key(k), amount(1)));
            assertTrue(tb.insert(t, key(k), amount(2)), "b meets a's placeholder, which is still absent");
            Transaction winner = round == 0 ? ta : tb;
            Transaction loser = round == 0 ? tb : ta;
            winner.commit();
            TransactionAbortedException e = assertThrows(TransactionAbortedException.class, loser::commit);
            assertEquals(AbortReason.READ_VALIDATION_FAILED, e.reason());
            assertArrayEquals(amount(round == 0 ? 1 : 2), read(a, t, k));
        }
    }

    @Test
    void concurrentInsertersOfOneKeyCommitExactlyOnce() throws Exception {
        SiloConcurrencyControl cc = silo(TxnOptions.defaults().with("epoch_ms", "1"));
        Table t = cc.createTable("t");
        int rounds = 300;
        CyclicBarrier barrier = new CyclicBarrier(2);
        AtomicInteger[] winners = new AtomicInteger[rounds];
        for (int i = 0; i < rounds; i++) {
            winners[i] = new AtomicInteger();
        }
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread[] ts = new Thread[2];
        for (int n = 0; n < 2; n++) {
            int id = n;
            ts[n] = new Thread(() -> {
                try (Worker w = cc.newWorker()) {
                    for (int r = 0; r < rounds; r++) {
                        barrier.await();
                        Transaction tx = w.begin();
                        try {
                            if (tx.insert(t, key(r), amount(id))) {
                                tx.commit();
                                winners[r].incrementAndGet();
                            } else {
                                tx.commit();
                            }
                        } catch (TransactionAbortedException e) {
                            // lost the race
                        }
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                    barrier.reset();
                }
            });
            ts[n].start();
        }
        for (Thread th : ts) {
            th.join();
        }
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
        try (Worker w = cc.newWorker()) {
            for (int r = 0; r < rounds; r++) {
                assertEquals(1, winners[r].get(), "round " + r);
                assertTrue(read(w, t, r) != null, "round " + r);
            }
        }
    }

    /** Commits an update of a record that another committer (simulated) holds locked; returns the abort reason. */
    private AbortReason commitAgainstLockedRecord(TxnOptions options) {
        SiloConcurrencyControl cc = silo(options);
        Table t = cc.createTable("t");
        cc.load(t, key(1), amount(1));
        Worker w = fx.worker(cc);
        Transaction tx = w.begin();
        assertTrue(tx.update(t, key(1), amount(2)));
        Record r = record(t, 1);
        long word = r.wordAcquire();
        assertTrue(r.casWord(word, word | TidWord.LOCK));
        AbortReason reason = assertThrows(TransactionAbortedException.class, tx::commit).reason();
        assertEquals(word | TidWord.LOCK, r.wordAcquire(), "an aborted committer must not touch a lock it never took");
        r.setWordRelease(word);
        update(w, t, 1, 3);
        assertArrayEquals(amount(3), read(w, t, 1));
        return reason;
    }

    @Test
    void noWaitAbortsAtTheFirstLockedRecord() {
        assertEquals(AbortReason.WRITE_LOCK_CONFLICT, commitAgainstLockedRecord(MANUAL_EPOCHS.with("no_wait", "true")));
    }

    @Test
    void waitingForALockedRecordTimesOutWithoutNoWait() {
        assertEquals(AbortReason.TIMEOUT, commitAgainstLockedRecord(MANUAL_EPOCHS.with("lock_timeout_ms", "20")));
    }

    @Test
    void deletedRecordIsUnlinkedOnceTheSafeEpochPassedItsDeletionByTwo() {
        SiloConcurrencyControl cc = silo(MANUAL_EPOCHS);
        Table t = cc.createTable("t");
        cc.load(t, key(1), amount(1));
        Worker w = fx.worker(cc);
        Worker idle = fx.worker(cc);
        Record r = record(t, 1);
        delete(w, t, 1);
        assertEquals(1, ((SiloWorker) w).pendingReclamation());

        advanceEpoch(cc);
        Transaction early = idle.begin(); // holds the safe epoch at deletion + 1
        advanceEpoch(cc);
        read(w, t, 2);
        assertSame(r, record(t, 1), "a transaction from the epoch after the delete still runs");
        early.commit();
        advanceEpoch(cc); // the reclaimer looks at the safe epoch again once the global epoch moved
        read(w, t, 2);
        assertNull(record(t, 1));
        assertTrue(TidWord.isUnlinked(r.wordAcquire()));
        assertEquals(0, ((SiloWorker) w).pendingReclamation());
    }

    @Test
    void committerHoldingAnUnlinkedRecordAbortsWithRecordRemovedAndRetrySucceeds() {
        SiloConcurrencyControl cc = silo(MANUAL_EPOCHS);
        Table t = cc.createTable("t");
        cc.load(t, key(1), amount(1));
        Worker deleter = fx.worker(cc);
        Worker inserter = fx.worker(cc);
        delete(deleter, t, 1);
        advanceEpoch(cc);
        advanceEpoch(cc);
        Transaction tx = inserter.begin();
        assertTrue(tx.insert(t, key(1), amount(5))); // buffers an insert into the absent record
        read(deleter, t, 2); // reclaims it meanwhile
        assertNull(record(t, 1));
        TransactionAbortedException e = assertThrows(TransactionAbortedException.class, tx::commit);
        assertEquals(AbortReason.RECORD_REMOVED, e.reason());

        insert(inserter, t, 1, 5);
        assertArrayEquals(amount(5), read(deleter, t, 1));
    }

    @Test
    void readerMeetingAnUnlinkedRecordLooksTheKeyUpAgain() {
        SiloConcurrencyControl cc = silo(MANUAL_EPOCHS);
        Table t = cc.createTable("t");
        cc.load(t, key(1), amount(1));
        Worker w = fx.worker(cc);
        Worker reader = fx.worker(cc);
        delete(w, t, 1);
        Record dead = record(t, 1);
        long tag = TidWord.tid(dead.wordAcquire());
        // The reclaimer marked it but has not removed it from the tree yet.
        assertEquals(Reclaimer.Unlinker.UNLINKED, ((SiloWorker) w).tryUnlink(dead, tag));
        assertSame(dead, record(t, 1));

        Transaction tx = reader.begin();
        assertNull(tx.read(t, key(1)));
        assertNull(record(t, 1), "the reader helps remove the unlinked record");
        assertTrue(tx.insert(t, key(1), amount(9)));
        tx.commit();
        assertNotSame(dead, record(t, 1));
        assertArrayEquals(amount(9), read(w, t, 1));
    }

    @Test
    void reclaimerLeavesARecordThatWasInsertedAgain() {
        SiloConcurrencyControl cc = silo(MANUAL_EPOCHS);
        Table t = cc.createTable("t");
        cc.load(t, key(1), amount(1));
        Worker w = fx.worker(cc);
        Record r = record(t, 1);
        delete(w, t, 1);
        insert(w, t, 1, 2);
        advanceEpoch(cc);
        advanceEpoch(cc);
        assertArrayEquals(amount(2), read(w, t, 1));
        assertSame(r, record(t, 1));
        assertFalse(TidWord.isUnlinked(r.wordAcquire()));
        assertEquals(0, ((SiloWorker) w).pendingReclamation());
    }

    @Test
    void abortedInsertPlaceholderIsReclaimed() {
        SiloConcurrencyControl cc = silo(MANUAL_EPOCHS);
        Table t = cc.createTable("t");
        Worker w = fx.worker(cc);
        Transaction tx = w.begin();
        assertTrue(tx.insert(t, key(3), amount(3)));
        tx.abort();
        assertTrue(TidWord.isAbsent(record(t, 3).wordAcquire()));
        advanceEpoch(cc);
        advanceEpoch(cc);
        assertNull(read(w, t, 3));
        assertNull(record(t, 3));
    }

    @Test
    void bankInvariantHoldsWithFourThreads() throws Exception {
        BankSmoke.run(silo(TxnOptions.defaults().with("epoch_ms", "1")), 4, 16, 1500);
    }
}
