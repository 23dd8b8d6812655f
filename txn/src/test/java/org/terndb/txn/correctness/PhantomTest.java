package org.terndb.txn.correctness;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.Index;
import org.terndb.txn.RowVisitor;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.Worker;
import org.terndb.txn.common.Backoff;

/**
 * Phantoms: range scans racing with inserts and deletes into the range. Serializable protocols must make a
 * committed scan agree with a serial order: a scan's count equals the insert/delete counter read in the same
 * transaction, a "at most N rows" rule checked by scanning is never broken, and in forced two-transaction
 * interleavings a scanner and a concurrent inserter/deleter never both commit on views that no serial order
 * explains. SI is exempt (predicate write skew is allowed there).
 */
class PhantomTest {

    // ---------------------------------------------------------------- scan count vs. counter

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.terndb.txn.correctness.ProtocolsUnderTest#names")
    void committedScanCountsAlwaysMatchTheInsertDeleteCounter(String protocol) {
        for (long seed : Harness.seeds(21)) {
            try (ConcurrencyControl cc = ProtocolsUnderTest.open(protocol)) {
                assumeTrue(cc.isSerializable(), "phantoms are allowed under " + protocol);
                summaries(cc, seed, 350).assertNone();
            }
        }
    }

    /** Item keys are drawn from a large domain, so nearly every insert creates a new record in the tree. */
    private static final int DOMAIN = 1 << 20;
    private static final int INITIAL_ITEMS = 60; // about one 64-record scan chunk: counts cross chunk boundaries

    private static byte[] item(int i) {
        return Bytes.ints(0x10, i);
    }

    /**
     * Mutators insert a new item or delete the first item at or after a random key, and move the counter by one
     * in the same transaction; summarizers count
     * the items with a scan (forward, reverse, with a limit above the range size) and read the counter, in either
     * order, and write both into a summary row. Every committed summary must have count == counter.
     */
    static Violations summaries(ConcurrencyControl cc, long seed, long budgetMillis) {
        Violations v = new Violations(cc.name() + " phantom-summary(seed " + seed + ")");
        Table table = cc.createTable("items");
        byte[] counter = Bytes.ints(0x20, 0);
        byte[] summary = Bytes.ints(0x30, 0);
        for (int i = 0; i < INITIAL_ITEMS; i++) {
            cc.load(table, item(i * (DOMAIN / INITIAL_ITEMS)), Bytes.ints(i));
        }
        cc.load(table, counter, Bytes.longs(INITIAL_ITEMS));
        cc.load(table, summary, Bytes.longs(0, 0));
        long deadline = System.nanoTime() + Harness.budgetNanos(budgetMillis);
        AtomicLong summariesCommitted = new AtomicLong();

        Harness.runThreads(cc, "phantom-summary", Harness.THREADS, (thread, w) -> {
            SplittableRandom rnd = new SplittableRandom(seed * 7919 + thread);
            while (System.nanoTime() < deadline) {
                if (rnd.nextInt(100) < 65) {
                    int i = rnd.nextInt(DOMAIN);
                    boolean insert = rnd.nextBoolean();
                    Harness.inTxn(w, t -> {
                        long delta = 0;
                        if (insert) {
                            if (t.read(table, item(i)) == null && t.insert(table, item(i), Bytes.ints(i))) {
                                delta = 1;
                            }
                        } else {
                            byte[][] victim = new byte[1][];
                            RowVisitor first = (k, row) -> {
                                victim[0] = k;
                                return false;
                            };
                            if (t.scan(table.primary(), item(i), true, item(DOMAIN - 1), true, false, 1, first) == 0) {
                                t.scan(table.primary(), item(0), true, item(DOMAIN - 1), true, false, 1, first);
                            }
                            if (victim[0] != null && t.delete(table, victim[0])) {
                                delta = -1;
                            }
                        }
                        Harness.think(rnd);
                        long c = Bytes.getLong(t.read(table, counter), 0);
                        t.update(table, counter, Bytes.longs(c + delta));
                        return null;
                    });
                } else {
                    int how = rnd.nextInt(4);
                    boolean write = rnd.nextBoolean();
                    long[] seen = Harness.inTxn(w, t -> {
                        long c = how == 3 ? Bytes.getLong(t.read(table, counter), 0) : -1;
                        long n = countItems(t, table, how == 1, how == 2 ? 100_000 : 0, v);
                        Backoff.spinMicros(1 + rnd.nextInt(20)); // the window a phantom must be caught in
                        Harness.think(rnd);
                        if (how != 3) {
                            c = Bytes.getLong(t.read(table, counter), 0);
                        }
                        if (write) {
                            t.update(table, summary, Bytes.longs(n, c));
                        }
                        return new long[] {n, c};
                    });
                    summariesCommitted.incrementAndGet();
                    if (seen[0] != seen[1]) {
                        v.add("a committed summary counted " + seen[0] + " items but read counter " + seen[1]
                                + " (scan " + (how == 1 ? "reverse" : how == 2 ? "with limit" : "forward")
                                + (how == 3 ? ", counter read first" : ", counter read after the scan") + ")");
                    }
                }
            }
        });

        try (Worker w = cc.newWorker()) {
            long[] end = Harness.inTxn(w, t -> new long[] {countItems(t, table, false, 0, v),
                    Bytes.getLong(t.read(table, counter), 0)});
            if (end[0] != end[1]) {
                v.add("after the run: " + end[0] + " items but counter " + end[1]);
            }
        }
        System.out.printf("%s: %d summaries; %s%n", v.context(), summariesCommitted.get(), cc.stats());
        return v;
    }

