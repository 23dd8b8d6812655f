package org.terndb.txn.twopl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.terndb.txn.twopl.TwoPlTesting.expectAbort;
import static org.terndb.txn.twopl.TwoPlTesting.key;
import static org.terndb.txn.twopl.TwoPlTesting.row;
import static org.terndb.txn.twopl.TwoPlTesting.value;
import static org.terndb.txn.twopl.TwoPlTesting.word;

import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.terndb.txn.AbortReason;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.TxnStats;
import org.terndb.txn.Worker;

/**
 * 2PL-Wait with wait-die: an older requester waits for younger holders, a younger one dies. In every test "a"
 * begins first, so its transaction is the older one.
 */
@Timeout(30)
class TwoPlWaitDieTest {
    private TwoPlConcurrencyControl cc;
    private Table t;
    private Actor a;
    private Actor b;
    private Actor c;
    private Worker wa;
    private Worker wb;
    private Worker wc;

    @BeforeEach
    void setUp() {
        // a generous timeout: these waits end when the test lets them, never by TIMEOUT
        cc = TwoPlTesting.protocol(true, "lock_timeout_ms", "60000");
        t = cc.createTable("t");
        TwoPlTesting.load(cc, t, 10, 100);
        a = new Actor("a");
        b = new Actor("b");
        c = new Actor("c");
        wa = cc.newWorker();
        wb = cc.newWorker();
        wc = cc.newWorker();
    }

    @AfterEach
    void tearDown() {
        a.close();
        b.close();
        c.close();
        cc.close();
    }

    @Test
    void olderReaderWaitsForYoungerWriterAndSeesItsCommit() throws Exception {
        Transaction older = a.call(wa::begin);
        Transaction younger = b.call(wb::begin);
        b.call(() -> younger.update(t, key(1), row(7)));
        Future<byte[]> read = a.submit(() -> older.read(t, key(1)));
        a.awaitLockWait(read);
        b.run(younger::commit);
        assertEquals(7, value(Actor.await(read)));
        a.run(older::commit);
    }

    @Test
    void youngerReaderDiesOnOlderWriter() throws Exception {
        Transaction older = a.call(wa::begin);
        Transaction younger = b.call(wb::begin);
        a.call(() -> older.update(t, key(1), row(7)));
        expectAbort(AbortReason.DEADLOCK_VICTIM, () -> b.call(() -> younger.read(t, key(1))));
        a.run(older::commit);
    }

    @Test
    void youngerWriterDiesOnOlderReader() throws Exception {
        Transaction older = a.call(wa::begin);
        Transaction younger = b.call(wb::begin);
        a.call(() -> older.read(t, key(1)));
        expectAbort(AbortReason.DEADLOCK_VICTIM, () -> b.call(() -> younger.update(t, key(1), row(8))));
        a.run(older::commit);
    }

    @Test
    void youngerWriterDiesOnOlderWriter() throws Exception {
        Transaction older = a.call(wa::begin);
        Transaction younger = b.call(wb::begin);
        a.call(() -> older.update(t, key(1), row(7)));
        expectAbort(AbortReason.DEADLOCK_VICTIM, () -> b.call(() -> younger.readForUpdate(t, key(1))));
        a.run(older::commit);
    }

    @Test
    void olderWriterWaitsForYoungerReader() throws Exception {
        Transaction older = a.call(wa::begin);
        Transaction younger = b.call(wb::begin);
        b.call(() -> younger.read(t, key(1)));
        Future<Boolean> update = a.submit(() -> older.update(t, key(1), row(7)));
        a.awaitLockWait(update);
        b.run(younger::commit);
        assertTrue(Actor.await(update));
        a.run(older::commit);
    }

    @Test
    void oppositeOrderLockingKillsTheYoungerAndTheOlderCommits() throws Exception {
        Transaction older = a.call(wa::begin);
        Transaction younger = b.call(wb::begin);
        a.call(() -> older.update(t, key(1), row(11)));
        b.call(() -> younger.update(t, key(2), row(22)));
        Future<Boolean> olderSecond = a.submit(() -> older.update(t, key(2), row(12)));
        a.awaitLockWait(olderSecond);
        // closing the cycle: the younger must die rather than wait, which also frees key 2
        expectAbort(AbortReason.DEADLOCK_VICTIM, () -> b.call(() -> younger.update(t, key(1), row(21))));
        assertTrue(Actor.await(olderSecond));
        a.run(older::commit);
        assertEquals(11, value(read(1)));
        assertEquals(12, value(read(2)));
        assertEquals(0, wa.stats().aborts());
        assertEquals(1, wb.stats().aborts(AbortReason.DEADLOCK_VICTIM));
    }

