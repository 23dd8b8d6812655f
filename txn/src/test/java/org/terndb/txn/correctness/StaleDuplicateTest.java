package org.terndb.txn.correctness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.util.Arrays;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.DuplicateKeyException;
import org.terndb.txn.Index;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.Worker;

/**
 * A duplicate key is a constraint violation only when the inserting transaction's own consistent view has the key.
 * A transaction that takes an order id from a counter another transaction advanced (and used) since it was read
 * finds that order's row: its reads are stale, its commit would fail, and it must abort as a conflict
 * ({@link TransactionAbortedException}, SQLState 40001) instead of reporting a duplicate (23505). A row committed
 * before the transaction began is a genuine duplicate for every protocol.
 *
 * <p>Two workers interleave in one thread. T1 reads the counter; T2 reads it, inserts the order, advances the
 * counter and commits; then T1 inserts an order with the id it read. Under 2PL T1's read lock stops T2's update
 * (T2 is aborted every time), so T1's view never goes stale and its insert goes through; the test checks that too.
 */
class StaleDuplicateTest {
    private static final byte[] COUNTER = Bytes.ints(1);
    private static final int T2_ATTEMPTS = 10;

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.terndb.txn.correctness.ProtocolsUnderTest#names")
    void aPrimaryKeyTakenAfterAStaleReadIsAConflictNotADuplicate(String protocol) {
        staleOrderId(protocol, false, false);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.terndb.txn.correctness.ProtocolsUnderTest#names")
    void aUniqueIndexKeyTakenAfterAStaleReadIsAConflictNotADuplicate(String protocol) {
        staleOrderId(protocol, true, false);
    }

    /**
     * T2 began before T1: a timestamp protocol orders T2's writes below T1, so T1's snapshot of the key is not
     * stale by its timestamp, but the counter T1 read was overwritten below its timestamp after it read it.
     * (Left out for 2PL: the older T2 would wait for T1's read lock, here in T1's own thread.)
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.terndb.txn.correctness.ProtocolsUnderTest#names")
    void aKeyTakenByATransactionThatBeganEarlierAfterAStaleReadIsAConflictNotADuplicate(String protocol) {
        assumeFalse(protocol.startsWith("2pl"), "the older transaction waits for the younger one's lock");
        staleOrderId(protocol, false, true);
        staleOrderId(protocol, true, true);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.terndb.txn.correctness.ProtocolsUnderTest#names")
    void aKeyInsertedIntoARangeTheTransactionScannedIsAConflictNotADuplicate(String protocol) {
        assumeFalse(protocol.equals(SerialReferenceProtocol.NAME), "runs one transaction at a time");
        try (ConcurrencyControl cc = ProtocolsUnderTest.open(protocol)) {
            Table orders = cc.createTable("orders");
            cc.load(orders, Bytes.ints(1), Bytes.longs(1));
            try (Worker w1 = cc.newWorker(); Worker w2 = cc.newWorker()) {
                Transaction t1 = w1.begin();
                // T1 finds the largest order (1) by a scan: the scan covers where order 2 would go
                int[] max = {0};
                t1.scan(orders.primary(), null, true, null, true, true, 1, (k, r) -> {
                    max[0] = Bytes.getInt(k, 0);
                    return false;
                });
                assertEquals(1, max[0]);
                boolean t2Committed = otherCommits(w2, null, t -> assertTrue(t.insert(orders, Bytes.ints(2), Bytes.longs(2))));
                assertTrue(t2Committed, protocol + ": inserting a key no one locked must commit");
                assertConflict(protocol + ": a key that appeared in T1's scanned range", t1,
                        () -> t1.insert(orders, Bytes.ints(max[0] + 1), Bytes.longs(2)));
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.terndb.txn.correctness.ProtocolsUnderTest#names")
    void aKeyCommittedBeforeTheTransactionBeganIsStillADuplicate(String protocol) {
        try (ConcurrencyControl cc = ProtocolsUnderTest.open(protocol)) {
            Table counter = cc.createTable("counter");
            Table orders = cc.createTable("orders");
            Index byNumber = cc.createIndex(orders, "orders_number", true, (pk, row) -> row);
            cc.load(counter, COUNTER, Bytes.longs(2));
            try (Worker w = cc.newWorker()) {
                Transaction t0 = w.begin();
                assertTrue(t0.insert(orders, Bytes.ints(1), Bytes.longs(1)));
                t0.commit();

                Transaction t1 = w.begin();
                t1.read(counter, COUNTER);
                t1.scan(orders.primary(), null, true, null, true, false, 0, (k, r) -> true);
                assertFalse(t1.insert(orders, Bytes.ints(1), Bytes.longs(7)),
                        protocol + ": a primary key committed before T1 began is a duplicate");
                assertThrows(DuplicateKeyException.class, () -> t1.insert(orders, Bytes.ints(9), Bytes.longs(1)),
                        protocol + ": a unique key committed before T1 began is a duplicate");
                assertTrue(t1.isActive(), protocol + ": a duplicate leaves the transaction usable");
                assertTrue(t1.insert(orders, Bytes.ints(2), Bytes.longs(2)));
                t1.update(counter, COUNTER, Bytes.longs(3));
                t1.commit();

                Transaction check = w.begin();
                assertTrue(Arrays.equals(Bytes.longs(2), check.read(byNumber, Bytes.longs(2))));
                assertEquals(3, Bytes.getLong(check.read(counter, COUNTER), 0));
                check.commit();
            }
        }
    }

    /** T1 reads the counter, T2 uses and advances it, T1 inserts an order with the id it read. */
    private static void staleOrderId(String protocol, boolean viaUniqueIndex, boolean otherBeganFirst) {
        assumeFalse(protocol.equals(SerialReferenceProtocol.NAME), "runs one transaction at a time");
        try (ConcurrencyControl cc = ProtocolsUnderTest.open(protocol)) {
            Table counter = cc.createTable("counter");
            Table orders = cc.createTable("orders");
            cc.createIndex(orders, "orders_number", true, (pk, row) -> row);
            cc.load(counter, COUNTER, Bytes.longs(1));
            try (Worker w1 = cc.newWorker(); Worker w2 = cc.newWorker()) {
                Transaction early = otherBeganFirst ? w2.begin() : null;
                Transaction t1 = w1.begin();
                long id = Bytes.getLong(t1.read(counter, COUNTER), 0);
                boolean t2Committed = otherCommits(w2, early, t -> {
                    long next = Bytes.getLong(t.read(counter, COUNTER), 0);
                    assertTrue(t.insert(orders, orderKey(next, viaUniqueIndex, 2), Bytes.longs(next)));
                    assertTrue(t.update(counter, COUNTER, Bytes.longs(next + 1)));
                });
                byte[] key = orderKey(id, viaUniqueIndex, 1);
                if (!t2Committed) {
                    // Locking: T1's read lock kept the counter from moving, so its id is still free.
                    assertTrue(protocol.startsWith("2pl"), protocol + ": T2 never committed");
                    assertTrue(t1.insert(orders, key, Bytes.longs(id)));
                    t1.commit();
                    return;
                }
                assertConflict(protocol + ": an order id taken after T1 read its counter", t1,
                        () -> t1.insert(orders, key, Bytes.longs(id)));
            }
        }
    }

    /**
     * The insert must not report a duplicate: it aborts T1 with a conflict, or (a protocol that checks conflicts
     * only at commit) it goes ahead and T1's commit aborts.
     */
    private static void assertConflict(String what, Transaction t1, BooleanSupplier insert) {
        boolean inserted;
        try {
            inserted = insert.getAsBoolean();
        } catch (TransactionAbortedException e) {
            assertFalse(t1.isActive(), what + ": the conflict " + e.reason() + " ended the transaction");
            return;
        } catch (DuplicateKeyException e) {
            throw new AssertionError(what + " is a conflict, not a duplicate: " + e.getMessage(), e);
        }
        assertTrue(inserted, what + " is a conflict, not a duplicate (insert returned false)");
        assertThrows(TransactionAbortedException.class, t1::commit, what + ": T1 cannot commit");
    }

    /** The primary key of an order: the id itself, or (via the unique index on the id) one of its own. */
    private static byte[] orderKey(long id, boolean viaUniqueIndex, int txn) {
        return viaUniqueIndex ? Bytes.ints(1000 * txn + (int) id) : Bytes.ints((int) id);
    }

    /**
     * Runs {@code body} in a transaction of {@code w} and commits; retries conflicts (a timestamp protocol may
     * order a new transaction below the open T1 at first). The first attempt is {@code early} if that is not null.
     * False if every attempt was aborted.
     */
    private static boolean otherCommits(Worker w, Transaction early, java.util.function.Consumer<Transaction> body) {
        for (int attempt = 0; attempt < T2_ATTEMPTS; attempt++) {
            Transaction t = attempt == 0 && early != null ? early : w.begin();
            try {
                body.accept(t);
                t.commit();
                return true;
            } catch (TransactionAbortedException e) {
                assertFalse(t.isActive());
            }
        }
        return false;
    }
}
