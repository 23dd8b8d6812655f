package org.terndb.txn.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.terndb.storage.masstree.NodeObserver;
import org.terndb.storage.masstree.VersionedNode;

/** The point-read hash alone: lookups, tombstones, growth, rebuilds, detached records, against a map model. */
class PointHashTest {

    private static byte[] key(int i) {
        return new byte[] {(byte) (i >>> 24), (byte) (i >>> 16), (byte) (i >>> 8), (byte) i};
    }

    private static Record record(byte[] key) {
        return new Record(key, 0, null);
    }

    @Test
    void findsWhatWasPutByKeyContentAndMissesOtherKeys() {
        PointHash h = new PointHash();
        Record a = record(key(1));
        Record b = record(key(2));
        h.put(a);
        h.put(b);
        assertSame(a, h.get(key(1)));
        assertSame(b, h.get(key(2)));
        assertNull(h.get(key(3)));
        assertNull(h.get(new byte[] {0, 0, 1})); // a prefix of key(1) is another key
        assertEquals(2, h.size());
    }

    @Test
    void keysOfEveryLengthUpToThreeWordsAreFound() {
        PointHash h = new PointHash();
        for (int len = 0; len <= 24; len++) {
            byte[] k = new byte[len];
            for (int i = 0; i < len; i++) {
                k[i] = (byte) (i * 31 + len);
            }
            h.put(record(k));
        }
        for (int len = 0; len <= 24; len++) {
            byte[] k = new byte[len];
            for (int i = 0; i < len; i++) {
                k[i] = (byte) (i * 31 + len);
            }
            Record r = h.get(k.clone());
            assertTrue(r != null && r.key().length == len, "key of length " + len);
        }
    }

    @Test
    void shortKeysMatchedByTheirCodeAloneAreToldApartByLengthAndLastByte() {
        PointHash h = new PointHash();
        List<byte[]> keys = new ArrayList<>();
        for (int len = 0; len <= 9; len++) {
            keys.add(new byte[len]); // all zero: only the length tells them apart
            byte[] last = new byte[len];
            if (len > 0) {
                last[len - 1] = (byte) 0x80;
                keys.add(last);
            }
        }
        for (byte[] k : keys) {
            h.put(record(k));
        }
        for (byte[] k : keys) {
            Record r = h.get(k.clone());
            assertTrue(r != null && Arrays.equals(r.key(), k), "key " + Arrays.toString(k));
        }
        assertEquals(keys.size(), h.size());
    }

    @Test
    void keysOfOneFirstSlotAndMarkAreToldApartByTheirRecords() {
        // two keys whose probes start at the same slot of the smallest array and whose marks are equal: a probe
        // for one meets the other's matching mark, loads that record and must go on
        byte[] a = key(0);
        long ha = PointHash.mix(PointHash.code(a));
        byte[] b = null;
        for (int i = 1; b == null; i++) {
            long hb = PointHash.mix(PointHash.code(key(i)));
            if (PointHash.slot(hb, 16) == PointHash.slot(ha, 16) && PointHash.mark(hb) == PointHash.mark(ha)) {
                b = key(i);
            }
        }
        PointHash h = new PointHash();
        Record ra = record(a);
        h.put(ra);
        assertNull(h.get(b.clone()), "same slot and mark, another key");
        Record rb = record(b);
        h.put(rb);
        assertSame(ra, h.get(a.clone()));
        assertSame(rb, h.get(b.clone()));
        h.unlink(ra);
        assertNull(h.get(a.clone()));
        assertSame(rb, h.get(b.clone()), "the probe goes on past the removed entry");
        Record ra2 = record(a);
        h.put(ra2);
        assertSame(ra2, h.get(a.clone()), "the removed slot is reused");
        assertSame(rb, h.get(b.clone()));
        assertEquals(0, h.tombstones());
    }

    @Test
    void unlinkLeavesATombstoneThatALaterPutReuses() {
        PointHash h = new PointHash();
        Record a = record(key(7));
        h.put(a);
        h.unlink(a);
        assertTrue(a.isDetached());
        assertNull(h.get(key(7)));
        assertEquals(0, h.size());
        assertEquals(1, h.tombstones());
        Record again = record(key(7));
        h.put(again);
        assertSame(again, h.get(key(7)));
        assertEquals(0, h.tombstones(), "the put took the tombstone's slot");
        assertEquals(1, h.size());
    }

