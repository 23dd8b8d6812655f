package org.terndb.txn.si;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.terndb.txn.common.mvcc.MvccTesting.doctorsGoingOffCall;
import static org.terndb.txn.common.mvcc.MvccTesting.table;
import static org.terndb.txn.silo.BankSmoke.amount;
import static org.terndb.txn.silo.BankSmoke.key;
import static org.terndb.txn.silo.ProtocolFixture.read;
import static org.terndb.txn.silo.ProtocolFixture.update;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.terndb.txn.AbortReason;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.TxnOptions;
import org.terndb.txn.Worker;
import org.terndb.txn.silo.ProtocolFixture;

class SiTransactionTest {
    private final ProtocolFixture fx = new ProtocolFixture();

    @AfterEach
    void closeAll() {
        fx.close();
    }

    private SiConcurrencyControl si() {
        return fx.open(new SiConcurrencyControl(TxnOptions.defaults()));
    }

    private static long value(byte[] row) {
        return amount(row);
    }

    @Test
    void isNotSerializable() {
        assertFalse(si().isSerializable());
        assertEquals("si", si().name());
    }

    @Test
    void snapshotReadsIgnoreLaterCommits() {
        SiConcurrencyControl cc = si();
        Table t = table(cc, 10, 20);
        Worker reader = fx.worker(cc);
        Worker writer = fx.worker(cc);

        Transaction r = reader.begin();
        assertEquals(10, value(r.read(t, key(1))));
        update(writer, t, 1, 11);
        update(writer, t, 2, 21);
        Transaction ins = writer.begin();
        assertTrue(ins.insert(t, key(3), amount(30)));
        ins.commit();
        Transaction del = writer.begin();
        assertTrue(del.delete(t, key(2)));
        del.commit();

        assertEquals(10, value(r.read(t, key(1))), "a repeated read sees the snapshot");
        assertEquals(20, value(r.read(t, key(2))), "a later update and delete are invisible");
        assertNull(r.read(t, key(3)), "a later insert is invisible");
        List<Long> scanned = new ArrayList<>();
        r.scan(t.primary(), null, true, null, true, false, 0, (k, row) -> scanned.add(value(row)));
        assertEquals(List.of(10L, 20L), scanned, "scans read the snapshot too");
        r.commit();

        assertEquals(11, value(read(reader, t, 1)));
        assertNull(read(reader, t, 2));
        assertEquals(30, value(read(reader, t, 3)));
    }

    @Test
    void scansSeeOwnWritesOverTheSnapshot() {
        SiConcurrencyControl cc = si();
        Table t = table(cc, 10, 20);
        Worker w = fx.worker(cc);
        Transaction tx = w.begin();
        assertTrue(tx.update(t, key(1), amount(11)));
        assertTrue(tx.delete(t, key(2)));
        assertTrue(tx.insert(t, key(3), amount(30)));
        List<Long> scanned = new ArrayList<>();
        tx.scan(t.primary(), null, true, null, true, false, 0, (k, row) -> scanned.add(value(row)));
        assertEquals(List.of(11L, 30L), scanned);
        tx.commit();
    }

    @Test
    void firstCommitterWins() {
        SiConcurrencyControl cc = si();
        Table t = table(cc, 0);
        Worker a = fx.worker(cc);
        Worker b = fx.worker(cc);

        Transaction ta = a.begin();
        Transaction tb = b.begin();
        assertTrue(ta.update(t, key(1), amount(1)));
        assertTrue(tb.update(t, key(1), amount(2)));
        ta.commit();
        TransactionAbortedException e = assertThrows(TransactionAbortedException.class, tb::commit);
        assertEquals(AbortReason.WRITE_WRITE_CONFLICT, e.reason());
        assertFalse(tb.isActive());
        assertEquals(1, value(read(a, t, 1)));
    }

    @Test
    void writingARecordCommittedAfterTheSnapshotAbortsAtOnce() {
        SiConcurrencyControl cc = si();
        Table t = table(cc, 0);
        Worker a = fx.worker(cc);
        Worker b = fx.worker(cc);

        Transaction tb = b.begin();
        update(a, t, 1, 5);
        TransactionAbortedException e = assertThrows(TransactionAbortedException.class,
                () -> tb.update(t, key(1), amount(7)));
        assertEquals(AbortReason.WRITE_WRITE_CONFLICT, e.reason());
        assertFalse(tb.isActive());
    }

    @Test
    void concurrentInsertersOfOneKeyLetOneCommit() {
        SiConcurrencyControl cc = si();
        Table t = table(cc);
        Worker a = fx.worker(cc);
        Worker b = fx.worker(cc);

        Transaction ta = a.begin();
        Transaction tb = b.begin();
        assertTrue(ta.insert(t, key(1), amount(1)));
        assertTrue(tb.insert(t, key(1), amount(2)), "b meets a's uncommitted placeholder: absent to it");
        ta.commit();
        assertEquals(AbortReason.WRITE_WRITE_CONFLICT,
                assertThrows(TransactionAbortedException.class, tb::commit).reason());
        assertEquals(1, value(read(a, t, 1)));
        Transaction tc = b.begin();
        assertFalse(tc.insert(t, key(1), amount(3)), "the committed row is visible to a new snapshot");
        tc.commit();
    }

    /** The on-call doctors interleaved by hand: SI lets both commit, a write skew no serial order produces. */
    @Test
    void writeSkewCommitsUnderSnapshotIsolation() {
        SiConcurrencyControl cc = si();
        Table t = table(cc, 1, 1);
        Transaction[] doctors = doctorsGoingOffCall(t, fx.worker(cc), fx.worker(cc));
        doctors[0].commit();
        doctors[1].commit();
        Worker w = fx.worker(cc);
        assertEquals(0, value(read(w, t, 1)) + value(read(w, t, 2)), "both doctors went off call");
    }

    @Test
    void ownWritesAreReadBack() {
        SiConcurrencyControl cc = si();
        Table t = table(cc, 1);
        Worker w = fx.worker(cc);
        Transaction tx = w.begin();
        assertTrue(tx.update(t, key(1), amount(2)));
        assertArrayEquals(amount(2), tx.read(t, key(1)));
        assertTrue(tx.delete(t, key(1)));
        assertNull(tx.read(t, key(1)));
        assertTrue(tx.insert(t, key(1), amount(3)));
        assertArrayEquals(amount(3), tx.read(t, key(1)));
        tx.commit();
        assertEquals(3, value(read(w, t, 1)));
    }

    @Test
    void abortLeavesNoTrace() {
        SiConcurrencyControl cc = si();
        Table t = table(cc, 1);
        Worker w = fx.worker(cc);
        Transaction tx = w.begin();
        tx.update(t, key(1), amount(2));
        tx.insert(t, key(2), amount(2));
        tx.abort();
        assertEquals(1, value(read(w, t, 1)));
        assertNull(read(w, t, 2));
    }
}
