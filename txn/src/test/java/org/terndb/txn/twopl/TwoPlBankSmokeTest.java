package org.terndb.txn.twopl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.terndb.txn.twopl.TwoPlTesting.key;
import static org.terndb.txn.twopl.TwoPlTesting.row;
import static org.terndb.txn.twopl.TwoPlTesting.value;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.Worker;

/**
 * Smoke test: four threads move money between a few hot accounts (read, read, upgrade both) and now and then
 * audit every account with a scan. Every audit that commits and the final state must show the initial total.
 */
@Timeout(60)
class TwoPlBankSmokeTest {
    private static final int THREADS = 4;
    private static final int ACCOUNTS = 16;
    private static final long BALANCE = 1_000;
    private static final int COMMITS_PER_THREAD = 1_500;

    @ParameterizedTest(name = "waits={0}")
    @ValueSource(booleans = {false, true})
    void transfersAndAuditsKeepTheTotal(boolean waits) throws Exception {
        try (TwoPlConcurrencyControl cc = TwoPlTesting.protocol(waits)) {
            Table t = cc.createTable("accounts");
            TwoPlTesting.load(cc, t, ACCOUNTS, BALANCE);
            AtomicLong badAudits = new AtomicLong();
            List<Actor> actors = new ArrayList<>();
            List<Future<Integer>> results = new ArrayList<>();
            for (int i = 0; i < THREADS; i++) {
                Actor actor = new Actor("bank-" + i);
                actors.add(actor);
                Worker w = cc.newWorker();
                long seed = 42 + i;
                results.add(actor.submit(() -> run(w, t, new SplittableRandom(seed), badAudits)));
            }
            try {
                for (Future<Integer> f : results) {
                    assertEquals(COMMITS_PER_THREAD, Actor.await(f));
                }
            } finally {
                actors.forEach(Actor::close);
            }
            assertEquals(0, badAudits.get(), "audits that committed with a wrong total");
            assertEquals(ACCOUNTS * BALANCE, total(cc.newWorker(), t));
            assertEquals(THREADS * COMMITS_PER_THREAD, cc.stats().commits() - 1);
        }
    }

    private static int run(Worker w, Table t, SplittableRandom rnd, AtomicLong badAudits) {
        int committed = 0;
        while (committed < COMMITS_PER_THREAD) {
            boolean audit = rnd.nextInt(10) == 0;
            int from = rnd.nextInt(ACCOUNTS);
            int to = (from + 1 + rnd.nextInt(ACCOUNTS - 1)) % ACCOUNTS;
            long amount = rnd.nextInt(50);
            try {
                if (audit) {
                    long sum = total(w, t);
                    if (sum != ACCOUNTS * BALANCE) {
                        badAudits.incrementAndGet();
                    }
                } else {
                    Transaction tx = w.begin();
                    long a = value(tx.read(t, key(from)));
                    long b = value(tx.read(t, key(to)));
                    tx.update(t, key(from), row(a - amount));
                    tx.update(t, key(to), row(b + amount));
                    tx.commit();
                }
                committed++;
            } catch (TransactionAbortedException e) {
                w.backoff();
            }
        }
        return committed;
    }

    /** Sums every account in one transaction; throws if the transaction aborts. */
    private static long total(Worker w, Table t) {
        Transaction tx = w.begin();
        long[] sum = {0};
        tx.scan(t.primary(), null, true, null, true, false, 0, (k, r) -> {
            sum[0] += value(r);
            return true;
        });
        tx.commit();
        return sum[0];
    }
}
