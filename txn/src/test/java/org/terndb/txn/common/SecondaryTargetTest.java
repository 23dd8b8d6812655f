package org.terndb.txn.common;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.Index;
import org.terndb.txn.Protocols;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.Worker;

/**
 * A unique secondary entry's {@linkplain Record#target target}: the primary record a lookup through the entry found,
 * which the next lookup through it uses only while it is still the primary index's record of the entry's primary key.
 * A stale target (another key's record, a record that left the index, another table's record under the same key
 * bytes) never changes what a read or write finds.
 */
class SecondaryTargetTest {

    static Stream<String> protocols() {
        return Protocols.names().stream();
    }

    private static byte[] key(int i) {
        return new byte[] {0, (byte) i};
    }

    /** Rows are two bytes: a value the unique index keys on, and a payload. */
    private static Index uniqueByValue(ConcurrencyControl cc, Table t) {
        return cc.createIndex(t, "BY_VALUE", true, (pk, row) -> new byte[] {row[0]});
    }

    private static Record entry(Index index, int value) {
        return index.get(new byte[] {(byte) value}, null);
    }

    /** Inserts and commits each row under keys 1, 2, ... in turn. */
    private static void insertRows(Worker w, Table t, byte[]... rows) {
        Transaction txn = w.begin();
        for (int i = 0; i < rows.length; i++) {
            assertTrue(txn.insert(t, key(i + 1), rows[i]));
        }
        txn.commit();
    }

    /** The row of {@code value} read through {@code index} in a transaction of its own (null if none). */
    private static byte[] readThrough(Worker w, Index index, int value) {
        Transaction txn = w.begin();
        byte[] row = txn.read(index, new byte[] {(byte) value});
        txn.commit();
        return row;
    }

    /** The row of {@code k} in {@code t}, read in a transaction of its own (null if none). */
    private static byte[] read(Worker w, Table t, int k) {
        Transaction txn = w.begin();
        byte[] row = txn.read(t, key(k));
        txn.commit();
        return row;
    }

    @ParameterizedTest
    @MethodSource("protocols")
    void aReadThroughTheIndexLeavesTheEntryTargetingItsRowsRecordAndReadsAlike(String protocol) throws Exception {
        try (ConcurrencyControl cc = Protocols.create(protocol); Worker w = cc.newWorker()) {
            Table t = cc.createTable("T");
            Index byValue = uniqueByValue(cc, t);
            insertRows(w, t, new byte[] {10, 1}, new byte[] {20, 2});
            assertArrayEquals(new byte[] {10, 1}, readThrough(w, byValue, 10));
            Record primary = t.primary().get(key(1), null);
            assertSame(primary, entry(byValue, 10).target(), "the entry now targets its row's record");

            Transaction txn = w.begin(); // through the target: the same row, and a write through it lands on that row
            byte[] pk = txn.readPrimaryKey(byValue, new byte[] {10});
            assertArrayEquals(key(1), pk);
            assertTrue(txn.update(t, pk, new byte[] {10, 7}));
            txn.commit();
            assertArrayEquals(new byte[] {10, 7}, read(w, t, 1));
            assertArrayEquals(new byte[] {10, 7}, readThrough(w, byValue, 10));
        }
    }

    @ParameterizedTest
    @MethodSource("protocols")
    void aTargetThatIsNotThePrimaryRecordOfTheKeyIsPassedOverAndReplaced(String protocol) throws Exception {
        try (ConcurrencyControl cc = Protocols.create(protocol); Worker w = cc.newWorker()) {
            Table t = cc.createTable("T");
            Index byValue = uniqueByValue(cc, t);
            insertRows(w, t, new byte[] {10, 1}, new byte[] {20, 2});
            Record entry = entry(byValue, 10);
            Record first = t.primary().get(key(1), null);

            entry.setTarget(t.primary().get(key(2), null)); // another key's record
            assertArrayEquals(new byte[] {10, 1}, readThrough(w, byValue, 10));
            assertSame(first, entry.target());

            entry.setTarget(new Record(key(1), 0, new byte[] {10, 9})); // the key's bytes, never in the index
            Transaction txn = w.begin();
            byte[] pk = txn.readPrimaryKey(byValue, new byte[] {10});
            assertTrue(txn.update(t, pk, new byte[] {10, 3}));
            txn.commit();
            assertSame(first, entry.target());
            assertArrayEquals(new byte[] {10, 3}, read(w, t, 1));

            Record gone = new Record(key(1), 0, new byte[] {10, 9}); // put, then unlinked: detached
            Index scratch = cc.createTable("SCRATCH").primary();
            scratch.putIfAbsent(gone, null);
            assertTrue(scratch.unlink(gone, null));
            entry.setTarget(gone);
            assertArrayEquals(new byte[] {10, 3}, readThrough(w, byValue, 10));
            assertSame(first, entry.target());
        }
    }

    @ParameterizedTest
    @MethodSource("protocols")
    void aPrimaryKeyResolvedInOneTableLooksUpAnotherTablesRowsInThatTable(String protocol) throws Exception {
        try (ConcurrencyControl cc = Protocols.create(protocol); Worker w = cc.newWorker()) {
            Table a = cc.createTable("A");
            Table b = cc.createTable("B");
            Index byValue = uniqueByValue(cc, a);
            Transaction txn = w.begin();
            txn.insert(a, key(1), new byte[] {10, 1});
            txn.insert(b, key(1), new byte[] {50, 5});
            txn.commit();
            assertArrayEquals(new byte[] {10, 1}, readThrough(w, byValue, 10)); // the entry targets A's row

            txn = w.begin();
            byte[] pk = txn.readPrimaryKey(byValue, new byte[] {10});
            assertArrayEquals(new byte[] {50, 5}, txn.read(b, pk), "B's row, though A's record has the same key");
            assertTrue(txn.update(b, pk, new byte[] {50, 6}));
            txn.commit();
            assertArrayEquals(new byte[] {10, 1}, read(w, a, 1));
            assertArrayEquals(new byte[] {50, 6}, read(w, b, 1));
        }
    }

    @ParameterizedTest
    @MethodSource("protocols")
    void aDeletedRowIsNotFoundThroughItsOldEntrysTarget(String protocol) throws Exception {
        try (ConcurrencyControl cc = Protocols.create(protocol); Worker w = cc.newWorker()) {
            Table t = cc.createTable("T");
            Index byValue = uniqueByValue(cc, t);
            insertRows(w, t, new byte[] {10, 1});
            assertArrayEquals(new byte[] {10, 1}, readThrough(w, byValue, 10));
            Transaction txn = w.begin();
            assertTrue(txn.delete(t, key(1)));
            txn.commit();
            txn = w.begin();
            assertNull(txn.read(byValue, new byte[] {10}));
            assertNull(txn.read(t, key(1)));
            txn.insert(t, key(2), new byte[] {10, 2}); // the value now belongs to another row
            txn.commit();
            txn = w.begin();
            assertArrayEquals(new byte[] {10, 2}, txn.read(byValue, new byte[] {10}));
            byte[] pk = txn.readPrimaryKey(byValue, new byte[] {10});
            assertArrayEquals(key(2), pk);
            assertTrue(txn.update(t, pk, new byte[] {10, 4}));
            txn.commit();
            assertArrayEquals(new byte[] {10, 4}, read(w, t, 2));
            assertNull(read(w, t, 1));
        }
    }
}
