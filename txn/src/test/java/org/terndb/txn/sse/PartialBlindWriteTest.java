package org.terndb.txn.sse;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.terndb.txn.silo.BankSmoke.key;
import static org.terndb.txn.silo.ColumnRows.row;
import static org.terndb.txn.silo.ProtocolFixture.MANUAL_EPOCHS;
import static org.terndb.txn.silo.ProtocolFixture.read;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.terndb.txn.CommitLog;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.Index;
import org.terndb.txn.Protocols;
import org.terndb.txn.RowPatch;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.TxnOptions;
import org.terndb.txn.Worker;
import org.terndb.txn.silo.ColumnRows.SetColumn;
import org.terndb.txn.silo.ProtocolFixture;
import org.terndb.txn.silo.SiloConcurrencyControl;

/**
 * Partial blind writes ({@link Transaction#updateBlind(Table, byte[], RowPatch)}): applied to the row current at
 * commit on Silo's blind path, never lost behind an SSE pivot that sets fewer columns, and a read-modify-write on
 * every other protocol. Rows here are two longs (columns 0 and 1).
 */
class PartialBlindWriteTest {
    private final ProtocolFixture fx = new ProtocolFixture();

    @AfterEach
    void closeAll() {
        fx.close();
    }

    private ConcurrencyControl open(String protocol) {
        return fx.open(switch (protocol) {
            case "silo" -> new SiloConcurrencyControl(MANUAL_EPOCHS);
            case SseConcurrencyControl.NAME -> new SseConcurrencyControl(MANUAL_EPOCHS);
            default -> Protocols.create(protocol); // real epochs: mvto acknowledges a commit when its epoch closes
        });
    }

    /** Table "t" with {@code rows} loaded under keys 1, 2, ... */
    private static Table loaded(ConcurrencyControl cc, byte[]... rows) {
        Table t = cc.createTable("t");
        for (int k = 0; k < rows.length; k++) {
            cc.load(t, key(k + 1), rows[k]);
        }
        return t;
    }

    private static boolean committedOmitted(Transaction tx) {
        tx.commit();
        return ((SseTransaction) tx).lastCommitOmitted();
    }

    @ParameterizedTest
    @ValueSource(strings = {"silo", SseConcurrencyControl.NAME})
    void patchIsAppliedToTheRowCurrentAtCommitWithoutAborting(String protocol) {
        ConcurrencyControl cc = open(protocol);
        Table t = loaded(cc, row(0, 0));
        Worker a = fx.worker(cc);
        Worker b = fx.worker(cc);
        Transaction blind = a.begin();
        assertTrue(blind.updateBlind(t, key(1), new SetColumn(0, 1)));
        Transaction rmw = b.begin();
        byte[] seen = rmw.read(t, key(1));
        assertTrue(rmw.update(t, key(1), new SetColumn(1, 7).apply(seen)));
        rmw.commit();
        blind.commit(); // the record changed since updateBlind, but nothing was read: no conflict
        assertArrayEquals(row(1, 7), read(a, t, 1), "both columns end updated");
    }

    @ParameterizedTest
    @ValueSource(strings = {"silo", SseConcurrencyControl.NAME})
    void missingRowIsNotFoundAndNotCreated(String protocol) {
        ConcurrencyControl cc = open(protocol);
        Table t = cc.createTable("t");
        cc.load(t, key(2), row(2, 2));
        Worker w = fx.worker(cc);
        Transaction d = w.begin();
        assertTrue(d.delete(t, key(2)));
        d.commit();
        Transaction tx = w.begin();
        assertFalse(tx.updateBlind(t, key(1), new SetColumn(0, 1)), "never inserted");
        assertFalse(tx.updateBlind(t, key(2), new SetColumn(0, 1)), "deleted");
        tx.commit();
        assertNull(read(w, t, 1));
        assertNull(read(w, t, 2));
    }

