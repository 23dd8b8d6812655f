package org.terndb.txn.correctness;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.Worker;

/**
 * {@link Worker#readSingle}, the one-read transaction that autocommit point queries run as: it returns whole
 * committed rows only, never a row of a transaction that is still running or rolled back, never a mix of two
 * versions, and (for the protocols that read the latest committed version directly) never an older version
 * after a newer one.
 */
class SingleReadTest {
    /** Protocols whose readSingle is the stable read of the latest committed version (no snapshot). */
    private static final Set<String> LATEST_COMMITTED = Set.of("silo", "mocc", "tictoc");

    private static final int KEYS = 4;
    private static final int COPIES = 3; // a row holds its value three times: a torn row shows different copies

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.terndb.txn.correctness.ProtocolsUnderTest#names")
    void singleReadReturnsCommittedRowsAndNullForMissingOrDeletedKeys(String protocol) {
        try (ConcurrencyControl cc = ProtocolsUnderTest.open(protocol)) {
            Table table = cc.createTable("single");
            cc.load(table, Bytes.ints(1), row(10));
            cc.load(table, Bytes.ints(2), row(20));
            try (Worker w = cc.newWorker()) {
                assertArrayEquals(row(10), w.readSingle(table, Bytes.ints(1)));
                assertNull(w.readSingle(table, Bytes.ints(3)), "a key never inserted");
                Harness.inTxn(w, t -> t.update(table, Bytes.ints(1), row(12)));
                Harness.inTxn(w, t -> t.delete(table, Bytes.ints(2)));
                Harness.inTxn(w, t -> t.insert(table, Bytes.ints(3), row(30)));
                assertArrayEquals(row(12), w.readSingle(table, Bytes.ints(1)), "the committed update");
                assertNull(w.readSingle(table, Bytes.ints(2)), "a deleted row");
                assertArrayEquals(row(30), w.readSingle(table, Bytes.ints(3)), "a committed insert");

                Transaction t = w.begin(); // the worker's own rolled-back write is not seen either
                t.update(table, Bytes.ints(1), row(13));
                assertThrows(IllegalStateException.class, () -> w.readSingle(table, Bytes.ints(1)),
                        "readSingle is a transaction of its own: not while one is active");
                t.abort();
                assertArrayEquals(row(12), w.readSingle(table, Bytes.ints(1)));
            }
        }
    }

    /**
     * Writers commit even values (all copies alike) and write odd values they then roll back, or leave
     * uncommitted while they think; readers run single reads all the while.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.terndb.txn.correctness.ProtocolsUnderTest#names")
    void singleReadsRacingWritersSeeOnlyWholeCommittedRows(String protocol) {
        try (ConcurrencyControl cc = ProtocolsUnderTest.open(protocol)) {
            Violations v = new Violations(cc.name() + " single-read");
            Table table = cc.createTable("single");
            for (int k = 0; k < KEYS; k++) {
                cc.load(table, Bytes.ints(k), row(0));
            }
            boolean monotonic = LATEST_COMMITTED.contains(protocol);
            long deadline = System.nanoTime() + Harness.budgetNanos(400);
            AtomicBoolean writersDone = new AtomicBoolean();
            int writers = 2;
            Harness.runThreads(cc, "single-read", writers + 2, (thread, w) -> {
                SplittableRandom rnd = new SplittableRandom(thread * 7919L + 17);
                if (thread < writers) {
                    try {
                        while (System.nanoTime() < deadline) {
                            byte[] key = Bytes.ints(rnd.nextInt(KEYS));
                            if (rnd.nextInt(4) == 0) {
                                rolledBackWrite(w, table, key, rnd);
                            } else {
                                Harness.inTxn(w, t -> {
                                    long value = value(t.read(table, key));
                                    Harness.think(rnd);
                                    return t.update(table, key, row(value + 2));
                                });
                            }
                        }
                    } finally {
                        writersDone.set(true);
                    }
                    return;
                }
                long[] last = new long[KEYS];
                long reads = 0;
                while (!writersDone.get() || reads < 100) {
                    int k = rnd.nextInt(KEYS);
                    byte[] r;
                    try {
                        r = w.readSingle(table, Bytes.ints(k));
                    } catch (TransactionAbortedException e) {
                        w.backoff(); // a protocol that locks may give up on a written record: read again
                        continue;
                    }
                    reads++;
                    if (r == null) {
                        v.add("key " + k + " read as absent; it is never deleted");
                        continue;
                    }
                    long value = value(r);
                    if (!Bytes.whole(r)) {
                        v.add("key " + k + " read a torn row " + Bytes.hex(r));
                    }
                    if ((value & 1) != 0) {
                        v.add("key " + k + " read " + value + ", a value only written by transactions that rolled back");
                    }
                    if (monotonic && value < last[k]) {
                        v.add("key " + k + " read " + value + " after " + last[k] + ": an older version after a newer");
                    }
                    last[k] = Math.max(last[k], value);
                }
            });
            v.assertNone();
        }
    }

    /** Writes an odd value, holds it a moment uncommitted, then rolls back. */
    private static void rolledBackWrite(Worker w, Table table, byte[] key, SplittableRandom rnd) {
        Transaction t = w.begin();
        try {
            byte[] current = t.readForUpdate(table, key);
            if (current != null) {
                t.update(table, key, row(value(current) + 1));
                Harness.think(rnd);
            }
        } catch (TransactionAbortedException e) {
            return; // rolled back already
        }
        t.abort();
    }

    private static byte[] row(long value) {
        return Bytes.repeated(value, COPIES);
    }

    private static long value(byte[] row) {
        return Bytes.getLong(row, 0);
    }
}