    @Test
    void olderUpgraderWaitsForYoungerReader() throws Exception {
        Transaction older = a.call(wa::begin);
        Transaction younger = b.call(wb::begin);
        b.call(() -> younger.read(t, key(1)));
        a.call(() -> older.read(t, key(1)));
        Future<Boolean> upgrade = a.submit(() -> older.update(t, key(1), row(7)));
        a.awaitLockWait(upgrade);
        b.run(younger::commit);
        assertTrue(Actor.await(upgrade));
        a.run(older::commit);
        assertEquals(7, value(read(1)));
    }

    @Test
    void youngerUpgraderDiesOnOlderReader() throws Exception {
        Transaction older = a.call(wa::begin);
        Transaction younger = b.call(wb::begin);
        a.call(() -> older.read(t, key(1)));
        b.call(() -> younger.read(t, key(1)));
        expectAbort(AbortReason.DEADLOCK_VICTIM, () -> b.call(() -> younger.update(t, key(1), row(8))));
        // the younger's share is gone, so the older upgrades at once
        assertTrue(a.call(() -> older.update(t, key(1), row(7))));
        a.run(older::commit);
    }

    @Test
    void waiterOlderThanEveryLiveReaderWaitsDespiteStaleLowerBound() throws Exception {
        Transaction oldest = a.call(wa::begin);
        Transaction middle = b.call(wb::begin);
        Transaction youngest = c.call(wc::begin);
        a.call(() -> oldest.read(t, key(1)));
        c.call(() -> youngest.read(t, key(1)));
        a.run(oldest::commit);
        // one reader left (the youngest) but the word still names the oldest's timestamp as lower bound
        long w = word(t, 1);
        assertEquals(1, LockWord.readers(w));
        assertEquals(((TwoPlWorker) wa).timestamp(), LockWord.timestamp(w));
        Future<Boolean> update = b.submit(() -> middle.update(t, key(1), row(7)));
        b.awaitLockWait(update);
        c.run(youngest::commit);
        assertTrue(Actor.await(update));
        b.run(middle::commit);
    }

    @Test
    void retryKeepsItsTimestampAndACommitOrUserAbortDrawsANewOne() throws Exception {
        Transaction older = a.call(wa::begin);
        Transaction younger = b.call(wb::begin);
        long first = ((TwoPlWorker) wb).timestamp();
        a.call(() -> older.update(t, key(1), row(7)));
        expectAbort(AbortReason.DEADLOCK_VICTIM, () -> b.call(() -> younger.read(t, key(1))));
        // a newcomer begins between the abort and the retry; the retry must still be older than it
        Transaction newcomer = c.call(wc::begin);
        Transaction retry = b.call(wb::begin);
        assertEquals(first, ((TwoPlWorker) wb).timestamp());
        assertTrue(((TwoPlWorker) wc).timestamp() > first);
        a.run(older::commit);
        c.call(() -> newcomer.update(t, key(2), row(9)));
        Future<byte[]> read = b.submit(() -> retry.read(t, key(2)));
        b.awaitLockWait(read); // older than the newcomer: waits instead of dying
        c.run(newcomer::commit);
        assertEquals(9, value(Actor.await(read)));
        b.run(retry::commit);

        Transaction next = b.call(wb::begin);
        long afterCommit = ((TwoPlWorker) wb).timestamp();
        assertTrue(afterCommit > first);
        b.run(next::abort);
        b.call(wb::begin);
        assertNotEquals(afterCommit, ((TwoPlWorker) wb).timestamp());
    }

