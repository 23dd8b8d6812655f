package org.terndb.txn.common;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.terndb.txn.CommitLog;
import org.terndb.txn.CommittedRowVisitor;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.Index;
import org.terndb.txn.SecondaryKey;
import org.terndb.txn.Table;
import org.terndb.txn.TableRegistry;
import org.terndb.txn.TxnOptions;
import org.terndb.txn.TxnStats;
import org.terndb.txn.Worker;
import org.terndb.txn.TransactionAbortedException;

/** Tables, epochs, worker bookkeeping and bulk load, shared by every protocol. */
public abstract class AbstractConcurrencyControl implements ConcurrencyControl {
    private final String name;
    private final TxnOptions options;
    private final EpochManager epochs;
    private final TableRegistry tables = new TableRegistry();
    private final Set<AbstractWorker> workers = ConcurrentHashMap.newKeySet();
    private final TxnStats retired = new TxnStats();
    private volatile CommitLog commitLog;

    protected AbstractConcurrencyControl(String name, TxnOptions options) {
        this.name = name;
        this.options = options;
        this.epochs = new EpochManager(options.epochMillis());
    }

    /** A committed record holding this row, as the protocol lays records out (used by {@link #load}). */
    protected abstract Record newCommittedRecord(byte[] key, byte[] row);

    /** Creates the protocol's worker. */
    protected abstract AbstractWorker createWorker();

    /**
     * Reads the record's latest committed version into {@code out} without a transaction, while writers run (a
     * fuzzy checkpoint read): its row (null if absent) and its stamp as {@link AbstractTransaction}'s durability
     * contract defines it. Never a torn or uncommitted row. Called between {@link AbstractWorker#enterFuzzyRead}
     * and {@link AbstractWorker#exitFuzzyRead}. Protocols that support checkpoints override it.
     */
    protected void readLatestCommitted(Record record, CommittedRow out) {
        throw new UnsupportedOperationException("protocol " + name + " does not support checkpoint reads");
    }

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

    /**
     * Moves a closed worker's counters into {@code retired}. Under the same lock as {@link #stats()}, so a sum never
     * sees the worker in neither place (which would make a later sum smaller than an earlier one).
     */
    final void retire(AbstractWorker w) {
        synchronized (retired) {
            if (workers.remove(w)) {
                retired.add(w.stats());
            }
        }
    }

    @Override
    public final void setCommitLog(CommitLog log) {
        if (!workers.isEmpty()) {
            throw new IllegalStateException("the commit log must be set before any worker is created ("
                    + workers.size() + " open)");
        }
        this.commitLog = log;
    }

    /** The commit log workers take their buffers from, or null. */
    final CommitLog commitLog() {
        return commitLog;
    }

    @Override
    public final byte[] scanCommitted(Worker worker, Table table, byte[] after, int limit,
                                      CommittedRowVisitor visitor) {
        if (!(worker instanceof AbstractWorker w) || w.cc != this) {
            throw new IllegalArgumentException("scanCommitted needs a worker of this protocol instance");
        }
        FuzzyChunk chunk = w.fuzzyChunk(limit);
        chunk.start(this);
        w.enterFuzzyRead();
        try {
            table.primary().tree().scan(after, false, null, true, false, limit, chunk, null); // reads each row
        } catch (TransactionAbortedException e) {
            throw new IllegalStateException("a checkpoint read cannot abort", e);
        } finally {
            w.exitFuzzyRead(); // before the visitor runs: it may do I/O, which must not hold epochs or GC back
        }
        try {
            for (int i = 0, n = chunk.size(); i < n; i++) {
                if (chunk.row(i) != null) {
                    visitor.visit(chunk.record(i).key(), chunk.row(i), chunk.stamp(i));
                }
            }
            return chunk.size() < limit || chunk.size() == 0 ? null : chunk.record(chunk.size() - 1).key();
        } finally {
            chunk.clear();
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
    public void retireIndex(Index index) {
        tables.retireIndex(index, true);
    }

    @Override
    public void restoreIndex(Index index) {
        tables.retireIndex(index, false);
    }

    @Override
    public void dropIndex(Index index) {
        tables.removeIndex(index);
    }

    /**
     * Every transaction announces the epoch it began in ({@link EpochManager#enter}) and leaves it when it ends.
     * Once the oldest announced epoch is past the epoch read here, each transaction that was active has ended.
     * The full fence orders the caller's earlier writes (a new index in its table's list) before that read, so a
     * transaction announcing a later epoch sees them. The epoch is advanced here too rather than only on its timer
     * (advancing early is what a committer's logger does as well).
     */
    @Override
    public boolean awaitActiveTransactions(long timeoutMillis) throws InterruptedException {
        java.lang.invoke.VarHandle.fullFence();
        long epoch = epochs.current();
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        while (epochs.safeEpoch() <= epoch) {
            epochs.tryAdvance();
            if (epochs.safeEpoch() > epoch) {
                break;
            }
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            if (Thread.interrupted()) {
                throw new InterruptedException("interrupted while waiting for transactions to end");
            }
            java.util.concurrent.locks.LockSupport.parkNanos(200_000);
        }
        return true;
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
        if (table.primary().putIfAbsent(newCommittedRecord(primaryKey, row), null) != null) {
            return false;
        }
        List<Index> secondaries = table.secondaries();
        for (int i = 0; i < secondaries.size(); i++) {
            Index s = secondaries.get(i);
            byte[] k = s.keyOf(primaryKey, row);
            if (s.putIfAbsent(newCommittedRecord(k, primaryKey), null) != null) {
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
            for (AbstractWorker w : workers) {
                sum.add(w.stats());
            }
        }
        return sum;
    }

    @Override
    public void close() {
        epochs.close();
    }
}
