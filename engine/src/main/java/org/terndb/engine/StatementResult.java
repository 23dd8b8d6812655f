package org.terndb.engine;

import java.util.List;
import org.terndb.executor.ResultColumn;

/**
 * What a statement returned: rows (a query or EXPLAIN), or an update count (DML; 0 for DDL). Rows are
 * materialised before the statement's transaction commits (autocommit) and hold internal values (see
 * {@link org.terndb.executor.expr.Values}).
 *
 * <p>A result made by {@link #reusable()} belongs to its caller, who passes it to
 * {@link Session#execute(org.terndb.planner.PreparedPlan, Object[], boolean[], StatementResult)} again and again: a
 * point query then fills it instead of allocating, its row included (the array of {@link #singleRow()} is written
 * again by the next such execution). Every other result is immutable.
 */
public final class StatementResult {
    private static final List<ResultColumn> NO_COLUMNS = List.of();

    private List<ResultColumn> columns;
    private List<Object[]> rows; // null: at most one row, held in row
    private Object[] row;
    private long updateCount;
    private final boolean reusable;
    private Object[] rowBuffer; // reusable only: the array a point query writes its row into

    private StatementResult(List<ResultColumn> columns, List<Object[]> rows, Object[] row, long updateCount,
                            boolean reusable) {
        this.columns = columns;
        this.rows = rows;
        this.row = row;
        this.updateCount = updateCount;
        this.reusable = reusable;
    }

    /** An empty result for its caller to pass to {@code Session.execute}, one execution's result at a time. */
    public static StatementResult reusable() {
        return new StatementResult(NO_COLUMNS, List.of(), null, 0, true);
    }

    static StatementResult rows(List<ResultColumn> columns, List<Object[]> rows) {
        return new StatementResult(List.copyOf(columns), rows, null, -1, false);
    }

    /**
     * At most one row (null: none) of a plan whose columns are already immutable ({@code PreparedPlan#columns}),
     * into {@code into} if it is a reusable result, else a new one.
     */
    static StatementResult row(List<ResultColumn> planColumns, Object[] row, StatementResult into) {
        if (into == null || !into.reusable) {
            return new StatementResult(planColumns, null, row, -1, false);
        }
        into.columns = planColumns;
        into.rows = null;
        into.row = row;
        into.updateCount = -1;
        return into;
    }

    static StatementResult count(long updateCount) {
        return new StatementResult(NO_COLUMNS, List.of(), null, updateCount, false);
    }

    /** A reusable result's array for a row of {@code width} values (null for any other result). */
    Object[] rowBuffer(int width) {
        if (!reusable) {
            return null;
        }
        if (rowBuffer == null || rowBuffer.length != width) {
            rowBuffer = new Object[width];
        }
        return rowBuffer;
    }

    public boolean isQuery() {
        return updateCount < 0;
    }

    public List<ResultColumn> columns() {
        return columns;
    }

    public List<Object[]> rows() {
        if (rows == null) {
            return row == null ? List.of() : List.<Object[]>of(row);
        }
        return rows;
    }

    /** Whether the rows are at most one, held as {@link #singleRow()} (no list). */
    public boolean isSingleRow() {
        return rows == null;
    }

    /** The one row of a {@link #isSingleRow()} result, or null if it has none. */
    public Object[] singleRow() {
        return row;
    }

    /** Rows changed by DML, 0 for DDL, -1 for a query. */
    public long updateCount() {
        return updateCount;
    }
}
