package org.terndb.txn.common.mvcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.terndb.txn.common.mvcc.MvccTesting.table;
import static org.terndb.txn.silo.BankSmoke.amount;
import static org.terndb.txn.silo.BankSmoke.key;
import static org.terndb.txn.silo.ProtocolFixture.delete;
import static org.terndb.txn.silo.ProtocolFixture.read;
import static org.terndb.txn.silo.ProtocolFixture.update;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.terndb.txn.AbortReason;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.TxnOptions;
import org.terndb.txn.Worker;
import org.terndb.txn.ermia.ErmiaConcurrencyControl;
import org.terndb.txn.si.SiConcurrencyControl;
import org.terndb.txn.silo.ProtocolFixture;

/** Version lifetime (CCBench §7) over SI: RapidGC watermark, trimming, reuse, unlinking, AggressiveGC. */
class VersionCollectionTest {
    /** Every begin scans the watermark, so collection is deterministic. */
    private static final TxnOptions EAGER_GC = TxnOptions.defaults().with("gc_interval_us", "0");

    private final ProtocolFixture fx = new ProtocolFixture();

    @AfterEach
    void closeAll() {
        fx.close();
    }

    private SiConcurrencyControl si(TxnOptions options) {
        return fx.open(new SiConcurrencyControl(options));
    }

    private static MvccRecord record(Table t, int k) {
        return (MvccRecord) t.primary().tree().get(key(k));
    }

    private static int chainLength(MvccRecord r) {
        int n = 0;
        for (Version v = r.headAcquire(); v != null && v != Version.TRUNCATED; v = v.olderAcquire()) {
            n++;
        }
        return n;
    }

    @Test
    void versionsAliveStayBoundedUnderHotKeyUpdatesWithoutLongReaders() {
        SiConcurrencyControl cc = si(EAGER_GC);
        Table t = table(cc, 0);
        assertEquals(1, cc.versionsAlive());
        Worker w = fx.worker(cc);
        for (int i = 1; i <= 10_000; i++) {
            update(w, t, 1, i);
            assertTrue(cc.versionsAlive() <= 3, "versions alive after " + i + " updates: " + cc.versionsAlive());
        }
        w.begin().commit();
        assertEquals(1, cc.versionsAlive());
        assertEquals(1, chainLength(record(t, 1)));
        assertEquals(10_000, amount(read(w, t, 1)));
    }

    @Test
    void versionsAliveStayBoundedWithTheDefaultInterval() {
        SiConcurrencyControl cc = si(TxnOptions.defaults());
        Table t = table(cc, 0);
        Worker w = fx.worker(cc);
        long max = 0;
        for (int i = 1; i <= 20_000; i++) {
            update(w, t, 1, i);
            max = Math.max(max, cc.versionsAlive());
        }
        assertTrue(max < 5_000, "versions alive grew to " + max + " over 20000 updates");
    }

    @Test
    void aLongReaderKeepsItsVersionsAndTheyAreCollectedAfterItEnds() {
        SiConcurrencyControl cc = si(EAGER_GC);
        Table t = table(cc, 0);
        Worker reader = fx.worker(cc);
        Worker writer = fx.worker(cc);

        Transaction r = reader.begin();
        assertEquals(0, amount(r.read(t, key(1))));
        for (int i = 1; i <= 1_000; i++) {
            update(writer, t, 1, i);
        }
        assertTrue(cc.versionsAlive() >= 1_001, "versions newer than the reader's must stay: " + cc.versionsAlive());
        assertEquals(0, amount(r.read(t, key(1))), "the reader still finds its version");
        r.commit();

        writer.begin().commit(); // the writer's collector runs once the watermark passed its versions
        assertEquals(1, cc.versionsAlive());
        assertEquals(1_000, amount(read(reader, t, 1)));
    }

    @Test
    void theCollectorKeepsTheNewestVersionAtTheWatermarkAndCutsBelowIt() {
        SiConcurrencyControl cc = si(EAGER_GC);
        Table t = table(cc, 0);
        Worker reader = fx.worker(cc);
        Worker writer = fx.worker(cc);
        update(writer, t, 1, 1);
        update(writer, t, 1, 2);
        Transaction r = reader.begin(); // snapshot sees 2
        update(writer, t, 1, 3);
        update(writer, t, 1, 4);
        writer.begin().commit();
        // 4 and 3 are newer than the reader's snapshot, 2 is what it sees; 1 and 0 are garbage
        assertEquals(3, chainLength(record(t, 1)));
        assertEquals(2, amount(r.read(t, key(1))));
        r.commit();
    }

    @Test
    void collectedVersionsAreReusedForNewVersions() {
        SiConcurrencyControl cc = si(EAGER_GC);
        Table t = table(cc, 0);
        Worker w = fx.worker(cc);
        Set<Version> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (int i = 1; i <= 100; i++) {
            update(w, t, 1, i);
            seen.add(record(t, 1).headAcquire());
            assertEquals(i, amount(read(w, t, 1)), "a reused version carries the new row");
        }
        MvccWorker mw = (MvccWorker) w;
        assertTrue(mw.versionsReused() >= 90, "reused " + mw.versionsReused() + " of 100");
        assertTrue(seen.size() <= 5, "new versions are the same few objects, cycling: " + seen.size());
        assertEquals(100, mw.versionsCreated());
    }

    @Test
    void withoutVersionReuseEveryVersionIsNew() {
        SiConcurrencyControl cc = si(EAGER_GC.with("version_reuse", "false"));
        Table t = table(cc, 0);
        Worker w = fx.worker(cc);
        Map<Version, Boolean> seen = new IdentityHashMap<>();
        for (int i = 1; i <= 100; i++) {
            update(w, t, 1, i);
            seen.put(record(t, 1).headAcquire(), true);
        }
        assertEquals(0, ((MvccWorker) w).versionsReused());
        assertEquals(100, seen.size());
        assertTrue(cc.versionsAlive() <= 3, "collected without reuse all the same: " + cc.versionsAlive());
    }

