package org.terndb.txn.mvto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.terndb.txn.mvto.MvtoFixture.beginAfter;
import static org.terndb.txn.silo.BankSmoke.key;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.terndb.txn.AbortReason;
import org.terndb.txn.Protocols;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.TxnOptions;
import org.terndb.txn.Worker;
import org.terndb.txn.silo.ProtocolFixture;

/** Write omission on MVTO: what is omitted, what is delegated, and what readers see. */
class MvtoSseOmissionTest {
    private final MvtoFixture fx = new MvtoFixture();

    @AfterEach
    void close() {
        fx.close();
    }

    /** A long epoch: pivots must be written in the omitter's epoch, and no boundary falls inside a test. */
    private MvtoConcurrencyControl async() {
        return fx.fx.open(MvtoConcurrencyControl.asyncWithSse(TxnOptions.defaults().with("epoch_ms", "60000")));
    }

    private static byte[] row(long v) {
        return ByteBuffer.allocate(8).putLong(v).array();
    }

    private static long value(byte[] row) {
        return ByteBuffer.wrap(row).getLong();
    }

    private static MvtoSseTransaction sse(Transaction t) {
        return (MvtoSseTransaction) t;
    }

    private static long versions(MvtoRecord r) {
        long n = 0;
        for (var v = r.headAcquire(); v != null && v != org.terndb.txn.common.mvcc.Version.TRUNCATED;
             v = v.olderAcquire()) {
            n++;
        }
        return n;
    }

    @Test
    void protocolsAreRegisteredUnderTheirNames() {
        assertTrue(Protocols.names().contains("mvto+sse"));
        assertTrue(Protocols.names().contains("mvto-async+sse"));
        try (var cc = Protocols.create("mvto+sse")) {
            assertEquals("mvto+sse", cc.name());
            assertTrue(((MvtoConcurrencyControl) cc).groupCommit());
        }
        try (var cc = Protocols.create("mvto-async+sse")) {
            assertFalse(((MvtoConcurrencyControl) cc).groupCommit());
        }
    }

    @Test
    void blindUpdateAfterAConcurrentBlindUpdateIsOmittedAndNeverRead() {
        MvtoConcurrencyControl cc = async();
        Table t = cc.createTable("t");
        cc.load(t, key(1), row(0));
        Worker a = fx.worker(cc);
        Worker b = fx.worker(cc);

        Transaction pivot = a.begin();
        assertTrue(pivot.updateBlind(t, key(1), row(1)));
        pivot.commit();
        assertFalse(sse(pivot).lastCommitOmitted(), "a loaded row is no pivot: the first blind update installs");

        Transaction omitted = b.begin();
        assertTrue(omitted.updateBlind(t, key(1), row(2)));
        omitted.commit();
        assertTrue(sse(omitted).lastCommitOmitted(), "the second blind update goes just below the first");
        assertTrue(sse(omitted).lastCommitPosition() < 2 * MvtoFixture.ts(pivot) + 1);

        assertEquals(2, versions(MvtoFixture.record(t, 1)), "nothing was installed for the omitted write");
        Transaction reader = beginAfter(a, omitted, cc);
        assertEquals(1, value(reader.read(t, key(1))), "the omitted version sits below the pivot: never read");
        reader.commit();
        assertEquals(1, cc.stats().omittedWrites());
        assertEquals(1, cc.stats().installedWrites());
    }

    @Test
    void blindUpdateOfARowWithoutABlindPivotIsDelegatedAndInstalled() {
        MvtoConcurrencyControl cc = async();
        Table t = cc.createTable("t");
        cc.load(t, key(1), row(0));
        Worker a = fx.worker(cc);
        Worker b = fx.worker(cc);

        Transaction rmw = a.begin();
        long old = value(rmw.read(t, key(1)));
        assertTrue(rmw.update(t, key(1), row(old + 10)));
        rmw.commit();

        Transaction blind = beginAfter(b, rmw, cc);
        assertTrue(blind.updateBlind(t, key(1), row(7)));
        blind.commit();
        assertFalse(sse(blind).lastCommitOmitted(), "a read-modify-write is no pivot: delegated to MVTO");
        Transaction reader = beginAfter(a, blind, cc);
        assertEquals(7, value(reader.read(t, key(1))));
        reader.commit();
        assertEquals(0, cc.stats().omittedWrites());
        assertEquals(2, cc.stats().installedWrites());
    }

    @Test
    void readModifyWriteIsNeverOmitted() {
        MvtoConcurrencyControl cc = async();
        Table t = cc.createTable("t");
        cc.load(t, key(1), row(0));
        Worker a = fx.worker(cc);
        Transaction pivot = a.begin();
        pivot.updateBlind(t, key(1), row(1));
        pivot.commit();
        Transaction rmw = beginAfter(fx.worker(cc), pivot, cc);
        assertEquals(1, value(rmw.read(t, key(1))));
        assertTrue(rmw.updateBlind(t, key(1), row(2)), "read before: updateBlind falls back to update");
        rmw.commit();
        assertFalse(sse(rmw).lastCommitOmitted());
        Transaction reader = beginAfter(a, rmw, cc);
        assertEquals(2, value(reader.read(t, key(1))));
        reader.commit();
    }

