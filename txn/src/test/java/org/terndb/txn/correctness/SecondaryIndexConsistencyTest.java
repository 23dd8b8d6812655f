package org.terndb.txn.correctness;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.DuplicateKeyException;
import org.terndb.txn.Index;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.Worker;

/**
 * A table with a unique and a non-unique secondary index under concurrent inserts, updates (moving rows between
 * index keys) and deletes, and readers going through the indexes. Inside every committed transaction a row found
 * through an index has that index key; no row written by a transaction that never committed is ever seen through
 * an index (by any reader, committed or not); and at the end every entry points at a live row with the matching
 * key and every row has its entries (probed through the API: a dangling entry blocks an insert of its key).
 */
class SecondaryIndexConsistencyTest {
    private static final int PKS = 64;
    private static final int UNIQUE_VALUES = 128;
    private static final int GROUPS = 8;

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.terndb.txn.correctness.ProtocolsUnderTest#names")
    void indexEntriesAndRowsStayConsistentUnderConcurrentWrites(String protocol) {
        for (long seed : Harness.seeds(31)) {
            try (ConcurrencyControl cc = ProtocolsUnderTest.open(protocol)) {
                indexes(cc, seed, 350).assertNone();
            }
        }
    }

    /** Row layout: pk, unique value u, group g, id of the writing transaction attempt (0 = loaded). */
    private static byte[] row(int pk, int u, int g, long writer) {
        byte[] r = new byte[20];
        Bytes.putInt(r, 0, pk);
        Bytes.putInt(r, 4, u);
        Bytes.putInt(r, 8, g);
        Bytes.putLong(r, 12, writer);
        return r;
    }

    private static int pk(byte[] row) {
        return Bytes.getInt(row, 0);
    }

    private static int u(byte[] row) {
        return Bytes.getInt(row, 4);
    }

    private static int g(byte[] row) {
        return Bytes.getInt(row, 8);
    }

    private static long writer(byte[] row) {
        return Bytes.getLong(row, 12);
    }

    private static byte[] groupKey(int g, int pk) {
        return Bytes.ints(g, pk);
    }

    /** What one attempt saw: in-transaction inconsistencies and the writers of rows it read through indexes. */
    private static final class Seen {
        final List<String> problems = new ArrayList<>();
        final List<Long> writers = new ArrayList<>();

        void saw(long writer, long self) {
            if (writer != self) { // a transaction sees its own uncommitted rows, of course
                writers.add(writer);
            }
        }
    }

    static Violations indexes(ConcurrencyControl cc, long seed, long budgetMillis) {
        Violations v = new Violations(cc.name() + " secondary-indexes(seed " + seed + ")");
        Table table = cc.createTable("indexed");
        Index byU = cc.createIndex(table, "by_u", true, (k, r) -> Bytes.ints(u(r)));
        Index byG = cc.createIndex(table, "by_g", false, (k, r) -> groupKey(g(r), pk(r)));
        for (int pk = 0; pk < PKS; pk += 2) {
            cc.load(table, Bytes.ints(pk), row(pk, pk, pk % GROUPS, 0));
        }
        Set<Long> committed = ConcurrentHashMap.newKeySet();
        Set<Long> seenWriters = ConcurrentHashMap.newKeySet();
        AtomicLong duplicates = new AtomicLong();
        long deadline = System.nanoTime() + Harness.budgetNanos(budgetMillis);

        Harness.runThreads(cc, "indexes", Harness.THREADS, (thread, w) -> {
            SplittableRandom rnd = new SplittableRandom(seed * 65_537 + thread);
            long nextId = (long) (thread + 1) << 40;
            while (System.nanoTime() < deadline) {
                long id = ++nextId;
                Seen seen = new Seen();
                int ops = 1 + rnd.nextInt(3);
                long opSeed = rnd.nextLong();
                Transaction t = w.begin();
                boolean ok = false;
                try {
                    SplittableRandom opRnd = new SplittableRandom(opSeed);
                    for (int i = 0; i < ops; i++) {
                        operate(t, table, byU, byG, opRnd, id, seen);
                        Harness.think(opRnd);
                    }
                    t.commit();
                    ok = true;
                } catch (DuplicateKeyException e) {
                    duplicates.incrementAndGet();
                    t.abort();
                } catch (TransactionAbortedException e) {
                    w.backoff();
                } catch (RuntimeException | Error e) {
                    if (t.isActive()) {
                        t.abort();
                    }
                    throw e;
                }
                seenWriters.addAll(seen.writers);
                if (ok) {
                    committed.add(id);
                    for (String p : seen.problems) {
                        v.add("committed transaction saw: " + p);
                    }
                }
            }
        });

        for (long wr : seenWriters) {
            if (wr != 0 && !committed.contains(wr)) {
                v.add("a row written by transaction attempt " + wr + ", which never committed, was visible "
                        + "through an index");
            }
        }
        try (Worker w = cc.newWorker()) {
            finalCheck(w, table, byU, byG, v);
        }
        System.out.printf("%s: %d commits, %d duplicate-key rejections; %s%n", v.context(), committed.size(),
                duplicates.get(), cc.stats());
        return v;
    }

