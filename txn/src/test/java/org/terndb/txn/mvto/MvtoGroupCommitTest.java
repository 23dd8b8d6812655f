package org.terndb.txn.mvto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.terndb.txn.common.mvcc.MvccTesting.table;
import static org.terndb.txn.mvto.MvtoFixture.ts;
import static org.terndb.txn.silo.BankSmoke.amount;
import static org.terndb.txn.silo.BankSmoke.key;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.TxnOptions;
import org.terndb.txn.silo.ProtocolFixture;

/**
 * Strict serializability through epoch-based group commit (seed 003): a transaction that begins after another's
 * commit returned is ordered after it, even when its worker's clock lags far behind the committer's.
 */
class MvtoGroupCommitTest {

    private final MvtoFixture mf = new MvtoFixture();

    @AfterEach
    void closeAll() {
        mf.close();
    }

    @Test
    void aTransactionThatBeginsAfterACommitReturnedSeesItDespiteALaggingClock() {
        MvtoConcurrencyControl cc = mf.strict(TxnOptions.defaults().with("epoch_ms", "5"));
        assertTrue(cc.groupCommit());
        Table t = table(cc, 1);
        MvtoFixture.AheadAndLagging workers = mf.aheadAndLagging(cc);
        MvtoWorker ahead = workers.ahead();
        MvtoWorker lagging = workers.lagging();
        Transaction writer = ahead.begin();
        assertTrue(writer.update(t, key(1), amount(7)));
        writer.commit(); // returns once the commit floor passed the writer's clock
        assertTrue(cc.clocks().floor() > Clocks.clockOf(ts(writer)));
        Transaction reader = lagging.begin();
        assertTrue(ts(reader) > ts(writer), "the commit floor orders the later transaction after the commit");
        assertEquals(7, amount(reader.read(t, key(1))));
        reader.commit();
    }

    /** The anomaly group commit prevents: Cicada's timestamps alone are serializable, not strictly. */
    @Test
    void withoutGroupCommitALaggingClockMissesACommitThatAlreadyReturned() {
        MvtoConcurrencyControl cc = mf.async(ProtocolFixture.MANUAL_EPOCHS);
        Table t = table(cc, 1);
        MvtoFixture.AheadAndLagging workers = mf.aheadAndLagging(cc);
        MvtoWorker ahead = workers.ahead();
        MvtoWorker lagging = workers.lagging();
        Transaction writer = ahead.begin();
        assertTrue(writer.update(t, key(1), amount(7)));
        writer.commit();
        Transaction reader = lagging.begin();
        assertTrue(ts(reader) < ts(writer));
        assertEquals(1, amount(reader.read(t, key(1))), "a stale read: serializable (reader before writer)");
        reader.commit();
    }

    /**
     * A transaction left open in an old epoch holds the epoch manager back; a committer that waits for its epoch
     * closes it itself after two epoch lengths instead of waiting for the open transaction.
     */
    @Test
    void aCommitReturnsWhileAnotherTransactionHoldsTheEpochBack() {
        MvtoConcurrencyControl cc = mf.strict(TxnOptions.defaults().with("epoch_ms", "2"));
        Table t = table(cc, 1, 1);
        MvtoWorker open = mf.worker(cc);
        MvtoWorker committer = mf.worker(cc);
        Transaction idle = open.begin();
        assertEquals(1, amount(idle.read(t, key(2))));
        for (int i = 0; i < 5; i++) {
            Transaction tx = committer.begin();
            assertTrue(tx.update(t, key(1), amount(10 + i)));
            tx.commit();
        }
        idle.commit();
        Transaction check = committer.begin();
        assertEquals(14, amount(check.read(t, key(1))));
        check.commit();
    }

    /**
     * {@code commitDeferred} under group commit returns at once and names an epoch: the commit may be acknowledged
     * once that epoch closed, and a transaction that begins after that is ordered after it, as with {@code commit}.
     */
    @Test
    void aDeferredCommitIsAcknowledgedOnceItsEpochClosedAndLaterTransactionsComeAfterIt() {
        MvtoConcurrencyControl cc = mf.strict(ProtocolFixture.MANUAL_EPOCHS);
        Table t = table(cc, 1);
        MvtoFixture.AheadAndLagging workers = mf.aheadAndLagging(cc);
        MvtoWorker ahead = workers.ahead();
        MvtoWorker lagging = workers.lagging();
        Transaction writer = ahead.begin();
        assertTrue(writer.update(t, key(1), amount(7)));
        long epoch = writer.commitDeferred(); // returns although no epoch closes by itself here
        assertTrue(epoch > 0, "a group commit names the epoch to wait for");
        assertFalse(ahead.isDurable(epoch), "its epoch has not closed: it must not be acknowledged yet");
        assertTrue(cc.clocks().floor() <= Clocks.clockOf(ts(writer)));

        Transaction readOnly = ahead.begin(); // the worker goes on meanwhile
        assertEquals(7, amount(readOnly.read(t, key(1))));
        long readEpoch = readOnly.commitDeferred();
        assertTrue(readEpoch >= epoch, "a read-only commit waits for its epoch too: " + readEpoch);
        assertFalse(ahead.isDurable(readEpoch));

        ProtocolFixture.advanceEpoch(cc);
        assertTrue(ahead.isDurable(epoch));
        assertTrue(ahead.isDurable(readEpoch));
        assertTrue(cc.clocks().floor() > Clocks.clockOf(ts(readOnly)), "the floor passed both commits");
        Transaction reader = lagging.begin();
        assertTrue(ts(reader) > ts(writer), "the commit floor orders the later transaction after the commit");
        assertEquals(7, amount(reader.read(t, key(1))));
        assertTrue(reader.commitDeferred() > 0);
    }

    @Test
    void awaitDurableOfADeferredCommitReturnsOnceTheFloorPassedIt() {
        MvtoConcurrencyControl cc = mf.strict(TxnOptions.defaults().with("epoch_ms", "5"));
        Table t = table(cc, 1);
        MvtoWorker w = mf.worker(cc);
        for (int i = 0; i < 3; i++) {
            Transaction tx = w.begin();
            assertTrue(tx.update(t, key(1), amount(10 + i)));
            long epoch = tx.commitDeferred();
            w.awaitDurable(epoch);
            assertTrue(w.isDurable(epoch));
            assertTrue(cc.clocks().floor() > Clocks.clockOf(ts(tx)));
        }
    }

    @Test
    void withoutGroupCommitADeferredCommitHasNothingToWaitFor() {
        MvtoConcurrencyControl cc = mf.async(ProtocolFixture.MANUAL_EPOCHS);
        Table t = table(cc, 1);
        MvtoWorker w = mf.worker(cc);
        Transaction writer = w.begin();
        assertTrue(writer.update(t, key(1), amount(3)));
        assertEquals(0, writer.commitDeferred());
        Transaction reader = w.begin();
        assertEquals(3, amount(reader.read(t, key(1))));
        assertEquals(0, reader.commitDeferred());
    }
}
