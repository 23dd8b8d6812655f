package org.terndb.txn.mvto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.terndb.txn.common.mvcc.MvccTesting.table;
import static org.terndb.txn.mvto.MvtoFixture.EAGER_GC;
import static org.terndb.txn.mvto.MvtoFixture.assertAborts;
import static org.terndb.txn.mvto.MvtoFixture.beginAfter;
import static org.terndb.txn.mvto.MvtoFixture.count;
import static org.terndb.txn.mvto.MvtoFixture.record;
import static org.terndb.txn.mvto.MvtoFixture.ts;
import static org.terndb.txn.silo.BankSmoke.amount;
import static org.terndb.txn.silo.BankSmoke.key;
import static org.terndb.txn.silo.ProtocolFixture.read;
import static org.terndb.txn.silo.ProtocolFixture.update;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.terndb.txn.AbortReason;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.TxnOptions;
import org.terndb.txn.Worker;
import org.terndb.txn.common.mvcc.Version;
import org.terndb.txn.silo.ProtocolFixture;

/** Timestamp ordering, Cicada's validation, inlining, phantoms and GC, mostly in single-threaded interleavings. */
class MvtoTransactionTest {
    private final MvtoFixture mf = new MvtoFixture();

    @AfterEach
    void closeAll() {
        mf.close();
    }

    private MvtoConcurrencyControl mvto() {
        return mf.async(TxnOptions.defaults());
    }

    @Test
    void isSerializable() {
        assertTrue(mvto().isSerializable());
    }

    // ---------------------------------------------------------------- timestamp ordering basics

    @Test
    void aReaderWithAnOlderTimestampDoesNotSeeANewerVersion() {
        MvtoConcurrencyControl cc = mvto();
        Table t = table(cc, 1);
        Worker a = mf.worker(cc);
        Worker b = mf.worker(cc);
        Transaction older = a.begin();
        Transaction newer = beginAfter(b, older, cc);
        assertTrue(newer.update(t, key(1), amount(5)));
        newer.commit();
        assertEquals(1, amount(older.read(t, key(1))), "the version above our timestamp is invisible");
        older.commit(); // its read is still the version visible at its timestamp
        assertEquals(5, amount(read(a, t, 1)));
    }

    @Test
    void aWriteBelowALaterReadAbortsAtOnce() {
        MvtoConcurrencyControl cc = mvto();
        Table t = table(cc, 1);
        Worker a = mf.worker(cc);
        Worker b = mf.worker(cc);
        Transaction older = a.begin();
        Transaction reader = beginAfter(b, older, cc);
        assertEquals(1, amount(reader.read(t, key(1))));
        reader.commit(); // rts of the version = the reader's timestamp
        assertAborts(AbortReason.TIMESTAMP_TOO_OLD, () -> older.update(t, key(1), amount(2)));
        assertFalse(older.isActive());
        // Cicada's clock boost: the retry draws a timestamp above the read, and commits.
        Transaction retry = a.begin();
        assertTrue(ts(retry) > ts(reader));
        assertTrue(retry.update(t, key(1), amount(2)));
        retry.commit();
        assertEquals(2, amount(read(b, t, 1)));
    }

    @Test
    void aWriteBelowANewerVersionAbortsAtOnce() {
        MvtoConcurrencyControl cc = mvto();
        Table t = table(cc, 1);
        Worker a = mf.worker(cc);
        Worker b = mf.worker(cc);
        Transaction older = a.begin();
        Transaction newer = beginAfter(b, older, cc);
        assertTrue(newer.update(t, key(1), amount(7)));
        newer.commit();
        assertAborts(AbortReason.TIMESTAMP_TOO_OLD, () -> older.update(t, key(1), amount(2)));
        assertEquals(7, amount(read(a, t, 1)));
    }

    /** A write made while a later transaction's read of the same version is not yet validated. */
    @Test
    void aReaderValidatesAfterAnOlderWriterCommittedBelowIt() {
        MvtoConcurrencyControl cc = mvto();
        Table t = table(cc, 1, 1);
        Worker a = mf.worker(cc);
        Worker b = mf.worker(cc);
        Transaction older = a.begin();
        Transaction newer = beginAfter(b, older, cc);
        assertEquals(1, amount(newer.read(t, key(1))));
        assertTrue(newer.update(t, key(2), amount(9)));
        assertTrue(older.update(t, key(1), amount(0))); // rts is only raised when the reader validates
        older.commit();
        // Seed 000's fix: the version read is still committed and in the chain, but a newer version now lies
        // between it and our timestamp: we should have read that one.
        assertAborts(AbortReason.READ_VALIDATION_FAILED, newer::commit);
        assertEquals(0, amount(read(a, t, 1)));
        assertEquals(1, amount(read(a, t, 2)), "nothing of the aborted transaction is visible");
        assertEquals(1, chainLength(record(t, 2)), "no pending version of the aborted transaction stays");
    }

