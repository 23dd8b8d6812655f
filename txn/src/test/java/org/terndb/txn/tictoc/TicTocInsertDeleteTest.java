package org.terndb.txn.tictoc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.terndb.txn.tictoc.TicTocFixture.commitFails;
import static org.terndb.txn.tictoc.TicTocFixture.key;
import static org.terndb.txn.tictoc.TicTocFixture.row;
import static org.terndb.txn.tictoc.TicTocFixture.value;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.terndb.txn.AbortReason;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.Worker;

/** Own writes, placeholders, deletes, and the insert floor that orders inserts after scanners (phantoms). */
class TicTocInsertDeleteTest {
    private static final int X = 1, Y = 2, CLOCK = 3, NEW = 150;

    @Test
    void readsSeeOwnInsertsUpdatesAndDeletes() {
        try (TicTocFixture f = new TicTocFixture()) {
            f.load(X, Y);
            Transaction t = f.admin.begin();
            assertTrue(t.insert(f.table, key(NEW), row(7)));
            assertArrayEquals(row(7), t.read(f.table, key(NEW)));
            assertTrue(t.update(f.table, key(X), row(8)));
            assertArrayEquals(row(8), t.readForUpdate(f.table, key(X)));
            assertTrue(t.delete(f.table, key(Y)));
            assertNull(t.read(f.table, key(Y)));
            assertFalse(t.update(f.table, key(Y), row(9)), "a deleted row cannot be updated");
            List<Long> seen = new ArrayList<>();
            t.scan(f.table.primary(), null, true, null, true, false, 0, (k, r) -> seen.add(value(r)));
            assertEquals(List.of(8L, 7L), seen);
            t.commit();

            Transaction check = f.admin.begin();
            assertArrayEquals(row(7), check.read(f.table, key(NEW)));
            assertArrayEquals(row(8), check.read(f.table, key(X)));
            assertNull(check.read(f.table, key(Y)));
            check.commit();
        }
    }

    @Test
    void deleteInstallsAnAbsentVersionThatALaterInsertOverwrites() {
        try (TicTocFixture f = new TicTocFixture()) {
            f.load(X);
            Transaction t = f.admin.begin();
            assertTrue(t.delete(f.table, key(X)));
            t.commit();
            assertNull(f.record(X).rowAcquire(), "the deleted record stays in the tree, absent");
            long deletedAt = f.wts(X);
            assertEquals(1, deletedAt);

            Transaction again = f.admin.begin();
            assertNull(again.read(f.table, key(X)));
            assertFalse(again.delete(f.table, key(X)));
            assertTrue(again.insert(f.table, key(X), row(3)));
            again.commit();
            assertTrue(f.wts(X) > deletedAt);
            assertArrayEquals(row(3), f.record(X).rowAcquire());
        }
    }

    @Test
    void twoInsertersOfOneKeyCommitOnceWhicheverCommitsFirst() {
        for (boolean creatorFirst : new boolean[] {true, false}) {
            try (TicTocFixture f = new TicTocFixture()) {
                Worker a = f.cc.newWorker();
                Worker b = f.cc.newWorker();
                Transaction creator = a.begin();
                assertTrue(creator.insert(f.table, key(NEW), row(1)));  // puts the placeholder in the tree
                Transaction joiner = b.begin();
                assertTrue(joiner.insert(f.table, key(NEW), row(2)));   // meets the absent placeholder
                Transaction first = creatorFirst ? creator : joiner;
                Transaction second = creatorFirst ? joiner : creator;
                first.commit();
                AbortReason r = commitFails(second);
                assertTrue(r == AbortReason.READ_VALIDATION_FAILED || r == AbortReason.TIMESTAMP_TOO_OLD, r::toString);
                assertArrayEquals(row(creatorFirst ? 1 : 2), f.record(NEW).rowAcquire());
                a.close();
                b.close();
            }
        }
    }

    @Test
    void insertAfterAScannerCommittedIsOrderedAfterIt() {
        try (TicTocFixture f = new TicTocFixture()) {
            f.load(CLOCK);
            f.bump(CLOCK, 10);
            Transaction scanner = f.admin.begin();
            assertEquals(0, scanner.scan(f.table.primary(), key(100), true, key(200), false, false, 0, (k, r) -> true));
            scanner.read(f.table, key(CLOCK));
            scanner.commit(); // at 10: the range was empty at 10
            assertTrue(f.cc.insertFloor() >= 10);

            Transaction inserter = f.admin.begin();
            assertTrue(inserter.insert(f.table, key(NEW), row(1)));
            inserter.commit();
            assertTrue(f.wts(NEW) > 10, "insert committed at " + f.wts(NEW));
        }
    }

    /**
     * The schedule plain node-set validation lets through under TicToc: B reads X (valid until 50); A scans an
     * empty range and overwrites X at 51; then B inserts into A's range. Ordered by timestamps B would precede A
     * (B read the old X) and follow A (A did not see B's row): B must abort.
     */
    @Test
    void insertIntoAScannedRangeCannotBeOrderedBeforeTheScanner() {
        for (String history : new String[] {"true", "false"}) {
            try (TicTocFixture f = new TicTocFixture("tictoc_timestamp_history", history)) {
                f.load(X, CLOCK);
                f.bump(CLOCK, 50);
                f.readAll(X, CLOCK); // X valid over [0, 50]
                Worker a = f.cc.newWorker();
                Worker b = f.cc.newWorker();
                Transaction tb = b.begin();
                tb.read(f.table, key(X));
                Transaction ta = a.begin();
                assertEquals(0, ta.scan(f.table.primary(), key(100), true, key(200), false, false, 0, (k, r) -> true));
                ta.update(f.table, key(X), row(1));
                ta.commit();
                assertEquals(51, f.wts(X));
                assertTrue(tb.insert(f.table, key(NEW), row(1)));
                commitFails(tb);
                a.close();
                b.close();
            }
        }
    }

    @Test
    void concurrentInsertersOfTheSameKeysCommitEachKeyOnce() throws Exception {
        int keys = 200;
        int threads = 4;
        try (TicTocFixture f = new TicTocFixture()) {
            AtomicIntegerArray winners = new AtomicIntegerArray(keys);
            AtomicReference<Throwable> failure = new AtomicReference<>();
            List<Thread> all = new ArrayList<>();
            for (int id = 1; id <= threads; id++) {
                int me = id;
                all.add(new Thread(() -> {
                    try (Worker w = f.cc.newWorker()) {
                        for (int k = 0; k < keys; k++) {
                            while (true) {
                                Transaction t = w.begin();
                                try {
                                    boolean inserted = t.insert(f.table, key(1000 + k), row(me));
                                    t.commit();
                                    if (inserted) {
                                        winners.incrementAndGet(k);
                                    }
                                    break;
                                } catch (TransactionAbortedException e) {
                                    w.backoff();
                                }
                            }
                        }
                    } catch (Throwable e) {
                        failure.set(e);
                    }
                }));
            }
            all.forEach(Thread::start);
            for (Thread t : all) {
                t.join();
            }
            assertNull(failure.get());
            for (int k = 0; k < keys; k++) {
                assertEquals(1, winners.get(k), "inserts of key " + k);
                assertTrue(f.record(1000 + k).rowAcquire() != null);
            }
        }
    }
}
