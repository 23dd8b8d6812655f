package org.terndb.txn.tictoc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.terndb.txn.tictoc.TicTocFixture.key;
import static org.terndb.txn.tictoc.TicTocFixture.row;
import static org.terndb.txn.tictoc.TicTocFixture.value;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.Worker;

/**
 * Four threads move money between a few hot accounts and into and out of a ledger (inserts and deletes), while
 * audits scan both tables. Every committed audit, and the final state, must see the initial total.
 */
class TicTocBankSmokeTest {
    private static final int THREADS = 4;
    private static final int ACCOUNTS = 12;
    private static final long INITIAL = 1_000;
    private static final int TXNS_PER_THREAD = 1_500;

    @ParameterizedTest
    @ValueSource(strings = {
            "",
            "tictoc_timestamp_history=false,tictoc_preemptive_abort=false",
            "tictoc_no_wait=true",
            "no_wait=true,tictoc_timestamp_history=false"})
    void totalIsPreservedUnderConcurrency(String options) throws Exception {
        String[] pairs = options.isEmpty() ? new String[0] : options.replace('=', ',').split(",");
        try (TicTocFixture f = new TicTocFixture(pairs)) {
            Table ledger = f.cc.createTable("ledger");
            for (int a = 0; a < ACCOUNTS; a++) {
                f.cc.load(f.table, key(a), row(INITIAL));
            }
            long total = ACCOUNTS * INITIAL;
            AtomicLong audits = new AtomicLong();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            List<Thread> threads = new ArrayList<>();
            for (int id = 0; id < THREADS; id++) {
                int me = id;
                threads.add(new Thread(() -> {
                    SplittableRandom rnd = new SplittableRandom(42 + me);
                    int[] seq = {0};
                    try (Worker w = f.cc.newWorker()) {
                        for (int i = 0; i < TXNS_PER_THREAD && failure.get() == null; i++) {
                            int op = rnd.nextInt(10);
                            while (true) {
                                Transaction t = w.begin();
                                try {
                                    if (op < 6) {
                                        transfer(t, f, rnd.nextInt(ACCOUNTS), rnd.nextInt(ACCOUNTS), rnd.nextInt(50));
                                    } else if (op < 8) {
                                        int entry = me << 20 | seq[0]++;
                                        deposit(t, f, ledger, rnd.nextInt(ACCOUNTS), entry, 1 + rnd.nextInt(20));
                                    } else if (op < 9) {
                                        claim(t, f, ledger, rnd.nextInt(ACCOUNTS), rnd.nextInt(THREADS) << 20);
                                    } else {
                                        long seen = audit(t, f, ledger);
                                        t.commit();
                                        assertEquals(total, seen, "a committed audit saw an inconsistent total");
                                        audits.incrementAndGet();
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
                }));
            }
            threads.forEach(Thread::start);
            for (Thread t : threads) {
                t.join();
            }
            assertNull(failure.get(), () -> String.valueOf(failure.get()));
            Transaction t = f.admin.begin();
            assertEquals(total, audit(t, f, ledger));
            t.commit();
            assertTrue(f.cc.stats().commits() >= THREADS * TXNS_PER_THREAD);
        }
    }

    private static void transfer(Transaction t, TicTocFixture f, int from, int to, long amount) {
        if (from == to) {
            return;
        }
        long a = value(t.read(f.table, key(from)));
        long b = value(t.read(f.table, key(to)));
        t.update(f.table, key(from), row(a - amount));
        t.update(f.table, key(to), row(b + amount));
    }

    /** Moves money from an account into a new ledger entry (an insert). */
    private static void deposit(Transaction t, TicTocFixture f, Table ledger, int from, int entry, long amount) {
        long a = value(t.read(f.table, key(from)));
        t.update(f.table, key(from), row(a - amount));
        assertTrue(t.insert(ledger, key(entry), row(amount)), "ledger keys are unique per attempt");
    }

    /** Moves the first ledger entry at or after {@code start} back into an account (a scan and a delete). */
    private static void claim(Transaction t, TicTocFixture f, Table ledger, int to, int start) {
        byte[][] found = new byte[2][];
        t.scan(ledger.primary(), key(start), true, null, true, false, 1, (k, r) -> {
            found[0] = k;
            found[1] = r;
            return false;
        });
        if (found[0] == null) {
            return;
        }
        if (!t.delete(ledger, found[0])) {
            return; // a concurrent claimer deleted it after our scan: this transaction's validation fails
        }
        long a = value(t.read(f.table, key(to)));
        t.update(f.table, key(to), row(a + value(found[1])));
    }

    private static long audit(Transaction t, TicTocFixture f, Table ledger) {
        long[] sum = {0};
        t.scan(f.table.primary(), null, true, null, true, false, 0, (k, r) -> {
            sum[0] += value(r);
            return true;
        });
        t.scan(ledger.primary(), null, true, null, true, false, 0, (k, r) -> {
            sum[0] += value(r);
            return true;
        });
        return sum[0];
    }
}
