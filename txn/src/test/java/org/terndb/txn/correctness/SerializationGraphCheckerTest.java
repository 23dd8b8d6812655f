package org.terndb.txn.correctness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.terndb.txn.correctness.SerializationGraph.ABSENT;
import static org.terndb.txn.correctness.SerializationGraph.DELETE;
import static org.terndb.txn.correctness.SerializationGraph.INSERT;
import static org.terndb.txn.correctness.SerializationGraph.LOADED;
import static org.terndb.txn.correctness.SerializationGraph.UNKNOWN;
import static org.terndb.txn.correctness.SerializationGraph.UPDATE;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The history checker on hand-written histories, so that its verdicts do not depend on a scheduler: serial
 * histories pass, and write skew, a phantom, a lost update and dirty reads are each reported. Keys follow
 * {@link SerializationGraphTest#role}: k0 insert-only, k1 delete-only, k2 and k5 stable.
 */
class SerializationGraphCheckerTest {
    private static long t(int n) {
        return 1L << 40 | n;
    }

    /** A transaction from (key, version) reads and (key, kind, prev) writes. */
    private static SerializationGraph.Txn txn(int n, long[][] reads, long[][] writes) {
        int[] rk = new int[reads.length];
        long[] rv = new long[reads.length];
        for (int i = 0; i < reads.length; i++) {
            rk[i] = (int) reads[i][0];
            rv[i] = reads[i][1];
        }
        int[] wk = new int[writes.length];
        int[] kind = new int[writes.length];
        long[] prev = new long[writes.length];
        for (int i = 0; i < writes.length; i++) {
            wk[i] = (int) writes[i][0];
            kind[i] = (int) writes[i][1];
            prev[i] = writes[i][2];
        }
        return new SerializationGraph.Txn(t(n), rk, rv, wk, kind, prev, "T" + n, List.of());
    }

    private static Violations check(SerializationGraph.Txn... txns) {
        Violations v = new Violations("hand-written history");
        new SerializationGraph(List.of(txns), SerializationGraphTest::role, SerializationGraphTest::keyName).check(v);
        return v;
    }

    @Test
    void aSerialHistoryWithInsertsDeletesAndBlindWritesPasses() {
        Violations v = check(
                txn(1, new long[][] {{2, LOADED}, {0, ABSENT}}, new long[][] {{2, UPDATE, LOADED}, {0, INSERT, ABSENT}}),
                txn(2, new long[][] {{2, t(1)}, {0, t(1)}, {1, LOADED}}, new long[][] {{1, DELETE, LOADED}}),
                txn(3, new long[][] {{1, ABSENT}, {2, t(1)}}, new long[][] {{5, UPDATE, UNKNOWN}}),
                txn(4, new long[][] {{5, t(3)}}, new long[][] {{5, UPDATE, t(3)}}));
        v.assertNone();
    }

    @Test
    void writeSkewIsACycle() {
        Violations v = check(
                txn(1, new long[][] {{2, LOADED}, {5, LOADED}}, new long[][] {{2, UPDATE, LOADED}}),
                txn(2, new long[][] {{2, LOADED}, {5, LOADED}}, new long[][] {{5, UPDATE, LOADED}}));
        assertEquals(1, v.count(), v.report());
        assertTrue(v.report().contains("cycle") && v.report().contains("rw"), v.report());
    }

    @Test
    void aPhantomInsertIntoAScannedRangeIsACycle() {
        // T1 scanned k0 as absent and wrote k2; T2 read k2 before T1's write and inserted k0.
        Violations v = check(
                txn(1, new long[][] {{0, ABSENT}, {2, LOADED}}, new long[][] {{2, UPDATE, LOADED}}),
                txn(2, new long[][] {{2, LOADED}, {0, ABSENT}}, new long[][] {{0, INSERT, ABSENT}}));
        assertTrue(v.report().contains("cycle") && v.report().contains("k0"), v.report());
    }

    @Test
    void aLostUpdateIsReported() {
        Violations v = check(
                txn(1, new long[][] {{2, LOADED}}, new long[][] {{2, UPDATE, LOADED}}),
                txn(2, new long[][] {{2, LOADED}}, new long[][] {{2, UPDATE, LOADED}}));
        assertTrue(v.report().contains("lost update"), v.report());
    }

    @Test
    void readsOfUncommittedWritesAndDeletesAreReported() {
        Violations v = check(
                txn(1, new long[][] {{2, t(99)}}, new long[][] {}),
                txn(2, new long[][] {{1, ABSENT}}, new long[][] {}));
        assertEquals(2, v.count(), v.report());
        assertTrue(v.report().contains("never committed") && v.report().contains("no committed"), v.report());
    }

    @Test
    void aCycleThroughADeleteIsFound() {
        // T1 read k1 (loaded) and wrote k5; T2 read k5 (loaded), deleted k1; T3 read k1 absent (after T2).
        Violations v = check(
                txn(1, new long[][] {{1, LOADED}, {5, LOADED}}, new long[][] {{5, UPDATE, LOADED}}),
                txn(2, new long[][] {{5, LOADED}, {1, LOADED}}, new long[][] {{1, DELETE, LOADED}}),
                txn(3, new long[][] {{1, ABSENT}, {5, LOADED}}, new long[][] {}));
        assertTrue(v.report().contains("cycle"), v.report());
    }
}
