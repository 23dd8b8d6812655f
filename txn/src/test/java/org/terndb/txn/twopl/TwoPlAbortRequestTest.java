package org.terndb.txn.twopl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.terndb.txn.twopl.TwoPlTesting.expectAbort;
import static org.terndb.txn.twopl.TwoPlTesting.key;
import static org.terndb.txn.twopl.TwoPlTesting.row;
import static org.terndb.txn.twopl.TwoPlTesting.value;

import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.terndb.txn.AbortReason;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.Worker;

/**
 * {@link Transaction#requestAbort()} from another thread (what a statement cancel or a connection close does):
 * the transaction aborts at its next operation, a lock wait in progress ends, and a worker moved to another
 * thread lets that thread roll back an idle transaction. "a" begins first, so it is the older transaction.
 */
@Timeout(30)
class TwoPlAbortRequestTest {
    private TwoPlConcurrencyControl cc;
    private Table t;
    private Actor a;
    private Actor b;
    private Worker wa;
    private Worker wb;

    @BeforeEach
    void setUp() {
        cc = TwoPlTesting.protocol(true, "lock_timeout_ms", "600000"); // waits end only when the test ends them
        t = cc.createTable("t");
        TwoPlTesting.load(cc, t, 10, 100);
        a = new Actor("a");
        b = new Actor("b");
        wa = cc.newWorker();
        wb = cc.newWorker();
    }

    @AfterEach
    void tearDown() {
        a.close();
        b.close();
        cc.close();
    }

    @Test
    void requestedAbortHappensAtTheNextOperationAndStaysUntilCleared() throws Exception {
        Transaction txn = a.call(wa::begin);
        a.call(() -> txn.update(t, key(1), row(7)));
        txn.requestAbort(); // from this thread, not the owner
        expectAbort(AbortReason.USER_ABORT, () -> a.call(() -> txn.read(t, key(2))));
        assertFalse(txn.isActive());
        Transaction next = a.call(wa::begin);
        expectAbort(AbortReason.USER_ABORT, () -> a.call(() -> next.read(t, key(2))));
        a.run(next::clearAbortRequest);
        Transaction clean = a.call(wa::begin);
        assertEquals(100, value(a.call(() -> clean.read(t, key(1)))), "the aborted update was rolled back");
        a.run(clean::commit);
    }

    @Test
    void requestedAbortEndsALockWait() throws Exception {
        Transaction older = a.call(wa::begin);
        Transaction younger = b.call(wb::begin);
        b.call(() -> younger.update(t, key(1), row(7)));
        Future<byte[]> waiting = a.submit(() -> older.read(t, key(1)));
        a.awaitLockWait(waiting);
        older.requestAbort();
        expectAbort(AbortReason.USER_ABORT, () -> Actor.await(waiting));
        b.run(younger::commit);
    }

    @Test
    void anotherThreadTakesTheWorkerOverAndRollsBackSoAWaiterGetsTheLock() throws Exception {
        Transaction older = a.call(wa::begin);
        Transaction younger = b.call(wb::begin);
        b.call(() -> younger.update(t, key(1), row(7)));
        Future<byte[]> waiting = a.submit(() -> older.read(t, key(1)));
        a.awaitLockWait(waiting);
        wb.moveToCurrentThread(); // b is idle; Actor.call above ordered its last use before this
        younger.abort();
        assertEquals(100, value(Actor.await(waiting)), "the waiter reads the row as it was before the rollback");
        a.run(older::commit);
    }
}