    @Test
    void blindUpdateBelowANewerPivotIsOmittedInsteadOfAborting() {
        // Thomas-write-rule case: the blind writer's timestamp is below the pivot; plain MVTO aborts it.
        MvtoConcurrencyControl cc = async();
        Table t = cc.createTable("t");
        cc.load(t, key(1), row(0));
        Worker a = fx.worker(cc);
        Worker b = fx.worker(cc);
        Transaction first = a.begin();
        first.read(t, key(1));
        first.update(t, key(1), row(1)); // no pivot: the blind update below installs
        first.commit();
        Transaction old = b.begin();
        Transaction pivot = beginAfter(a, old, cc);
        pivot.updateBlind(t, key(1), row(2));
        pivot.commit();
        assertFalse(sse(pivot).lastCommitOmitted());
        assertTrue(old.updateBlind(t, key(1), row(3)));
        old.commit();
        assertTrue(sse(old).lastCommitOmitted());
        Transaction reader = beginAfter(b, pivot, cc); // a worker reuses its transaction object: use the other
        assertEquals(2, value(reader.read(t, key(1))));
        reader.commit();
    }

    @Test
    void aPivotFromAnEarlierEpochIsTooOldAndAWorkersNextTransactionComesAfterItsOmission() throws Exception {
        MvtoConcurrencyControl cc = fx.fx.open(MvtoConcurrencyControl.asyncWithSse(
                TxnOptions.defaults().with("epoch_ms", "1")));
        Table t = cc.createTable("t");
        cc.load(t, key(1), row(0));
        Worker a = fx.worker(cc);
        Worker b = fx.worker(cc);
        Transaction pivot = a.begin();
        pivot.updateBlind(t, key(1), row(1));
        pivot.commit();
        long epoch = cc.epochs().current();
        while (cc.epochs().current() < epoch + 2) {
            Thread.sleep(1);
        }
        Transaction late = b.begin();
        late.updateBlind(t, key(1), row(2));
        late.commit();
        assertFalse(sse(late).lastCommitOmitted(), "a pivot of an earlier epoch is not concurrent with us");

        Transaction concurrent = a.begin();
        Transaction newPivot = b.begin();
        newPivot.updateBlind(t, key(1), row(3));
        newPivot.commit();
        concurrent.updateBlind(t, key(1), row(4));
        concurrent.commit();
        if (sse(concurrent).lastCommitOmitted()) { // unless an epoch boundary fell in between (1 ms epochs)
            Transaction next = a.begin();
            assertTrue(MvtoFixture.ts(next) > MvtoFixture.ts(newPivot), "the worker's clock passed the pivot");
            assertEquals(3, value(next.read(t, key(1))));
            next.commit();
        }
    }

    @Test
    void plainMvtoAbortsThatBlindUpdateAsBefore() {
        MvtoConcurrencyControl cc = fx.async(TxnOptions.defaults());
        Table t = cc.createTable("t");
        cc.load(t, key(1), row(0));
        Worker a = fx.worker(cc);
        Worker b = fx.worker(cc);
        Transaction old = b.begin();
        Transaction pivot = beginAfter(a, old, cc);
        pivot.updateBlind(t, key(1), row(2));
        pivot.commit();
        MvtoFixture.assertAborts(AbortReason.TIMESTAMP_TOO_OLD, () -> old.updateBlind(t, key(1), row(3)));
        assertEquals(0, cc.stats().omittedWrites());
    }

    @Test
    void blindUpdateOfARowDeletedBeforeCommitAborts() {
        for (MvtoConcurrencyControl cc : new MvtoConcurrencyControl[] {fx.async(TxnOptions.defaults()), async()}) {
            Table t = cc.createTable("t");
            cc.load(t, key(1), row(0));
            Worker a = fx.worker(cc);
            Worker b = fx.worker(cc);
            Transaction blind = a.begin();
            assertTrue(blind.updateBlind(t, key(1), row(5)));
            Transaction del = beginAfter(b, blind, cc);
            assertTrue(del.delete(t, key(1)));
            del.commit();
            // Either the delete at a larger timestamp makes our write too old, or the row is gone: never revived.
            TransactionAbortedException e = assertThrows(TransactionAbortedException.class, blind::commit);
            assertTrue(e.reason() == AbortReason.TIMESTAMP_TOO_OLD || e.reason() == AbortReason.READ_VALIDATION_FAILED,
                    cc.name() + ": " + e.reason());
            Transaction reader = b.begin();
            assertEquals(null, reader.read(t, key(1)));
            reader.commit();
        }
    }