    /** Counts the items with one scan; checks order and bounds of what the scan returns (always wrong if not). */
    private static long countItems(Transaction t, Table table, boolean reverse, int limit, Violations v) {
        long[] state = {0, reverse ? Long.MAX_VALUE : -1};
        t.scan(table.primary(), item(0), true, item(DOMAIN - 1), true, reverse, limit, (k, row) -> {
            int i = Bytes.getInt(k, 4);
            if (Bytes.getInt(k, 0) != 0x10 || i < 0 || i >= DOMAIN) {
                v.add("scan returned key " + Bytes.hex(k) + " outside its bounds");
            } else if (reverse ? i >= state[1] : i <= state[1]) {
                v.add("scan returned item " + i + " after item " + state[1] + (reverse ? " in reverse" : ""));
            }
            state[1] = i;
            state[0]++;
            return true;
        });
        return state[0];
    }

    // ---------------------------------------------------------------- "at most N rows" rule

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.terndb.txn.correctness.ProtocolsUnderTest#names")
    void aRangeSizeLimitCheckedByScanningIsNeverExceeded(String protocol) {
        for (long seed : Harness.seeds(22)) {
            try (ConcurrencyControl cc = ProtocolsUnderTest.open(protocol)) {
                assumeTrue(cc.isSerializable(), "predicate write skew is allowed under " + protocol);
                cappedRange(cc, seed, 300).assertNone();
            }
        }
    }

    private static final int CAP = 5;
    private static final int SLOTS = 1 << 20; // large, so that nearly every insert creates a new record

    /**
     * Each transaction counts the rows of a range by scanning and inserts a new row only if fewer than CAP are
     * there (otherwise, or sometimes, deletes one it saw). No record is shared between the transactions but the
     * range itself, so only phantom protection keeps the count at or below CAP.
     */
    static Violations cappedRange(ConcurrencyControl cc, long seed, long budgetMillis) {
        Violations v = new Violations(cc.name() + " capped-range(cap " + CAP + ", seed " + seed + ")");
        Table table = cc.createTable("capped");
        for (int i = 0; i < CAP - 2; i++) {
            cc.load(table, Bytes.ints(0x40, i * (SLOTS / CAP)), Bytes.ints(i));
        }
        byte[] lo = Bytes.ints(0x40, 0);
        byte[] hi = Bytes.ints(0x40, SLOTS);
        long deadline = System.nanoTime() + Harness.budgetNanos(budgetMillis);

        Harness.runThreads(cc, "capped", Harness.THREADS, (thread, w) -> {
            SplittableRandom rnd = new SplittableRandom(seed * 104_729 + thread);
            while (System.nanoTime() < deadline) {
                boolean reverse = rnd.nextBoolean();
                int slot = rnd.nextInt(SLOTS);
                int pick = rnd.nextInt(100);
                int seen = Harness.inTxn(w, t -> {
                    List<byte[]> rows = new ArrayList<>();
                    t.scan(table.primary(), lo, true, hi, false, reverse, 0, (k, row) -> rows.add(k));
                    Harness.think(rnd);
                    if (rows.size() < CAP && pick < 70) {
                        t.insert(table, Bytes.ints(0x40, slot), Bytes.ints(slot));
                    } else if (!rows.isEmpty()) {
                        t.delete(table, rows.get(pick % rows.size()));
                    }
                    return rows.size();
                });
                if (seen > CAP) {
                    v.add("a committed transaction scanned " + seen + " rows in a range capped at " + CAP);
                }
            }
        });

        try (Worker w = cc.newWorker()) {
            int end = Harness.inTxn(w, t -> t.scan(table.primary(), lo, true, hi, false, false, 0, (k, r) -> true));
            if (end > CAP) {
                v.add("after the run the capped range holds " + end + " rows (cap " + CAP + ")");
            }
        }
        System.out.printf("%s: %s%n", v.context(), cc.stats());
        return v;
    }