    @Test
    void writeSkewIsRejected() {
        MvtoConcurrencyControl cc = mvto();
        Table t = table(cc, 1, 1);
        Worker a = mf.worker(cc);
        Worker b = mf.worker(cc);
        Transaction ta = a.begin();
        Transaction tb = beginAfter(b, ta, cc);
        assertEquals(2, amount(ta.read(t, key(1))) + amount(ta.read(t, key(2))));
        assertEquals(2, amount(tb.read(t, key(1))) + amount(tb.read(t, key(2))));
        assertTrue(tb.update(t, key(2), amount(0)));
        tb.commit();
        assertAborts(AbortReason.TIMESTAMP_TOO_OLD, () -> {
            ta.update(t, key(1), amount(0)); // tb read key 1 at a later timestamp
            ta.commit();
        });
        assertEquals(1, amount(read(a, t, 1)) + amount(read(a, t, 2)), "one doctor stays on call");
    }

    @Test
    void aBulkTransactionWritesAndRewritesThousandsOfRows() {
        MvtoConcurrencyControl cc = mvto();
        Table t = table(cc);
        Worker w = mf.worker(cc);
        Transaction load = w.begin();
        for (int k = 0; k < 3_000; k++) {
            assertTrue(load.insert(t, key(k), amount(k)));
        }
        load.commit();
        update(w, t, 7, 700); // the records' newest versions now differ: the contention sort has work to do
        Transaction bulk = w.begin();
        for (int k = 0; k < 3_000; k++) {
            assertTrue(bulk.update(t, key(k), amount(amount(bulk.read(t, key(k))) + 1)));
        }
        bulk.commit();
        assertEquals(701, amount(read(w, t, 7)));
        assertEquals(2_000, amount(read(w, t, 1_999)));
    }

    // ---------------------------------------------------------------- pending versions

    @Test
    void aReaderWaitsForAPendingVersionThatMayBeVisible() throws Exception {
        assertEquals(42, readWhileAPendingVersionIsDecided(Version.COMMITTED));
    }

    @Test
    void aReaderSkipsAPendingVersionThatAborts() throws Exception {
        assertEquals(1, readWhileAPendingVersionIsDecided(Version.ABORTED));
    }

    /**
     * A reader on another thread meets a pending version below its timestamp (put there by hand) and must wait;
     * then the version is decided. Returns what the reader read.
     */
    private long readWhileAPendingVersionIsDecided(int outcome) throws Exception {
        MvtoConcurrencyControl cc = mvto();
        Table t = table(cc, 1);
        MvtoRecord r = record(t, 1);
        AtomicLong readerTs = new AtomicLong();
        AtomicReference<Object> result = new AtomicReference<>();
        CountDownLatch installed = new CountDownLatch(1);
        Worker w = mf.worker(cc);
        Thread reader = new Thread(() -> {
            try {
                Transaction tx = w.begin();
                readerTs.set(ts(tx));
                installed.await();
                byte[] row = tx.read(t, key(1));
                tx.commit();
                result.set(amount(row));
            } catch (Throwable e) {
                result.set(e);
            }
        }, "mvto-reader");
        reader.start();
        while (readerTs.get() == 0) {
            Thread.onSpinWait();
        }
        Version head = r.headAcquire();
        MvtoVersion pending = new MvtoVersion(null);
        pending.prepare(Version.stamp(readerTs.get() - 1, Version.PENDING), amount(42), head);
        pending.initRts(readerTs.get() - 1);
        assertTrue(r.casHead(head, pending));
        installed.countDown();
        Thread.sleep(50);
        assertNull(result.get(), "the reader did not wait for the pending version");
        pending.setStampRelease(Version.stamp(readerTs.get() - 1, outcome));
        reader.join(TimeUnit.SECONDS.toMillis(10));
        assertFalse(reader.isAlive());
        if (result.get() instanceof Throwable e) {
            throw new AssertionError(e);
        }
        return (Long) result.get();
    }

