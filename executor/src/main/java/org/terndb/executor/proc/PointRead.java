package org.terndb.executor.proc;

import java.util.List;
import org.terndb.executor.PlanNode;
import org.terndb.executor.access.IndexGet;
import org.terndb.executor.access.StoredRow;
import org.terndb.executor.expr.ColumnRef;
import org.terndb.executor.expr.Expr;
import org.terndb.executor.meta.TableMeta;
import org.terndb.storage.codec.Column;
import org.terndb.storage.codec.RowCodec;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;

/**
 * An embedded query that reads one row by its full primary key and returns some of its columns ({@code SELECT c1, c2
 * INTO ... FROM t WHERE pk = v}), run without its plan: the key is encoded straight from the slots (an integer
 * variable or array element without boxing), the row read in the call's transaction, and only the selected columns
 * decoded. It means what the plan means ({@code Project} of columns over an {@link IndexGet} without a residual
 * filter): a key value the key column cannot hold, or NULL, matches nothing.
 */
public final class PointRead {
    private final Table table;
    private final boolean forUpdate;
    private final SlotKey key;
    private final int[] columns;
    private final Column[] columnTypes;
    private final RowCodec rows;

    private PointRead(IndexGet get, SlotKey key, int[] columns) {
        TableMeta meta = get.table();
        this.table = meta.table();
        this.forUpdate = get.forUpdate();
        this.key = key;
        this.columns = columns;
        this.rows = meta.rowCodec();
        List<Column> all = meta.schema().columns();
        columnTypes = new Column[columns.length];
        for (int i = 0; i < columns.length; i++) {
            columnTypes[i] = all.get(columns[i]);
        }
    }

    /**
     * The point read of {@code root}, a plan whose {@code ?} markers take {@code arguments} unconverted, or null if
     * the plan is not a projection of columns over a primary-key get without a residual filter.
     */
    public static PointRead of(PlanNode root, List<Expr> arguments) {
        if (!(root instanceof org.terndb.executor.relational.Project project)
                || !(project.inputs().get(0) instanceof IndexGet get) || get.residual() != null
                || !get.index().primary()) {
            return null;
        }
        Expr[] exprs = project.exprs();
        int[] columns = new int[exprs.length];
        for (int i = 0; i < exprs.length; i++) {
            if (!(exprs[i] instanceof ColumnRef c)) {
                return null;
            }
            columns[i] = c.index();
        }
        SlotKey key = SlotKey.of(get.table(), get.key(), arguments);
        return key == null ? null : new PointRead(get, key, columns);
    }

    /** The stored row with the key the slots give now, read in the frame's transaction, or null if there is none. */
    byte[] read(Frame frame) {
        byte[] pk = key.encode(frame);
        if (pk == null) {
            return null;
        }
        Transaction txn = frame.transaction();
        return forUpdate ? txn.readForUpdate(table, pk) : txn.read(table, pk);
    }

    /** The table read. */
    Table table() {
        return table;
    }

    /** Whether the read is {@code FOR UPDATE} ({@link Transaction#readForUpdate}). */
    boolean forUpdate() {
        return forUpdate;
    }

    /** The table's row codec. */
    RowCodec rows() {
        return rows;
    }

    /** The column number in the stored row of the {@code i}-th selected column. */
    int column(int i) {
        return columns[i];
    }

    /** How the key is made from the slots. */
    SlotKey key() {
        return key;
    }

    /** The type of the {@code i}-th selected column. */
    Column columnType(int i) {
        return columnTypes[i];
    }

    /** The {@code i}-th selected column of a row {@link #read} returned, as an internal value. */
    Object column(byte[] row, int i) {
        return StoredRow.column(rows, columnTypes[i], row, columns[i]);
    }

    /** The number of selected columns. */
    int width() {
        return columns.length;
    }
}
