package org.terndb.executor.access;

import java.util.List;
import java.util.StringJoiner;
import org.terndb.executor.Cursor;
import org.terndb.executor.ExecutionContext;
import org.terndb.executor.PlanNode;
import org.terndb.executor.expr.Expr;
import org.terndb.executor.meta.IndexMeta;
import org.terndb.executor.meta.TableMeta;
import org.terndb.storage.codec.KeyBuilder;

/**
 * Point lookup of one row by its full primary key: the plan of {@code WHERE pk = ?}. Produces zero or
 * one row of all table columns.
 */
public final class IndexGet extends PlanNode {
    private final TableMeta table;
    private final Expr[] key;
    private final boolean forUpdate;

    /**
     * @param key       one expression per primary-key column, in key order
     * @param forUpdate read with the intent to write (UPDATE/DELETE): locking protocols lock now
     */
    public IndexGet(TableMeta table, Expr[] key, boolean forUpdate) {
        if (key.length != table.primaryIndex().columnCount()) {
            throw new IllegalArgumentException("IndexGet needs the full primary key of " + table.name());
        }
        this.table = table;
        this.key = key.clone();
        this.forUpdate = forUpdate;
    }

    public TableMeta table() {
        return table;
    }

    @Override
    public Cursor open(ExecutionContext context) {
        Object[] params = context.parameters();
        IndexMeta primary = table.primaryIndex();
        KeyBuilder keys = context.keyBuilder(primary.codec());
        for (int i = 0; i < key.length; i++) {
            Object v = key[i].eval(null, params);
            if (v == null) {
                return EmptyCursor.INSTANCE; // pk = NULL is never true
            }
            KeyValues.add(keys, primary.codec().schema().column(i), v, KeyValues.Rounding.NEAREST);
        }
        byte[] pk = keys.toKey();
        byte[] row = forUpdate ? context.transaction().readForUpdate(table.table(), pk)
                : context.transaction().read(table.table(), pk);
        if (row == null) {
            return EmptyCursor.INSTANCE;
        }
        return new SingleRowCursor(pk, row, StoredRow.decode(table, row, new Object[table.columnCount()]));
    }

    @Override
    public List<PlanNode> inputs() {
        return List.of();
    }

    @Override
    public String describe() {
        StringJoiner k = new StringJoiner(", ", "[", "]");
        IndexMeta primary = table.primaryIndex();
        for (int i = 0; i < key.length; i++) {
            k.add(table.column(primary.column(i)).name() + " = " + key[i].explain());
        }
        return "IndexGet(table=" + table.name() + ", index=" + primary.name() + ", key=" + k
                + (forUpdate ? ", for update" : "") + ")";
    }

    private static final class SingleRowCursor implements Cursor {
        private final byte[] pk;
        private final byte[] stored;
        private final Object[] row;
        private int state;

        SingleRowCursor(byte[] pk, byte[] stored, Object[] row) {
            this.pk = pk;
            this.stored = stored;
            this.row = row;
        }

        @Override
        public boolean next() {
            return state++ == 0;
        }

        @Override
        public Object[] row() {
            return row;
        }

        @Override
        public byte[] primaryKey() {
            return pk;
        }

        @Override
        public byte[] baseRow() {
            return stored;
        }
    }
}
