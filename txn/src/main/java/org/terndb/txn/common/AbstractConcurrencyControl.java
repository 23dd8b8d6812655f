package org.terndb.txn.common;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.Index;
import org.terndb.txn.SecondaryKey;
import org.terndb.txn.Table;
import org.terndb.txn.TableRegistry;
import org.terndb.txn.TxnOptions;
import org.terndb.txn.TxnStats;
import org.terndb.txn.Worker;

/** Tables, epochs, worker bookkeeping and bulk load, shared by every protocol. */
public abstract class AbstractConcurrencyControl implements ConcurrencyControl {
    private final String name;
    private final TxnOptions options;
    private final EpochManager epochs;
    private final TableRegistry tables = new TableRegistry();
    private final Set<AbstractWorker> workers = ConcurrentHashMap.newKeySet();
    private final TxnStats retired = new TxnStats();

    protected AbstractConcurrencyControl(String name, TxnOptions options) {
        this.name = name;
        this.options = options;
        this.epochs = new EpochManager(options.epochMillis());
    }

    /** A committed record holding this row, as the protocol lays records out (used by {@link #load}). */
    protected abstract Record newCommittedRecord(byte[] key, byte[] row);

    /** Creates the protocol's worker. */
    protected abstract AbstractWorker createWorker();

    @Override
    public final String name() {
        return name;
    }

    @Override
    public boolean isSerializable() {
        return true;
    }

    @Override
    public final TxnOptions options() {
        return options;
    }

    @Override
    public final EpochManager epochs() {
        return epochs;
    }

    public final TableRegistry tables() {
        return tables;
    }

    @Override
    public final Worker newWorker() {
        AbstractWorker w = createWorker();
        workers.add(w);
        return w;
    }

    final void retire(AbstractWorker w) {
        if (workers.remove(w)) {
            synchronized (retired) {
                retired.add(w.stats());
            }
        }
    }

    @Override
    public Table createTable(String tableName) {
        return tables.create(tableName);
    }

    @Override
    public Index createIndex(Table table, String indexName, boolean unique, SecondaryKey keyOf) {
        return tables.addIndex(table, indexName, unique, keyOf);
    }

    @Override
    public void dropTable(Table table) {
        tables.drop(table);
    }

    @Override
    public boolean load(Table table, byte[] primaryKey, byte[] row) {
        if (primaryKey == null || row == null) {
            throw new IllegalArgumentException("load needs a key and a row");
        }
        if (table.primary().tree().putIfAbsent(primaryKey, newCommittedRecord(primaryKey, row)) != null) {
            return false;
        }
        List<Index> secondaries = table.secondaries();
        for (int i = 0; i < secondaries.size(); i++) {
            Index s = secondaries.get(i);
            byte[] k = s.keyOf(primaryKey, row);
            if (s.tree().putIfAbsent(k, newCommittedRecord(k, primaryKey)) != null) {
                throw new IllegalStateException("load: duplicate key in unique index " + s);
            }
        }
        return true;
    }

    @Override
    public TxnStats stats() {
        TxnStats sum = new TxnStats();
        synchronized (retired) {
            sum.add(retired);
        }
        for (AbstractWorker w : workers) {
            sum.add(w.stats());
        }
        return sum;
    }

    @Override
    public void close() {
        epochs.close();
    }
}