    @Test
    void blindUpdateOfARowDeletedBelowItsTimestampAborts() {
        MvtoConcurrencyControl cc = fx.async(TxnOptions.defaults());
        Table t = cc.createTable("t");
        cc.load(t, key(1), row(0));
        Worker a = fx.worker(cc);
        Worker b = fx.worker(cc);
        Transaction del = a.begin();
        Transaction blind = beginAfter(b, del, cc);
        assertTrue(blind.updateBlind(t, key(1), row(5)));
        assertTrue(del.delete(t, key(1)));
        del.commit();
        MvtoFixture.assertAborts(AbortReason.READ_VALIDATION_FAILED, blind::commit);
    }

    @Test
    void crossedReadersAndBlindWritersAtOnePositionAreNotBothOmitted() {
        // P blind-writes x and y (pivots, same timestamp); A reads y below P and blind-writes x; B reads x below P
        // and blind-writes y. Omitting both would need A before B (A read y before B's version) and B before A.
        MvtoConcurrencyControl cc = async();
        Table t = cc.createTable("t");
        cc.load(t, key(1), row(0));
        cc.load(t, key(2), row(0));
        Worker wa = fx.worker(cc);
        Worker wb = fx.worker(cc);
        Worker wp = fx.worker(cc);
        Transaction seed = wp.begin();
        seed.read(t, key(1));
        seed.read(t, key(2));
        seed.update(t, key(1), row(9));
        seed.update(t, key(2), row(9));
        seed.commit(); // read-modify-writes: no pivots, so P's blind updates below install
        Transaction a = beginAfter(wa, seed, cc);
        Transaction b = beginAfter(wb, a, cc);
        Transaction p = beginAfter(wp, b, cc);
        p.updateBlind(t, key(1), row(100));
        p.updateBlind(t, key(2), row(100));
        p.commit();
        assertFalse(sse(p).lastCommitOmitted());
        assertEquals(9, value(a.read(t, key(2))));
        a.updateBlind(t, key(1), row(1));
        assertEquals(9, value(b.read(t, key(1))));
        b.updateBlind(t, key(2), row(2));
        a.commit();
        assertTrue(sse(a).lastCommitOmitted(), "A alone is fine: just below P on x, after its read of y");
        boolean bOmitted;
        try {
            b.commit();
            bOmitted = sse(b).lastCommitOmitted();
        } catch (TransactionAbortedException e) {
            bOmitted = false;
        }
        assertFalse(bOmitted, "B read x below A's omitted version: it must not be omitted at A's position");
    }

    @Test
    void strictVariantOmitsOnlyBelowPivotsOfConcurrentTransactions() {
        MvtoConcurrencyControl cc = fx.fx.open(MvtoConcurrencyControl.withSse(
                TxnOptions.defaults().with("epoch_ms", "2")));
        Table t = cc.createTable("t");
        cc.load(t, key(1), row(0));
        Worker a = fx.worker(cc);
        Worker b = fx.worker(cc);
        Transaction first = a.begin();
        first.updateBlind(t, key(1), row(1));
        first.commit(); // acknowledged: its epoch closed
        Transaction later = b.begin();
        later.updateBlind(t, key(1), row(2));
        later.commit();
        assertFalse(sse(later).lastCommitOmitted(),
                "a pivot acknowledged before we began is in the past: omitting would be a stale write");

        Transaction concurrent = a.begin();
        Transaction pivot = b.begin();
        pivot.updateBlind(t, key(1), row(3));
        pivot.commit();
        concurrent.updateBlind(t, key(1), row(4));
        concurrent.commit();
        assertTrue(sse(concurrent).lastCommitOmitted(), "the pivot's writer ran concurrently with us");
        Transaction reader = a.begin();
        assertEquals(3, value(reader.read(t, key(1))));
        reader.commit();
    }

    @Test
    void aDeferredOmissionUnderGroupCommitWaitsForTheEpochOfItsPivot() {
        MvtoConcurrencyControl cc = fx.fx.open(MvtoConcurrencyControl.withSse(ProtocolFixture.MANUAL_EPOCHS));
        Table t = cc.createTable("t");
        cc.load(t, key(1), row(0));
        Worker a = fx.worker(cc);
        Worker b = fx.worker(cc);
        Transaction concurrent = a.begin();
        Transaction pivot = b.begin();
        pivot.updateBlind(t, key(1), row(3));
        long pivotEpoch = pivot.commitDeferred();
        concurrent.updateBlind(t, key(1), row(4));
        long epoch = concurrent.commitDeferred();
        assertTrue(sse(concurrent).lastCommitOmitted());
        assertTrue(epoch >= pivotEpoch && epoch > 0, "acknowledged only once the floor passed the pivot");
        assertFalse(a.isDurable(epoch));
        ProtocolFixture.advanceEpoch(cc);
        assertTrue(a.isDurable(epoch));
        assertTrue(b.isDurable(pivotEpoch));
        assertTrue(cc.clocks().floor() > Clocks.clockOf(MvtoFixture.ts(pivot)));
        Transaction reader = a.begin();
        assertEquals(3, value(reader.read(t, key(1))));
        reader.commitDeferred();
    }
}
