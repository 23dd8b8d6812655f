package org.terndb.executor.access;

import org.terndb.executor.Cursor;
import org.terndb.executor.ExecutionContext;
import org.terndb.executor.PlanNode;
import org.terndb.executor.expr.Expr;
import org.terndb.executor.meta.TableMeta;
import org.terndb.storage.codec.Column;
import org.terndb.storage.codec.RowCodec;

/**
 * An operator that reads one table through one index ({@link IndexGet}, {@link IndexRangeScan}). Its key
 * expressions may read an <em>outer row</em>: an index nested-loop join opens the same access once per outer
 * row with {@link #open(ExecutionContext, Object[])}, so the lookup is planned once and bound per row. A
 * residual predicate over the table row is tested inside the access, before a row is produced (and before a
 * pushed-down limit counts it). Rows are all table columns, in table order; only the columns in
 * {@link #decodedColumns()} are decoded (the others are null), when the planner knows nothing reads them.
 */
public abstract class TableAccess extends PlanNode {
    protected final TableMeta table;
    protected final Expr residual;
    protected final boolean[] residualColumns;
    private final boolean[] decoded;
    /** The columns {@link #decode} reads, in table order, and their schema columns. */
    private final int[] decodedList;
    private final Column[] decodedColumns;

    /**
     * @param residual        predicate over the table row, or null
     * @param residualColumns the table columns the residual reads (null: unknown, i.e. all)
     * @param decoded         the table columns to decode (null: all); widened by the residual's columns
     */
    protected TableAccess(TableMeta table, Expr residual, boolean[] residualColumns, boolean[] decoded) {
        this.table = table;
        this.residual = residual;
        this.residualColumns = residualColumns == null ? null : residualColumns.clone();
        this.decoded = decoded == null || residual != null && residualColumns == null ? null
                : widen(decoded, residualColumns);
        int n = 0;
        for (int c = 0; c < table.columnCount(); c++) {
            n += this.decoded == null || this.decoded[c] ? 1 : 0;
        }
        this.decodedList = new int[n];
        this.decodedColumns = new Column[n];
        for (int c = 0, i = 0; c < table.columnCount(); c++) {
            if (this.decoded == null || this.decoded[c]) {
                decodedList[i] = c;
                decodedColumns[i++] = table.rowCodec().schema().column(c);
            }
        }
    }

    public TableMeta table() {
        return table;
    }

    /** The predicate rows must pass inside the access, or null. */
    public Expr residual() {
        return residual;
    }

    /** Which table columns are decoded (null: all). */
    public boolean[] decodedColumns() {
        return decoded == null ? null : decoded.clone();
    }

    /** Opens the access for one outer row (null: none; key expressions then read only parameters). */
    public abstract Cursor open(ExecutionContext context, Object[] outer);

    @Override
    public final Cursor open(ExecutionContext context) {
        return open(context, null);
    }

    /**
     * This access with a residual predicate over the table row (replacing any) that reads {@code columns}
     * (null: unknown), for plans that filter here.
     */
    public abstract TableAccess withResidual(Expr residual, boolean[] columns);

    /** This access decoding only {@code columns} (table positions) plus whatever its residual reads. */
    public abstract TableAccess withDecodedColumns(boolean[] columns);

    /** Decodes the wanted columns of a stored row into a new array. */
    protected final Object[] decode(byte[] stored) {
        Object[] row = new Object[table.columnCount()];
        RowCodec codec = table.rowCodec();
        for (int i = 0; i < decodedList.length; i++) {
            row[decodedList[i]] = StoredRow.column(codec, decodedColumns[i], stored, decodedList[i]);
        }
        return row;
    }

    /** True if the row passes the residual (or there is none). */
    protected final boolean passes(Object[] row, Object[] params) {
        return residual == null || Expr.isTrue(residual, row, params);
    }

    private static boolean[] widen(boolean[] columns, boolean[] residualColumns) {
        boolean[] out = columns.clone();
        if (residualColumns != null) {
            for (int i = 0; i < out.length && i < residualColumns.length; i++) {
                out[i] |= residualColumns[i];
            }
        }
        return out;
    }

    protected final String residualText() {
        return residual == null ? "" : ", filter=" + residual.explain();
    }
}
