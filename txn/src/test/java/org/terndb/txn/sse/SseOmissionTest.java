package org.terndb.txn.sse;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.terndb.txn.silo.BankSmoke.amount;
import static org.terndb.txn.silo.BankSmoke.key;
import static org.terndb.txn.silo.ProtocolFixture.MANUAL_EPOCHS;
import static org.terndb.txn.silo.ProtocolFixture.advanceEpoch;
import static org.terndb.txn.silo.ProtocolFixture.read;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.terndb.txn.AbortReason;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.Worker;
import org.terndb.txn.common.Record;
import org.terndb.txn.silo.ProtocolFixture;
import org.terndb.txn.silo.SiloWorker;

/**
 * Deterministic schedules (one thread, interleaved workers, epochs advanced by hand) for when SSE omits a blind
 * write and when it must leave the commit to Silo. Each refusal below would close a serialization-graph cycle.
 */
class SseOmissionTest {
    private final ProtocolFixture fx = new ProtocolFixture();
    private SseConcurrencyControl cc;
    private Table t;
    private Worker a;
    private Worker b;

    @AfterEach
    void closeAll() {
        fx.close();
    }

    private void open(int... keys) {
        cc = fx.open(new SseConcurrencyControl(MANUAL_EPOCHS));
        t = cc.createTable("t");
        for (int k : keys) {
            cc.load(t, key(k), amount(0));
        }
        a = fx.worker(cc);
        b = fx.worker(cc);
    }

    private static SseTransaction sse(Transaction tx) {
        return (SseTransaction) tx;
    }

    private int bit(int k) {
        return ((SseRecord) record(k)).keyBit();
    }

    private Record record(int k) {
        return t.primary().tree().get(key(k));
    }

    private long tracker(int k) {
        return ((SseRecord) record(k)).trackerAcquire();
    }

    /** A committed transaction of blind updates; returns whether SSE omitted them. */
    private boolean blind(Worker w, int value, int... keys) {
        Transaction tx = w.begin();
        for (int k : keys) {
            assertTrue(tx.updateBlind(t, key(k), amount(value)));
        }
        tx.commit();
        return sse(tx).lastCommitOmitted();
    }

    /** Two keys whose Bloom bits differ (so a test fails for the reason it names, not a filter collision). */
    private static int[] keysWithDistinctBits(int n) {
        int[] keys = new int[n];
        int used = 0;
        int found = 0;
        for (int k = 1; found < n; k++) {
            int bit = ReachabilityTracker.keyBit(key(k));
            if ((used & bit) == 0) {
                used |= bit;
                keys[found++] = k;
            }
        }
        return keys;
    }

    @Test
    void concurrentBlindWriteIsOmittedBeforeThePivotWhoseValueStays() {
        open(1);
        Transaction late = b.begin();
        assertTrue(late.updateBlind(t, key(1), amount(2)));
        assertFalse(blind(a, 1, 1), "the first blind update of the epoch is installed: it becomes the pivot");
        long wordBefore = record(1).wordAcquire();
        late.commit();
        assertTrue(sse(late).lastCommitOmitted());
        assertEquals(wordBefore, record(1).wordAcquire(), "an omitted write installs nothing");
        assertArrayEquals(amount(1), read(a, t, 1), "the omitted version precedes the pivot's");
        assertEquals(1, cc.stats().omittedWrites());
        assertEquals(1, cc.stats().installedWrites());
    }

    @Test
    void eachEpochNeedsItsOwnPivot() {
        open(1);
        assertFalse(blind(a, 1, 1));
        assertTrue(blind(b, 2, 1));
        advanceEpoch(cc);
        assertFalse(blind(b, 3, 1), "last epoch's pivot does not serve: this update becomes the new pivot");
        assertTrue(blind(a, 4, 1));
        assertArrayEquals(amount(3), read(a, t, 1));
        assertEquals(2, cc.stats().omittedWrites());
        assertEquals(2, cc.stats().installedWrites());
    }

    @Test
    void epochEndingBeforeCommitSendsTheWriteToSilo() {
        open(1);
        assertFalse(blind(a, 1, 1));
        Transaction tx = b.begin();
        assertTrue(tx.updateBlind(t, key(1), amount(2)));
        advanceEpoch(cc); // tx announced the current epoch, so the epoch may move on
        tx.commit();
        assertFalse(sse(tx).lastCommitOmitted());
        assertArrayEquals(amount(2), read(a, t, 1));
        assertTrue(ReachabilityTracker.hasPivot(tracker(1), cc.epochs().current()), "it is the new epoch's pivot");
    }