    @ParameterizedTest
    @ValueSource(strings = {"silo", SseConcurrencyControl.NAME})
    void rowDeletedBeforeCommitAbortsThePatch(String protocol) {
        ConcurrencyControl cc = open(protocol);
        Table t = loaded(cc, row(0, 0));
        Worker a = fx.worker(cc);
        Worker b = fx.worker(cc);
        Transaction blind = a.begin();
        assertTrue(blind.updateBlind(t, key(1), new SetColumn(0, 1)));
        Transaction d = b.begin();
        assertTrue(d.delete(t, key(1)));
        d.commit();
        assertThrows(TransactionAbortedException.class, blind::commit, "a blind write never brings a row back");
        assertNull(read(a, t, 1));
    }

    @ParameterizedTest
    @ValueSource(strings = {"silo", SseConcurrencyControl.NAME})
    void readingOwnPatchMakesItAReadModifyWrite(String protocol) {
        ConcurrencyControl cc = open(protocol);
        Table t = loaded(cc, row(0, 0));
        Worker a = fx.worker(cc);
        Worker b = fx.worker(cc);
        Transaction tx = a.begin();
        assertTrue(tx.updateBlind(t, key(1), new SetColumn(0, 1)));
        assertArrayEquals(row(1, 0), tx.read(t, key(1)), "own write, patched onto the committed row");
        Transaction other = b.begin();
        assertTrue(other.update(t, key(1), row(0, 7)));
        other.commit();
        assertThrows(TransactionAbortedException.class, tx::commit, "the read is validated like any read");
        assertArrayEquals(row(0, 7), read(a, t, 1));
    }

    @Test
    void secondPatchOfTheSameRowInOneTransactionKeepsBoth() {
        ConcurrencyControl cc = open("silo");
        Table t = loaded(cc, row(0, 0));
        Worker w = fx.worker(cc);
        Transaction tx = w.begin();
        assertTrue(tx.updateBlind(t, key(1), new SetColumn(0, 3)));
        assertTrue(tx.updateBlind(t, key(1), new SetColumn(1, 4)));
        tx.commit();
        assertArrayEquals(row(3, 4), read(w, t, 1));
    }

    // ---------------------------------------------------------------- SSE: the pivot must cover the omitted write

    @Test
    void patchBehindAPivotOfAnotherColumnIsInstalledNotOmitted() {
        SseConcurrencyControl cc = (SseConcurrencyControl) open(SseConcurrencyControl.NAME);
        Table t = loaded(cc, row(0, 0));
        Worker a = fx.worker(cc);
        Worker b = fx.worker(cc);
        Transaction late = b.begin();
        assertTrue(late.updateBlind(t, key(1), new SetColumn(0, 2)));
        Transaction pivot = a.begin();
        assertTrue(pivot.updateBlind(t, key(1), new SetColumn(1, 1)));
        assertFalse(committedOmitted(pivot), "the first blind write of the epoch is installed: the pivot");
        assertFalse(committedOmitted(late), "the pivot sets column 1 only: omitting would lose column 0");
        assertArrayEquals(row(2, 1), read(a, t, 1), "both columns end updated");
        assertEquals(0, cc.stats().omittedWrites());
    }

    @Test
    void patchBehindAPivotOfTheSameColumnIsOmitted() {
        SseConcurrencyControl cc = (SseConcurrencyControl) open(SseConcurrencyControl.NAME);
        Table t = loaded(cc, row(0, 5));
        Worker a = fx.worker(cc);
        Worker b = fx.worker(cc);
        Transaction late = b.begin();
        assertTrue(late.updateBlind(t, key(1), new SetColumn(0, 2)));
        Transaction pivot = a.begin();
        assertTrue(pivot.updateBlind(t, key(1), new SetColumn(0, 1)));
        assertFalse(committedOmitted(pivot));
        assertTrue(committedOmitted(late), "placed before a pivot that overwrites its column");
        assertArrayEquals(row(1, 5), read(a, t, 1));
        assertEquals(1, cc.stats().omittedWrites());
    }