    @Test
    void aPendingVersionAboveTheReadersTimestampIsNotWaitedFor() {
        MvtoConcurrencyControl cc = mvto();
        Table t = table(cc, 1);
        MvtoRecord r = record(t, 1);
        Worker w = mf.worker(cc);
        Transaction tx = w.begin();
        Version head = r.headAcquire();
        MvtoVersion pending = new MvtoVersion(null);
        pending.prepare(Version.stamp(ts(tx) + 1, Version.PENDING), amount(42), head);
        assertTrue(r.casHead(head, pending));
        assertEquals(1, amount(tx.read(t, key(1))));
        tx.commit();
        assertTrue(r.casHead(pending, head));
    }

    @Test
    void aWriterUnlinksAbortedVersionsOnTopOfTheChain() {
        MvtoConcurrencyControl cc = mvto();
        Table t = table(cc, 1);
        MvtoRecord r = record(t, 1);
        Version loaded = r.headAcquire();
        MvtoVersion aborted = new MvtoVersion(null);
        aborted.prepare(Version.stamp(Long.MAX_VALUE >>> 4, Version.ABORTED), amount(99), loaded);
        assertTrue(r.casHead(loaded, aborted));
        Worker w = mf.worker(cc);
        assertEquals(1, amount(read(w, t, 1)), "readers skip aborted versions, whatever their timestamp");
        update(w, t, 1, 2);
        assertSame(loaded, r.headAcquire().olderAcquire(), "the aborted version left the chain");
        assertEquals(2, amount(read(w, t, 1)));
    }

    // ---------------------------------------------------------------- inlining

    @Test
    void theInlineVersionIsUsedWhenFreeAndAChainVersionOtherwise() {
        MvtoConcurrencyControl cc = mf.async(EAGER_GC);
        Table t = table(cc, 0);
        MvtoRecord r = record(t, 1);
        MvtoVersion inline = r.inlineVersion();
        assertSame(inline, r.headAcquire(), "a loaded row lives in the inline version");
        Worker w = mf.worker(cc);

        update(w, t, 1, 1);
        Version first = r.headAcquire();
        assertNotSame(inline, first, "the inline version still holds the previous version: a chain version");
        assertSame(inline, first.olderAcquire());

        quietBegin(w, cc, first); // GC cuts the chain below the new head: the inline version is free again
        assertEquals(MvtoRecord.FREE, r.inlineState());
        update(w, t, 1, 2);
        assertSame(inline, r.headAcquire(), "a free inline version takes the next write");

        // A reader older than the next writes keeps the inline version in the chain: writes use chain versions.
        Worker longReader = mf.worker(cc);
        Transaction old = longReader.begin();
        update(w, t, 1, 3);
        quietBegin(w, cc, r.headAcquire());
        update(w, t, 1, 4);
        assertNotSame(inline, r.headAcquire());
        assertEquals(2, amount(old.read(t, key(1))));
        old.commit();
        assertEquals(4, amount(read(w, t, 1)));
    }

    /**
     * An aborted writer takes its inline version off the chain, but a reader that met it pending may still hold
     * it: it is retired in the current epoch and claimed again only once every running transaction began later.
     */
    @Test
    void anAbortedInlineVersionIsReusedOnlyAfterItsEpochPassed() {
        MvtoConcurrencyControl cc = mf.async(EAGER_GC.with("epoch_ms", "3600000"));
        Table t = table(cc, 0);
        assertTrue(cc.load(t, key(100), amount(0)));
        MvtoRecord r = record(t, 1);
        Worker w = mf.worker(cc);
        Worker other = mf.worker(cc);
        update(w, t, 1, 1);
        quietBegin(w, cc, r.headAcquire());
        assertEquals(MvtoRecord.FREE, r.inlineState());
        Version committed = r.headAcquire();

        Transaction doomed = w.begin(); // installs into the inline version, then fails its node set
        assertEquals(0, count(doomed, t, 10, 20));
        assertTrue(doomed.update(t, key(1), amount(2)));
        Transaction inserter = beginAfter(other, doomed, cc);
        assertTrue(inserter.insert(t, key(15), amount(15)));
        inserter.commit();
        assertAborts(AbortReason.NODE_SET_CHANGED, doomed::commit);
        assertSame(committed, r.headAcquire(), "the aborted version left the chain");
        long state = r.inlineState();
        assertTrue(state != MvtoRecord.FREE && state != MvtoRecord.IN_USE, "retired, not free: " + state);

        update(w, t, 1, 3);
        assertNotSame(r.inlineVersion(), r.headAcquire(), "not reused in the epoch it was retired in");
        ProtocolFixture.advanceEpoch(cc);
        ProtocolFixture.advanceEpoch(cc);
        quietBegin(w, cc, r.headAcquire()); // frees the chain version below the head
        update(w, t, 1, 4);
        assertSame(r.inlineVersion(), r.headAcquire(), "reused once every running transaction began later");
        assertEquals(4, amount(read(w, t, 1)));
    }

