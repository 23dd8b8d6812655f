package org.terndb.txn.common.mvcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.terndb.txn.silo.BankSmoke.amount;
import static org.terndb.txn.silo.BankSmoke.key;

import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.Worker;

/** Shared set-ups of the multi-version protocols' tests. */
public final class MvccTesting {
    private MvccTesting() {
    }

    /** A table "t" holding {@code amount(values[i])} under {@code key(i + 1)}. */
    public static Table table(ConcurrencyControl cc, long... values) {
        Table t = cc.createTable("t");
        for (int i = 0; i < values.length; i++) {
            assertTrue(cc.load(t, key(i + 1), amount(values[i])));
        }
        return t;
    }

    /**
     * The on-call doctors up to their commits: rows 1 and 2 of {@code t} hold 1 (on call); each transaction
     * reads both, sees the other on call and takes itself off. Returns both transactions, uncommitted: under
     * snapshot isolation both may commit (write skew); a serializable protocol must reject one.
     */
    public static Transaction[] doctorsGoingOffCall(Table t, Worker a, Worker b) {
        Transaction ta = a.begin();
        Transaction tb = b.begin();
        assertEquals(2, amount(ta.read(t, key(1))) + amount(ta.read(t, key(2))));
        assertEquals(2, amount(tb.read(t, key(1))) + amount(tb.read(t, key(2))));
        assertTrue(ta.update(t, key(1), amount(0)));
        assertTrue(tb.update(t, key(2), amount(0)));
        return new Transaction[] {ta, tb};
    }
}