    @Test
    void patchBehindAWholeRowPivotIsOmittedAndAWholeRowBehindAPatchPivotIsNot() {
        SseConcurrencyControl cc = (SseConcurrencyControl) open(SseConcurrencyControl.NAME);
        Table t = loaded(cc, row(0, 0), row(0, 0));
        Worker a = fx.worker(cc);
        Worker b = fx.worker(cc);

        Transaction late = b.begin();
        assertTrue(late.updateBlind(t, key(1), new SetColumn(0, 2)));
        Transaction pivot = a.begin();
        assertTrue(pivot.updateBlind(t, key(1), row(5, 5)));
        assertFalse(committedOmitted(pivot));
        assertTrue(committedOmitted(late), "a whole-row pivot sets every column");
        assertArrayEquals(row(5, 5), read(a, t, 1));

        Transaction whole = b.begin();
        assertTrue(whole.updateBlind(t, key(2), row(9, 9)));
        Transaction patchPivot = a.begin();
        assertTrue(patchPivot.updateBlind(t, key(2), new SetColumn(0, 1)));
        assertFalse(committedOmitted(patchPivot));
        assertFalse(committedOmitted(whole), "the pivot sets column 0 only: column 1 of the whole row would be lost");
        assertArrayEquals(row(9, 9), read(a, t, 2));
        assertEquals(1, cc.stats().omittedWrites());
    }

    /** One committed single-patch transaction of a column's thread. */
    record Patched(int key, long value, boolean omitted, long epoch, boolean pivot) {}

    /**
     * Threads that each patch their own column of two hot rows, with real epochs: a patch may be omitted only behind
     * a pivot that sets its column, which here is a pivot its own thread installed earlier in the same epoch; and
     * every column ends at the value its thread installed last.
     */
    @Test
    void concurrentPatchesOfDistinctColumnsAreOmittedOnlyBehindAPivotOfTheirColumn() throws Exception {
        int threads = 4;
        int keys = 2;
        try (SseConcurrencyControl cc = new SseConcurrencyControl(TxnOptions.defaults().with("epoch_ms", "20"))) {
            Table t = cc.createTable("hot");
            for (int k = 0; k < keys; k++) {
                cc.load(t, key(k), new byte[8 * threads]);
            }
            List<List<Patched>> logs = new ArrayList<>();
            Thread[] workers = new Thread[threads];
            Throwable[] failure = new Throwable[1];
            long deadline = System.nanoTime() + 400_000_000L;
            for (int c = 0; c < threads; c++) {
                List<Patched> log = new ArrayList<>();
                logs.add(log);
                int column = c;
                workers[c] = new Thread(() -> {
                    SplittableRandom rnd = new SplittableRandom(column);
                    try (Worker w = cc.newWorker()) {
                        for (long value = 1; value <= 20_000 && System.nanoTime() < deadline; value++) {
                            int k = rnd.nextInt(keys);
                            while (true) {
                                Transaction tx = w.begin();
                                try {
                                    assertTrue(tx.updateBlind(t, key(k), new SetColumn(column, value)));
                                    tx.commit();
                                } catch (TransactionAbortedException e) {
                                    w.backoff();
                                    continue;
                                }
                                SseTransaction st = (SseTransaction) tx;
                                log.add(new Patched(k, value, st.lastCommitOmitted(), st.lastCommitEpoch(),
                                        st.lastCommitPivots() > 0));
                                break;
                            }
                        }
                    } catch (Throwable e) {
                        synchronized (failure) {
                            failure[0] = e;
                        }
                    }
                });
                workers[c].start();
            }
            for (Thread w : workers) {
                w.join(30_000);
                assertFalse(w.isAlive(), "a worker hung");
            }
            if (failure[0] != null) {
                throw new AssertionError("worker failed", failure[0]);
            }
            long omitted = 0;
            for (int c = 0; c < threads; c++) {
                long[] lastInstalled = new long[keys];
                long[] pivotEpoch = new long[keys]; // the epoch in which this column's thread last set the pivot
                for (Patched p : logs.get(c)) {
                    if (p.omitted()) {
                        omitted++;
                        assertEquals(p.epoch(), pivotEpoch[p.key()], "column " + c + ", key " + p.key()
                                + ": omitted without a pivot of its column in its epoch: " + p);
                    } else {
                        lastInstalled[p.key()] = p.value();
                        if (p.pivot()) {
                            pivotEpoch[p.key()] = p.epoch();
                        }
                    }
                }
                try (Worker reader = cc.newWorker()) {
                    for (int k = 0; k < keys; k++) {
                        long stored = ByteBuffer.wrap(read(reader, t, k)).getLong(8 * c);
                        assertEquals(lastInstalled[k], stored, "column " + c + " of key " + k);
                    }
                }
            }
            assertEquals(omitted, cc.stats().omittedWrites());
            assertTrue(omitted > 0, "hot patches of one column within an epoch must get omitted: " + cc.stats());
        }
    }