    /** Begins and commits an empty transaction once the physical clock passed {@code v}'s write timestamp. */
    private static void quietBegin(Worker w, MvtoConcurrencyControl cc, Version v) {
        quietBegin(w, cc, Version.timestamp(v.stampAcquire()));
    }

    /** Begins and commits an empty transaction once the physical clock passed {@code ts}: GC may collect it. */
    private static void quietBegin(Worker w, MvtoConcurrencyControl cc, long ts) {
        long clock = Clocks.clockOf(ts);
        while (cc.clocks().physical() <= clock) {
            Thread.onSpinWait();
        }
        w.begin().commit();
    }

    // ---------------------------------------------------------------- phantoms

    @Test
    void anInsertIntoAScannedRangeBeforeTheScannerCommitsAbortsTheScanner() {
        MvtoConcurrencyControl cc = mvto();
        Table t = table(cc);
        assertTrue(cc.load(t, key(100), amount(0)));
        Worker a = mf.worker(cc);
        Worker b = mf.worker(cc);
        Transaction scanner = a.begin();
        assertEquals(0, count(scanner, t, 0, 10));
        assertTrue(scanner.update(t, key(100), amount(1)));
        Transaction inserter = beginAfter(b, scanner, cc);
        assertTrue(inserter.insert(t, key(5), amount(5)));
        inserter.commit();
        assertAborts(AbortReason.NODE_SET_CHANGED, scanner::commit);
    }

    /**
     * The timestamp-order phantom the node set cannot see: a scanner with a later timestamp validated before the
     * key existed; an older transaction then inserts into the range. The insert floor makes the insert abort.
     */
    @Test
    void anOlderInsertIntoARangeThatALaterScannerValidatedAborts() {
        MvtoConcurrencyControl cc = mvto();
        Table t = table(cc);
        Worker a = mf.worker(cc);
        Worker b = mf.worker(cc);
        Transaction older = a.begin();
        Transaction scanner = beginAfter(b, older, cc);
        assertEquals(0, count(scanner, t, 0, 99));
        scanner.commit();
        assertAborts(AbortReason.TIMESTAMP_TOO_OLD, () -> older.insert(t, key(50), amount(1)));
        Transaction retry = a.begin();
        assertTrue(ts(retry) > ts(scanner));
        assertTrue(retry.insert(t, key(50), amount(1)));
        retry.commit();
    }

    /** The same with a missed point read instead of a scan. */
    @Test
    void anOlderInsertOfAKeyALaterTransactionFoundMissingAborts() {
        MvtoConcurrencyControl cc = mvto();
        Table t = table(cc);
        Worker a = mf.worker(cc);
        Worker b = mf.worker(cc);
        Transaction older = a.begin();
        Transaction reader = beginAfter(b, older, cc);
        assertNull(reader.read(t, key(7)));
        reader.commit();
        assertAborts(AbortReason.TIMESTAMP_TOO_OLD, () -> older.insert(t, key(7), amount(1)));
    }

    /**
     * Predicate write skew: each transaction counts one range and inserts into the other's. Whichever order the
     * commits come in, both cannot commit.
     */
    @Test
    void phantomWriteSkewIsRejected() {
        MvtoConcurrencyControl cc = mvto();
        Table t = table(cc);
        Worker a = mf.worker(cc);
        Worker b = mf.worker(cc);
        Transaction older = a.begin();
        Transaction newer = beginAfter(b, older, cc);
        assertEquals(0, count(newer, t, 0, 99));
        assertTrue(newer.insert(t, key(150), amount(1)));
        newer.commit();
        assertEquals(0, count(older, t, 100, 199), "the newer insert is above our timestamp");
        assertAborts(AbortReason.TIMESTAMP_TOO_OLD, () -> older.insert(t, key(50), amount(1)));
    }

    @Test
    void aDeletedKeyReadAsAbsentCannotBeReinsertedBelowTheReader() {
        MvtoConcurrencyControl cc = mvto();
        Table t = table(cc, 1);
        Worker a = mf.worker(cc);
        Worker b = mf.worker(cc);
        Worker c = mf.worker(cc);
        Transaction deleter = a.begin();
        assertTrue(deleter.delete(t, key(1)));
        deleter.commit();
        Transaction older = beginAfter(b, deleter, cc);
        Transaction reader = beginAfter(c, older, cc);
        assertNull(reader.read(t, key(1)));
        reader.commit();
        assertAborts(AbortReason.TIMESTAMP_TOO_OLD, () -> older.insert(t, key(1), amount(2)));
    }