    // ---------------------------------------------------------------- forced interleavings

    enum Change { INSERT, DELETE }

    /**
     * T1 reads a range (or misses a point read), T2 then reads X, changes the range and commits, T1 then writes X
     * and commits. If both commit, T1 saw the range before T2's change, so T1 precedes T2 in any serial order, and
     * then T2 must have read T1's X: T2 reading the old X closes a cycle.
     *
     * @param key    the key T2 inserts or deletes
     * @param tagged the row T2 inserts has this tag (the secondary key the scan of case "secondary" covers)
     */
    record Case(String name, Change change, int key, int tag, Scan scan) {}

    /** T1's read: a scan of [lo, hi] over the primary index or the tag index, or a point read if point >= 0. */
    record Scan(boolean secondary, int lo, int hi, boolean reverse, int limit, int point) {
        static Scan range(int lo, int hi, boolean reverse, int limit) {
            return new Scan(false, lo, hi, reverse, limit, -1);
        }
    }

    static List<Case> cases() {
        return List.of(
                new Case("insert into an empty scanned range", Change.INSERT, 55, 55, Scan.range(50, 60, false, 0)),
                new Case("insert into a forward-scanned range", Change.INSERT, 20, 20, Scan.range(5, 40, false, 0)),
                new Case("insert into a reverse-scanned range", Change.INSERT, 20, 20, Scan.range(5, 40, true, 0)),
                new Case("insert before a forward limit scan's last row", Change.INSERT, 7, 7,
                        Scan.range(5, 40, false, 1)),
                new Case("insert after a reverse limit scan's last row", Change.INSERT, 35, 35,
                        Scan.range(5, 40, true, 1)),
                new Case("insert into a scanned secondary-index range", Change.INSERT, 50, 20,
                        new Scan(true, 5, 40, false, 0, -1)),
                new Case("insert of a key a point read missed", Change.INSERT, 20, 20, new Scan(false, 0, 0, false, 0, 20)),
                new Case("delete from a forward-scanned range", Change.DELETE, 10, 10, Scan.range(5, 40, false, 0)),
                new Case("delete from a reverse-scanned range", Change.DELETE, 30, 30, Scan.range(5, 40, true, 0)),
                new Case("delete of a reverse limit scan's row", Change.DELETE, 30, 30, Scan.range(5, 40, true, 1)),
                new Case("delete from a scanned secondary-index range", Change.DELETE, 10, 10,
                        new Scan(true, 5, 40, false, 0, -1)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.terndb.txn.correctness.ProtocolsUnderTest#names")
    void aScannerAndAConcurrentInserterOrDeleterNeverBothCommitOnStaleViews(String protocol) {
        Violations all = new Violations(protocol + " interleavings");
        for (Case c : cases()) {
            try (ConcurrencyControl cc = ProtocolsUnderTest.open(protocol)) {
                assumeTrue(cc.isSerializable(), "phantoms are allowed under " + protocol);
                String outcome = interleave(cc, c, all);
                System.out.printf("%s interleaving '%s': %s%n", protocol, c.name(), outcome);
            }
        }
        all.assertNone();
    }

    private static final int X = 1000;
    private static final int[] PRELOADED = {10, 30};

    /** Runs one case on a fresh table; adds a violation if both commit on stale views; returns what happened. */
    static String interleave(ConcurrencyControl cc, Case c, Violations v) {
        Table table = cc.createTable("interleave");
        Index byTag = cc.createIndex(table, "by_tag", false, (k, row) -> Bytes.concat(row, k));
        for (int k : PRELOADED) {
            cc.load(table, Bytes.ints(k), Bytes.ints(k));
        }
        cc.load(table, Bytes.ints(X), Bytes.longs(0));
        List<Integer> before = expectedView(c.scan());

        CountDownLatch t1Read = new CountDownLatch(1);
        AtomicBoolean t2Started = new AtomicBoolean();
        AtomicBoolean t2Done = new AtomicBoolean();
        Thread[] threads = new Thread[2];
        AtomicReference<Harness.Attempt<List<Integer>>> r1 = new AtomicReference<>();
        AtomicReference<Harness.Attempt<Long>> r2 = new AtomicReference<>();

        Harness.runThreads(cc, "interleave", 2, (me, w) -> {
            threads[me] = Thread.currentThread();
            if (me == 0) {
                try {
                    r1.set(Harness.attempt(w, t -> {
                        List<Integer> seen = read(t, table, byTag, c.scan());
                        t1Read.countDown();
                        long spinUntil = System.nanoTime() + 10_000_000_000L;
                        while (!t2Started.get() && System.nanoTime() < spinUntil) {
                            Thread.onSpinWait();
                        }
                        Harness.awaitOrBlocked(threads[1], t2Done::get, 300);
                        t.update(table, Bytes.ints(X), Bytes.longs(1 + seen.size()));
                        return seen;
                    }));
                } finally {
                    t1Read.countDown();
                }
            } else {
                if (!t1Read.await(10, TimeUnit.SECONDS)) {
                    throw new AssertionError("T1 never reached its scan");
                }
                t2Started.set(true);
                try {
                    r2.set(Harness.attempt(w, t -> {
                        long x = Bytes.getLong(t.read(table, Bytes.ints(X)), 0);
                        if (c.change() == Change.INSERT) {
                            t.insert(table, Bytes.ints(c.key()), Bytes.ints(c.tag()));
                        } else {
                            t.delete(table, Bytes.ints(c.key()));
                        }
                        return x;
                    }));
                } finally {
                    t2Done.set(true);
                }
            }
        });

        Harness.Attempt<List<Integer>> a1 = r1.get();
        Harness.Attempt<Long> a2 = r2.get();
        String outcome = "T1 " + describe(a1) + (a1.committed() ? " having read " + a1.value() : "") + ", T2 "
                + describe(a2) + (a2.committed() ? " having read X=" + a2.value() : "");
        if (a1.committed() && a2.committed() && a1.value().equals(before) && a2.value() == 0) {
            v.add(c.name() + ": both committed, T1 read " + before + " before T2's " + c.change()
                    + " of key " + c.key() + " and T2 read X before T1 wrote it (a cycle)");
        }
        return outcome;
    }

    private static String describe(Harness.Attempt<?> a) {
        return a.committed() ? "committed" : "aborted (" + a.abort().reason() + ")";
    }

    private static List<Integer> read(Transaction t, Table table, Index byTag, Scan s) {
        List<Integer> seen = new ArrayList<>();
        if (s.point() >= 0) {
            if (t.read(table, Bytes.ints(s.point())) != null) {
                seen.add(s.point());
            }
            return seen;
        }
        Index index = s.secondary() ? byTag : table.primary();
        t.scan(index, Bytes.ints(s.lo()), true, Bytes.ints(s.hi()), true, s.reverse(), s.limit(), (k, row) -> {
            seen.add(Bytes.getInt(k, 0));
            return true;
        });
        return seen;
    }

    /** What T1 sees before T2's change (the preloaded rows have tag == key). */
    private static List<Integer> expectedView(Scan s) {
        List<Integer> seen = new ArrayList<>();
        if (s.point() >= 0) {
            return seen; // the point read key is never preloaded
        }
        for (int k : PRELOADED) {
            if (k >= s.lo() && k <= s.hi()) {
                seen.add(k);
            }
        }
        if (s.reverse()) {
            java.util.Collections.reverse(seen);
        }
        return s.limit() > 0 && seen.size() > s.limit() ? seen.subList(0, s.limit()) : seen;
    }
}
