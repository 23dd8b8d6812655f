package org.terndb.txn.twopl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.terndb.txn.twopl.TwoPlTesting.expectAbort;
import static org.terndb.txn.twopl.TwoPlTesting.key;
import static org.terndb.txn.twopl.TwoPlTesting.record;
import static org.terndb.txn.twopl.TwoPlTesting.row;
import static org.terndb.txn.twopl.TwoPlTesting.value;
import static org.terndb.txn.twopl.TwoPlTesting.word;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.terndb.txn.AbortReason;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.Worker;
import org.terndb.txn.common.Record;

/** Behaviour common to both 2PL modes: own writes, install at commit, lock release, phantom protection. */
@Timeout(30)
class TwoPlTransactionTest {
    private TwoPlConcurrencyControl cc;
    private Table t;
    private final List<Actor> actors = new ArrayList<>();

    private void open(boolean waits) {
        cc = TwoPlTesting.protocol(waits);
        t = cc.createTable("t");
        TwoPlTesting.load(cc, t, 10, 100);
    }

    private Actor actor(String name) {
        Actor x = new Actor(name);
        actors.add(x);
        return x;
    }

    @AfterEach
    void tearDown() {
        actors.forEach(Actor::close);
        if (cc != null) {
            cc.close();
        }
    }

    @ParameterizedTest(name = "waits={0}")
    @ValueSource(booleans = {false, true})
    void readsOwnWritesBeforeCommit(boolean waits) {
        open(waits);
        Worker w = cc.newWorker();
        Transaction tx = w.begin();
        assertTrue(tx.update(t, key(1), row(7)));
        assertTrue(tx.insert(t, key(100), row(8)));
        assertTrue(tx.delete(t, key(2)));
        assertEquals(7, value(tx.read(t, key(1))));
        assertEquals(8, value(tx.read(t, key(100))));
        assertNull(tx.read(t, key(2)));
        List<Long> seen = new ArrayList<>();
        tx.scan(t.primary(), null, true, null, true, false, 0, (k, r) -> seen.add(value(r)));
        assertEquals(List.of(100L, 7L, 100L, 100L, 100L, 100L, 100L, 100L, 100L, 8L), seen);
        // nothing is installed before commit: the committed rows are unchanged
        assertEquals(100, value(record(t, 1).rowAcquire()));
        assertNull(record(t, 100).rowAcquire());
        tx.commit();
        assertEquals(7, value(record(t, 1).rowAcquire()));
        assertEquals(8, value(record(t, 100).rowAcquire()));
    }

    @ParameterizedTest(name = "waits={0}")
    @ValueSource(booleans = {false, true})
    void deleteInstallsAbsentAndTheKeyCanBeInsertedAgain(boolean waits) {
        open(waits);
        Worker w = cc.newWorker();
        Transaction tx = w.begin();
        assertTrue(tx.delete(t, key(3)));
        tx.commit();
        Record r = record(t, 3);
        assertNotNull(r, "a deleted record stays in the tree");
        assertNull(r.rowAcquire());
        assertEquals(LockWord.FREE, r.wordAcquire());
        Transaction again = w.begin();
        assertNull(again.read(t, key(3)));
        assertTrue(again.insert(t, key(3), row(33)));
        again.commit();
        Transaction check = w.begin();
        assertEquals(33, value(check.read(t, key(3))));
        check.commit();
        assertTrue(r == record(t, 3), "the re-insert reused the absent record");
    }

    @ParameterizedTest(name = "waits={0}")
    @ValueSource(booleans = {false, true})
    void commitReleasesEveryLock(boolean waits) {
        open(waits);
        Worker w = cc.newWorker();
        Transaction tx = w.begin();
        tx.read(t, key(1));
        tx.update(t, key(2), row(7));
        tx.insert(t, key(100), row(1));
        tx.delete(t, key(3));
        tx.scan(t.primary(), key(4), true, key(6), true, false, 0, (k, r) -> true);
        assertTrue(LockWord.readers(word(t, 5)) == 1 && LockWord.isExclusive(word(t, 2)));
        tx.commit();
        for (int k : new int[] {1, 2, 3, 4, 5, 6, 100}) {
            assertEquals(LockWord.FREE, word(t, k), "key " + k);
        }
    }

    @ParameterizedTest(name = "waits={0}")
    @ValueSource(booleans = {false, true})
    void abortDiscardsBufferedWrites(boolean waits) {
        open(waits);
        Worker w = cc.newWorker();
        Transaction tx = w.begin();
        tx.update(t, key(1), row(7));
        tx.insert(t, key(100), row(1));
        tx.delete(t, key(2));
        tx.abort();
        Transaction check = w.begin();
        assertArrayEquals(row(100), check.read(t, key(1)));
        assertArrayEquals(row(100), check.read(t, key(2)));
        assertNull(check.read(t, key(100)));
        check.commit();
        assertEquals(LockWord.FREE, word(t, 100));
    }

    @ParameterizedTest(name = "waits={0}")
    @ValueSource(booleans = {false, true})
    void scanAbortsAtCommitWhenAKeyAppearsInItsRange(boolean waits) throws Exception {
        open(waits);
        Actor a = actor("a");
        Actor b = actor("b");
        Worker wa = cc.newWorker();
        Worker wb = cc.newWorker();
        Transaction scanner = a.call(wa::begin);
        int n = a.call(() -> scanner.scan(t.primary(), key(50), true, key(60), false, false, 0, (k, r) -> true));
        assertEquals(0, n);
        Transaction inserter = b.call(wb::begin);
        assertTrue(b.call(() -> inserter.insert(t, key(55), row(1))));
        b.run(inserter::commit);
        expectAbort(AbortReason.NODE_SET_CHANGED, () -> {
            a.run(scanner::commit);
            return null;
        });
    }

    @ParameterizedTest(name = "waits={0}")
    @ValueSource(booleans = {false, true})
    void scannedRowsCannotBeChangedUntilTheScannerEnds(boolean waits) throws Exception {
        open(waits);
        Actor a = actor("a");
        Actor b = actor("b");
        Worker wa = cc.newWorker();
        Worker wb = cc.newWorker();
        Transaction scanner = a.call(wa::begin);
        a.call(() -> scanner.scan(t.primary(), null, true, null, true, false, 0, (k, r) -> true));
        Transaction writer = b.call(wb::begin); // younger: under wait-die it dies instead of waiting
        expectAbort(waits ? AbortReason.DEADLOCK_VICTIM : AbortReason.WRITE_LOCK_CONFLICT,
                () -> b.call(() -> writer.delete(t, key(4))));
        a.run(scanner::commit);
    }
}
