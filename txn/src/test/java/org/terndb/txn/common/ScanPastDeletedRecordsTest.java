package org.terndb.txn.common;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.Protocols;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.TxnOptions;
import org.terndb.txn.Worker;

/**
 * A scan for the first row of a range whose head was just deleted (TPC-C's Delivery: the oldest new order of a
 * district) passes the deleted records, which stay in the tree until reclaimed, in steps that grow: not one tree
 * descent per deleted record. Each descent tells the transaction's node set the border nodes it covered, so the
 * node set's size counts them.
 */
class ScanPastDeletedRecordsTest {
    private static final int ROWS = 2000;
    private static final int DELETED = 1000;

    /**
     * Epochs that do not advance during the test, so that no deleted record is reclaimed; but the MVTO protocols'
     * commit waits for its epoch to close (group commit), so they run at the default pace, where a record reclaimed
     * before the scan only makes it cheaper.
     */
    private static TxnOptions options(String protocol) {
        return protocol.startsWith("mvto") ? TxnOptions.defaults() : TxnOptions.defaults().with("epoch_ms", "3600000");
    }

    static Stream<String> protocols() {
        return Protocols.names().stream();
    }

    private static byte[] key(int i) {
        return new byte[] {0, (byte) (i >>> 8), (byte) i};
    }

    @ParameterizedTest
    @MethodSource("protocols")
    void firstRowAfterManyDeletedRecordsTakesFewTreeDescents(String protocol) {
        try (ConcurrencyControl cc = Protocols.create(protocol, options(protocol)); Worker w = cc.newWorker()) {
            Table t = cc.createTable("T");
            for (int i = 0; i < ROWS; i++) {
                assertTrue(cc.load(t, key(i), new byte[] {(byte) i}));
            }
            Transaction delete = w.begin();
            for (int i = 0; i < DELETED; i++) {
                assertTrue(delete.delete(t, key(i)));
            }
            delete.commit();

            Transaction txn = w.begin();
            List<byte[]> found = new ArrayList<>();
            int visited = txn.scan(t.primary(), null, true, null, true, false, 1, (pk, row) -> found.add(pk));
            assertEquals(1, visited);
            assertArrayEquals(key(DELETED), found.get(0));
            // Steps of 1, 2, 4, ... 64 records pass the 1,000 deleted ones in 21 descents, each covering a border
            // node or two; a descent per deleted record would have covered at least 1,000.
            int covered = ((AbstractTransaction) txn).nodeSet.size();
            assertTrue(covered < 100, "the scan covered " + covered + " border nodes");
            txn.commit();
        }
    }
}
