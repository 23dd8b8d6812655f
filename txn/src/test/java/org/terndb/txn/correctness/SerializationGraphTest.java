package org.terndb.txn.correctness;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.terndb.txn.correctness.SerializationGraph.ABSENT;
import static org.terndb.txn.correctness.SerializationGraph.DELETE;
import static org.terndb.txn.correctness.SerializationGraph.INSERT;
import static org.terndb.txn.correctness.SerializationGraph.LOADED;
import static org.terndb.txn.correctness.SerializationGraph.UNKNOWN;
import static org.terndb.txn.correctness.SerializationGraph.UPDATE;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.RowPatch;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.Worker;
import org.terndb.txn.correctness.SerializationGraph.Role;

/**
 * The strongest check: random short transactions (2-6 reads, read-modify-writes, blind writes of whole rows or of
 * the writer column only ({@link RowPatch}), inserts, deletes
 * and small forward/reverse/limit scans) on 16 hot keys; every row names the transaction that wrote it and the
 * version it replaced, every committed transaction's observations are recorded, and the serialization graph
 * built from them must be acyclic (see {@link SerializationGraph}). The threads move to fresh keys in rounds so
 * that each key's absent state stays identifiable (insert-only and delete-only keys).
 */
class SerializationGraphTest {
    static final int KEYS = 16;
    /** Attempts per thread per round: short rounds keep fresh insert-only keys (pure phantoms) coming. */
    private static final int ROUND_ATTEMPTS = 16;
    private static final int MIN_ROUNDS = 8;

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.terndb.txn.correctness.ProtocolsUnderTest#names")
    void randomTransactionsOnHotKeysHaveAnAcyclicSerializationGraph(String protocol) {
        for (long seed : Harness.seeds(1, 2)) {
            try (ConcurrencyControl cc = ProtocolsUnderTest.open(protocol)) {
                assumeTrue(cc.isSerializable(), protocol + " is not serializable");
                Outcome o = history(cc, seed, 350);
                o.violations().assertNone();
                long[] e = o.result().edges();
                assertTrue(o.result().transactions() > 50 && e[1] > 0 && e[2] > 0,
                        o.violations().context() + ": the recording looks vacuous: " + o.result().transactions()
                                + " committed, edges ww/wr/rw " + Arrays.toString(e));
            }
        }
    }

    static Role role(int key) {
        return switch (key % KEYS % 3) {
            case 0 -> Role.INSERT_ONLY;
            case 1 -> Role.DELETE_ONLY;
            default -> Role.STABLE;
        };
    }

    static String keyName(int key) {
        return "r" + key / KEYS + "/k" + key % KEYS;
    }

    record Outcome(SerializationGraph.Result result, Violations violations) {}

    private static byte[] rowOf(long writer, long prev) {
        return Bytes.longs(writer, prev);
    }

    private static long versionOf(byte[] row) {
        return row == null ? ABSENT : Bytes.getLong(row, 0);
    }

    static Outcome history(ConcurrencyControl cc, long seed, long budgetMillis) {
        Violations v = new Violations(cc.name() + " serialization-graph(seed " + seed + ")");
        Table table = cc.createTable("history");
        int maxRounds = Harness.trials(2000);
        for (int r = 0; r < maxRounds; r++) {
            for (int k = 0; k < KEYS; k++) {
                if (role(k) != Role.INSERT_ONLY) {
                    cc.load(table, Bytes.ints(r, k), rowOf(LOADED, UNKNOWN));
                }
            }
        }
        long deadline = System.nanoTime() + Harness.budgetNanos(budgetMillis);
        int[] round = {-1};
        boolean[] stop = {false};
        CyclicBarrier barrier = new CyclicBarrier(Harness.THREADS, () -> {
            // at least MIN_ROUNDS, so that a cold JVM still records a meaningful history
            if (round[0] + 1 >= maxRounds || (round[0] + 1 >= MIN_ROUNDS && System.nanoTime() > deadline)) {
                stop[0] = true;
            } else {
                round[0]++;
            }
        });
        List<List<SerializationGraph.Txn>> perThread = new ArrayList<>();
        for (int i = 0; i < Harness.THREADS; i++) {
            perThread.add(new ArrayList<>());
        }
        AtomicLong aborts = new AtomicLong();

        Harness.runThreads(cc, "history", Harness.THREADS, (thread, w) -> {
            SplittableRandom rnd = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + thread);
            Recorder rec = new Recorder(table, v);
            try {
                rounds(thread, w, rnd, rec, barrier, round, stop, aborts, perThread.get(thread), seed);
            } catch (Throwable e) {
                barrier.reset(); // release the other threads at once
                throw e;
            }
        });