    private static void operate(Transaction t, Table table, Index byU, Index byG, SplittableRandom rnd, long id,
                                Seen seen) {
        int pk = rnd.nextInt(PKS);
        switch (rnd.nextInt(6)) {
            case 0 -> t.insert(table, Bytes.ints(pk), row(pk, rnd.nextInt(UNIQUE_VALUES), rnd.nextInt(GROUPS), id));
            case 1 -> {
                byte[] old = t.read(table, Bytes.ints(pk));
                if (old != null) {
                    int u = rnd.nextBoolean() ? u(old) : rnd.nextInt(UNIQUE_VALUES);
                    int g = rnd.nextBoolean() ? g(old) : rnd.nextInt(GROUPS);
                    t.update(table, Bytes.ints(pk), row(pk, u, g, id));
                }
            }
            case 2 -> t.delete(table, Bytes.ints(pk));
            case 3 -> {
                int u = rnd.nextInt(UNIQUE_VALUES);
                byte[] r = t.read(byU, Bytes.ints(u));
                if (r != null) {
                    seen.saw(writer(r), id);
                    if (u(r) != u) {
                        seen.problems.add("unique index key " + u + " led to row " + describe(r));
                    }
                    byte[] direct = t.read(table, Bytes.ints(pk(r)));
                    if (direct == null || !java.util.Arrays.equals(direct, r)) {
                        seen.problems.add("row " + describe(r) + " found by unique key " + u
                                + " differs from the row read by primary key: " + describe(direct));
                    }
                }
            }
            default -> {
                int g = rnd.nextInt(GROUPS);
                boolean reverse = rnd.nextBoolean();
                int limit = rnd.nextInt(3) == 0 ? 1 + rnd.nextInt(4) : 0;
                t.scan(byG, Bytes.ints(g), true, Bytes.ints(g + 1), false, reverse, limit, (k, r) -> {
                    seen.saw(writer(r), id);
                    if (g(r) != g || pk(r) != Bytes.getInt(k, 0)) {
                        seen.problems.add("group " + g + " scan returned primary key " + Bytes.getInt(k, 0)
                                + " with row " + describe(r));
                    }
                    return true;
                });
            }
        }
    }

    private static String describe(byte[] r) {
        return r == null ? "null" : "{pk " + pk(r) + ", u " + u(r) + ", g " + g(r) + ", writer " + writer(r) + "}";
    }

