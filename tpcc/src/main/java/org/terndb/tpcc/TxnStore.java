package org.terndb.tpcc;

import org.terndb.txn.AbortReason;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.Index;
import org.terndb.txn.RowVisitor;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;

/**
 * {@link TpccStore} over one transaction of a concurrency-control protocol ({@code --mode direct}). One instance
 * per terminal thread; {@link #bind} points it at the transaction of the current attempt.
 *
 * <p>A write that finds the wrong state means a concurrent transaction got there first (two Deliveries took the
 * same NEW_ORDER row, two New-Orders the same order id before validation would have caught them): the store
 * throws {@link TransactionAbortedException} so the attempt is rolled back and retried like any other conflict.
 */
final class TxnStore implements TpccStore {
    private final Table[] tables;
    private final Index[] indexes;
    private final ForwardingVisitor visitor = new ForwardingVisitor();
    private Transaction txn;

    TxnStore(TxnDatabase database) {
        this.tables = database.tables();
        this.indexes = database.indexes();
    }

    /** Makes the following calls run in {@code transaction}. */
    TxnStore bind(Transaction transaction) {
        this.txn = transaction;
        return this;
    }

    @Override
    public byte[] get(TpccTable table, byte[] key) {
        return txn.read(tables[table.ordinal()], key);
    }

    @Override
    public byte[] getForUpdate(TpccTable table, byte[] key) {
        return txn.readForUpdate(tables[table.ordinal()], key);
    }

    @Override
    public void insert(TpccTable table, byte[] key, byte[] row) {
        if (!txn.insert(tables[table.ordinal()], key, row)) {
            throw conflict(AbortReason.WRITE_WRITE_CONFLICT, "insert into " + table + " found the key present");
        }
    }

    @Override
    public void update(TpccTable table, byte[] key, byte[] row) {
        if (!txn.update(tables[table.ordinal()], key, row)) {
            throw conflict(AbortReason.READ_VALIDATION_FAILED, "update of " + table + " found no row");
        }
    }

    @Override
    public void delete(TpccTable table, byte[] key) {
        if (!txn.delete(tables[table.ordinal()], key)) {
            throw conflict(AbortReason.READ_VALIDATION_FAILED, "delete from " + table + " found no row");
        }
    }

    @Override
    public int scan(TpccIndex index, byte[] lo, byte[] hi, boolean reverse, int limit, RowSink sink) {
        visitor.sink = sink;
        return txn.scan(indexes[index.ordinal()], lo, true, hi, false, reverse, limit, visitor);
    }

    /** The transaction is rolled back here, so the exception means what the protocol's own aborts mean. */
    private TransactionAbortedException conflict(AbortReason reason, String detail) {
        txn.abort();
        return new TransactionAbortedException(reason, detail);
    }

    private static final class ForwardingVisitor implements RowVisitor {
        RowSink sink;

        @Override
        public boolean visit(byte[] primaryKey, byte[] row) {
            return sink.row(row);
        }
    }

    /** The protocol's tables and indexes for the TPC-C schema. */
    static final class TxnDatabase {
        private final ConcurrencyControl cc;
        private final Table[] tables = new Table[TpccTable.values().length];
        private final Index[] indexes = new Index[TpccIndex.values().length];

        TxnDatabase(ConcurrencyControl cc) {
            this.cc = cc;
            for (TpccTable t : TpccTable.values()) {
                tables[t.ordinal()] = cc.createTable(t.sqlName());
                indexes[t.ordinal()] = tables[t.ordinal()].primary();
            }
            for (TpccIndex s : TpccIndex.secondaries()) {
                indexes[s.ordinal()] = cc.createIndex(tables[s.table().ordinal()], s.name(), s.isUnique(),
                        (primaryKey, row) -> s.keyOf(row));
            }
        }

        ConcurrencyControl cc() {
            return cc;
        }

        Table[] tables() {
            return tables;
        }

        Index[] indexes() {
            return indexes;
        }

        /** Bulk load (secondary indexes included); safe from several threads on distinct keys. */
        boolean load(TpccTable table, byte[] key, byte[] row) {
            return cc.load(tables[table.ordinal()], key, row);
        }
    }
}
