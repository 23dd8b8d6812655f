package org.terndb.txn.common.mvcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.terndb.txn.silo.BankSmoke.amount;
import static org.terndb.txn.silo.BankSmoke.key;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReference;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.Worker;
import org.terndb.txn.common.Backoff;

/**
 * A multi-threaded bank for the multi-version protocols: transfers between a few hot accounts, deposits into a
 * ledger (inserts), claims of ledger entries (a scan and a delete) and audits of both tables. Every committed
 * audit and the final state must show the initial total, and the protocol's versions alive must be few once
 * the threads stopped and one more transaction let the collector run.
 */
public final class LedgerBank {
    private static final long INITIAL = 1_000;

    private LedgerBank() {
    }

    /**
     * Runs the bank; returns the versions alive beyond one per live row, after the run and a few quiet
     * transactions that let the collector catch up.
     */
    public static long run(ConcurrencyControl cc, int threads, int accounts, int txnsPerThread) throws Exception {
        Table table = cc.createTable("accounts");
        Table ledger = cc.createTable("ledger");
        for (int a = 0; a < accounts; a++) {
            cc.load(table, key(a), amount(INITIAL));
        }
        long total = accounts * INITIAL;
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread[] ts = new Thread[threads];
        for (int id = 0; id < threads; id++) {
            int me = id;
            ts[id] = new Thread(() -> {
                SplittableRandom rnd = new SplittableRandom(7 + me);
                int seq = 0;
                try (Worker w = cc.newWorker()) {
                    for (int i = 0; i < txnsPerThread && failure.get() == null; i++) {
                        int op = rnd.nextInt(10);
                        int a = rnd.nextInt(accounts);
                        int b = rnd.nextInt(accounts);
                        int entry = me << 20 | seq++;
                        int start = rnd.nextInt(threads) << 20;
                        long move = 1 + rnd.nextInt(20);
                        while (true) {
                            Transaction t = w.begin();
                            try {
                                if (op < 5) {
                                    transfer(t, table, a, b, move, rnd.nextInt(4) == 0);
                                } else if (op < 7) {
                                    deposit(t, table, ledger, a, entry, move);
                                } else if (op < 9) {
                                    claim(t, table, ledger, b, start);
                                } else {
                                    long seen = audit(t, table, ledger);
                                    t.commit();
                                    assertEquals(total, seen, "a committed audit saw an inconsistent total");
                                    break;
                                }
                                t.commit();
                                break;
                            } catch (TransactionAbortedException e) {
                                w.backoff();
                            }
                        }
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }, "ledger-bank-" + id);
            ts[id].start();
        }
        for (Thread t : ts) {
            t.join();
        }
        assertNull(failure.get(), () -> "bank thread failed: " + failure.get());
        long rows;
        try (Worker w = cc.newWorker()) {
            for (int i = 0; i < 3; i++) {
                Thread.sleep(1); // past any GC interval: the next begin scans the watermark
                w.begin().commit();
            }
            Transaction t = w.begin();
            assertEquals(total, audit(t, table, ledger), "money was created or lost");
            rows = t.scan(table.primary(), null, true, null, true, false, 0, (k, r) -> true)
                    + t.scan(ledger.primary(), null, true, null, true, false, 0, (k, r) -> true);
            t.commit();
        }
        assertTrue(cc.stats().commits() >= (long) threads * txnsPerThread, cc.stats().toString());
        return ((VersionGauge) cc).versionsAlive() - rows;
    }

    private static void transfer(Transaction t, Table table, int from, int to, long move, boolean think) {
        if (from == to) {
            return;
        }
        long a = amount(t.read(table, key(from)));
        long b = amount(t.read(table, key(to)));
        if (think) {
            Backoff.spinMicros(3); // widen the window in which transactions overlap
        }
        t.update(table, key(from), amount(a - move));
        t.update(table, key(to), amount(b + move));
    }

    private static void deposit(Transaction t, Table table, Table ledger, int from, int entry, long move) {
        long a = amount(t.read(table, key(from)));
        t.update(table, key(from), amount(a - move));
        assertTrue(t.insert(ledger, key(entry), amount(move)), "ledger keys are unique per attempt");
    }

    private static void claim(Transaction t, Table table, Table ledger, int to, int start) {
        byte[][] found = new byte[2][];
        t.scan(ledger.primary(), key(start), true, null, true, false, 1, (k, r) -> {
            found[0] = k;
            found[1] = r;
            return false;
        });
        if (found[0] == null || !t.delete(ledger, found[0])) {
            return;
        }
        long a = amount(t.read(table, key(to)));
        t.update(table, key(to), amount(a + amount(found[1])));
    }

    private static long audit(Transaction t, Table table, Table ledger) {
        long[] sum = {0};
        t.scan(table.primary(), null, true, null, true, false, 0, (k, r) -> {
            sum[0] += amount(r);
            return true;
        });
        t.scan(ledger.primary(), null, true, null, true, false, 0, (k, r) -> {
            sum[0] += amount(r);
            return true;
        });
        return sum[0];
    }
}
