package org.terndb.txn.ermia;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.terndb.txn.common.mvcc.MvccTesting.table;
import static org.terndb.txn.silo.BankSmoke.amount;
import static org.terndb.txn.silo.BankSmoke.key;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.terndb.txn.AbortReason;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.TxnOptions;
import org.terndb.txn.Worker;
import org.terndb.txn.silo.ProtocolFixture;

/**
 * A read-only transaction that sees a delete only as a key missing from the index (the deleted record was
 * unlinked by the collector, taking the deleter's absent version with it) and misses a concurrent insert:
 * <ol>
 *   <li>I reads k5 and inserts k10 (its placeholder is in the index, uncommitted);</li>
 *   <li>D updates k5 and deletes k1, and commits: I -rw-> D;</li>
 *   <li>R begins after D, reads k10 as absent (the placeholder's genesis version): R -rw-> I;</li>
 *   <li>I commits (π(I) = c(D), since D overwrote what I read);</li>
 *   <li>the collector unlinks k1's record; R looks k1 up and misses it, or scans over it, or finds the
 *       genesis version of a new insert's placeholder: D -wr-> R.</li>
 * </ol>
 * R must not commit: π(R) &lt;= π(I) = c(D), so η(R) must reach c(D) although no version R read carries it.
 */
class ErmiaUnlinkedDeleteTest {
    private final ProtocolFixture fx = new ProtocolFixture();

    @AfterEach
    void closeAll() {
        fx.close();
    }

    @ParameterizedTest(name = "k1 observed by {0}")
    @ValueSource(strings = {"lookup", "scan", "placeholder"})
    void readOnlyTransactionThatMissesAnUnlinkedDeleteAndAConcurrentInsertIsRejected(String how) {
        ErmiaConcurrencyControl cc = fx.open(new ErmiaConcurrencyControl(TxnOptions.defaults()));
        Table t = table(cc, 1, 0, 0, 0, 5); // k1 = 1, k5 = 5; k10 absent
        Worker wi = fx.worker(cc);
        Worker wd = fx.worker(cc);
        Worker wr = fx.worker(cc);

        Transaction i = wi.begin();
        assertEquals(5, amount(i.read(t, key(5))));
        assertTrue(i.insert(t, key(10), amount(10)));

        Transaction d = wd.begin();
        assertTrue(d.update(t, key(5), amount(6)));
        assertTrue(d.delete(t, key(1)));
        d.commit();

        Transaction r = wr.begin();
        assertNull(r.read(t, key(10)), "I's insert is not in R's snapshot");
        i.commit();

        awaitUnlinked(wd, t, 1);
        Transaction x = null;
        if (how.equals("scan")) {
            assertEquals(0, r.scan(t.primary(), key(1), true, key(1), true, false, 0, (k, row) -> true));
        } else {
            if (how.equals("placeholder")) {
                x = fx.worker(cc).begin();
                assertTrue(x.insert(t, key(1), amount(7))); // a new record for k1, its genesis version on top
            }
            assertNull(r.read(t, key(1)), "D's delete is in R's snapshot");
        }
        TransactionAbortedException e = assertThrows(TransactionAbortedException.class, r::commit,
                "R saw D's delete but not I's insert, and I did not see D's update: a cycle");
        assertEquals(AbortReason.SERIALIZATION_FAILURE, e.reason());
        if (x != null) {
            x.abort();
        }

        // Control: a reader of the same missing key without the rw edge to I commits.
        Transaction r2 = wr.begin();
        assertNull(r2.read(t, key(1)));
        assertEquals(10, amount(r2.read(t, key(10))));
        r2.commit();
    }

    /** Runs empty transactions on the deleter's worker (its collector) until k's record left the index. */
    private static void awaitUnlinked(Worker deleter, Table t, int k) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (t.primary().tree().get(key(k)) != null) {
            assertTrue(System.nanoTime() < deadline, "the collector never unlinked k" + k + "'s deleted record");
            Thread.onSpinWait();
            deleter.begin().abort();
        }
    }
}
