package org.terndb.txn.correctness;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.Table;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.Worker;

/**
 * An array crossing the transaction API is never written by the database afterwards: a row a read returned stays as
 * it was read, and a row handed to a load, an insert or an update stays as it was handed over, whatever commits
 * later, also when one array was loaded under two keys. Protocols that install every new value as a new array keep
 * this as they are; the Silo family, which overwrites short rows in place (to keep a row beside its record), keeps it
 * by copying on both sides: a load, an insert or a replacing install copies the array it is handed, and a read copies
 * the row between its two reads of the record's word. {@code readInto}, which copies into the caller's array, is
 * checked here too.
 */
class RowStabilityTest {
    private static final int KEYS = 4;
    private static final int COPIES = 4; // a row holds its value four times: a torn row shows different copies
    private static final int ROW_BYTES = COPIES * 8;
    private static final int KEPT = 256;

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.terndb.txn.correctness.ProtocolsUnderTest#names")
    void arraysHandedOverOrReadAreNeverWrittenByLaterCommits(String protocol) {
        try (ConcurrencyControl cc = ProtocolsUnderTest.open(protocol)) {
            Table table = cc.createTable("stable");
            byte[] loaded = row(0);
            cc.load(table, Bytes.ints(0), loaded);
            byte[] shared = row(50); // one array loaded under two keys
            cc.load(table, Bytes.ints(5), shared);
            cc.load(table, Bytes.ints(6), shared);
            try (Worker w = cc.newWorker()) {
                byte[] inserted = row(100);
                Harness.inTxn(w, t -> t.insert(table, Bytes.ints(1), inserted));
                byte[] updated = row(200);
                Harness.inTxn(w, t -> t.update(table, Bytes.ints(1), updated));
                byte[] read = Harness.inTxn(w, t -> t.read(table, Bytes.ints(0)));
                byte[] single = w.readSingle(table, Bytes.ints(1));
                List<byte[]> scanned = new ArrayList<>();
                Harness.inTxn(w, t -> t.scan(table.primary(), null, true, Bytes.ints(1), true, false, 0, (k, r) -> {
                    scanned.add(r);
                    return true;
                }));
                byte[] longInserted = longRow(400);
                Harness.inTxn(w, t -> t.insert(table, Bytes.ints(2), longInserted));
                byte[] longRead = Harness.inTxn(w, t -> t.read(table, Bytes.ints(2)));
                for (int v = 1; v <= 3; v++) {
                    long value = v;
                    Harness.inTxn(w, t -> t.update(table, Bytes.ints(0), row(value)));
                    Harness.inTxn(w, t -> t.update(table, Bytes.ints(1), row(300 + value)));
                    Harness.inTxn(w, t -> t.update(table, Bytes.ints(2), longRow(400 + value)));
                }
                assertArrayEquals(longRow(403), w.readSingle(table, Bytes.ints(2)), "the last update of a long row");
                assertArrayEquals(longRow(400), longInserted, "the long array an insert took");
                assertArrayEquals(longRow(400), longRead, "a long row a transaction read");
                Harness.inTxn(w, t -> t.update(table, Bytes.ints(5), row(51)));
                assertArrayEquals(row(50), w.readSingle(table, Bytes.ints(6)),
                        "the other key of a shared loaded array");
                assertArrayEquals(row(3), w.readSingle(table, Bytes.ints(0)), "the last update");
                assertArrayEquals(row(303), w.readSingle(table, Bytes.ints(1)), "the last update");
                assertArrayEquals(row(0), loaded, "the array a load took");
                assertArrayEquals(row(100), inserted, "the array an insert took");
                assertArrayEquals(row(200), updated, "the array an update took");
                assertArrayEquals(row(0), read, "a row a transaction read");
                assertArrayEquals(row(200), single, "a row a single read returned");
                assertEquals(2, scanned.size(), "the scan saw both rows");
                assertArrayEquals(row(0), scanned.get(0), "a row a scan visited");
                assertArrayEquals(row(200), scanned.get(1), "a row a scan visited");
            }
        }
    }

