package org.terndb.tpcc;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.terndb.storage.codec.KeyBuilder;
import org.terndb.storage.codec.KeyCodec;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.Protocols;
import org.terndb.txn.Transaction;
import org.terndb.txn.Worker;

/**
 * A loaded TPC-C database behind a {@link TpccStore} for tests: the kernel's trees ({@code "kernel"}) or a protocol's
 * tables (any of {@link Protocols#names()}), used from the test's thread only.
 */
abstract class LoadedDatabase implements AutoCloseable {
    /** 2,000 items, 60 customers per district. */
    static final TpccScale SMALL = TpccScale.of(0.02);

    final String system;
    final TpccScale scale;
    final int warehouses;
    final TpccRandom.Constants constants;

    private LoadedDatabase(String system, TpccScale scale, int warehouses, long seed) {
        this.system = system;
        this.scale = scale;
        this.warehouses = warehouses;
        this.constants = TpccRandom.Constants.fromSeed(seed);
    }

    static LoadedDatabase open(String system, TpccScale scale, int warehouses, long seed) throws Exception {
        LoadedDatabase db = system.equals("kernel") ? new Kernel(scale, warehouses, seed)
                : new Direct(system, scale, warehouses, seed);
        new TpccLoader(scale, warehouses, seed, db.constants, 1_000_000L).load(2, db::sink);
        return db;
    }

    abstract TpccLoader.Sink sink();

    /** Runs one transaction: committed when {@code body} returns true, rolled back otherwise. */
    abstract boolean run(Function<TpccStore, Boolean> body);

    /** The row with this primary key (ints), read in a transaction of its own. */
    byte[] row(TpccTable table, int... key) {
        KeyBuilder b = table.key().newBuilder();
        for (int k : key) {
            b.addInt(k);
        }
        byte[] k = b.toKey();
        byte[][] out = new byte[1][];
        run(s -> {
            out[0] = s.get(table, k);
            return true;
        });
        return out[0];
    }

    /** The rows of {@code index} under an int key prefix, in index order. */
    List<byte[]> rows(TpccIndex index, int... prefix) {
        KeyBuilder b = index.key().newBuilder();
        for (int p : prefix) {
            b.addInt(p);
        }
        byte[] lo = prefix.length == 0 ? null : b.toKey();
        byte[] hi = lo == null ? null : KeyCodec.prefixSuccessor(lo);
        List<byte[]> out = new ArrayList<>();
        run(s -> {
            out.clear();
            s.scan(index, lo, hi, false, 0, row -> out.add(row));
            return true;
        });
        return out;
    }

    Object value(TpccTable table, byte[] row, int col) {
        return table.rows().get(row, col);
    }

    ConsistencySource consistencySource() {
        return new StoreConsistencySource(read -> run(s -> {
            read.accept(s);
            return true;
        }));
    }

    @Override
    public abstract void close();

    private static final class Kernel extends LoadedDatabase {
        final KernelStore store = new KernelStore();

        Kernel(TpccScale scale, int warehouses, long seed) {
            super("kernel", scale, warehouses, seed);
        }

        @Override
        TpccLoader.Sink sink() {
            return new StorageLoadSink(store::load);
        }

        @Override
        boolean run(Function<TpccStore, Boolean> body) {
            return body.apply(store);   // no undo: callers roll back only before the first write
        }

        @Override
        public void close() {
        }
    }

    private static final class Direct extends LoadedDatabase {
        final ConcurrencyControl cc;
        final TxnStore.TxnDatabase db;
        final TxnStore store;
        final Worker worker;

        Direct(String protocol, TpccScale scale, int warehouses, long seed) {
            super(protocol, scale, warehouses, seed);
            cc = Protocols.create(protocol);
            db = new TxnStore.TxnDatabase(cc);
            store = new TxnStore(db);
            worker = cc.newWorker();
        }

        @Override
        TpccLoader.Sink sink() {
            return new StorageLoadSink(db::load);
        }

        @Override
        boolean run(Function<TpccStore, Boolean> body) {
            Transaction txn = worker.begin();
            try {
                boolean commit = body.apply(store.bind(txn));
                if (commit) {
                    txn.commit();
                } else {
                    txn.abort();
                }
                return commit;
            } finally {
                if (txn.isActive()) {
                    txn.abort();
                }
            }
        }

        @Override
        public void close() {
            worker.close();
            cc.close();
        }
    }
}
