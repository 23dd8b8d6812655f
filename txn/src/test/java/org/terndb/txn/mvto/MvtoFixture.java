package org.terndb.txn.mvto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.terndb.txn.silo.BankSmoke.key;

import org.terndb.txn.AbortReason;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.TxnOptions;
import org.terndb.txn.Worker;
import org.terndb.txn.silo.ProtocolFixture;

/** Shared set-ups of the MVTO tests: protocol instances, timestamp-ordered begins, white-box accessors. */
final class MvtoFixture {
    /** Every begin scans the watermark, so collection is deterministic. */
    static final TxnOptions EAGER_GC = TxnOptions.defaults().with("gc_interval_us", "0");

    final ProtocolFixture fx = new ProtocolFixture();

    /** Without group commit: single-threaded interleavings of several workers never wait for an epoch. */
    MvtoConcurrencyControl async(TxnOptions options) {
        return fx.open(MvtoConcurrencyControl.async(options));
    }

    MvtoConcurrencyControl strict(TxnOptions options) {
        return fx.open(new MvtoConcurrencyControl(options));
    }

    MvtoWorker worker(MvtoConcurrencyControl cc) {
        return (MvtoWorker) fx.worker(cc);
    }

    /** Two workers of {@code cc}: {@code ahead}, whose clock is far ahead, and {@code lagging}. */
    record AheadAndLagging(MvtoWorker ahead, MvtoWorker lagging) {
    }

    /**
     * Two workers whose clocks lie about 32 ms of ticks apart, far more than an epoch, so that only the commit floor
     * orders a transaction of the lagging one after a commit of the other.
     */
    AheadAndLagging aheadAndLagging(MvtoConcurrencyControl cc) {
        MvtoWorker ahead = worker(cc);
        MvtoWorker lagging = worker(cc);
        lagging.disableOneSidedSync(); // Cicada's sync would often (not always) hide the lag
        ahead.boostAbove(Clocks.timestamp(cc.clocks().physical() + 1_000_000, 0));
        return new AheadAndLagging(ahead, lagging);
    }

    void close() {
        fx.close();
    }

    static long ts(Transaction t) {
        return ((MvtoTransaction) t).timestamp();
    }

    /** Begins on {@code w} with a timestamp above {@code earlier}'s (waits until the physical clock passed it). */
    static Transaction beginAfter(Worker w, Transaction earlier, MvtoConcurrencyControl cc) {
        long clock = Clocks.clockOf(ts(earlier));
        while (cc.clocks().physical() <= clock) {
            Thread.onSpinWait();
        }
        Transaction t = w.begin();
        assertTrue(ts(t) > ts(earlier), "timestamps out of begin order");
        return t;
    }

    static MvtoRecord record(Table t, int k) {
        return (MvtoRecord) t.primary().tree().get(key(k));
    }

    static int count(Transaction t, Table table, int lo, int hi) {
        return t.scan(table.primary(), key(lo), true, key(hi), true, false, 0, (k, r) -> true);
    }

    static void assertAborts(AbortReason reason, Runnable r) {
        assertEquals(reason, assertThrows(TransactionAbortedException.class, r::run).reason());
    }
}