    /**
     * A reader found a key deleted; before it validates, the collector unlinks the record and an older
     * transaction inserts the key into a new record below the reader's timestamp. The reader's read is not on the
     * new record, so it must notice the unlink.
     */
    @Test
    void aReaderOfADeletedKeyWhoseRecordWasUnlinkedAborts() {
        MvtoConcurrencyControl cc = mf.async(EAGER_GC);
        Table t = table(cc, 1);
        Worker deleterWorker = mf.worker(cc);
        Worker a = mf.worker(cc);
        Worker b = mf.worker(cc);
        Transaction deleter = deleterWorker.begin();
        assertTrue(deleter.delete(t, key(1)));
        deleter.commit();
        Transaction older = beginAfter(a, deleter, cc);
        Transaction reader = beginAfter(b, older, cc);
        assertNull(reader.read(t, key(1)));
        quietBegin(deleterWorker, cc, ts(deleter)); // every running transaction sees the delete: unlinked
        assertNull(t.primary().tree().get(key(1)));
        assertTrue(older.insert(t, key(1), amount(2)));
        older.commit();
        assertAborts(AbortReason.RECORD_REMOVED, reader::commit);
    }

    @Test
    void twoInsertersOfOneKeyDoNotBothCommit() {
        MvtoConcurrencyControl cc = mvto();
        Table t = table(cc);
        Worker a = mf.worker(cc);
        Worker b = mf.worker(cc);
        Transaction first = a.begin();
        Transaction second = beginAfter(b, first, cc);
        assertTrue(first.insert(t, key(3), amount(1)));
        assertTrue(second.insert(t, key(3), amount(2))); // the same placeholder record
        second.commit();
        assertAborts(AbortReason.TIMESTAMP_TOO_OLD, first::commit);
        assertEquals(2, amount(read(a, t, 3)));
    }

    // ---------------------------------------------------------------- garbage collection

    @Test
    void versionsAliveStayBoundedUnderHotKeyUpdates() {
        MvtoConcurrencyControl cc = mf.async(EAGER_GC);
        Table t = table(cc, 0);
        assertEquals(1, cc.versionsAlive());
        Worker w = mf.worker(cc);
        for (int i = 1; i <= 10_000; i++) {
            update(w, t, 1, i);
            assertTrue(cc.versionsAlive() <= 3, "versions alive after " + i + " updates: " + cc.versionsAlive());
        }
        quietBegin(w, cc, record(t, 1).headAcquire());
        assertEquals(1, cc.versionsAlive());
        assertEquals(1, chainLength(record(t, 1)));
        assertEquals(10_000, amount(read(w, t, 1)));
        assertTrue(((MvtoWorker) w).versionsReused() > 0, "collected versions are reused");
    }

    @Test
    void aLongReaderHoldsVersionsUntilItEnds() {
        MvtoConcurrencyControl cc = mf.async(EAGER_GC);
        Table t = table(cc, 0);
        Worker w = mf.worker(cc);
        Worker longReader = mf.worker(cc);
        Transaction old = longReader.begin();
        for (int i = 1; i <= 100; i++) {
            update(w, t, 1, i);
        }
        assertTrue(cc.versionsAlive() > 100, "versions a running reader may need stay: " + cc.versionsAlive());
        assertEquals(0, amount(old.read(t, key(1))));
        old.commit();
        quietBegin(w, cc, record(t, 1).headAcquire());
        assertEquals(1, cc.versionsAlive());
    }

    @Test
    void deletedRecordsAndAbortedInsertsLeaveTheIndex() {
        MvtoConcurrencyControl cc = mf.async(EAGER_GC);
        Table t = table(cc, 1);
        Worker w = mf.worker(cc);
        Transaction del = w.begin();
        assertTrue(del.delete(t, key(1)));
        del.commit();
        Transaction ins = w.begin();
        assertTrue(ins.insert(t, key(2), amount(2)));
        ins.abort();
        for (int i = 0; i < 3; i++) {
            quietBegin(w, cc, ts(ins));
        }
        assertNull(t.primary().tree().get(key(1)));
        assertNull(t.primary().tree().get(key(2)));
        assertEquals(0, cc.versionsAlive());
    }

    private static int chainLength(MvtoRecord r) {
        int n = 0;
        for (Version v = r.headAcquire(); v != null && v != Version.TRUNCATED; v = v.olderAcquire()) {
            n++;
        }
        return n;
    }
}
