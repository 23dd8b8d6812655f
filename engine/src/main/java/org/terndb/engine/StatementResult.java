package org.terndb.engine;

import java.util.List;
import org.terndb.executor.ResultColumn;

/**
 * What a statement returned: rows (a query or EXPLAIN), or an update count (DML; 0 for DDL). Rows are
 * materialised before the statement's transaction commits (autocommit) and hold internal values (see
 * {@link org.terndb.executor.expr.Values}).
 */
public final class StatementResult {
    private final List<ResultColumn> columns;
    private final List<Object[]> rows;
    private final long updateCount;

    private StatementResult(List<ResultColumn> columns, List<Object[]> rows, long updateCount) {
        this.columns = columns;
        this.rows = rows;
        this.updateCount = updateCount;
    }

    static StatementResult rows(List<ResultColumn> columns, List<Object[]> rows) {
        return new StatementResult(List.copyOf(columns), rows, -1);
    }

    /** At most one row (null: none) of a plan whose columns are already immutable ({@code PreparedPlan#columns}). */
    static StatementResult row(List<ResultColumn> planColumns, Object[] row) {
        return new StatementResult(planColumns, row == null ? List.of() : List.<Object[]>of(row), -1);
    }

    static StatementResult count(long updateCount) {
        return new StatementResult(List.of(), List.of(), updateCount);
    }

    public boolean isQuery() {
        return updateCount < 0;
    }

    public List<ResultColumn> columns() {
        return columns;
    }

    public List<Object[]> rows() {
        return rows;
    }

    /** Rows changed by DML, 0 for DDL, -1 for a query. */
    public long updateCount() {
        return updateCount;
    }
}