        List<SerializationGraph.Txn> committed = new ArrayList<>();
        perThread.forEach(committed::addAll);
        SerializationGraph.Result result = new SerializationGraph(committed, SerializationGraphTest::role,
                SerializationGraphTest::keyName).check(v);
        System.out.printf("%s: %d rounds, %d committed, %d aborted, edges ww/wr/rw %s; %s%n", v.context(),
                round[0] + 1, committed.size(), aborts.get(), Arrays.toString(result.edges()), cc.stats());
        return new Outcome(result, v);
    }

    /** One thread's rounds on each round's keys, until the barrier action says stop. */
    private static void rounds(int thread, Worker w, SplittableRandom rnd, Recorder rec, CyclicBarrier barrier,
                               int[] round, boolean[] stop, AtomicLong aborts, List<SerializationGraph.Txn> out,
                               long seed) throws Exception {
        long seq = 0;
        while (true) {
            barrier.await(30, TimeUnit.SECONDS); // the barrier action publishes round/stop to all
            if (stop[0]) {
                return;
            }
            int r = round[0];
            for (int attempt = 0; attempt < ROUND_ATTEMPTS; attempt++) {
                long id = (long) (thread + 1) << 40 | ++seq;
                rec.reset(id, r);
                Transaction t = w.begin();
                try {
                    int ops = 2 + rnd.nextInt(5);
                    for (int i = 0; i < ops; i++) {
                        rec.op(t, rnd);
                        Harness.think(rnd);
                    }
                    t.commit();
                    out.add(rec.toTxn());
                } catch (TransactionAbortedException e) {
                    aborts.incrementAndGet();
                    w.backoff();
                } catch (RuntimeException | Error e) {
                    if (t.isActive()) {
                        t.abort();
                    }
                    throw new AssertionError("seed " + seed + ", transaction " + SerializationGraph.version(id)
                            + " after ops " + rec.ops, e);
                }
            }
        }
    }

    /** Runs one attempt's operations and records what it observed and wrote (reused across attempts). */
    private static final class Recorder {
        private final Table table;
        private final Violations always;
        private final long[] seen = new long[KEYS];
        private final boolean[] hasSeen = new boolean[KEYS];
        private final int[] writeKind = new int[KEYS];
        private final long[] writePrev = new long[KEYS];
        private final List<String> problems = new ArrayList<>();
        private final int[] scanned = new int[KEYS];
        private final long[] scannedVersions = new long[KEYS];
        final StringBuilder ops = new StringBuilder();
        private long id;
        private int round;

        Recorder(Table table, Violations always) {
            this.table = table;
            this.always = always;
        }

        void reset(long id, int round) {
            this.id = id;
            this.round = round;
            Arrays.fill(hasSeen, false);
            Arrays.fill(writeKind, 0);
            problems.clear();
            ops.setLength(0);
        }

        private byte[] key(int k) {
            return Bytes.ints(round, k);
        }

        /** Records an observation: own writes must read back, others must repeat the first observation. */
        private void observe(int k, long version, String how) {
            if (writeKind[k] != 0) {
                long expected = writeKind[k] == DELETE ? ABSENT : id;
                if (version != expected) {
                    problems.add(how + " of k" + k + " returned " + SerializationGraph.version(version)
                            + " after its own write (expected " + SerializationGraph.version(expected) + ")");
                }
                return;
            }
            if (hasSeen[k]) {
                if (seen[k] != version) {
                    problems.add("non-repeatable read: k" + k + " was " + SerializationGraph.version(seen[k])
                            + ", then " + how + " returned " + SerializationGraph.version(version));
                }
                return;
            }
            hasSeen[k] = true;
            seen[k] = version;
        }

        private void wrote(int k, int kind, long prev) {
            writeKind[k] = kind;
            writePrev[k] = prev;
        }

        private long read(Transaction t, int k, boolean forUpdate) {
            byte[] row = forUpdate ? t.readForUpdate(table, key(k)) : t.read(table, key(k));
            long v = versionOf(row);
            observe(k, v, "read");
            return v;
        }

        void op(Transaction t, SplittableRandom rnd) {
            int kind = rnd.nextInt(100);
            if (kind < 25) {
                int k = rnd.nextInt(KEYS);
                boolean fu = rnd.nextInt(4) == 0;
                long v = read(t, k, fu);
                ops.append(fu ? "rfu " : "r ").append('k').append(k).append('=')
                        .append(SerializationGraph.version(v)).append("; ");
            } else if (kind < 50) {
                readModifyWrite(t, rnd.nextInt(KEYS));
            } else if (kind < 60) {
                blindWrite(t, rnd.nextInt(KEYS), rnd.nextBoolean());
            } else if (kind < 70) {
                insert(t, 3 * rnd.nextInt(6));
            } else if (kind < 80) {
                delete(t, 1 + 3 * rnd.nextInt(5), rnd.nextInt(5) == 0);
            } else {
                scan(t, rnd);
            }
        }

        private void readModifyWrite(Transaction t, int k) {
            if (writeKind[k] != 0) {
                read(t, k, false);
                ops.append("r k").append(k).append(" (own); ");
                return;
            }
            long v = hasSeen[k] ? seen[k] : read(t, k, true);
            replace(t, k, v, "rmw");
        }

        /** Writes k knowing it saw version v: update if present, insert if absent and insert-only. */
        private void replace(Transaction t, int k, long v, String what) {
            if (v != ABSENT) {
                if (t.update(table, key(k), rowOf(id, v))) {
                    wrote(k, UPDATE, v);
                    ops.append(what).append(" k").append(k).append(": ").append(SerializationGraph.version(v))
                            .append("->new; ");
                } else {
                    observe(k, ABSENT, "update");
                    ops.append(what).append(" k").append(k).append(": update found no row; ");
                }
            } else if (role(k) == Role.INSERT_ONLY) {
                if (t.insert(table, key(k), rowOf(id, ABSENT))) {
                    wrote(k, INSERT, ABSENT);
                    ops.append(what).append(" k").append(k).append(": insert; ");
                } else {
                    problems.add("insert of k" + k + " found a row after the key was read as absent");
                    ops.append(what).append(" k").append(k).append(": insert found a row; ");
                }
            } else {
                ops.append(what).append(" k").append(k).append(": absent, no write; ");
            }
        }

        /** A blind write of the whole row, or a partial one ({@code patch}) that sets the writer column only. */
        private void blindWrite(Transaction t, int k, boolean patch) {
            if (writeKind[k] != 0) {
                return;
            }
            if (hasSeen[k]) {
                replace(t, k, seen[k], "write");
                return;
            }
            boolean found = patch ? t.updateBlind(table, key(k), new WriterPatch(id))
                    : t.updateBlind(table, key(k), rowOf(id, UNKNOWN));
            if (found) {
                wrote(k, UPDATE, UNKNOWN);
                ops.append(patch ? "blind patch k" : "blind k").append(k).append("; ");
            } else {
                observe(k, ABSENT, "blind update");
                ops.append("blind k").append(k).append(": no row; ");
            }
        }

        private void insert(Transaction t, int k) {
            if (writeKind[k] != 0 || (hasSeen[k] && seen[k] != ABSENT)) {
                return;
            }
            if (t.insert(table, key(k), rowOf(id, ABSENT))) {
                observe(k, ABSENT, "insert");
                wrote(k, INSERT, ABSENT);
                ops.append("ins k").append(k).append("; ");
            } else {
                if (hasSeen[k]) {
                    problems.add("insert of k" + k + " found a row after the key was read as absent");
                }
                ops.append("ins k").append(k).append(": exists; ");
            }
        }

        private void delete(Transaction t, int k, boolean blind) {
            if (writeKind[k] != 0) {
                return;
            }
            if (blind && !hasSeen[k]) {
                if (t.delete(table, key(k))) {
                    wrote(k, DELETE, UNKNOWN);
                    ops.append("blind del k").append(k).append("; ");
                } else {
                    observe(k, ABSENT, "blind delete");
                    ops.append("blind del k").append(k).append(": no row; ");
                }
                return;
            }
            long v = hasSeen[k] ? seen[k] : read(t, k, true);
            if (v == ABSENT) {
                ops.append("del k").append(k).append(": absent; ");
                return;
            }
            if (t.delete(table, key(k))) {
                wrote(k, DELETE, v);
                ops.append("del k").append(k).append(": ").append(SerializationGraph.version(v)).append("; ");
            } else {
                observe(k, ABSENT, "delete");
                ops.append("del k").append(k).append(": no row; ");
            }
        }

        private void scan(Transaction t, SplittableRandom rnd) {
            int a = rnd.nextInt(KEYS);
            int b = a + rnd.nextInt(KEYS - a);
            boolean loInc = rnd.nextBoolean();
            boolean hiInc = rnd.nextBoolean();
            boolean reverse = rnd.nextBoolean();
            int limit = rnd.nextInt(3) == 0 ? 1 + rnd.nextInt(3) : 0;
            int first = loInc ? a : a + 1;
            int last = hiInc ? b : b - 1;
            int[] n = {0};
            int returned = t.scan(table.primary(), key(a), loInc, key(b), hiInc, reverse, limit, (pk, row) -> {
                int r = Bytes.getInt(pk, 0);
                int k = Bytes.getInt(pk, 4);
                if (r != round || k < first || k > last) {
                    always.add("scan [k" + a + (loInc ? "" : "+") + "..k" + b + (hiInc ? "" : "-") + "] of round "
                            + round + " returned key r" + r + "/k" + k);
                    return true;
                }
                if (n[0] > 0 && (reverse ? k >= scanned[n[0] - 1] : k <= scanned[n[0] - 1])) {
                    always.add("scan " + (reverse ? "reverse " : "") + "returned k" + k + " after k"
                            + scanned[n[0] - 1]);
                    return true;
                }
                scanned[n[0]] = k;
                scannedVersions[n[0]] = versionOf(row);
                n[0]++;
                return true;
            });
            if (returned != n[0] || (limit > 0 && returned > limit)) {
                always.add("scan returned " + returned + " but visited " + n[0] + " rows (limit " + limit + ")");
            }
            int coveredLo = first;
            int coveredHi = last;
            if (limit > 0 && n[0] == limit) {
                if (reverse) {
                    coveredLo = scanned[n[0] - 1];
                } else {
                    coveredHi = scanned[n[0] - 1];
                }
            }
            ops.append("scan").append(reverse ? "<" : ">").append("[k").append(first).append("..k").append(last)
                    .append(limit > 0 ? " limit " + limit : "").append("]={");
            int i = 0;
            for (int k = coveredLo; k <= coveredHi; k++) {
                int pos = -1;
                for (int j = 0; j < n[0]; j++) {
                    if (scanned[j] == k) {
                        pos = j;
                        break;
                    }
                }
                long v = pos >= 0 ? scannedVersions[pos] : ABSENT;
                observe(k, v, "scan");
                if (v != ABSENT) {
                    ops.append(i++ > 0 ? ", " : "").append('k').append(k).append('=')
                            .append(SerializationGraph.version(v));
                }
            }
            ops.append("}; ");
        }

        SerializationGraph.Txn toTxn() {
            int reads = 0;
            int writes = 0;
            for (int k = 0; k < KEYS; k++) {
                reads += hasSeen[k] ? 1 : 0;
                writes += writeKind[k] != 0 ? 1 : 0;
            }
            int[] rk = new int[reads];
            long[] rv = new long[reads];
            int[] wk = new int[writes];
            int[] wkind = new int[writes];
            long[] wp = new long[writes];
            int ri = 0;
            int wi = 0;
            for (int k = 0; k < KEYS; k++) {
                int global = round * KEYS + k;
                if (hasSeen[k]) {
                    rk[ri] = global;
                    rv[ri++] = seen[k];
                }
                if (writeKind[k] != 0) {
                    wk[wi] = global;
                    wkind[wi] = writeKind[k];
                    wp[wi++] = writePrev[k];
                }
            }
            return new SerializationGraph.Txn(id, rk, rv, wk, wkind, wp, "round " + round + ": " + ops,
                    problems.isEmpty() ? List.of() : List.copyOf(problems));
        }
    }

    /** Sets the row's writer column (the first long) and keeps the rest of the row it is applied to. */
    private record WriterPatch(long writer) implements RowPatch {
        @Override
        public long columnMask() {
            return 1L;
        }

        @Override
        public byte[] apply(byte[] current) {
            byte[] row = current.clone();
            Bytes.putLong(row, 0, writer);
            return row;
        }
    }
}
