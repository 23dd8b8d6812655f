package org.terndb.txn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.terndb.txn.common.Record;

/**
 * {@link Index#get}, {@link Index#putIfAbsent} and {@link Index#unlink} from several threads on a few keys, so
 * that inserts race unlinks of the same key (an unlink between an insert's tree put and its hash put), the hash
 * churns through tombstones and rebuilds, and readers probe arrays being replaced. Every read must return null or
 * a record of the probed key that was inserted and not yet unlinked at some moment during the read; afterwards
 * the hash holds exactly what the tree holds.
 */
class IndexPointHashStressTest {

    private static final int KEYS = 48;

    /** A record's life on a logical clock: inserted no earlier than {@code insertBegin}, unlinked by {@code unlinkEnd}. */
    private static final class Life {
        final long insertBegin;
        volatile long unlinkEnd = Long.MAX_VALUE;

        Life(long insertBegin) {
            this.insertBegin = insertBegin;
        }
    }

    private static byte[] key(int k) {
        return new byte[] {1, (byte) k, 0, (byte) (k * 37)};
    }

    @Test
    void readsOnlyEverSeeRecordsLiveDuringTheReadAndTheHashEndsEqualToTheTree() throws Exception {
        try (ConcurrencyControl cc = Protocols.create("silo")) {
            Table table = cc.createTable("T");
            Index index = table.primary();
            AtomicLong clock = new AtomicLong();
            ConcurrentHashMap<Record, Life> lives = new ConcurrentHashMap<>();
            AtomicReference<String> failure = new AtomicReference<>();
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1500);
            int writers = 2;
            int readers = 2;
            ExecutorService pool = Executors.newFixedThreadPool(writers + readers);
            CountDownLatch start = new CountDownLatch(1);
            List<Future<long[]>> done = new ArrayList<>();
            for (int w = 0; w < writers; w++) {
                long seed = 100 + w;
                done.add(pool.submit(() -> {
                    SplittableRandom random = new SplittableRandom(seed);
                    start.await();
                    long inserts = 0;
                    long unlinks = 0;
                    while (System.nanoTime() < deadline && failure.get() == null) {
                        byte[] k = key(random.nextInt(KEYS));
                        if (random.nextBoolean()) {
                            Record r = new Record(k, 0, null);
                            lives.put(r, new Life(clock.incrementAndGet()));
                            if (index.putIfAbsent(r, null) == null) {
                                inserts++;
                            } else {
                                lives.remove(r); // never entered the index
                            }
                        } else {
                            Record r = index.tree().get(k); // what a reclaimer finds in the tree
                            if (r != null) {
                                index.unlink(r, null);
                                long end = clock.incrementAndGet();
                                Life life = lives.get(r);
                                if (life != null && end < life.unlinkEnd) {
                                    life.unlinkEnd = end;
                                }
                                unlinks++;
                            }
                        }
                    }
                    return new long[] {inserts, unlinks};
                }));
            }
            for (int t = 0; t < readers; t++) {
                long seed = 200 + t;
                done.add(pool.submit(() -> {
                    SplittableRandom random = new SplittableRandom(seed);
                    start.await();
                    long hits = 0;
                    long reads = 0;
                    while (System.nanoTime() < deadline && failure.get() == null) {
                        byte[] k = key(random.nextInt(KEYS));
                        long begin = clock.incrementAndGet();
                        Record r = index.get(k.clone(), null);
                        long end = clock.incrementAndGet();
                        reads++;
                        if (r == null) {
                            continue;
                        }
                        hits++;
                        Life life = lives.get(r);
                        if (!java.util.Arrays.equals(r.key(), k)) {
                            failure.compareAndSet(null, "a read returned another key's record");
                        } else if (life == null || life.insertBegin > end) {
                            failure.compareAndSet(null, "a read returned a record not inserted by its end");
                        } else if (life.unlinkEnd < begin) {
                            failure.compareAndSet(null, "a read returned a record unlinked before it began");
                        }
                    }
                    return new long[] {hits, reads};
                }));
            }
            start.countDown();
            long[] totals = new long[4];
            for (int i = 0; i < done.size(); i++) {
                long[] r = done.get(i).get(30, TimeUnit.SECONDS);
                totals[i < writers ? 0 : 2] += r[0];
                totals[i < writers ? 1 : 3] += r[1];
            }
            pool.shutdown();
            assertNull(failure.get());
            assertTrue(totals[0] > KEYS && totals[1] > KEYS, "the writers inserted and unlinked: " + totals[0]
                    + " inserts, " + totals[1] + " unlinks");
            assertTrue(totals[2] > 0, "some reads found a record");
            // Quiescent: every key maps to the same record (or none) through the index and the tree.
            for (int k = 0; k < KEYS; k++) {
                Record inTree = index.tree().get(key(k));
                assertSame(inTree, index.get(key(k), null));
                assertSame(inTree, index.pointHash().get(key(k)), "the hash holds exactly the tree's record");
            }
            assertEquals(index.tree().size(), index.pointHash().size());
        }
    }

    @Test
    void aNonUniqueSecondaryIndexHasNoHashAndItsLookupsGoToTheTree() {
        try (ConcurrencyControl cc = Protocols.create("silo")) {
            Table table = cc.createTable("T");
            Index byValue = cc.createIndex(table, "BY_VALUE", false, (pk, row) -> row.clone());
            Index unique = cc.createIndex(table, "UNIQUE_VALUE", true, (pk, row) -> row.clone());
            assertNull(byValue.pointHash());
            assertTrue(unique.pointHash() != null && table.primary().pointHash() != null);
            Record r = new Record(key(1), 0, null);
            assertNull(byValue.putIfAbsent(r, null));
            assertSame(r, byValue.get(key(1), null));
            assertTrue(byValue.unlink(r, null));
            assertNull(byValue.get(key(1), null));
        }
    }

    @Test
    void loadedRowsAreServedByTheHash() {
        try (ConcurrencyControl cc = Protocols.create("silo")) {
            Table table = cc.createTable("T");
            Index unique = cc.createIndex(table, "UNIQUE_VALUE", true, (pk, row) -> row.clone());
            for (int k = 0; k < 100; k++) {
                assertTrue(cc.load(table, key(k), new byte[] {(byte) k, 9}));
            }
            for (int k = 0; k < 100; k++) {
                Record row = table.primary().pointHash().get(key(k));
                assertArrayEquals(new byte[] {(byte) k, 9}, row.rowAcquire());
                Record entry = unique.pointHash().get(new byte[] {(byte) k, 9});
                assertArrayEquals(key(k), entry.rowAcquire());
            }
        }
    }
}
