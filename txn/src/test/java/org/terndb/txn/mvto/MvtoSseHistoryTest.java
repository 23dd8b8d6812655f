package org.terndb.txn.mvto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.terndb.txn.silo.BankSmoke.key;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.terndb.txn.Protocols;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.TxnOptions;
import org.terndb.txn.TxnStats;
import org.terndb.txn.Worker;

/**
 * YCSB-A-like load on a few hot keys (half reads, mostly blind writes) from several threads, recorded and checked
 * against the serial order write omission claims: installed transactions at their timestamps, omitted ones just
 * below their pivots ({@link MvtoSseTransaction#lastCommitPosition()}). Replayed in that order, every read must
 * return the last write before it (omitted writes included, so an omitted version that a later reader should have
 * seen is caught), no omitted write may ever be read, and the final rows are the last writes. For {@code mvto+sse}
 * the order must also respect real time: a transaction that ended before another began comes first. With
 * {@code deferred} each worker commits with {@code commitDeferred}, keeps up to {@value #PENDING} commits waiting
 * for their epoch to close and acknowledges them once {@code isDurable} says so: a transaction then ends at its
 * acknowledgement, and a worker's transactions need not keep their order until they are acknowledged.
 */
class MvtoSseHistoryTest {
    private static final int KEYS = 8;
    private static final int THREADS = 4;
    private static final long BUDGET_NANOS = 700_000_000L;
    private static final long HARD_BUDGET_NANOS = 3_000_000_000L; // runs on to here until omissions were seen
    private static final int WANTED_OMISSIONS = 20;
    private static final int MAX_TXNS_PER_THREAD = 12_000;
    private static final int PENDING = 4;

