package org.terndb.txn.twopl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.terndb.txn.twopl.TwoPlTesting.expectAbort;
import static org.terndb.txn.twopl.TwoPlTesting.key;
import static org.terndb.txn.twopl.TwoPlTesting.row;
import static org.terndb.txn.twopl.TwoPlTesting.value;
import static org.terndb.txn.twopl.TwoPlTesting.word;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.terndb.txn.AbortReason;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.Worker;

/** 2PL-NoWait: every lock that is not free at once aborts the requester; nothing ever waits. */
@Timeout(30)
class TwoPlNoWaitTest {
    private TwoPlConcurrencyControl cc;
    private Table t;
    private Actor a;
    private Actor b;
    private Worker wa;
    private Worker wb;

    @BeforeEach
    void setUp() {
        cc = TwoPlTesting.protocol(false);
        t = cc.createTable("t");
        TwoPlTesting.load(cc, t, 10, 100);
        a = new Actor("a");
        b = new Actor("b");
        wa = cc.newWorker();
        wb = cc.newWorker();
    }

    @AfterEach
    void tearDown() {
        a.close();
        b.close();
        cc.close();
    }

    @Test
    void sharedLocksAreCompatible() throws Exception {
        Transaction ta = a.call(wa::begin);
        Transaction tb = b.call(wb::begin);
        assertEquals(100, value(a.call(() -> ta.read(t, key(1)))));
        assertEquals(100, value(b.call(() -> tb.read(t, key(1)))));
        assertEquals(2, LockWord.readers(word(t, 1)));
        a.run(ta::commit);
        b.run(tb::commit);
        assertEquals(LockWord.FREE, word(t, 1));
    }

    @Test
    void readerMakesWriterAbortWithWriteLockConflict() throws Exception {
        Transaction ta = a.call(wa::begin);
        a.call(() -> ta.read(t, key(1)));
        Transaction tb = b.call(wb::begin);
        expectAbort(AbortReason.WRITE_LOCK_CONFLICT, () -> b.call(() -> tb.update(t, key(1), row(7))));
        assertFalse(tb.isActive());
        a.run(ta::commit);
        Transaction retry = b.call(wb::begin);
        assertTrue(b.call(() -> retry.update(t, key(1), row(7))));
        b.run(retry::commit);
        assertEquals(1, wb.stats().aborts(AbortReason.WRITE_LOCK_CONFLICT));
    }

    @Test
    void writerMakesReaderAbortWithReadLockConflict() throws Exception {
        Transaction ta = a.call(wa::begin);
        a.call(() -> ta.update(t, key(1), row(7)));
        Transaction tb = b.call(wb::begin);
        expectAbort(AbortReason.READ_LOCK_CONFLICT, () -> b.call(() -> tb.read(t, key(1))));
        a.run(ta::commit);
    }

    @Test
    void writerMakesWriterAbortWithWriteLockConflict() throws Exception {
        Transaction ta = a.call(wa::begin);
        a.call(() -> ta.update(t, key(1), row(7)));
        Transaction tb = b.call(wb::begin);
        expectAbort(AbortReason.WRITE_LOCK_CONFLICT, () -> b.call(() -> tb.update(t, key(1), row(8))));
        Transaction tb2 = b.call(wb::begin);
        expectAbort(AbortReason.WRITE_LOCK_CONFLICT, () -> b.call(() -> tb2.readForUpdate(t, key(1))));
        a.run(ta::commit);
        assertEquals(7, value(readCommitted(1)));
    }

    @Test
    void soleReaderUpgradesToWriter() throws Exception {
        Transaction ta = a.call(wa::begin);
        a.call(() -> ta.read(t, key(1)));
        assertTrue(a.call(() -> ta.update(t, key(1), row(7))));
        long w = word(t, 1);
        assertTrue(LockWord.isExclusive(w));
        assertEquals(0, LockWord.readers(w));
        a.run(ta::commit);
        assertEquals(LockWord.FREE, word(t, 1));
        assertEquals(7, value(readCommitted(1)));
    }

    @Test
    void upgradeAbortsWhileAnotherReaderHolds() throws Exception {
        Transaction ta = a.call(wa::begin);
        Transaction tb = b.call(wb::begin);
        a.call(() -> ta.read(t, key(1)));
        b.call(() -> tb.read(t, key(1)));
        expectAbort(AbortReason.WRITE_LOCK_CONFLICT, () -> a.call(() -> ta.update(t, key(1), row(7))));
        // ta's abort released its share: tb is now the only reader and upgrades
        assertTrue(b.call(() -> tb.update(t, key(1), row(8))));
        b.run(tb::commit);
        assertEquals(8, value(readCommitted(1)));
    }

    @Test
    void secondInserterOfAKeyAbortsAndTheFirstWins() throws Exception {
        Transaction ta = a.call(wa::begin);
        assertTrue(a.call(() -> ta.insert(t, key(100), row(1))));
        Transaction tb = b.call(wb::begin);
        expectAbort(AbortReason.WRITE_LOCK_CONFLICT, () -> b.call(() -> tb.insert(t, key(100), row(2))));
        a.run(ta::commit);
        Transaction retry = b.call(wb::begin);
        assertFalse(b.call(() -> retry.insert(t, key(100), row(2))));
        b.run(retry::commit);
        assertEquals(1, value(readCommitted(100)));
    }

    @Test
    void readerOfAnUncommittedInsertAborts() throws Exception {
        Transaction ta = a.call(wa::begin);
        a.call(() -> ta.insert(t, key(100), row(1)));
        Transaction tb = b.call(wb::begin);
        expectAbort(AbortReason.READ_LOCK_CONFLICT, () -> b.call(() -> tb.read(t, key(100))));
        a.run(ta::abort);
        assertNull(readCommitted(100));
    }

    @Test
    void abortReleasesEveryLockItHeld() throws Exception {
        Transaction ta = a.call(wa::begin);
        a.call(() -> ta.read(t, key(1)));
        a.call(() -> ta.update(t, key(2), row(7)));
        a.call(() -> ta.insert(t, key(100), row(1)));
        Transaction tb = b.call(wb::begin);
        expectAbort(AbortReason.WRITE_LOCK_CONFLICT, () -> b.call(() -> tb.update(t, key(1), row(8))));
        a.run(ta::abort);
        assertEquals(LockWord.FREE, word(t, 1));
        assertEquals(LockWord.FREE, word(t, 2));
        assertEquals(LockWord.FREE, word(t, 100));
        assertArrayEquals(row(100), readCommitted(2));
    }

    private byte[] readCommitted(int k) throws Exception {
        return a.call(() -> {
            Transaction tx = wa.begin();
            byte[] r = tx.read(t, key(k));
            tx.commit();
            return r;
        });
    }
}
