package org.terndb.txn.ermia;

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

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.terndb.txn.AbortReason;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.TxnOptions;
import org.terndb.txn.Worker;
import org.terndb.txn.silo.ProtocolFixture;

class ErmiaTransactionTest {
    private final ProtocolFixture fx = new ProtocolFixture();

    @AfterEach
    void closeAll() {
        fx.close();
    }

    private ErmiaConcurrencyControl ermia() {
        return fx.open(new ErmiaConcurrencyControl(TxnOptions.defaults()));
    }

    private static int count(Transaction t, Table table, int lo, int hi) {
        return t.scan(table.primary(), key(lo), true, key(hi), true, false, 0, (k, r) -> true);
    }

    private static void assertAborts(AbortReason reason, Runnable r) {
        assertEquals(reason, assertThrows(TransactionAbortedException.class, r::run).reason());
    }

    @Test
    void isSerializable() {
        assertTrue(ermia().isSerializable());
    }

    /** The interleaving SI lets commit (see SiTransactionTest): the second committer closes a cycle. */
    @Test
    void writeSkewIsRejected() {
        ErmiaConcurrencyControl cc = ermia();
        Table t = table(cc, 1, 1);
        Transaction[] doctors = doctorsGoingOffCall(t, fx.worker(cc), fx.worker(cc));
        doctors[0].commit();
        assertAborts(AbortReason.SERIALIZATION_FAILURE, doctors[1]::commit);
        assertFalse(doctors[1].isActive());
        Worker w = fx.worker(cc);
        assertEquals(1, amount(read(w, t, 1)) + amount(read(w, t, 2)), "one doctor stays on call");
    }

    /**
     * Fekete's read-only anomaly: T1 reads X and Y; T2 updates X and commits; read-only T3 sees T2's X and the
     * old Y and commits; T1 then writes Y. T3 saw T2 but not T1, T1 did not see T2: a cycle through a read-only
     * transaction, which SSN closes at T1's commit.
     */
    @Test
    void readOnlyAnomalyIsRejected() {
        ErmiaConcurrencyControl cc = ermia();
        Table t = table(cc, 0, 0); // X: savings, Y: checking
        Worker w1 = fx.worker(cc);
        Worker w2 = fx.worker(cc);
        Worker w3 = fx.worker(cc);

        Transaction t1 = w1.begin();
        long x = amount(t1.read(t, key(1)));
        long y = amount(t1.read(t, key(2)));
        Transaction t2 = w2.begin();
        assertTrue(t2.update(t, key(1), amount(amount(t2.read(t, key(1))) + 20)));
        t2.commit();
        Transaction t3 = w3.begin();
        assertEquals(20, amount(t3.read(t, key(1))));
        assertEquals(0, amount(t3.read(t, key(2))));
        t3.commit();
        assertTrue(t1.update(t, key(2), amount(x + y - 10 < 0 ? y - 11 : y - 10)));
        assertAborts(AbortReason.SERIALIZATION_FAILURE, t1::commit);
    }

    /** A scan whose range receives an insert before the scanner commits: the node set catches it. */
    @Test
    void insertIntoAScannedRangeBeforeTheScannerCommitsAbortsTheScanner() {
        ErmiaConcurrencyControl cc = ermia();
        Table t = table(cc);
        assertTrue(cc.load(t, key(100), amount(0)));
        Worker a = fx.worker(cc);
        Worker b = fx.worker(cc);

        Transaction scanner = a.begin();
        assertEquals(0, count(scanner, t, 0, 10));
        assertTrue(scanner.update(t, key(100), amount(1)));
        Transaction inserter = b.begin();
        assertTrue(inserter.insert(t, key(5), amount(5)));
        inserter.commit();
        assertAborts(AbortReason.NODE_SET_CHANGED, scanner::commit);
    }