    /** One committed transaction as recorded; loaded rows are writer 0. */
    record Committed(long id, int[] readKeys, long[] readWriters, int[] writeKeys, boolean omitted, long position,
                     long beginNanos, long endNanos, String ops) {}

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"mvto-async+sse", "mvto+sse", "mvto+sse deferred"})
    void blindWriteHeavyHotKeysFollowTheClaimedSerialOrder(String variant) throws Exception {
        String protocol = variant.split(" ")[0];
        boolean deferred = variant.endsWith(" deferred");
        TxnOptions options = TxnOptions.defaults().with("epoch_ms", protocol.startsWith("mvto-async") ? "40" : "1");
        try (MvtoConcurrencyControl cc = (MvtoConcurrencyControl) Protocols.create(protocol, options)) {
            Table t = cc.createTable("hot");
            for (int k = 0; k < KEYS; k++) {
                cc.load(t, key(k), row(0));
            }
            List<List<Committed>> perThread = new ArrayList<>();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread[] threads = new Thread[THREADS];
            long deadline = System.nanoTime() + BUDGET_NANOS;
            long hardDeadline = System.nanoTime() + HARD_BUDGET_NANOS;
            AtomicLong omissions = new AtomicLong();
            for (int n = 0; n < THREADS; n++) {
                List<Committed> out = new ArrayList<>();
                perThread.add(out);
                int thread = n;
                threads[n] = new Thread(() -> {
                    try (Worker w = cc.newWorker()) {
                        run(w, t, thread, deadline, hardDeadline, omissions, out, deferred);
                    } catch (Throwable e) {
                        failure.compareAndSet(null, e);
                    }
                }, "mvto-sse-history-" + n);
                threads[n].setDaemon(true);
                threads[n].start();
            }
            for (Thread th : threads) {
                th.join(60_000);
                assertTrue(!th.isAlive(), "a worker thread hung");
            }
            if (failure.get() != null) {
                throw new AssertionError("worker failed", failure.get());
            }
            List<Committed> all = new ArrayList<>();
            perThread.forEach(all::addAll);
            for (List<Committed> own : perThread) {
                for (int i = 1; i < own.size() && !deferred; i++) {
                    assertTrue(own.get(i - 1).position() < own.get(i).position(), "a worker's transactions out of "
                            + "order: " + own.get(i - 1).ops() + " then " + own.get(i).ops());
                }
            }
            long[] finalWriters = new long[KEYS];
            try (Worker w = cc.newWorker()) {
                Transaction tx = w.begin();
                for (int k = 0; k < KEYS; k++) {
                    finalWriters[k] = writerOf(tx.read(t, key(k)));
                }
                tx.commit();
            }
            List<String> violations = check(all, finalWriters, cc.groupCommit());
            TxnStats stats = cc.stats();
            long omittedTxns = all.stream().filter(Committed::omitted).count();
            long omittedWrites = all.stream().filter(Committed::omitted).mapToLong(c -> c.writeKeys().length).sum();
            System.out.printf("%s history: %d committed (%d omitted), %s%n", variant, all.size(), omittedTxns, stats);
            if (!violations.isEmpty()) {
                fail(violations.size() + " violation(s), first:\n"
                        + String.join("\n", violations.subList(0, Math.min(5, violations.size()))));
            }
            assertEquals(omittedWrites, stats.omittedWrites(), "omitted-write statistics");
            assertTrue(omittedTxns > 0, "hot blind writers must sometimes get omitted: " + stats);
        }
    }

    /** Negative controls: the checker finds what it must find. */
    @org.junit.jupiter.api.Test
    void checkerFindsReadsThatMissAnOmittedWriteAndRealTimeInversions() {
        long[] finals = new long[KEYS];
        finals[0] = 2;
        Committed pivot = new Committed(2, new int[0], new long[0], new int[] {0}, false, 20, 0, 1, "pivot");
        Committed omitted = new Committed(3, new int[0], new long[0], new int[] {0}, true, 19, 0, 1, "omitted");
        Committed before = new Committed(4, new int[] {0}, new long[] {0}, new int[0], false, 18, 0, 1, "before");
        assertTrue(check(List.of(pivot, omitted, before), finals, false).isEmpty(), "a valid history");
        Committed between = new Committed(5, new int[] {0}, new long[] {0}, new int[0], false, 19, 0, 1, "between");
        assertEquals(1, check(List.of(pivot, omitted, between), finals, false).size(),
                "a reader at the omitted write's position that did not see it");
        Committed readsOmitted = new Committed(6, new int[] {0}, new long[] {3}, new int[0], false, 22, 0, 1, "ro");
        assertTrue(check(List.of(pivot, omitted, readsOmitted), finals, false).size() >= 1);
        Committed early = new Committed(7, new int[0], new long[0], new int[0], false, 10, 5, 6, "early");
        assertEquals(1, check(List.of(pivot, early), finals, true).size(), "began after the pivot returned");
        assertTrue(check(List.of(pivot, early), finals, false).isEmpty());
    }

    private static byte[] row(long writer) {
        return ByteBuffer.allocate(8).putLong(writer).array();
    }

    private static long writerOf(byte[] row) {
        return ByteBuffer.wrap(row).getLong();
    }

    /** Half reads, 40% blind updates, 10% read-modify-writes, one to four operations per transaction. */
    private static void run(Worker w, Table t, int thread, long deadline, long hardDeadline,
                            AtomicLong omissions, List<Committed> out, boolean deferred) {
        java.util.ArrayDeque<long[]> pending = new java.util.ArrayDeque<>(); // {index in out, epoch}, oldest first
        SplittableRandom rnd = new SplittableRandom(0x5EED + thread);
        long seq = 0;
        long[] seen = new long[KEYS];
        boolean[] hasSeen = new boolean[KEYS];
        boolean[] wrote = new boolean[KEYS];
        for (int n = 0; n < MAX_TXNS_PER_THREAD; n++) {
            long now = System.nanoTime();
            if (now >= hardDeadline || (now >= deadline && omissions.get() >= WANTED_OMISSIONS)) {
                break;
            }
            long id = (long) (thread + 1) << 40 | ++seq;
            int ops = 1 + rnd.nextInt(4);
            long opSeed = rnd.nextLong();
            while (true) {
                Arrays.fill(hasSeen, false);
                Arrays.fill(wrote, false);
                StringBuilder log = new StringBuilder();
                boolean unrepeatable = false;
                SplittableRandom r = new SplittableRandom(opSeed);
                long begin = System.nanoTime();
                long epoch = 0;
                Transaction tx = w.begin();
                try {
                    for (int i = 0; i < ops; i++) {
                        int k = r.nextInt(4) == 0 ? r.nextInt(KEYS) : r.nextInt(2); // two very hot keys
                        int kind = r.nextInt(100);
                        if ((kind < 50 || kind >= 90) && !wrote[k]) {
                            long v = writerOf(tx.read(t, key(k)));
                            if (hasSeen[k] && seen[k] != v) {
                                unrepeatable = true; // commit must then fail
                            }
                            hasSeen[k] = true;
                            seen[k] = v;
                            log.append("r k").append(k).append('=').append(v).append("; ");
                        }
                        if (kind >= 50 && !wrote[k]) {
                            if (!tx.updateBlind(t, key(k), row(id))) {
                                throw new AssertionError("a loaded row disappeared");
                            }
                            wrote[k] = true;
                            log.append(hasSeen[k] ? "rmw k" : "w k").append(k).append("; ");
                        }
                        if (r.nextInt(4) == 0) {
                            spin(1 + r.nextInt(5));
                        }
                    }
                    if (r.nextInt(3) == 0) {
                        spin(5 + r.nextInt(r.nextInt(4) == 0 ? 80 : 20)); // others install pivots meanwhile
                    }
                    if (deferred) {
                        epoch = tx.commitDeferred();
                    } else {
                        tx.commit();
                    }
                } catch (TransactionAbortedException e) {
                    w.backoff();
                    continue;
                }
                long end = deferred ? Long.MAX_VALUE : System.nanoTime(); // deferred: set at the acknowledgement
                if (unrepeatable) {
                    throw new AssertionError("committed after reading one key twice with different values: " + log);
                }
                MvtoSseTransaction st = (MvtoSseTransaction) tx;
                if (st.lastCommitOmitted()) {
                    omissions.incrementAndGet();
                }
                int reads = 0;
                int writes = 0;
                for (int k = 0; k < KEYS; k++) {
                    reads += hasSeen[k] ? 1 : 0;
                    writes += wrote[k] ? 1 : 0;
                }
                int[] rk = new int[reads];
                long[] rw = new long[reads];
                int[] wk = new int[writes];
                for (int k = 0, ri = 0, wi = 0; k < KEYS; k++) {
                    if (hasSeen[k]) {
                        rk[ri] = k;
                        rw[ri++] = seen[k];
                    }
                    if (wrote[k]) {
                        wk[wi++] = k;
                    }
                }
                out.add(new Committed(id, rk, rw, wk, st.lastCommitOmitted(), st.lastCommitPosition(), begin, end,
                        log.toString()));
                if (deferred) {
                    pending.add(new long[] {out.size() - 1, epoch});
                    if (pending.size() >= PENDING) {
                        w.awaitDurable(pending.peek()[1]);
                    }
                    acknowledge(w, pending, out, false);
                }
                break;
            }
        }
        acknowledge(w, pending, out, true);
    }

    /** Ends the pending commits that may be acknowledged (all of them, waiting, if {@code all}), oldest first. */
    private static void acknowledge(Worker w, java.util.ArrayDeque<long[]> pending, List<Committed> out, boolean all) {
        while (!pending.isEmpty()) {
            long[] p = pending.peek();
            if (all) {
                w.awaitDurable(p[1]);
            } else if (!w.isDurable(p[1])) {
                return;
            }
            pending.poll();
            Committed c = out.get((int) p[0]);
            out.set((int) p[0], new Committed(c.id(), c.readKeys(), c.readWriters(), c.writeKeys(), c.omitted(),
                    c.position(), c.beginNanos(), System.nanoTime(), c.ops()));
        }
    }

    private static void spin(int micros) {
        long end = System.nanoTime() + micros * 1_000L;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
    }

    /** Replays the history in claimed serial order; returns the violations found. */
    static List<String> check(List<Committed> all, long[] finalWriters, boolean realTime) {
        List<String> violations = new ArrayList<>();
        Map<Long, Committed> byId = new HashMap<>();
        all.forEach(c -> byId.put(c.id(), c));
        // Writers of each key in claimed order (position, then id for equal positions of omitted writers).
        List<List<Committed>> writers = new ArrayList<>();
        for (int k = 0; k < KEYS; k++) {
            writers.add(new ArrayList<>());
        }
        for (Committed c : all) {
            for (int k : c.writeKeys()) {
                writers.get(k).add(c);
            }
        }
        for (List<Committed> ws : writers) {
            ws.sort(Comparator.comparingLong(Committed::position).thenComparingLong(Committed::id));
        }
        for (Committed c : all) {
            for (int i = 0; i < c.readKeys().length; i++) {
                int k = c.readKeys()[i];
                long got = c.readWriters()[i];
                Committed source = byId.get(got);
                if (got != 0 && source == null) {
                    violations.add(c.ops() + ": read a value no committed transaction wrote (k" + k + "=" + got + ")");
                    continue;
                }
                if (source != null && source.omitted()) {
                    violations.add(c.ops() + ": read the omitted write of " + source.ops());
                }
                // The last writer of k at or before c's position, other than c (an equal position is a conflict).
                long expected = 0;
                for (Committed w : writers.get(k)) {
                    if (w.position() > c.position()) {
                        break;
                    }
                    if (w != c) {
                        expected = w.id();
                    }
                }
                if (expected != got) {
                    Committed e = byId.get(expected);
                    violations.add("at " + c.position() + (c.omitted() ? " (omitted) " : " ") + c.ops() + ": read k" + k
                            + " from " + (source == null ? "load" : source.position() + " " + source.ops())
                            + " but the last write before it is " + (e == null ? "the load"
                            : e.position() + (e.omitted() ? " (omitted) " : " ") + e.ops()));
                }
            }
        }
        for (int k = 0; k < KEYS; k++) {
            List<Committed> ws = writers.get(k);
            long last = ws.isEmpty() ? 0 : ws.get(ws.size() - 1).id();
            if (last != finalWriters[k]) {
                violations.add("final row of k" + k + " is from " + finalWriters[k] + " but the last write is " + last);
            }
        }
        if (realTime) {
            List<Committed> byEnd = new ArrayList<>(all);
            byEnd.sort(Comparator.comparingLong(Committed::endNanos));
            long[] ends = new long[byEnd.size()];
            long[] maxPosition = new long[byEnd.size()];
            long max = Long.MIN_VALUE;
            for (int i = 0; i < byEnd.size(); i++) {
                ends[i] = byEnd.get(i).endNanos();
                max = Math.max(max, byEnd.get(i).position());
                maxPosition[i] = max;
            }
            for (Committed c : all) {
                int before = Arrays.binarySearch(ends, c.beginNanos());
                before = before >= 0 ? before - 1 : -before - 2; // last transaction that ended before c began
                while (before >= 0 && ends[before] >= c.beginNanos()) {
                    before--;
                }
                if (before >= 0 && maxPosition[before] >= c.position()) {
                    violations.add("real time: " + c.ops() + " at " + c.position()
                            + " began after a transaction at or above that position had returned");
                }
            }
        }
        return violations;
    }
}