    /**
     * Writers commit increments of a few rows; readers read them by transaction, scan and single read, check each
     * row whole, keep the last rows they read and check the kept ones again as the writers go on.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.terndb.txn.correctness.ProtocolsUnderTest#names")
    void rowsReadStayAsReadWhileWritersCommit(String protocol) {
        try (ConcurrencyControl cc = ProtocolsUnderTest.open(protocol)) {
            Violations v = new Violations(cc.name() + " row stability");
            Table table = cc.createTable("stable");
            for (int k = 0; k < KEYS; k++) {
                cc.load(table, Bytes.ints(k), row(0));
            }
            long deadline = System.nanoTime() + Harness.budgetNanos(300);
            AtomicBoolean writersDone = new AtomicBoolean();
            int writers = 2;
            Harness.runThreads(cc, "row-stability", writers + 2, (thread, w) -> {
                SplittableRandom rnd = new SplittableRandom(thread * 7919L + 5);
                if (thread < writers) {
                    try {
                        while (System.nanoTime() < deadline) {
                            byte[] key = Bytes.ints(rnd.nextInt(KEYS));
                            Harness.inTxn(w, t -> t.update(table, key, row(value(t.read(table, key)) + 1)));
                        }
                    } finally {
                        writersDone.set(true);
                    }
                    return;
                }
                Kept kept = new Kept(v);
                long reads = 0;
                while (!writersDone.get() || reads < 100) {
                    int k = rnd.nextInt(KEYS);
                    byte[] key = Bytes.ints(k);
                    try {
                        switch (rnd.nextInt(4)) {
                            case 0 -> kept.add(k, Harness.inTxn(w, t -> t.read(table, key)));
                            case 1 -> kept.add(k, w.readSingle(table, key));
                            case 2 -> {
                                byte[] into = new byte[ROW_BYTES];
                                int length = Harness.inTxn(w, t -> t.readInto(table, key, into));
                                if (length != ROW_BYTES) {
                                    v.add("key " + k + " read into an array gave length " + length);
                                }
                                kept.add(k, into);
                            }
                            default -> Harness.inTxn(w, t -> t.scan(table.primary(), key, true, null, true, false, 2,
                                    (pk, r) -> kept.add(Bytes.getInt(pk, 0), r)));
                        }
                    } catch (TransactionAbortedException e) {
                        w.backoff(); // a single read may give up on a locked record: read again
                        continue;
                    }
                    if (++reads % 64 == 0) {
                        kept.recheck();
                    }
                }
                kept.recheck();
            });
            v.assertNone();
        }
    }

    /**
     * {@code readInto} copies what {@code read} would return: the whole row into an array of its length, its first
     * bytes into a shorter one, the row and nothing else into a longer one; -1 and no change for a missing key; the
     * transaction's own writes, blind or not.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.terndb.txn.correctness.ProtocolsUnderTest#names")
    void readIntoCopiesTheRowReadWouldReturn(String protocol) {
        try (ConcurrencyControl cc = ProtocolsUnderTest.open(protocol)) {
            Table table = cc.createTable("into");
            cc.load(table, Bytes.ints(0), row(7));
            cc.load(table, Bytes.ints(1), row(1));
            try (Worker w = cc.newWorker()) {
                Harness.inTxn(w, t -> {
                    byte[] exact = new byte[ROW_BYTES];
                    assertEquals(ROW_BYTES, t.readInto(table, Bytes.ints(0), exact));
                    assertArrayEquals(row(7), exact);
                    byte[] shorter = new byte[ROW_BYTES - 5];
                    assertEquals(ROW_BYTES, t.readInto(table, Bytes.ints(0), shorter));
                    assertArrayEquals(Arrays.copyOf(row(7), ROW_BYTES - 5), shorter);
                    byte[] longer = new byte[ROW_BYTES + 8];
                    Arrays.fill(longer, (byte) 0x5A);
                    assertEquals(ROW_BYTES, t.readInto(table, Bytes.ints(0), longer));
                    assertArrayEquals(row(7), Arrays.copyOf(longer, ROW_BYTES));
                    for (int i = ROW_BYTES; i < longer.length; i++) {
                        assertEquals((byte) 0x5A, longer[i], "a byte past the row");
                    }
                    byte[] untouched = new byte[ROW_BYTES];
                    Arrays.fill(untouched, (byte) 0x5A);
                    assertEquals(-1, t.readInto(table, Bytes.ints(9), untouched), "a missing key");
                    for (byte b : untouched) {
                        assertEquals((byte) 0x5A, b, "a missing key leaves the array alone");
                    }
                    return null;
                });
                Harness.inTxn(w, t -> {
                    byte[] into = new byte[ROW_BYTES];
                    t.update(table, Bytes.ints(0), row(8));
                    assertEquals(ROW_BYTES, t.readInto(table, Bytes.ints(0), into));
                    assertArrayEquals(row(8), into, "the transaction's own update");
                    t.updateBlind(table, Bytes.ints(1), row(11));
                    assertEquals(ROW_BYTES, t.readInto(table, Bytes.ints(1), into));
                    assertArrayEquals(row(11), into, "the transaction's own blind update");
                    return null;
                });
                byte[] into = new byte[ROW_BYTES];
                int length = Harness.inTxn(w, t -> t.readInto(table, Bytes.ints(0), into));
                assertEquals(ROW_BYTES, length);
                assertArrayEquals(row(8), into, "a committed update");
                assertArrayEquals(row(11), w.readSingle(table, Bytes.ints(1)), "a committed blind update");
            }
        }
    }

    /** A reader's last rows: each as it was read (a copy) and the array itself, checked again later. */
    private static final class Kept {
        private final Violations v;
        private final byte[][] arrays = new byte[KEPT][];
        private final byte[][] asRead = new byte[KEPT][];
        private final int[] keys = new int[KEPT];
        private int next;

        Kept(Violations v) {
            this.v = v;
        }

        boolean add(int key, byte[] row) {
            if (row == null) {
                v.add("key " + key + " read as absent; it is never deleted");
                return true;
            }
            if (!Bytes.whole(row)) {
                v.add("key " + key + " read a torn row " + Bytes.hex(row));
            }
            int i = next++ % KEPT;
            arrays[i] = row;
            asRead[i] = row.clone();
            keys[i] = key;
            return true;
        }

        void recheck() {
            for (int i = 0; i < KEPT; i++) {
                if (arrays[i] != null && !Arrays.equals(arrays[i], asRead[i])) {
                    v.add("a row of key " + keys[i] + " changed after it was read: " + Bytes.hex(asRead[i]) + " became "
                            + Bytes.hex(arrays[i]));
                    arrays[i] = null;
                }
            }
        }
    }

    private static byte[] row(long value) {
        return Bytes.repeated(value, COPIES);
    }

    /** A row over two cache lines long. */
    private static byte[] longRow(long value) {
        return Bytes.repeated(value, 20);
    }

    private static long value(byte[] row) {
        return Bytes.getLong(row, 0);
    }
}
