package org.terndb.txn.correctness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.Index;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.Worker;

/**
 * A transaction's own inserts never invalidate what it observed itself: a uniqueness probe (a missed lookup) or
 * a scan followed by inserts into the same Masstree nodes — including inserts that split those nodes or start
 * new layers — must commit when no one else runs.
 */
class OwnInsertTest {

    @ParameterizedTest
    @MethodSource("org.terndb.txn.correctness.ProtocolsUnderTest#names")
    void insertsThroughUniqueIndexProbesAndScansNeverAbortTheirOwnTransaction(String protocol) {
        try (ConcurrencyControl cc = ProtocolsUnderTest.open(protocol)) {
            Table table = cc.createTable("T");
            // 12-byte secondary keys share their first 8 bytes: inserts make new layers as well as splits
            Index unique = cc.createIndex(table, "T_U", true,
                    (pk, row) -> ByteBuffer.allocate(12).putLong(0x0102030405060708L).put(row, 0, 4).array());
            try (Worker w = cc.newWorker()) {
                int next = 0;
                for (int txn = 0; txn < 200; txn++) {
                    Transaction t = w.begin();
                    t.scan(table.primary(), key(next), true, key(next + 1000), false, false, 0, (k, r) -> true);
                    for (int i = 0; i < 7; i++, next++) {
                        assertTrue(t.insert(table, key(next), ByteBuffer.allocate(4).putInt(next).array()));
                    }
                    t.commit();
                }
                assertEquals(0, w.stats().aborts(), protocol + ": " + w.stats());
                assertEquals(1400, count(w, table));
                assertEquals(1400, count(w, unique));
            }
        }
    }

    private static int count(Worker w, Table table) {
        return count(w, table.primary());
    }

    private static int count(Worker w, Index index) {
        Transaction t = w.begin();
        int n = t.scan(index, null, true, null, true, false, 0, (k, r) -> true);
        t.commit();
        return n;
    }

    private static byte[] key(int i) {
        return ByteBuffer.allocate(8).putLong(i).array();
    }
}