    /**
     * Predicate write skew: T1 counts range A (empty) and inserts into B; T2 counts B and inserts into A. T1
     * commits first; T2 scanned B only after T1's placeholder was there, so its node set holds no change, and it
     * inserts into A only after T1 validated. SSN still sees the cycle: T2 read the absence of T1's key (the
     * genesis version T1 overwrote: π(T2) &lt;= c(T1)), and T2's insert over a key T1 found absent raises η(T2) to
     * at least c(T1), so the exclusion window closes as soon as T2 inserts.
     */
    @Test
    void phantomWriteSkewThatTheNodeSetCannotSeeIsRejected() {
        ErmiaConcurrencyControl cc = ermia();
        Table t = table(cc);
        Worker a = fx.worker(cc);
        Worker b = fx.worker(cc);

        Transaction t1 = a.begin();
        Transaction t2 = b.begin();
        assertEquals(0, count(t1, t, 0, 99));
        assertTrue(t1.insert(t, key(150), amount(1)));
        t1.commit();
        assertEquals(0, count(t2, t, 100, 199), "T1's row is not in T2's snapshot");
        assertAborts(AbortReason.SERIALIZATION_FAILURE, () -> { // at the insert already, or at commit
            assertTrue(t2.insert(t, key(50), amount(1)));
            t2.commit();
        });
        Transaction check = a.begin();
        assertEquals(0, count(check, t, 0, 99));
        check.commit();
    }

    /** The same predicate write skew with the scans first: the node set catches the first committer. */
    @Test
    void phantomWriteSkewWithBothScansFirstIsRejected() {
        ErmiaConcurrencyControl cc = ermia();
        Table t = table(cc);
        Worker a = fx.worker(cc);
        Worker b = fx.worker(cc);

        Transaction t1 = a.begin();
        Transaction t2 = b.begin();
        assertEquals(0, count(t1, t, 0, 99));
        assertEquals(0, count(t2, t, 100, 199));
        assertTrue(t1.insert(t, key(150), amount(1)));
        assertTrue(t2.insert(t, key(50), amount(1)));
        int committed = 0;
        for (Transaction tx : new Transaction[] {t1, t2}) {
            try {
                tx.commit();
                committed++;
            } catch (TransactionAbortedException e) {
                assertEquals(AbortReason.NODE_SET_CHANGED, e.reason());
            }
        }
        assertTrue(committed <= 1, "both inserts committed: a phantom");
    }

    @Test
    void readingThenOverwritingOwnReadsCommits() {
        ErmiaConcurrencyControl cc = ermia();
        Table t = table(cc, 1);
        Worker w = fx.worker(cc);
        for (int i = 0; i < 3; i++) {
            Transaction tx = w.begin();
            long v = amount(tx.read(t, key(1)));
            assertTrue(tx.update(t, key(1), amount(v + 1)));
            assertTrue(tx.insert(t, key(10 + i), amount(i)));
            tx.commit();
        }
        assertEquals(4, amount(read(w, t, 1)));
    }

    @Test
    void disjointConcurrentTransactionsBothCommit() {
        ErmiaConcurrencyControl cc = ermia();
        Table t = table(cc, 1, 2);
        Worker a = fx.worker(cc);
        Worker b = fx.worker(cc);
        Transaction ta = a.begin();
        Transaction tb = b.begin();
        assertTrue(ta.update(t, key(1), amount(amount(ta.read(t, key(1))) + 1)));
        assertTrue(tb.update(t, key(2), amount(amount(tb.read(t, key(2))) + 1)));
        assertNull(tb.read(t, key(3)));
        tb.commit();
        ta.commit();
        assertEquals(2, amount(read(a, t, 1)));
        assertEquals(3, amount(read(a, t, 2)));
    }

    /** A reader that saw the old row of a record later deleted, and wrote nothing it read: serializable. */
    @Test
    void readerOfADeletedRowCommitsWhenNoCycleExists() {
        ErmiaConcurrencyControl cc = ermia();
        Table t = table(cc, 1);
        Worker a = fx.worker(cc);
        Worker b = fx.worker(cc);
        Transaction reader = a.begin();
        assertEquals(1, amount(reader.read(t, key(1))));
        Transaction deleter = b.begin();
        assertTrue(deleter.delete(t, key(1)));
        deleter.commit();
        assertEquals(1, amount(reader.read(t, key(1))));
        reader.commit();
        assertNull(read(b, t, 1));
    }
}