    /**
     * Without write omission every committed patch is installed on the version directly below it: threads that each
     * patch their own column of two hot rows leave every column at its thread's last committed value (a patch
     * applied to a stale version would bring another column back).
     */
    @Test
    void concurrentPatchesOfDistinctColumnsAllLandUnderEveryProtocol() throws Exception {
        int threads = 3;
        int keys = 2;
        for (String name : Protocols.names()) {
            if (name.contains("+sse")) {
                continue; // omission drops covered patches: the test above
            }
            try (ConcurrencyControl cc = Protocols.create(name)) {
                Table t = cc.createTable("hot");
                for (int k = 0; k < keys; k++) {
                    cc.load(t, key(k), new byte[8 * threads]);
                }
                long[][] last = new long[threads][keys];
                Thread[] workers = new Thread[threads];
                Throwable[] failure = new Throwable[1];
                long deadline = System.nanoTime() + 250_000_000L;
                for (int c = 0; c < threads; c++) {
                    int column = c;
                    workers[c] = new Thread(() -> {
                        SplittableRandom rnd = new SplittableRandom(column);
                        try (Worker w = cc.newWorker()) {
                            for (long value = 1; System.nanoTime() < deadline; value++) {
                                int k = rnd.nextInt(keys);
                                while (true) {
                                    Transaction tx = w.begin();
                                    try {
                                        assertTrue(tx.updateBlind(t, key(k), new SetColumn(column, value)));
                                        tx.commit();
                                        break;
                                    } catch (TransactionAbortedException e) {
                                        w.backoff();
                                    }
                                }
                                last[column][k] = value;
                            }
                        } catch (Throwable e) {
                            synchronized (failure) {
                                failure[0] = e;
                            }
                        }
                    });
                    workers[c].start();
                }
                for (Thread w : workers) {
                    w.join(30_000);
                }
                synchronized (failure) {
                    if (failure[0] != null) { // reported first: a failed worker can leave the others retrying
                        throw new AssertionError(name + ": worker failed", failure[0]);
                    }
                }
                for (Thread w : workers) {
                    assertFalse(w.isAlive(), () -> name + ": a worker hung at\n  " + Arrays.stream(w.getStackTrace())
                            .map(StackTraceElement::toString).collect(Collectors.joining("\n  ")));
                }
                try (Worker reader = cc.newWorker()) {
                    for (int k = 0; k < keys; k++) {
                        ByteBuffer stored = ByteBuffer.wrap(read(reader, t, k));
                        for (int c = 0; c < threads; c++) {
                            assertEquals(last[c][k], stored.getLong(8 * c), name + ": column " + c + " of key " + k);
                        }
                    }
                }
            }
        }
    }

    // ---------------------------------------------------------------- logging, every protocol, index entries

    @ParameterizedTest
    @ValueSource(strings = {"silo", SseConcurrencyControl.NAME})
    void commitLogRecordsTheMergedRow(String protocol) {
        ConcurrencyControl cc = open(protocol);
        List<byte[]> logged = new ArrayList<>();
        cc.setCommitLog(() -> new CommitLog.Buffer() {
            @Override
            public void checkWritable() {
            }

            @Override
            public void append(Table table, byte[] k, byte[] r, long epoch, long stamp) {
                logged.add(r);
            }

            @Override
            public void awaitDurable(long epoch) {
            }

            @Override
            public void close() {
            }
        });
        Table t = loaded(cc, row(0, 4));
        Worker w = fx.worker(cc);
        Transaction tx = w.begin();
        assertTrue(tx.updateBlind(t, key(1), new SetColumn(0, 3)));
        tx.commit();
        assertEquals(1, logged.size());
        assertArrayEquals(row(3, 4), logged.get(0), "the log holds whole rows: the patch applied");
    }

