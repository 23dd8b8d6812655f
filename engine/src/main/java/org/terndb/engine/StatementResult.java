package org.terndb.engine;

import java.util.List;
import org.terndb.executor.ResultColumn;
import org.terndb.executor.access.StoredColumns;

/**
 * What a statement returned: rows (a query or EXPLAIN), or an update count (DML; 0 for DDL). Rows are
 * materialised before the statement's transaction commits (autocommit) and hold internal values (see
 * {@link org.terndb.executor.expr.Values}). A point query's one row may instead be kept as the stored row it read
 * ({@link #storedRow()}, immutable once read), decoded column by column as a reader asks ({@link #storedColumns()}).
 */
public final class StatementResult {
    /** The counts point DML returns: shared, as a count result holds nothing else. */
    private static final StatementResult NONE_CHANGED = new StatementResult(List.of(), List.of(), 0, null, null);
    private static final StatementResult ONE_CHANGED = new StatementResult(List.of(), List.of(), 1, null, null);

    private final List<ResultColumn> columns;
    private List<Object[]> rows; // for a stored row: decoded by the first rows()
    private final long updateCount;
    private final StoredColumns storedColumns;
    private final byte[] storedRow;

    private StatementResult(List<ResultColumn> columns, List<Object[]> rows, long updateCount,
                            StoredColumns storedColumns, byte[] storedRow) {
        this.columns = columns;
        this.rows = rows;
        this.updateCount = updateCount;
        this.storedColumns = storedColumns;
        this.storedRow = storedRow;
    }

    static StatementResult rows(List<ResultColumn> columns, List<Object[]> rows) {
        return new StatementResult(List.copyOf(columns), rows, -1, null, null);
    }

    /** At most one row (null: none) of a plan whose columns are already immutable ({@code PreparedPlan#columns}). */
    static StatementResult row(List<ResultColumn> planColumns, Object[] row) {
        return new StatementResult(planColumns, row == null ? List.of() : List.<Object[]>of(row), -1, null, null);
    }

    /** At most one stored row (null: none), undecoded, of a plan whose columns are already immutable. */
    static StatementResult stored(List<ResultColumn> planColumns, StoredColumns columns, byte[] row) {
        return row == null ? new StatementResult(planColumns, List.of(), -1, null, null)
                : new StatementResult(planColumns, null, -1, columns, row);
    }

    static StatementResult count(long updateCount) {
        return updateCount == 0 ? NONE_CHANGED : updateCount == 1 ? ONE_CHANGED
                : new StatementResult(List.of(), List.of(), updateCount, null, null);
    }

    public boolean isQuery() {
        return updateCount < 0;
    }

    public List<ResultColumn> columns() {
        return columns;
    }

    /** The rows with every column decoded. */
    public List<Object[]> rows() {
        if (rows == null) {
            rows = List.<Object[]>of(storedColumns.decode(storedRow));
        }
        return rows;
    }

    /** The one row of a point query, undecoded, or null if the rows are in {@link #rows()} only. */
    public byte[] storedRow() {
        return storedRow;
    }

    /** How {@link #storedRow()} decodes into the result's columns, or null. */
    public StoredColumns storedColumns() {
        return storedColumns;
    }

    /** Rows changed by DML, 0 for DDL, -1 for a query. */
    public long updateCount() {
        return updateCount;
    }
}
