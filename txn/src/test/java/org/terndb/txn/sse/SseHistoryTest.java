package org.terndb.txn.sse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.terndb.txn.silo.BankSmoke.key;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.TxnOptions;
import org.terndb.txn.TxnStats;
import org.terndb.txn.Worker;

/**
 * YCSB-A-like load on a few hot keys (half reads, half writes, mostly blind) from several threads, recorded and
 * checked against the version order SSE claims: installed versions in TID order, each omitted version just before
 * the pivot of its record in its epoch (which the commit that set it reports). The serialization graph over that
 * order (wr, rw, and ww except into omitted versions, which nobody reads) must be acyclic, no omitted version may
 * ever be read, and every omitted write must have a pivot.
 */
class SseHistoryTest {
    private static final int KEYS = 8;
    private static final int THREADS = 4;
    private static final long BUDGET_NANOS = 600_000_000L;
    private static final int MAX_TXNS_PER_THREAD = 4_000;

    /** One committed transaction as recorded; the writer id of what it read, per key; loaded rows are writer 0. */
    record Committed(long id, int[] readKeys, long[] readWriters, int[] writeKeys, boolean omitted, long epoch,
                     long tid, int[] pivotKeys, String ops) {}

    @ParameterizedTest(name = "epoch_ms={0}")
    @ValueSource(ints = {40, 2})
    void blindWriteHeavyHotKeysHaveAnAcyclicSerializationGraph(int epochMillis) throws Exception {
        try (SseConcurrencyControl cc = new SseConcurrencyControl(
                TxnOptions.defaults().with("epoch_ms", Integer.toString(epochMillis)))) {
            Table t = cc.createTable("hot");
            for (int k = 0; k < KEYS; k++) {
                cc.load(t, key(k), row(0));
            }
            List<List<Committed>> perThread = new ArrayList<>();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread[] threads = new Thread[THREADS];
            long deadline = System.nanoTime() + BUDGET_NANOS;
            for (int n = 0; n < THREADS; n++) {
                List<Committed> out = new ArrayList<>();
                perThread.add(out);
                int thread = n;
                threads[n] = new Thread(() -> {
                    try (Worker w = cc.newWorker()) {
                        run(w, t, thread, deadline, out);
                    } catch (Throwable e) {
                        failure.compareAndSet(null, e);
                    }
                }, "sse-history-" + n);
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
            long[] finalWriters = new long[KEYS];
            try (Worker w = cc.newWorker()) {
                Transaction tx = w.begin();
                for (int k = 0; k < KEYS; k++) {
                    finalWriters[k] = writerOf(tx.read(t, key(k)));
                }
                tx.commit();
            }
            List<String> violations = check(all, finalWriters);
            TxnStats stats = cc.stats();
            long omittedTxns = all.stream().filter(Committed::omitted).count();
            long omittedWrites = all.stream().filter(Committed::omitted).mapToLong(c -> c.writeKeys().length).sum();
            System.out.printf("silo+sse history epoch_ms=%d: %d committed (%d omitted), %s%n", epochMillis,
                    all.size(), omittedTxns, stats);
            if (!violations.isEmpty()) {
                fail(violations.size() + " violation(s), first:\n" + String.join("\n", violations.subList(0,
                        Math.min(5, violations.size()))));
            }
            assertEquals(omittedWrites, stats.omittedWrites(), "omitted-write statistics");
            if (epochMillis >= 40) {
                assertTrue(omittedTxns > 0, "hot blind writers within one epoch must get omitted: " + stats);
            }
        }
    }

    private static byte[] row(long writer) {
        return ByteBuffer.allocate(8).putLong(writer).array();
    }

    private static long writerOf(byte[] row) {
        return ByteBuffer.wrap(row).getLong();
    }

    private static int keyOf(byte[] key) {
        return ByteBuffer.wrap(key).getInt();
    }

    /** Half reads, 40% blind updates, 10% read-modify-writes, one to four operations per transaction. */
    private static void run(Worker w, Table t, int thread, long deadline, List<Committed> out) {
        SplittableRandom rnd = new SplittableRandom(0x5EED + thread);
        long seq = 0;
        long[] seen = new long[KEYS];
        boolean[] hasSeen = new boolean[KEYS];
        boolean[] wrote = new boolean[KEYS];
        for (int n = 0; n < MAX_TXNS_PER_THREAD && System.nanoTime() < deadline; n++) {
            long id = (long) (thread + 1) << 40 | ++seq;
            int ops = 1 + rnd.nextInt(4);
            long opSeed = rnd.nextLong();
            while (true) {
                Arrays.fill(hasSeen, false);
                Arrays.fill(wrote, false);
                StringBuilder log = new StringBuilder();
                boolean unrepeatable = false;
                SplittableRandom r = new SplittableRandom(opSeed);
                Transaction tx = w.begin();
                try {
                    for (int i = 0; i < ops; i++) {
                        int k = r.nextInt(4) == 0 ? r.nextInt(KEYS) : r.nextInt(2); // two very hot keys
                        int kind = r.nextInt(100);
                        if (kind < 50 || (kind >= 90 && !hasSeen[k] && !wrote[k])) {
                            if (!wrote[k]) {
                                long v = writerOf(tx.read(t, key(k)));
                                if (hasSeen[k] && seen[k] != v) {
                                    unrepeatable = true; // optimistic reads may differ; commit must then fail
                                }
                                hasSeen[k] = true;
                                seen[k] = v;
                                log.append("r k").append(k).append('=').append(name(v)).append("; ");
                            }
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
                    tx.commit();
                } catch (TransactionAbortedException e) {
                    w.backoff();
                    continue;
                }
                if (unrepeatable) {
                    throw new AssertionError("committed after reading one key twice with different values: " + log);
                }
                SseTransaction st = (SseTransaction) tx;
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
                int[] pivots = new int[st.lastCommitPivots()];
                for (int p = 0; p < pivots.length; p++) {
                    pivots[p] = keyOf(st.lastCommitPivot(p).key());
                }
                out.add(new Committed(id, rk, rw, wk, st.lastCommitOmitted(), st.lastCommitEpoch(),
                        st.lastCommitTid(), pivots, log.toString()));
                break;
            }
        }
    }

    private static void spin(int micros) {
        long end = System.nanoTime() + micros * 1_000L;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
    }

    static String name(long id) {
        return id == 0 ? "loaded" : "T" + (id >>> 40) + "." + (id & ((1L << 40) - 1));
    }

    // ---------------------------------------------------------------- the check

    /**
     * Builds the graph over the claimed version order and returns the violations. Nodes: transactions, plus one
     * "slot" node per (key, installed version v_p) standing for the omitted versions placed just before v_p and
     * after it (slot p -> slot p+1), so that a reader of v_i reaches every later omitted version without an edge
     * per pair.
     */
    static List<String> check(List<Committed> txns, long[] finalWriters) {
        List<String> violations = new ArrayList<>();
        int n = txns.size();
        Map<Long, Integer> node = new HashMap<>();
        for (int i = 0; i < n; i++) {
            node.put(txns.get(i).id(), i);
        }
        // installed versions per key, in TID order (index 0: the loaded row)
        List<List<long[]>> versions = new ArrayList<>();
        for (int k = 0; k < KEYS; k++) {
            List<long[]> vs = new ArrayList<>();
            vs.add(new long[] {0, 0});
            versions.add(vs);
        }
        Map<String, Long> pivotOf = new HashMap<>();
        for (Committed c : txns) {
            if (!c.omitted()) {
                for (int k : c.writeKeys()) {
                    versions.get(k).add(new long[] {c.tid(), c.id()});
                }
                for (int k : c.pivotKeys()) {
                    Long other = pivotOf.put(k + "@" + c.epoch(), c.id());
                    if (other != null) {
                        violations.add("two pivots of k" + k + " in epoch " + c.epoch() + ": " + name(other) + ", "
                                + name(c.id()));
                    }
                }
            }
        }
        List<Map<Long, Integer>> position = new ArrayList<>();
        int[] slotBase = new int[KEYS];
        int nodes = n;
        for (int k = 0; k < KEYS; k++) {
            List<long[]> vs = versions.get(k);
            vs.sort((x, y) -> Long.compare(x[0], y[0]));
            Map<Long, Integer> pos = new HashMap<>();
            for (int p = 0; p < vs.size(); p++) {
                if (p > 0 && vs.get(p)[0] == vs.get(p - 1)[0]) {
                    violations.add("two versions of k" + k + " with one TID");
                }
                pos.put(vs.get(p)[1], p);
            }
            position.add(pos);
            slotBase[k] = nodes;
            nodes += vs.size();
            long last = vs.get(vs.size() - 1)[1];
            if (last != finalWriters[k]) {
                violations.add("k" + k + " ends with " + name(finalWriters[k]) + " but its newest version is "
                        + name(last));
            }
        }
        List<int[]> edges = new ArrayList<>();
        for (int k = 0; k < KEYS; k++) {
            List<long[]> vs = versions.get(k);
            for (int p = 1; p < vs.size(); p++) {
                if (vs.get(p - 1)[1] != 0) {
                    edges.add(new int[] {node.get(vs.get(p - 1)[1]), node.get(vs.get(p)[1])}); // ww
                }
                edges.add(new int[] {slotBase[k] + p - 1, slotBase[k] + p});
            }
        }
        for (int i = 0; i < n; i++) {
            Committed c = txns.get(i);
            if (c.omitted()) {
                for (int k : c.writeKeys()) {
                    Long pivot = pivotOf.get(k + "@" + c.epoch());
                    if (pivot == null) {
                        violations.add(name(c.id()) + " was omitted with no pivot of k" + k + " in epoch "
                                + c.epoch() + ": its write is lost\n  " + c.ops());
                        continue;
                    }
                    int p = position.get(k).get(pivot);
                    edges.add(new int[] {i, node.get(pivot)});    // ww: the omitted version precedes the pivot
                    edges.add(new int[] {slotBase[k] + p, i});    // rw: from readers of earlier versions
                }
            }
            for (int j = 0; j < c.readKeys().length; j++) {
                int k = c.readKeys()[j];
                long w = c.readWriters()[j];
                Integer p = position.get(k).get(w);
                if (p == null) {
                    Integer wn = node.get(w);
                    violations.add(name(c.id()) + " read k" + k + " from " + name(w)
                            + (wn == null ? ", which never committed" : ", whose write was omitted") + "\n  "
                            + c.ops());
                    continue;
                }
                if (w != 0 && w != c.id()) {
                    edges.add(new int[] {node.get(w), i}); // wr
                }
                List<long[]> vs = versions.get(k);
                if (p + 1 < vs.size()) {
                    long next = vs.get(p + 1)[1];
                    if (next != c.id()) {
                        edges.add(new int[] {i, node.get(next)}); // rw to the next installed version
                    }
                    edges.add(new int[] {i, slotBase[k] + p + 1}); // rw to omitted versions after v_p
                }
            }
        }
        String cycle = findCycle(nodes, edges, txns);
        if (cycle != null) {
            violations.add(0, cycle);
        }
        return violations;
    }

    /** Kahn's algorithm; on leftovers, walks predecessors inside them until a node repeats and prints that cycle. */
    private static String findCycle(int nodes, List<int[]> edges, List<Committed> txns) {
        int[] indegree = new int[nodes];
        int[] start = new int[nodes + 1];
        for (int[] e : edges) {
            start[e[0] + 1]++;
            indegree[e[1]]++;
        }
        for (int i = 0; i < nodes; i++) {
            start[i + 1] += start[i];
        }
        int[] adj = new int[edges.size()];
        int[] fill = Arrays.copyOf(start, nodes);
        int[] pred = new int[nodes];
        Arrays.fill(pred, -1);
        for (int[] e : edges) {
            adj[fill[e[0]]++] = e[1];
        }
        ArrayDeque<Integer> ready = new ArrayDeque<>();
        for (int i = 0; i < nodes; i++) {
            if (indegree[i] == 0) {
                ready.add(i);
            }
        }
        int done = 0;
        while (!ready.isEmpty()) {
            int u = ready.poll();
            done++;
            for (int p = start[u]; p < start[u + 1]; p++) {
                if (--indegree[adj[p]] == 0) {
                    ready.add(adj[p]);
                }
            }
        }
        if (done == nodes) {
            return null;
        }
        for (int[] e : edges) {
            if (indegree[e[0]] > 0 && indegree[e[1]] > 0) {
                pred[e[1]] = e[0];
            }
        }
        int u = -1;
        for (int i = 0; i < nodes; i++) {
            if (indegree[i] > 0) {
                u = i;
                break;
            }
        }
        boolean[] visited = new boolean[nodes];
        while (!visited[u]) {
            visited[u] = true;
            u = pred[u];
        }
        List<Integer> cycle = new ArrayList<>();
        int v = u;
        do {
            cycle.add(0, v);
            v = pred[v];
        } while (v != u);
        StringBuilder sb = new StringBuilder("serialization graph cycle over SSE's version order:");
        for (int x : cycle) {
            if (x < txns.size()) {
                Committed c = txns.get(x);
                sb.append("\n  ").append(name(c.id())).append(c.omitted() ? " (omitted, epoch " + c.epoch() + ")"
                        : " (tid " + c.tid() + ")").append(": ").append(c.ops());
            } else {
                sb.append("\n  (omitted versions of a key)");
            }
        }
        return sb.toString();
    }
}
