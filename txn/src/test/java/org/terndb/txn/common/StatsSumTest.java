package org.terndb.txn.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.terndb.txn.silo.BankSmoke.amount;
import static org.terndb.txn.silo.BankSmoke.key;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.Protocols;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.Worker;

/**
 * {@link ConcurrencyControl#stats()} sums the open workers' counters and those of the workers already closed. A
 * benchmark takes two sums and subtracts them, so a sum taken while a worker closes must count it exactly once:
 * never a later sum smaller than an earlier one.
 */
class StatsSumTest {
    private static final int WORKERS = 20_000;

    @Test
    void aSumTakenWhileWorkersCloseNeverGoesBack() throws Exception {
        try (ConcurrencyControl cc = Protocols.create("silo")) {
            Table t = cc.createTable("t");
            AtomicBoolean done = new AtomicBoolean();
            AtomicReference<String> wentBack = new AtomicReference<>();
            Thread reader = new Thread(() -> {
                long last = 0;
                while (!done.get() && wentBack.get() == null) {
                    long now = cc.stats().installedWrites();
                    if (now < last) {
                        wentBack.set("a sum of " + now + " installed writes after one of " + last);
                    }
                    last = now;
                }
            }, "stats-reader");
            reader.start();
            try {
                for (int i = 0; i < WORKERS && wentBack.get() == null; i++) {
                    try (Worker w = cc.newWorker()) {
                        Transaction tx = w.begin();
                        tx.insert(t, key(i), amount(i));
                        tx.commit();
                    }
                }
            } finally {
                done.set(true);
                reader.join();
            }
            assertEquals(null, wentBack.get());
            assertEquals(WORKERS, cc.stats().installedWrites());
            assertEquals(WORKERS, cc.stats().commits());
        }
    }
}
