package org.terndb.txn.silo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReference;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.TxnStats;
import org.terndb.txn.Worker;

/**
 * A quick multi-threaded bank: transfers between random accounts and full-table audits; every committed audit
 * and the final state must show the initial total. A smoke test for a protocol, not the shared correctness suite.
 */
public final class BankSmoke {
    private static final long INITIAL = 1_000;

    private BankSmoke() {
    }

    public static byte[] key(int i) {
        return ByteBuffer.allocate(4).putInt(i).array();
    }

    public static byte[] amount(long v) {
        return ByteBuffer.allocate(8).putLong(v).array();
    }

    public static long amount(byte[] row) {
        return ByteBuffer.wrap(row).getLong();
    }

    /** Runs the bank and checks its invariant; returns the summed statistics. */
    public static TxnStats run(ConcurrencyControl cc, int threads, int accounts, int txnsPerThread) throws Exception {
        Table t = cc.createTable("bank");
        for (int i = 0; i < accounts; i++) {
            cc.load(t, key(i), amount(INITIAL));
        }
        long total = INITIAL * accounts;
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread[] ts = new Thread[threads];
        for (int n = 0; n < threads; n++) {
            long seed = 42 + n;
            ts[n] = new Thread(() -> {
                try (Worker w = cc.newWorker()) {
                    SplittableRandom rnd = new SplittableRandom(seed);
                    for (int k = 0; k < txnsPerThread; k++) {
                        boolean audit = rnd.nextInt(10) == 0;
                        int a = rnd.nextInt(accounts);
                        int b = (a + 1 + rnd.nextInt(accounts - 1)) % accounts;
                        long move = rnd.nextInt(50);
                        while (true) {
                            Transaction tx = w.begin();
                            try {
                                long[] sum = {0};
                                if (audit) {
                                    tx.scan(t.primary(), null, true, null, true, false, 0, (pk, row) -> {
                                        sum[0] += amount(row);
                                        return true;
                                    });
                                } else {
                                    long va = amount(tx.read(t, key(a)));
                                    long vb = amount(tx.read(t, key(b)));
                                    tx.update(t, key(a), amount(va - move));
                                    tx.update(t, key(b), amount(vb + move));
                                }
                                tx.commit();
                                if (audit && sum[0] != total) {
                                    throw new AssertionError("committed audit saw " + sum[0] + ", expected " + total);
                                }
                                break;
                            } catch (TransactionAbortedException e) {
                                w.backoff();
                            }
                        }
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }, "bank-" + n);
            ts[n].start();
        }
        for (Thread th : ts) {
            th.join();
        }
        if (failure.get() != null) {
            throw new AssertionError("bank worker failed", failure.get());
        }
        try (Worker w = cc.newWorker()) {
            Transaction tx = w.begin();
            long[] sum = {0};
            int rows = tx.scan(t.primary(), null, true, null, true, false, 0, (pk, row) -> {
                sum[0] += amount(row);
                return true;
            });
            tx.commit();
            assertEquals(accounts, rows);
            assertEquals(total, sum[0], "money was created or lost");
        }
        TxnStats stats = cc.stats();
        assertTrue(stats.commits() >= (long) threads * txnsPerThread, stats.toString());
        return stats;
    }
}