    /**
     * An index built after a statement was planned may key a column the statement patches: the blind path then
     * aborts rather than leave the entry stale, and the read-modify-write path moves the entry.
     */
    @Test
    void patchOfAnIndexedColumnNeverLeavesAStaleIndexEntry() {
        for (String name : Protocols.names()) {
            ConcurrencyControl cc = open(name);
            Table t = cc.createTable("t");
            Index byC0 = cc.createIndex(t, "by_c0", true, (pk, r) -> ByteBuffer.allocate(8).put(r, 0, 8).array());
            Worker w = fx.worker(cc);
            Transaction ins = w.begin();
            assertTrue(ins.insert(t, key(1), row(1, 10)), name);
            ins.commit();
            Transaction tx = w.begin();
            try {
                assertTrue(tx.updateBlind(t, key(1), new SetColumn(1, 11)), name);
                tx.commit();
            } catch (TransactionAbortedException e) {
                throw new AssertionError(name + ": a patch that keeps the key must commit", e);
            }
            Transaction moving = w.begin();
            boolean committed;
            try {
                assertTrue(moving.updateBlind(t, key(1), new SetColumn(0, 2)), name);
                moving.commit();
                committed = true;
            } catch (TransactionAbortedException e) {
                committed = false;
            }
            Transaction check = w.begin();
            byte[] stored = check.read(t, key(1));
            assertArrayEquals(committed ? row(2, 11) : row(1, 11), stored, name);
            long c0 = ByteBuffer.wrap(stored).getLong(0);
            assertArrayEquals(stored, check.read(byC0, ByteBuffer.allocate(8).putLong(c0).array()), name);
            assertNull(check.read(byC0, ByteBuffer.allocate(8).putLong(committed ? 1 : 2).array()), name);
            check.commit();
            if (name.startsWith("silo") || name.equals("mocc") || name.startsWith("mvto")) {
                assertFalse(committed, name + ": the blind path cannot maintain the entry, so it aborts");
            } else {
                assertTrue(committed, name + ": the read-modify-write path maintains the entry");
            }
        }
    }

    /** Protocols without a blind path read, apply and update; all keep index entries and find keys by them. */
    @Test
    void everyRegisteredProtocolAppliesPatchesAndReadsPrimaryKeysByUniqueIndex() {
        for (String name : Protocols.names()) {
            ConcurrencyControl cc = open(name);
            Table t = cc.createTable("t");
            Index byC1 = cc.createIndex(t, "by_c1", true, (pk, r) -> ByteBuffer.allocate(8).put(r, 8, 8).array());
            Worker w = fx.worker(cc);
            Transaction ins = w.begin();
            assertTrue(ins.insert(t, key(1), row(1, 10)), name);
            assertTrue(ins.insert(t, key(2), row(2, 20)), name);
            ins.commit();

            Transaction tx = w.begin();
            byte[] pk = tx.readPrimaryKey(byC1, ByteBuffer.allocate(8).putLong(20).array());
            assertArrayEquals(key(2), pk, name);
            assertNull(tx.readPrimaryKey(byC1, ByteBuffer.allocate(8).putLong(30).array()), name);
            assertTrue(tx.updateBlind(t, pk, new SetColumn(0, 5)), name);
            assertFalse(tx.updateBlind(t, key(3), new SetColumn(0, 5)), name);
            tx.commit();

            Transaction check = w.begin();
            assertArrayEquals(row(5, 20), check.read(t, key(2)), name);
            assertArrayEquals(row(5, 20), check.read(byC1, ByteBuffer.allocate(8).putLong(20).array()), name);
            assertNull(check.read(t, key(3)), name);
            check.commit();
        }
    }
}