    @Test
    void growsPastThreeQuartersFullAndKeepsEveryEntry() {
        PointHash h = new PointHash();
        Record[] records = new Record[10_000];
        for (int i = 0; i < records.length; i++) {
            records[i] = record(key(i));
            h.put(records[i]);
            assertTrue(h.size() * 4 <= h.capacity() * 3, "at most three quarters full after every put");
        }
        for (int i = 0; i < records.length; i++) {
            assertSame(records[i], h.get(key(i)));
        }
        assertNull(h.get(key(records.length)));
    }

    /** A 7-byte key whose bytes are {@code n} big-endian: the largest key that is its own code. */
    private static byte[] longKey(long n) {
        byte[] k = new byte[7];
        for (int i = 6; i >= 0; i--, n >>>= 8) {
            k[i] = (byte) n;
        }
        return k;
    }

    private static void putNew(PointHash h, List<Record> records, byte[] key) {
        Record r = record(key);
        records.add(r);
        h.put(r);
    }

    private static void assertAllFound(PointHash h, List<Record> records) {
        for (Record r : records) {
            assertSame(r, h.get(r.key().clone()), () -> "key " + Arrays.toString(r.key()));
        }
    }

    @Test
    void denseShortKeysAreLaidOutInKeyOrder() {
        // the collector copies records in the order it meets them, and it meets them in the slots' order: slots in
        // key order put records read together by nearby keys on the same pages
        PointHash h = new PointHash();
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            order.add(i);
        }
        java.util.Collections.shuffle(order, new java.util.Random(7));
        List<Record> records = new ArrayList<>();
        for (int i : order) {
            putNew(h, records, key(i));
        }
        h.rebuildNow();
        assertTrue(h.inKeyOrder());
        int previous = -1;
        for (Record r : h.recordsInSlotOrder()) {
            int k = ByteBuffer.wrap(r.key()).getInt();
            assertTrue(k > previous, k + " after " + previous);
            previous = k;
        }
        assertAllFound(h, records);
        assertNull(h.get(key(5000)));
        assertNull(h.get(key(-1)));
    }

    @Test
    void keysPastTheLaidOutRangeWrapAroundAndStayInKeyOrderAfterTheNextRebuild() {
        PointHash h = new PointHash();
        List<Record> records = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            putNew(h, records, key(i));
        }
        h.rebuildNow();
        for (int i = 3000; i < 9000; i++) { // appended keys, as ascending ids arrive: past the range, then rebuilt
            putNew(h, records, key(i));
            if (i == 3999) {
                assertTrue(h.inKeyOrder(), "dense appends wrap around without piling up");
                assertAllFound(h, records);
            }
        }
        assertTrue(h.inKeyOrder());
        assertAllFound(h, records);
    }

    @Test
    void keysInFarApartClustersAreHashedByTheirMixedCodes() {
        PointHash h = new PointHash();
        List<Record> records = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            for (long cluster : new long[] {0, 1L << 48}) {
                putNew(h, records, longKey(cluster + i));
            }
        }
        h.rebuildNow();
        assertFalse(h.inKeyOrder(), "in key order, each cluster would fill a handful of slots");
        assertAllFound(h, records);
    }

    @Test
    void keysPilingUpOnOneSlotAfterARebuildTurnTheHashToMixedCodesForGood() {
        PointHash h = new PointHash();
        List<Record> records = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            putNew(h, records, longKey(i));
        }
        h.rebuildNow();
        assertTrue(h.inKeyOrder());
        for (int j = 1; j <= 200; j++) { // each a whole number of ranges past the last: all wrap to about slot 0
            putNew(h, records, longKey(2000L * j * h.capacity()));
        }
        assertFalse(h.inKeyOrder());
        assertAllFound(h, records);
        h.rebuildNow();
        assertFalse(h.inKeyOrder(), "once turned, a rebuild does not try key order again");
        assertAllFound(h, records);
    }

    @Test
    void aDetachedRecordDoesNotWidenTheKeyRangeOfARebuild() {
        PointHash h = new PointHash();
        List<Record> records = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            putNew(h, records, longKey(i));
        }
        h.rebuildNow();
        Record far = record(longKey(1L << 48));
        h.put(far);
        far.markDetached(); // its unlink has marked it and not yet removed it
        h.rebuildNow();
        assertTrue(h.inKeyOrder(), "counted in the range, the far key would pile the others onto a few slots");
        assertAllFound(h, records);
        assertNull(h.get(longKey(1L << 48)));
    }

    @Test
    void churnRebuildsAwayTombstonesWithoutGrowing() {
        PointHash h = new PointHash();
        Record[] live = new Record[4];
        for (int round = 0; round < 10_000; round++) {
            int k = round % live.length;
            if (live[k] != null) {
                h.unlink(live[k]);
            }
            live[k] = record(key(k));
            h.put(live[k]);
            assertTrue((h.size() + h.tombstones()) * 4 <= h.capacity() * 3);
        }
        assertEquals(16, h.capacity(), "a small live set keeps the smallest array");
        for (int k = 0; k < live.length; k++) {
            assertSame(live[k], h.get(key(k)));
        }
    }

    @Test
    void aFindHintsTheShortRowItsRecordHoldsNowAndNoLongRow() {
        PointHash h = new PointHash();
        byte[] first = new byte[40];
        Record a = new Record(key(1), 0, first);
        h.put(a);
        assertSame(first, h.hintFor(key(1)), "a put hints the record's row");
        byte[] second = new byte[Record.OVERWRITTEN_MAX];
        a.setRowRelease(second);
        assertSame(first, h.hintFor(key(1)), "a new row leaves the hint stale until a find");
        assertSame(a, h.get(key(1)), "a stale hint changes nothing a find returns");
        assertSame(second, h.hintFor(key(1)), "the find replaced the stale hint");
        a.setRowRelease(new byte[Record.OVERWRITTEN_MAX + 1]);
        assertSame(a, h.get(key(1)));
        assertNull(h.hintFor(key(1)), "a row too long to be overwritten in place is not kept alive by a hint");
        a.setRowRelease(null);
        assertSame(a, h.get(key(1)));
        assertNull(h.hintFor(key(1)));
    }

    @Test
    void removedAndRebuiltEntriesKeepNoHintOfRowsNoLongerInTheHash() {
        PointHash h = new PointHash();
        Record[] records = new Record[1_000];
        for (int i = 0; i < records.length; i++) {
            records[i] = new Record(key(i), 0, new byte[8]);
            h.put(records[i]);
        }
        assertEquals(records.length, h.hintedSlots(), "every entry is hinted, across rebuilds");
        for (int i = 0; i < records.length; i += 2) {
            h.unlink(records[i]);
        }
        assertEquals(records.length / 2, h.hintedSlots(), "an unlinked entry's hint went with it");
        for (int i = 1; i < records.length; i += 2) {
            assertSame(records[i], h.get(key(i)));
            assertSame(records[i].rowAcquire(), h.hintFor(key(i)));
        }
    }

    @Test
    void aRecordDetachedBeforeItsPutIsNotAdded() {
        PointHash h = new PointHash();
        Record a = record(key(1));
        a.markDetached(); // an unlink raced between the tree insert and the put
        h.put(a);
        assertNull(h.get(key(1)));
        assertEquals(0, h.size());
    }

    @Test
    void aDetachedEntryIsNotReturnedAndIsReplacedByTheKeysNextRecord() {
        PointHash h = new PointHash();
        Record old = record(key(1));
        h.put(old);
        old.markDetached(); // its unlink has marked it and not yet removed it
        assertNull(h.get(key(1)), "a detached record sends the reader to the tree");
        Record next = record(key(1));
        h.put(next);
        assertSame(next, h.get(key(1)));
        assertEquals(1, h.size());
        h.unlink(old); // the unlink finishes: the entry is no longer old's, nothing to remove
        assertSame(next, h.get(key(1)));
    }

    @Test
    void aRecordIsAnEntryOfItsKeyOnlyFromItsPutUntilItIsDetached() {
        PointHash h = new PointHash();
        byte[] longKey = "a key longer than seven bytes".getBytes(StandardCharsets.US_ASCII);
        byte[] sameLongKey = longKey.clone();
        byte[] otherLongKey = longKey.clone();
        otherLongKey[longKey.length - 1] ^= 1;
        for (byte[] key : new byte[][] {key(1), longKey}) {
            Record r = record(key);
            assertFalse(PointHash.isEntry(r, key), "not put: it may not be in the tree yet");
            h.put(r);
            assertTrue(PointHash.isEntry(r, key.clone()));
            assertFalse(PointHash.isEntry(r, key == longKey ? otherLongKey : key(2)));
            h.unlink(r);
            assertFalse(PointHash.isEntry(r, key), "detached: it may have left the tree");
        }
        Record r = record(sameLongKey);
        h.put(r);
        assertTrue(PointHash.isEntry(r, longKey), "long keys compare by content");
    }

    @Test
    void aMissIsObservedAtItsStripeWhichTheKeysPutAdvancesAndReports() {
        PointHash h = new PointHash(0);
        h.put(record(key(1)));
        List<VersionedNode> observed = new ArrayList<>();
        List<Long> versions = new ArrayList<>();
        assertNull(h.find(key(2), (node, version) -> {
            observed.add(node);
            versions.add(version);
        }));
        assertEquals(1, observed.size(), "a miss is observed once");
        VersionedNode stripe = observed.get(0);
        assertEquals(versions.get(0), stripe.version(), "nothing changed since");
        List<long[]> changes = new ArrayList<>();
        h.put(record(key(2)), (node, before, after, structural) -> {
            assertSame(stripe, node, "the put reports the stripe the miss observed");
            assertFalse(structural);
            changes.add(new long[] {before, after});
        });
        assertEquals(1, changes.size());
        assertEquals(versions.get(0), changes.get(0)[0]);
        assertEquals(changes.get(0)[1], stripe.version(), "the put advanced the stripe: the miss no longer validates");
        assertFalse(VersionedNode.unchanged(versions.get(0), stripe.version()), "the miss's version no longer holds");
    }

    @Test
    void aSmallHashSendsMissesToTheTreeUntilItGrowsStriped() {
        PointHash h = new PointHash(PointHash.STRIPED_CAPACITY);
        NodeObserver fails = (node, version) -> {
            throw new AssertionError("observed a miss");
        };
        List<Record> put = new ArrayList<>();
        while (h.capacity() < PointHash.STRIPED_CAPACITY) {
            assertSame(PointHash.UNKNOWN, h.find(key(-1), fails), "a miss before the hash is striped");
            Record r = record(key(put.size()));
            h.put(r);
            put.add(r);
        }
        List<VersionedNode> observed = new ArrayList<>();
        assertNull(h.find(key(-1), (node, version) -> observed.add(node)));
        assertEquals(1, observed.size(), "a miss once striped");
        for (int i = 0; i < put.size(); i++) {
            assertSame(put.get(i), h.find(key(i), fails), "an entry put before the stripes existed");
        }
    }

    @Test
    void aHitOrAnEntryTheHashCannotVouchForIsNotObservedAsAMiss() {
        PointHash h = new PointHash(0);
        Record a = record(key(1));
        h.put(a);
        NodeObserver fails = (node, version) -> {
            throw new AssertionError("observed a miss");
        };
        assertSame(a, h.find(key(1), fails));
        a.markDetached(); // its unlink has marked it and not yet removed it: the tree may hold the key's next record
        assertSame(PointHash.UNKNOWN, h.find(key(1), fails));
        assertNull(h.get(key(1)));
    }

    @Test
    void unlinkingARecordNeverPutIsHarmless() {
        PointHash h = new PointHash();
        Record a = record(key(1));
        h.put(a);
        h.unlink(record(key(1)));
        assertSame(a, h.get(key(1)));
        assertEquals(1, h.size());
    }

    // ------------------------------------------------------------------ model

    enum Kind { PUT, UNLINK, GET }

    record Op(Kind kind, int key) {
    }

    @Provide
    Arbitrary<List<Op>> operations() {
        return Combinators.combine(Arbitraries.of(Kind.class), Arbitraries.integers().between(0, 200))
                .as(Op::new).list().ofMaxSize(600);
    }

    /**
     * Against a map: PUT replaces the key's record the way the index does (the old one is unlinked first, as it
     * leaves the tree before a new record of the key can enter it); GET returns exactly the model's record.
     */
    @Property(tries = 200)
    void behavesLikeAMapOfKeysToTheirCurrentRecord(@ForAll("operations") List<Op> ops) {
        PointHash h = new PointHash();
        Map<ByteBuffer, Record> model = new HashMap<>();
        for (Op op : ops) {
            byte[] k = key(op.key() * 7919);
            ByteBuffer mk = ByteBuffer.wrap(k);
            switch (op.kind()) {
                case PUT -> {
                    Record old = model.get(mk);
                    if (old != null) {
                        h.unlink(old);
                    }
                    Record r = record(k);
                    h.put(r);
                    model.put(mk, r);
                }
                case UNLINK -> {
                    Record old = model.remove(mk);
                    if (old != null) {
                        h.unlink(old);
                    }
                }
                case GET -> assertSame(model.get(mk), h.get(k.clone()));
            }
            assertEquals(model.size(), h.size());
        }
        for (Map.Entry<ByteBuffer, Record> e : model.entrySet()) {
            assertSame(e.getValue(), h.get(e.getKey().array().clone()));
        }
    }
}
