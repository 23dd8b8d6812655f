package org.terndb.executor.access;

import java.util.List;
import java.util.StringJoiner;
import org.terndb.executor.Cursor;
import org.terndb.executor.ExecutionContext;
import org.terndb.executor.PlanNode;
import org.terndb.executor.expr.Expr;
import org.terndb.executor.meta.IndexMeta;
import org.terndb.executor.meta.TableMeta;
import org.terndb.storage.codec.Column;
import org.terndb.storage.codec.KeyBuilder;

/**
 * Point lookup of one row by its full primary key ({@code WHERE pk = ?}) or by the full key of a unique secondary
 * index ({@code WHERE unique_column = ?}: the entry's primary key, then the row). Produces zero or one row of all
 * table columns. A key value the key column cannot hold (a TINYINT key compared with 1000, an INTEGER key with
 * 2.5), or NULL, matches nothing.
 */
public final class IndexGet extends TableAccess {
    private final IndexMeta index;
    private final Expr[] key;
    private final boolean forUpdate;
    private final Column[] keyColumns;
    private final Column[] tableColumns;
    /** Per key column, the Long values added to the key without conversion (an empty range if none). */
    private final long[] keyMin;
    private final long[] keyMax;
    /** All table columns as the result, when nothing filters the row; else null. */
    private final StoredColumns stored;

    /**
     * @param key       one expression per primary-key column, in key order
     * @param forUpdate read with the intent to write (UPDATE/DELETE): locking protocols lock now
     */
    public IndexGet(TableMeta table, Expr[] key, boolean forUpdate) {
        this(table, table.primaryIndex(), key, forUpdate);
    }

    /**
     * @param index     the primary index or a unique secondary index of {@code table}
     * @param key       one expression per key column of {@code index}, in key order
     * @param forUpdate read with the intent to write (UPDATE/DELETE): locking protocols lock now
     */
    public IndexGet(TableMeta table, IndexMeta index, Expr[] key, boolean forUpdate) {
        this(table, index, key, forUpdate, null, null, null);
    }

    private IndexGet(TableMeta table, IndexMeta index, Expr[] key, boolean forUpdate, Expr residual,
                     boolean[] residualColumns, boolean[] decoded) {
        super(table, residual, residualColumns, decoded);
        if (!index.primary() && !index.unique()) {
            throw new IllegalArgumentException("IndexGet needs the primary or a unique index of " + table.name()
                    + ", not " + index.name());
        }
        if (key.length != index.columnCount() || key.length == 0) {
            throw new IllegalArgumentException("IndexGet needs the full key of " + index.name());
        }
        this.index = index;
        this.key = key.clone();
        this.forUpdate = forUpdate;
        this.tableColumns = table.schema().columns().toArray(Column[]::new);
        this.keyColumns = new Column[key.length];
        this.keyMin = new long[key.length];
        this.keyMax = new long[key.length];
        boolean[] decodedColumns = decodedColumns();
        boolean all = decodedColumns == null;
        if (!all) {
            all = true;
            for (boolean d : decodedColumns) {
                all &= d;
            }
        }
        this.stored = residual == null && all ? StoredColumns.all(table) : null;
        for (int i = 0; i < key.length; i++) {
            keyColumns[i] = index.codec().schema().column(i);
            switch (keyColumns[i].type()) { // the range of Longs added as they are; others go through ExactKeys
                case TINYINT -> range(i, Byte.MIN_VALUE, Byte.MAX_VALUE);
                case SMALLINT -> range(i, Short.MIN_VALUE, Short.MAX_VALUE);
                case INTEGER -> range(i, Integer.MIN_VALUE, Integer.MAX_VALUE);
                case BIGINT -> range(i, Long.MIN_VALUE, Long.MAX_VALUE);
                default -> range(i, 1, 0); // empty
            }
        }
    }

    private void range(int i, long min, long max) {
        keyMin[i] = min;
        keyMax[i] = max;
    }

    /** The index looked up: the primary index, or a unique secondary index. */
    public IndexMeta index() {
        return index;
    }

    /** The key expressions, one per key column of {@link #index()}. */
    public Expr[] key() {
        return key.clone();
    }

    /** True if the read announces a write (UPDATE, DELETE, SELECT ... FOR UPDATE). */
    public boolean forUpdate() {
        return forUpdate;
    }

    @Override
    public IndexGet withResidual(Expr residual, boolean[] columns) {
        return new IndexGet(table, index, key, forUpdate, residual, columns, null);
    }

