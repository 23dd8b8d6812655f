package org.terndb.txn.twopl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.ByteBuffer;
import java.util.concurrent.Callable;
import org.terndb.txn.AbortReason;
import org.terndb.txn.Table;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.TxnOptions;
import org.terndb.txn.common.Record;

/** Keys, rows and assertions shared by the 2PL tests. */
final class TwoPlTesting {
    private TwoPlTesting() {
    }

    static TwoPlConcurrencyControl protocol(boolean waits, String... options) {
        TxnOptions o = TxnOptions.defaults();
        for (int i = 0; i < options.length; i += 2) {
            o = o.with(options[i], options[i + 1]);
        }
        return new TwoPlConcurrencyControl(o, waits);
    }

    static byte[] key(int k) {
        return ByteBuffer.allocate(4).putInt(k).array();
    }

    static byte[] row(long v) {
        return ByteBuffer.allocate(8).putLong(v).array();
    }

    static long value(byte[] row) {
        return ByteBuffer.wrap(row).getLong();
    }

    /** Loads keys [0, n) with the given value. */
    static void load(TwoPlConcurrencyControl cc, Table t, int n, long v) {
        for (int k = 0; k < n; k++) {
            cc.load(t, key(k), row(v));
        }
    }

    static Record record(Table t, int k) {
        return t.primary().tree().get(key(k));
    }

    static long word(Table t, int k) {
        return record(t, k).wordAcquire();
    }

    /** Runs the step and asserts that it aborts the transaction for this reason. */
    static void expectAbort(AbortReason reason, Callable<?> step) throws Exception {
        try {
            Object r = step.call();
            fail("expected an abort with " + reason + ", but the step returned " + r);
        } catch (TransactionAbortedException e) {
            assertEquals(reason, e.reason(), e.getMessage());
        }
    }
}
