package org.terndb.txn.common;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.DuplicateKeyException;
import org.terndb.txn.Index;
import org.terndb.txn.Protocols;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.Worker;

/**
 * The protocol side of building and dropping a secondary index while the table has rows: back-fill in a
 * transaction, waiting for older transactions, retiring (readers abort), restoring and removing an index.
 */
class IndexLifecycleTest {

    static Stream<String> protocols() {
        return Protocols.names().stream();
    }

    /** A row is one byte, its value; the unique index key is the value, so two rows with one value collide. */
    private static byte[] key(int i) {
        return new byte[] {0, (byte) i};
    }

    private static Index uniqueByValue(ConcurrencyControl cc, Table t) {
        return cc.createIndex(t, "BY_VALUE", true, (pk, row) -> row.clone());
    }

    @ParameterizedTest
    @MethodSource("protocols")
    void backfillWritesMissingEntriesAndReportsDuplicates(String protocol) throws Exception {
        try (ConcurrencyControl cc = Protocols.create(protocol); Worker w = cc.newWorker()) {
            Table t = cc.createTable("T");
            for (int i = 1; i <= 4; i++) {
                cc.load(t, key(i), new byte[] {(byte) (10 * i)});
            }
            Index index = uniqueByValue(cc, t);
            assertTrue(cc.awaitActiveTransactions(10_000));
            Transaction txn = w.begin();
            for (int i = 1; i <= 4; i++) {
                assertTrue(txn.backfill(index, key(i), new byte[] {(byte) (10 * i)}));
            }
            assertTrue(txn.backfill(index, key(2), new byte[] {20}), "an entry of the same row is there already");
            assertFalse(txn.backfill(index, key(9), new byte[] {30}), "value 30 belongs to row 3");
            txn.commit();
            txn = w.begin();
            assertArrayEquals(new byte[] {30}, txn.read(index, new byte[] {30}));
            List<Byte> values = new ArrayList<>();
            txn.scan(index, null, true, null, true, false, 0, (pk, row) -> values.add(row[0]));
            assertEquals(List.of((byte) 10, (byte) 20, (byte) 30, (byte) 40), values);
            txn.commit();
            Transaction duplicate = w.begin();
            assertThrows(DuplicateKeyException.class, () -> duplicate.insert(t, key(5), new byte[] {40}));
            duplicate.abort();
        }
    }

    @ParameterizedTest
    @MethodSource("protocols")
    void retiredIndexAbortsReadersUntilRestoredAndDroppedIndexNoLongerConstrains(String protocol) throws Exception {
        try (ConcurrencyControl cc = Protocols.create(protocol); Worker w = cc.newWorker()) {
            Table t = cc.createTable("T");
            Index index = uniqueByValue(cc, t);
            Transaction txn = w.begin();
            txn.insert(t, key(1), new byte[] {7});
            txn.commit();
            cc.retireIndex(index);
            assertTrue(index.isRetired());
            Transaction reader = w.begin();
            assertThrows(TransactionAbortedException.class, () -> reader.read(index, new byte[] {7}));
            assertFalse(reader.isActive(), "the reader was rolled back");
            Transaction scanner = w.begin();
            assertThrows(TransactionAbortedException.class,
                    () -> scanner.scan(index, null, true, null, true, false, 0, (pk, row) -> true));
            cc.restoreIndex(index);
            txn = w.begin();
            assertArrayEquals(new byte[] {7}, txn.read(index, new byte[] {7}));
            txn.commit();
            cc.retireIndex(index);
            assertTrue(cc.awaitActiveTransactions(10_000));
            cc.dropIndex(index);
            assertTrue(t.secondaries().isEmpty());
            txn = w.begin();
            assertTrue(txn.insert(t, key(2), new byte[] {7}), "the dropped unique index no longer constrains");
            txn.commit();
            assertThrows(IllegalArgumentException.class, () -> cc.dropIndex(t.primary()));
        }
    }

    @ParameterizedTest
    @MethodSource("protocols")
    void awaitActiveTransactionsWaitsOnlyForOlderTransactions(String protocol) throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try (ConcurrencyControl cc = Protocols.create(protocol)) {
            Table t = cc.createTable("T");
            CountDownLatch begun = new CountDownLatch(1);
            CountDownLatch finish = new CountDownLatch(1);
            Future<?> old = pool.submit(() -> {
                try (Worker w = cc.newWorker()) {
                    Transaction txn = w.begin();
                    assertNull(txn.read(t, key(1)));
                    begun.countDown();
                    finish.await();
                    txn.abort();
                }
                return null;
            });
            assertTrue(begun.await(10, TimeUnit.SECONDS));
            assertFalse(cc.awaitActiveTransactions(50), "a transaction that began before is still running");
            finish.countDown();
            old.get(10, TimeUnit.SECONDS);
            assertTrue(cc.awaitActiveTransactions(10_000));
        } finally {
            pool.shutdownNow();
        }
    }
}