    @Test
    void readModifyWriteIsNeverOmittedNorAPivot() {
        open(1);
        Transaction tx = b.begin();
        tx.read(t, key(1));
        assertTrue(tx.updateBlind(t, key(1), amount(2)), "read first: a read-modify-write");
        tx.commit();
        assertFalse(sse(tx).lastCommitOmitted());
        assertFalse(ReachabilityTracker.hasPivot(tracker(1), cc.epochs().current()), "a pivot must be blind");
        assertFalse(blind(a, 3, 1), "so the next blind update is installed, as the first pivot");
        assertTrue(blind(b, 4, 1));
        assertArrayEquals(amount(3), read(a, t, 1));
    }

    @Test
    void mixedWriteSetIsLeftToSilo() {
        open(1);
        assertFalse(blind(a, 1, 1));
        Transaction tx = b.begin();
        assertTrue(tx.updateBlind(t, key(1), amount(2)));
        assertTrue(tx.insert(t, key(9), amount(9)));
        tx.commit();
        assertFalse(sse(tx).lastCommitOmitted(), "only transactions whose writes are all blind updates are omitted");
        assertArrayEquals(amount(2), read(a, t, 1));
    }

    /**
     * Step D. m reads y's pivot version and x before x has a pivot; omitting w(x, y) would order it before both
     * pivots: w -> pivot(y) -> m (m read it) -> w (m read x before w's version), a cycle. Without m's read of y,
     * m is reachable from no pivot and the same omission is fine.
     */
    @Test
    void earlierReaderReachableFromAPivotBlocksOmission() {
        int x = 1;
        int y = 2;
        open(x, y);
        assertFalse(blind(a, 1, y));
        Transaction m = b.begin();
        m.read(t, key(y));
        m.read(t, key(x));
        m.commit();
        assertFalse(blind(a, 2, x));
        assertFalse(blind(b, 3, x, y), "the reader closes a cycle: Silo installs instead");
        assertArrayEquals(amount(3), read(a, t, x));
        assertArrayEquals(amount(3), read(a, t, y));
        assertEquals(0, cc.stats().omittedWrites());
    }

    @Test
    void earlierReaderReachableFromNoPivotAllowsOmission() {
        int x = 1;
        int y = 2;
        open(x, y);
        assertFalse(blind(a, 1, y));
        Transaction m = b.begin();
        m.read(t, key(x));
        m.commit();
        assertFalse(blind(a, 2, x));
        assertTrue(blind(b, 3, x, y));
        assertArrayEquals(amount(2), read(a, t, x));
        assertArrayEquals(amount(1), read(a, t, y));
    }

    /**
     * Step C. m reads x's pivot version and writes w; w(x) reading w would be ordered before the pivot:
     * o -> pivot(x) -> m -> o (o read m's w), a cycle.
     */
    @Test
    void readingAWriteOfAPivotsSuccessorBlocksOmission() {
        int x = 1;
        int w = 3;
        open(x, w);
        assertFalse(blind(a, 1, x));
        Transaction m = b.begin();
        m.read(t, key(x));
        assertTrue(m.update(t, key(w), amount(7)));
        m.commit();
        Transaction o = b.begin();
        assertArrayEquals(amount(7), o.read(t, key(w)));
        assertTrue(o.updateBlind(t, key(x), amount(2)));
        o.commit();
        assertFalse(sse(o).lastCommitOmitted());
        assertArrayEquals(amount(2), read(a, t, x));
    }

    @Test
    void readingAWriteNoPivotReachesAllowsOmission() {
        int x = 1;
        int w = 3;
        open(x, w);
        assertFalse(blind(a, 1, x));
        Transaction m = b.begin();
        assertTrue(m.update(t, key(w), amount(7)));
        m.commit();
        Transaction o = b.begin();
        o.read(t, key(w));
        assertTrue(o.updateBlind(t, key(x), amount(2)));
        o.commit();
        assertTrue(sse(o).lastCommitOmitted());
        assertArrayEquals(amount(1), read(a, t, x));
    }

