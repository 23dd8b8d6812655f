package org.terndb.tpcc;

import org.terndb.storage.codec.KeyBuilder;
import org.terndb.storage.masstree.Masstree;
import org.terndb.storage.masstree.ScanVisitor;

/**
 * The optimal kernel's storage (seed 001, "OLTP through the looking glass", §4.3: a hand-built main-memory
 * index and nothing else): one {@link Masstree} per index, rows stored in place, no concurrency control, no
 * logging, no undo. Secondary indexes map their key to the primary key and are maintained here by hand.
 *
 * <p>Single-threaded once loaded: one instance per database, used by the one kernel thread. {@link #load} alone
 * is safe from several threads on distinct keys (Masstree is concurrent), for the parallel loader.
 */
final class KernelStore implements TpccStore {
    /** One tree per {@link TpccIndex}; a primary tree maps key to row, a secondary tree key to primary key. */
    private final Masstree<byte[]>[] trees;
    /** Per table, its secondary indexes (empty for most). */
    private final TpccIndex[][] secondaries = new TpccIndex[TpccTable.values().length][];
    private final KeyBuilder[] builders = new KeyBuilder[TpccIndex.values().length];
    private final PrimaryVisitor primaryVisitor = new PrimaryVisitor();
    private final SecondaryVisitor secondaryVisitor = new SecondaryVisitor();

    @SuppressWarnings({"unchecked", "rawtypes"})   // an array of a generic type
    KernelStore() {
        trees = new Masstree[TpccIndex.values().length];
        for (TpccIndex index : TpccIndex.values()) {
            trees[index.ordinal()] = new Masstree<>();
            builders[index.ordinal()] = index.key().newBuilder();
        }
        for (TpccTable table : TpccTable.values()) {
            secondaries[table.ordinal()] = java.util.Arrays.stream(TpccIndex.secondaries())
                    .filter(i -> i.table() == table).toArray(TpccIndex[]::new);
        }
    }

    /** Bulk load, callable from several threads on distinct keys; false if the key exists. */
    boolean load(TpccTable table, byte[] key, byte[] row) {
        if (trees[table.ordinal()].putIfAbsent(key, row) != null) {
            return false;
        }
        for (TpccIndex s : secondaries[table.ordinal()]) {
            if (trees[s.ordinal()].putIfAbsent(s.keyOf(row), key) != null) {
                throw new IllegalStateException("duplicate key in unique index " + s);
            }
        }
        return true;
    }

    /** Rows in a table (by traversal; for tests and checks). */
    long size(TpccTable table) {
        return trees[table.ordinal()].size();
    }

    @Override
    public byte[] get(TpccTable table, byte[] key) {
        return trees[table.ordinal()].get(key);
    }

    @Override
    public byte[] getForUpdate(TpccTable table, byte[] key) {
        return trees[table.ordinal()].get(key);
    }

    @Override
    public void insert(TpccTable table, byte[] key, byte[] row) {
        if (trees[table.ordinal()].putIfAbsent(key, row) != null) {
            throw new IllegalStateException("kernel: insert into " + table + " found the key already present");
        }
        for (TpccIndex s : secondaries[table.ordinal()]) {
            trees[s.ordinal()].put(s.keyOf(row, builders[s.ordinal()]), key);
        }
    }

    @Override
    public void update(TpccTable table, byte[] key, byte[] row) {
        byte[] old = trees[table.ordinal()].put(key, row);
        if (old == null) {
            throw new IllegalStateException("kernel: update of " + table + " found no row");
        }
        for (TpccIndex s : secondaries[table.ordinal()]) {
            KeyBuilder b = builders[s.ordinal()];
            byte[] before = s.keyOf(old, b);
            byte[] after = s.keyOf(row, b);
            if (!java.util.Arrays.equals(before, after)) {
                trees[s.ordinal()].remove(before);
                trees[s.ordinal()].put(after, key);
            }
        }
    }

    @Override
    public void delete(TpccTable table, byte[] key) {
        byte[] old = trees[table.ordinal()].remove(key);
        if (old == null) {
            throw new IllegalStateException("kernel: delete from " + table + " found no row");
        }
        for (TpccIndex s : secondaries[table.ordinal()]) {
            trees[s.ordinal()].remove(s.keyOf(old, builders[s.ordinal()]));
        }
    }

    @Override
    public int scan(TpccIndex index, byte[] lo, byte[] hi, boolean reverse, int limit, RowSink sink) {
        Masstree<byte[]> tree = trees[index.ordinal()];
        if (index.isPrimary()) {
            primaryVisitor.sink = sink;
            return tree.scan(lo, true, hi, false, reverse, limit, primaryVisitor, null);
        }
        secondaryVisitor.sink = sink;
        secondaryVisitor.primary = trees[index.table().ordinal()];
        return tree.scan(lo, true, hi, false, reverse, limit, secondaryVisitor, null);
    }

    /** Reused scan callbacks: a scan allocates no visitor. */
    private static final class PrimaryVisitor implements ScanVisitor<byte[]> {
        RowSink sink;

        @Override
        public boolean visit(byte[] keyBuffer, int keyLength, byte[] row) {
            return sink.row(row);
        }
    }

    private static final class SecondaryVisitor implements ScanVisitor<byte[]> {
        RowSink sink;
        Masstree<byte[]> primary;

        @Override
        public boolean visit(byte[] keyBuffer, int keyLength, byte[] primaryKey) {
            return sink.row(primary.get(primaryKey));
        }
    }
}