    @Test
    void aDeletedRecordLeavesTheIndexOnceNoSnapshotCanSeeItsRow() {
        SiConcurrencyControl cc = si(EAGER_GC);
        Table t = table(cc, 7);
        Worker reader = fx.worker(cc);
        Worker deleter = fx.worker(cc);

        Transaction r = reader.begin();
        delete(deleter, t, 1);
        deleter.begin().commit();
        assertNotNull(record(t, 1), "a running snapshot still sees the row");
        assertEquals(7, amount(r.read(t, key(1))));
        r.commit();

        deleter.begin().commit();
        assertNull(record(t, 1), "no snapshot can see the row: the record left the index");
        assertEquals(0, cc.versionsAlive());
        assertNull(read(reader, t, 1));
        Transaction again = reader.begin();
        assertTrue(again.insert(t, key(1), amount(8)), "the key can be inserted again");
        again.commit();
        assertEquals(8, amount(read(deleter, t, 1)));
    }

    @Test
    void aStaleWriterOfAnUnlinkedRecordAborts() {
        SiConcurrencyControl cc = si(EAGER_GC);
        Table t = table(cc, 7);
        Worker a = fx.worker(cc);
        Worker b = fx.worker(cc);
        delete(a, t, 1);
        MvccRecord gone = record(t, 1);
        Transaction tb = b.begin(); // its snapshot sees the delete: the tombstone is at the watermark
        assertNull(tb.read(t, key(1)));
        a.begin().commit(); // unlinks the record
        assertNull(record(t, 1));
        assertTrue(gone.isUnlinked());
        assertNull(tb.read(t, key(1)));
        assertTrue(tb.insert(t, key(1), amount(9)), "a new placeholder for the key");
        tb.commit();
        assertEquals(9, amount(read(a, t, 1)));
    }

    @Test
    void anAbortedInsertLeavesNoPlaceholderBehind() {
        SiConcurrencyControl cc = si(EAGER_GC);
        Table t = table(cc);
        Worker w = fx.worker(cc);
        Transaction tx = w.begin();
        assertTrue(tx.insert(t, key(5), amount(5)));
        assertNotNull(record(t, 5));
        tx.abort();
        w.begin().commit();
        assertNull(record(t, 5));
        assertEquals(0, cc.versionsAlive());
    }

    @Test
    void ermiaPlaceholdersAndTheirGenesisVersionsAreCollectedToo() {
        ErmiaConcurrencyControl cc = fx.open(new ErmiaConcurrencyControl(EAGER_GC));
        Table t = table(cc);
        Worker w = fx.worker(cc);
        Transaction tx = w.begin();
        assertTrue(tx.insert(t, key(5), amount(5)));
        tx.abort();
        for (int i = 0; i < 3; i++) {
            Transaction ok = w.begin();
            assertTrue(ok.insert(t, key(10 + i), amount(i)));
            ok.commit();
            update(w, t, 10 + i, 100 + i);
        }
        delete(w, t, 10);
        w.begin().commit();
        assertNull(record(t, 5));
        assertNull(record(t, 10));
        assertEquals(2, cc.versionsAlive(), "one version per live row");
    }

    @Test
    void aggressiveGcCollectsAVersionAnOldReaderNeedsAndTheReaderAborts() {
        SiConcurrencyControl cc = si(EAGER_GC.with("aggressive_gc", "true"));
        Table t = table(cc, 0, 0);
        Worker reader = fx.worker(cc);
        Worker writer = fx.worker(cc);

        Transaction r = reader.begin();
        assertEquals(0, amount(r.read(t, key(2))));
        for (int i = 1; i <= 5; i++) {
            update(writer, t, 1, i);
        }
        writer.begin().commit();
        assertTrue(cc.versionsAlive() <= 4, "collected although the reader may need them: " + cc.versionsAlive());
        TransactionAbortedException e = assertThrows(TransactionAbortedException.class, () -> r.read(t, key(1)));
        assertEquals(AbortReason.TIMESTAMP_TOO_OLD, e.reason());
        assertEquals(5, amount(read(reader, t, 1)), "a new snapshot reads on");
    }

    @Test
    void withoutAggressiveGcTheSameReaderFindsItsVersion() {
        SiConcurrencyControl cc = si(EAGER_GC);
        Table t = table(cc, 0);
        Worker reader = fx.worker(cc);
        Worker writer = fx.worker(cc);
        Transaction r = reader.begin();
        for (int i = 1; i <= 5; i++) {
            update(writer, t, 1, i);
        }
        writer.begin().commit();
        assertEquals(0, amount(r.read(t, key(1))));
        r.commit();
    }

    @Test
    void aClosedWorkersGarbageIsCollectedByTheOthers() {
        SiConcurrencyControl cc = si(EAGER_GC);
        Table t = table(cc, 0);
        Worker reader = fx.worker(cc);
        Transaction r = reader.begin();
        Worker writer = cc.newWorker();
        for (int i = 1; i <= 50; i++) {
            update(writer, t, 1, i);
        }
        writer.close(); // its entries are not due while the reader runs: handed over
        r.commit();
        assertTrue(cc.versionsAlive() > 1);
        reader.begin().commit();
        assertEquals(1, cc.versionsAlive());
        assertSame(record(t, 1).headAcquire(), record(t, 1).newestCommittedAtOrBefore(Long.MAX_VALUE));
    }
}