    /**
     * Quiescent check through the API: rows vs. both indexes, then probes for dangling entries (an entry without
     * its row is invisible to reads but makes an insert of the same key fail).
     */
    private static void finalCheck(Worker w, Table table, Index byU, Index byG, Violations v) {
        Map<Integer, byte[]> rows = Harness.inTxn(w, t -> {
            Map<Integer, byte[]> m = new HashMap<>();
            t.scan(table.primary(), null, true, null, true, false, 0, (k, r) -> {
                m.put(Bytes.getInt(k, 0), r);
                return true;
            });
            return m;
        });
        Set<Integer> usedU = new HashSet<>();
        for (byte[] r : rows.values()) {
            if (!usedU.add(u(r))) {
                v.add("two rows share unique value " + u(r));
            }
        }
        List<String> problems = Harness.inTxn(w, t -> {
            List<String> p = new ArrayList<>();
            for (byte[] r : rows.values()) {
                byte[] viaU = t.read(byU, Bytes.ints(u(r)));
                if (viaU == null || pk(viaU) != pk(r)) {
                    p.add("row " + describe(r) + " not found through the unique index: " + describe(viaU));
                }
            }
            for (int u = 0; u < UNIQUE_VALUES; u++) {
                int uu = u;
                t.scan(byU, Bytes.ints(u), true, Bytes.ints(u), true, false, 0, (k, r) -> {
                    if (u(r) != uu) {
                        p.add("unique entry " + uu + " points at row " + describe(r));
                    }
                    return true;
                });
            }
            Set<Integer> inGroups = new HashSet<>();
            for (int g = 0; g < GROUPS; g++) {
                int gg = g;
                t.scan(byG, Bytes.ints(g), true, Bytes.ints(g + 1), false, false, 0, (k, r) -> {
                    int pk = Bytes.getInt(k, 0);
                    if (g(r) != gg || pk(r) != pk) {
                        p.add("group entry (" + gg + ", " + pk + ") points at row " + describe(r));
                    } else if (!inGroups.add(pk)) {
                        p.add("row " + pk + " has two group entries");
                    }
                    return true;
                });
            }
            if (!inGroups.equals(rows.keySet())) {
                Set<Integer> missing = new HashSet<>(rows.keySet());
                missing.removeAll(inGroups);
                p.add("rows without a group entry: " + missing);
            }
            return p;
        });
        problems.forEach(v::add);

        // Probes: insert each absent primary key once per group, with an unused unique value, then roll back.
        List<Integer> freeU = new ArrayList<>();
        for (int u = 0; u < UNIQUE_VALUES; u++) {
            if (!usedU.contains(u)) {
                freeU.add(u);
            }
        }
        int next = 0;
        for (int pk = 0; pk < PKS; pk++) {
            if (rows.containsKey(pk)) {
                continue;
            }
            for (int g = 0; g < GROUPS; g++) {
                int u = freeU.get(next++ % freeU.size());
                probe(w, table, pk, u, g, v);
            }
        }
        for (int i = next; i < freeU.size(); i++) { // unique values not probed above
            int pk = firstAbsent(rows);
            if (pk < 0) {
                break;
            }
            probe(w, table, pk, freeU.get(i), 0, v);
        }
    }

    private static int firstAbsent(Map<Integer, byte[]> rows) {
        for (int pk = 0; pk < PKS; pk++) {
            if (!rows.containsKey(pk)) {
                return pk;
            }
        }
        return -1;
    }

    private static void probe(Worker w, Table table, int pk, int u, int g, Violations v) {
        Transaction t = w.begin();
        try {
            if (!t.insert(table, Bytes.ints(pk), row(pk, u, g, -1))) {
                v.add("probe: inserting absent primary key " + pk + " returned false");
            }
            t.abort();
        } catch (DuplicateKeyException e) {
            v.add("probe: unique value " + u + " is free but its insert failed (a dangling unique entry): " + e);
            t.abort();
        } catch (TransactionAbortedException e) {
            v.add("probe: insert of pk " + pk + " in group " + g + " aborted (" + e.getMessage()
                    + "): a dangling entry or a row lock left behind");
        }
    }
}
