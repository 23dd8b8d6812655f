package org.terndb.txn.mocc;

import static java.time.Duration.ofSeconds;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.terndb.txn.silo.BankSmoke.amount;
import static org.terndb.txn.silo.BankSmoke.key;
import static org.terndb.txn.silo.ProtocolFixture.MANUAL_EPOCHS;

import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.terndb.txn.AbortReason;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.TxnOptions;
import org.terndb.txn.TxnStats;
import org.terndb.txn.Worker;
import org.terndb.txn.silo.BankSmoke;
import org.terndb.txn.silo.ProtocolFixture;

class MoccTransactionTest {
    private final ProtocolFixture fx = new ProtocolFixture();

    @AfterEach
    void closeAll() {
        fx.close();
    }

    private MoccConcurrencyControl mocc(TxnOptions options) {
        return fx.open(new MoccConcurrencyControl(options));
    }

    private static MoccRecord record(Table t, int k) {
        return (MoccRecord) t.primary().tree().get(key(k));
    }

    /** a reads x, b overwrites x and commits, a writes y: a's validation of x fails. */
    private static void clobberRead(Worker a, Worker b, Table t) {
        Transaction ta = a.begin();
        ta.read(t, key(1));
        Transaction tb = b.begin();
        assertTrue(tb.update(t, key(1), amount(7)));
        tb.commit();
        assertTrue(ta.update(t, key(2), amount(7)));
        assertEquals(AbortReason.READ_VALIDATION_FAILED,
                assertThrows(TransactionAbortedException.class, ta::commit).reason());
    }

    @Test
    void validationFailuresHeatARecordUntilReadsOfItTakeLocks() {
        MoccConcurrencyControl cc = mocc(MANUAL_EPOCHS.with("mocc_hot_threshold", "2").with("no_wait", "true"));
        Table t = cc.createTable("t");
        cc.load(t, key(1), amount(1));
        cc.load(t, key(2), amount(2));
        Worker a = fx.worker(cc);
        Worker b = fx.worker(cc);
        long epoch = cc.epochs().current();
        MoccRecord x = record(t, 1);

        clobberRead(a, b, t);
        assertEquals(1, x.temperature(epoch, 1));
        Transaction ta = a.begin();
        ta.read(t, key(1));
        assertEquals(0, x.lockWord(), "a cold record is read optimistically");
        ta.commit();

        clobberRead(a, b, t);
        assertEquals(2, x.temperature(epoch, 1));
        assertEquals(0, record(t, 2).temperature(epoch, 1), "only the clobbered record heats up");

        // Now hot: the read takes a read lock, which keeps the writer out until a commits.
        ta = a.begin();
        assertArrayEquals(amount(7), ta.read(t, key(1)));
        assertEquals(1, MoccRecord.readers(x.lockWord()));
        Transaction tb = b.begin();
        TransactionAbortedException e = assertThrows(TransactionAbortedException.class,
                () -> tb.update(t, key(1), amount(8)));
        assertEquals(AbortReason.WRITE_LOCK_CONFLICT, e.reason());
        assertTrue(ta.update(t, key(2), amount(9)));
        ta.commit();
        assertEquals(0, x.lockWord(), "commit releases every lock");

        // A hot record about to be written is write-locked early, in the read phase.
        Transaction tb2 = b.begin();
        assertTrue(tb2.update(t, key(1), amount(8)));
        assertTrue(MoccRecord.isWriteLocked(x.lockWord()));
        tb2.commit();
        assertEquals(0, x.lockWord());
        assertEquals(2, cc.stats().aborts(AbortReason.READ_VALIDATION_FAILED));
    }

    @Test
    void ownReadLockIsUpgradedForAWriteAndReleasedOnAbort() {
        MoccConcurrencyControl cc = mocc(MANUAL_EPOCHS.with("mocc_hot_threshold", "0"));
        Table t = cc.createTable("t");
        cc.load(t, key(1), amount(1));
        Worker a = fx.worker(cc);
        MoccRecord x = record(t, 1);
        Transaction ta = a.begin();
        ta.read(t, key(1));
        assertEquals(1, MoccRecord.readers(x.lockWord()));
        assertTrue(ta.update(t, key(1), amount(2)));
        assertTrue(MoccRecord.isWriteLocked(x.lockWord()));
        ta.abort();
        assertEquals(0, x.lockWord());
    }

    @Test
    void temperatureResetsLazilyOncePerEpochWindow() {
        MoccRecord r = new MoccRecord(key(1), 0, null);
        for (int i = 0; i < 5; i++) {
            r.heat(10, 2);
        }
        assertEquals(5, r.temperature(10, 2));
        assertEquals(5, r.temperature(11, 2), "one epoch is inside a two-epoch window");
        assertEquals(0, r.temperature(12, 2), "the window passed: reset");
        assertEquals(12, r.lastResetEpoch());
        r.heat(12, 2);
        r.heat(13, 2);
        assertEquals(2, r.temperature(13, 2), "no second reset inside the new window");
        assertEquals(12, r.lastResetEpoch());
        r.heat(14, 2); // heating after the window starts a new one from zero
        assertEquals(1, r.temperature(14, 2));
        assertEquals(14, r.lastResetEpoch());

        MoccRecord never = new MoccRecord(key(2), 0, null);
        never.heat(1, 0);
        assertEquals(1, never.temperature(1_000, 0), "mocc_reset_epochs=0 never resets");
    }

    @Test
    void hotRecordsWrittenInOppositeOrdersNeverDeadlock() {
        MoccConcurrencyControl cc = mocc(TxnOptions.defaults().with("epoch_ms", "1")
                .with("mocc_hot_threshold", "0").with("lock_timeout_ms", "5000"));
        Table t = cc.createTable("t");
        cc.load(t, key(1), amount(100));
        cc.load(t, key(2), amount(100));
        int rounds = 2_000;
        assertTimeoutPreemptively(ofSeconds(60), () -> {
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread[] ts = new Thread[2];
            for (int n = 0; n < 2; n++) {
                int first = n == 0 ? 1 : 2;
                int second = n == 0 ? 2 : 1;
                ts[n] = new Thread(() -> {
                    try (Worker w = cc.newWorker()) {
                        for (int r = 0; r < rounds; r++) {
                            while (true) {
                                Transaction tx = w.begin();
                                try {
                                    long a = BankSmoke.amount(tx.read(t, key(first)));
                                    long b = BankSmoke.amount(tx.read(t, key(second)));
                                    tx.update(t, key(second), amount(b + 1));
                                    tx.update(t, key(first), amount(a - 1));
                                    tx.commit();
                                    break;
                                } catch (TransactionAbortedException e) {
                                    w.backoff();
                                }
                            }
                        }
                    } catch (Throwable e) {
                        failure.compareAndSet(null, e);
                    }
                });
                ts[n].start();
            }
            for (Thread th : ts) {
                th.join();
            }
            if (failure.get() != null) {
                throw new AssertionError(failure.get());
            }
        });
        TxnStats stats = cc.stats();
        assertEquals(0, stats.aborts(AbortReason.TIMEOUT), "a lock wait timed out: " + stats);
        assertEquals(2L * rounds, stats.commits());
        Worker w = fx.worker(cc);
        assertEquals(200, BankSmoke.amount(ProtocolFixture.read(w, t, 1)) + BankSmoke.amount(ProtocolFixture.read(w, t, 2)));
    }

    @Test
    void bankInvariantHoldsWithFourThreads() throws Exception {
        BankSmoke.run(mocc(TxnOptions.defaults().with("epoch_ms", "1").with("mocc_hot_threshold", "2")), 4, 16, 1500);
    }
}