    /**
     * Linked pivots. m follows x's pivot and writes w; then k, which read y's pivot version, is omitted before
     * x's pivot: y's pivot now reaches x's pivot and m. An omission of l (reads w, writes y) would close
     * l -> pivot(y) -> k -> pivot(x) -> m -> l, although no tracker l looks at names y: the linked-pivot word does.
     */
    @Test
    void pivotLinkedByAnEarlierOmissionBlocksOmission() {
        int[] ks = keysWithDistinctBits(2);
        int x = ks[0];
        int y = ks[1];
        int w = 100;
        open(x, y, w);
        assertFalse(blind(a, 1, x));
        Transaction m = b.begin();
        m.read(t, key(x));
        assertTrue(m.update(t, key(w), amount(7)));
        m.commit();
        assertFalse(blind(a, 2, y));
        Transaction k = b.begin();
        k.read(t, key(y));
        assertTrue(k.updateBlind(t, key(x), amount(3)));
        k.commit();
        assertTrue(sse(k).lastCommitOmitted(), "k alone closes no cycle");
        long e = cc.epochs().current();
        assertEquals(bit(x), ReachabilityTracker.linkedPivots(cc.linkedPivotsAcquire(), e));
        int incoming = ReachabilityTracker.mergedWS(tracker(w), e);
        assertTrue(ReachabilityTracker.omissionAllowed(incoming, bit(y), 0), "per-record trackers alone would allow l");
        Transaction l = b.begin();
        l.read(t, key(w));
        assertTrue(l.updateBlind(t, key(y), amount(4)));
        l.commit();
        assertFalse(sse(l).lastCommitOmitted());
        assertArrayEquals(amount(4), read(a, t, y));
    }

    /** The test of overwriters is Silo's: a read overwritten before commit fails SSE and then Silo. */
    @Test
    void overwrittenReadFailsBothSseAndSilo() {
        int x = 1;
        int z = 2;
        open(x, z);
        assertFalse(blind(a, 1, x));
        Transaction tx = b.begin();
        tx.read(t, key(z));
        assertTrue(tx.updateBlind(t, key(x), amount(2)));
        Transaction u = a.begin();
        assertTrue(u.update(t, key(z), amount(5)));
        u.commit();
        TransactionAbortedException e = assertThrows(TransactionAbortedException.class, tx::commit);
        assertEquals(AbortReason.READ_VALIDATION_FAILED, e.reason());
        assertEquals(0, cc.stats().omittedWrites());
        assertArrayEquals(amount(1), read(a, t, x));
    }

    @Test
    void rowDeletedAfterThePivotIsNotOmittedOnto() {
        open(1);
        assertFalse(blind(a, 1, 1));
        Transaction tx = b.begin();
        assertTrue(tx.updateBlind(t, key(1), amount(2)));
        Transaction d = a.begin();
        assertTrue(d.delete(t, key(1)));
        d.commit();
        TransactionAbortedException e = assertThrows(TransactionAbortedException.class, tx::commit);
        assertEquals(AbortReason.READ_VALIDATION_FAILED, e.reason());
        assertEquals(null, read(a, t, 1), "a blind update never brings a deleted row back");
    }

    @Test
    void pivotIsSetWithTheInstallingCommitsFootprint() {
        open(1);
        long e = cc.epochs().current();
        Transaction tx = a.begin();
        assertTrue(tx.updateBlind(t, key(1), amount(1)));
        tx.commit();
        assertEquals(1, sse(tx).lastCommitPivots());
        assertSame(record(1), sse(tx).lastCommitPivot(0));
        assertEquals(ReachabilityTracker.compose(e, true, 0, bit(1)), tracker(1));
        assertNotEquals(0, sse(tx).lastCommitTid());
    }

    /** Reclamation must not drop a deleted record whose tracker still holds this epoch's footprints. */
    @Test
    void deletedRecordWithALiveTrackerIsUnlinkedOnlyAfterTheEpoch() {
        int x = 1;
        int z = 2;
        open(x, z);
        Transaction d = a.begin();
        assertTrue(d.delete(t, key(x)));
        d.commit();
        for (int i = 0; i < 3; i++) {
            advanceEpoch(cc);
        }
        assertFalse(blind(b, 1, z));
        Transaction m = b.begin();
        m.read(t, key(z));
        assertEquals(null, m.read(t, key(x)));
        m.commit();
        assertTrue(ReachabilityTracker.isLive(tracker(x), cc.epochs().current()));
        a.begin().commit(); // begin runs a's reclamation: the delete is due, but the tracker is live
        assertEquals(1, ((SiloWorker) a).pendingReclamation());
        assertNotNull(record(x));
        advanceEpoch(cc);
        a.begin().commit();
        assertEquals(0, ((SiloWorker) a).pendingReclamation());
        assertEquals(null, t.primary().tree().get(key(x)));
    }
}