    @Override
    public IndexGet withDecodedColumns(boolean[] columns) {
        return new IndexGet(table, index, key, forUpdate, residual, residualColumns, columns);
    }

    @Override
    public Cursor open(ExecutionContext context, Object[] outer) {
        Object[] params = context.parameters();
        byte[] pk = key(context, outer, params);
        if (pk == null) {
            return EmptyCursor.INSTANCE;
        }
        byte[] row = read(context, pk);
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
    public boolean singleRow() {
        return true;
    }

    /**
     * One primary-key read; FOR UPDATE reads announce a write (2PL locks them), so they are not, nor is a get
     * through a secondary index (its entry, then the row).
     */
    @Override
    public boolean readsOneRecord() {
        return !forUpdate && index.primary();
    }

    /** The row without a cursor; its key and stored row go to the context. */
    @Override
    public Object[] fetchOne(ExecutionContext context) {
        Object[] params = context.parameters();
        byte[] pk = key(context, null, params);
        byte[] row = pk == null ? null : read(context, pk);
        Object[] values = row == null ? null : decode(row);
        if (values == null || !passes(values, params)) {
            context.fetched(null, null);
            return null;
        }
        context.fetched(pk, row);
        return values;
    }

    @Override
    public StoredColumns storedColumns() {
        return stored;
    }

    /** The given table columns, in that order, as a result ({@link #storedColumns()}); null if a residual filters. */
    public StoredColumns storedColumns(int[] columns) {
        return residual == null ? new StoredColumns(table, columns) : null;
    }

    /** The stored row, undecoded (only without a residual: nothing is tested); null if there is none. */
    @Override
    public byte[] fetchStored(ExecutionContext context) {
        if (residual != null) {
            throw new IllegalStateException(describe() + " filters its row; use fetchOne");
        }
        byte[] pk = key(context, null, context.parameters());
        byte[] row = pk == null ? null : read(context, pk);
        context.fetched(row == null ? null : pk, row);
        return row;
    }

    /**
     * {@link #fetchOne} of only the given table columns, in that order, decoded straight from the stored row
     * (a projection of columns over this get): null if there is no row.
     */
    public Object[] fetchColumns(ExecutionContext context, int[] columns) {
        if (residual != null) { // the filter reads the table row
            Object[] row = fetchOne(context);
            if (row == null) {
                return null;
            }
            Object[] out = new Object[columns.length];
            for (int i = 0; i < columns.length; i++) {
                out[i] = row[columns[i]];
            }
            return out;
        }
        byte[] pk = key(context, null, context.parameters());
        byte[] row = pk == null ? null : read(context, pk);
        if (row == null) {
            context.fetched(null, null);
            return null;
        }
        context.fetched(pk, row);
        Object[] out = new Object[columns.length];
        for (int i = 0; i < columns.length; i++) {
            out[i] = StoredRow.column(table.rowCodec(), tableColumns[columns[i]], row, columns[i]);
        }
        return out;
    }

    /**
     * The primary key of the row to read, or null if no row can have it (a key of NULL, a value the key column
     * cannot hold, or no entry under the unique secondary key).
     */
    private byte[] key(ExecutionContext context, Object[] outer, Object[] params) {
        KeyBuilder keys = context.keyBuilder(index.codec());
        for (int i = 0; i < key.length; i++) {
            Object v = key[i].eval(outer, params);
            if (v instanceof Long l && l >= keyMin[i] && l <= keyMax[i]) { // an integer the key column holds
                keys.addLong(l);
            } else if (!ExactKeys.addExact(keys, keyColumns[i], v)) {
                return null;
            }
        }
        // A unique key without NULLs is stored as it is (the primary key is appended only to keys with a NULL).
        return index.primary() ? keys.toKey() : context.transaction().readPrimaryKey(index.index(), keys.toKey());
    }

    private byte[] read(ExecutionContext context, byte[] pk) {
        return forUpdate ? context.transaction().readForUpdate(table.table(), pk)
                : context.transaction().read(table.table(), pk);
    }

    @Override
    public List<PlanNode> inputs() {
        return List.of();
    }

    @Override
    public String describe() {
        StringJoiner k = new StringJoiner(", ", "[", "]");
        for (int i = 0; i < key.length; i++) {
            k.add(table.column(index.column(i)).name() + " = " + key[i].explain());
        }
        return "IndexGet(table=" + table.name() + ", index=" + index.name() + ", key=" + k + residualText()
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
