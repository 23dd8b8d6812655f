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
 * one row of all table columns. A key value the key column cannot hold (a TINYINT key compared with 1000,
 * an INTEGER key with 2.5) matches nothing.
 */
public final class IndexGet extends TableAccess {
    private final Expr[] key;
    private final boolean forUpdate;

    /**
     * @param key       one expression per primary-key column, in key order
     * @param forUpdate read with the intent to write (UPDATE/DELETE): locking protocols lock now
     */
    public IndexGet(TableMeta table, Expr[] key, boolean forUpdate) {
        this(table, key, forUpdate, null, null, null);
    }

    private IndexGet(TableMeta table, Expr[] key, boolean forUpdate, Expr residual, boolean[] residualColumns,
                     boolean[] decoded) {
        super(table, residual, residualColumns, decoded);
        if (key.length != table.primaryIndex().columnCount()) {
            throw new IllegalArgumentException("IndexGet needs the full primary key of " + table.name());
        }
        this.key = key.clone();
        this.forUpdate = forUpdate;
    }

    /** The key expressions, one per primary-key column. */
    public Expr[] key() {
        return key.clone();
    }

    @Override
    public IndexGet withResidual(Expr residual, boolean[] columns) {
        return new IndexGet(table, key, forUpdate, residual, columns, null);
    }

    @Override
    public IndexGet withDecodedColumns(boolean[] columns) {
        return new IndexGet(table, key, forUpdate, residual, residualColumns, columns);
    }

    @Override
    public Cursor open(ExecutionContext context, Object[] outer) {
        Object[] params = context.parameters();
        IndexMeta primary = table.primaryIndex();
        KeyBuilder keys = context.keyBuilder(primary.codec());
        for (int i = 0; i < key.length; i++) {
            // pk = NULL is never true, nor is pk = a value the key column cannot hold
            if (!ExactKeys.addExact(keys, primary.codec().schema().column(i), key[i].eval(outer, params))) {
                return EmptyCursor.INSTANCE;
            }
        }
        byte[] pk = keys.toKey();
        byte[] row = forUpdate ? context.transaction().readForUpdate(table.table(), pk)
                : context.transaction().read(table.table(), pk);
        if (row == null) {
            return EmptyCursor.INSTANCE;
        }
        Object[] values = decode(row);
        if (!passes(values, params)) {
            return EmptyCursor.INSTANCE;
        }
        return new SingleRowCursor(pk, row, values);
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
        return "IndexGet(table=" + table.name() + ", index=" + primary.name() + ", key=" + k + residualText()
                + (forUpdate ? ", for update" : "") + ")";
    }

    private static final class SingleRowCursor implements Cursor {
        private final byte[] pk;
        private final byte[] stored;
        private final Object[] row;
        private boolean done;

        SingleRowCursor(byte[] pk, byte[] stored, Object[] row) {
            this.pk = pk;
            this.stored = stored;
            this.row = row;
        }

        @Override
        public boolean next() {
            if (done) {
                return false;
            }
            done = true;
            return true;
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