    @Test
    void olderInserterWaitsForYoungerInserterAndFindsTheKey() throws Exception {
        Transaction older = a.call(wa::begin);
        Transaction younger = b.call(wb::begin);
        assertTrue(b.call(() -> younger.insert(t, key(100), row(2))));
        Future<Boolean> insert = a.submit(() -> older.insert(t, key(100), row(1)));
        a.awaitLockWait(insert);
        b.run(younger::commit);
        assertFalse(Actor.await(insert));
        a.run(older::commit);
        assertEquals(2, value(read(100)));
    }

    @Test
    void olderInserterInsertsWhenTheYoungerInserterAborts() throws Exception {
        Transaction older = a.call(wa::begin);
        Transaction younger = b.call(wb::begin);
        assertTrue(b.call(() -> younger.insert(t, key(100), row(2))));
        Future<Boolean> insert = a.submit(() -> older.insert(t, key(100), row(1)));
        a.awaitLockWait(insert);
        b.run(younger::abort);
        assertTrue(Actor.await(insert));
        a.run(older::commit);
        assertEquals(1, value(read(100)));
    }

    @Test
    void youngerInserterDiesOnOlderInserter() throws Exception {
        Transaction older = a.call(wa::begin);
        Transaction younger = b.call(wb::begin);
        assertTrue(a.call(() -> older.insert(t, key(100), row(1))));
        expectAbort(AbortReason.DEADLOCK_VICTIM, () -> b.call(() -> younger.insert(t, key(100), row(2))));
        a.run(older::commit);
        assertEquals(1, value(read(100)));
    }

    @Test
    void lockWaitEndsWithTimeout() throws Exception {
        try (TwoPlConcurrencyControl quick = TwoPlTesting.protocol(true, "lock_timeout_ms", "50")) {
            Table q = quick.createTable("q");
            TwoPlTesting.load(quick, q, 2, 100);
            Worker qa = quick.newWorker();
            Worker qb = quick.newWorker();
            Transaction older = a.call(qa::begin);
            Transaction younger = b.call(qb::begin);
            b.call(() -> younger.update(q, key(1), row(7)));
            expectAbort(AbortReason.TIMEOUT, () -> a.call(() -> older.read(q, key(1))));
            b.run(younger::commit);
            assertEquals(1, qa.stats().aborts(AbortReason.TIMEOUT));
        }
    }

    /** Two threads lock the same two records in opposite orders, many times: wait-die never lets them deadlock. */
    @Test
    void oppositeOrderLockingNeverDeadlocks() throws Exception {
        int rounds = 400;
        Future<Integer> ab = a.submit(() -> transferLoop(wa, 1, 2, rounds));
        Future<Integer> ba = b.submit(() -> transferLoop(wb, 2, 1, rounds));
        assertEquals(rounds, Actor.await(ab));
        assertEquals(rounds, Actor.await(ba));
        TxnStats s = cc.stats();
        // a deadlock would have ended in TIMEOUT (after 60 s, beyond the test's bound); only the younger dies
        assertEquals(s.aborts(AbortReason.DEADLOCK_VICTIM), s.aborts());
        assertEquals(200, value(read(1)) + value(read(2)));
    }

    private int transferLoop(Worker w, int first, int second, int rounds) {
        int committed = 0;
        while (committed < rounds) {
            Transaction tx = w.begin();
            try {
                long x = value(tx.read(t, key(first)));
                tx.update(t, key(first), row(x - 1));
                long y = value(tx.read(t, key(second)));
                tx.update(t, key(second), row(y + 1));
                tx.commit();
                committed++;
            } catch (TransactionAbortedException e) {
                w.backoff();
            }
        }
        return committed;
    }

    @Test
    void woundWaitIsRejectedWithAClearMessage() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TwoPlTesting.protocol(true, "deadlock", "wound-wait"));
        assertTrue(e.getMessage().contains("wait-die"), e.getMessage());
        assertTrue(e.getMessage().contains(TwoPlConcurrencyControl.NO_WAIT), e.getMessage());
        // NoWait never waits, so the deadlock policy does not concern it
        TwoPlTesting.protocol(false, "deadlock", "wound-wait").close();
    }

    private byte[] read(int k) throws Exception {
        return c.call(() -> {
            Transaction tx = wc.begin();
            byte[] r = tx.read(t, key(k));
            tx.commit();
            return r;
        });
    }
}
