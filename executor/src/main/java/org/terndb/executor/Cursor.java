package org.terndb.executor;

/**
 * A pull iterator over the rows an operator produces (the Volcano model). Rows are arrays of internal
 * values (see {@link org.terndb.executor.expr.Values}); a cursor never reuses a row array it handed out,
 * so consumers that keep rows (sort, aggregate, result sets) need not copy them.
 *
 * <p>Cursors that pass base-table rows through unchanged (scans, filters, projections) also expose the
 * current row's primary key and stored row, which UPDATE and DELETE need to write it back.
 */
public interface Cursor {

    /** Advances to the next row; false when there is none. */
    boolean next();

    /** The current row. */
    Object[] row();

    /** The primary key of the base-table row the current row comes from, or null if it has none. */
    default byte[] primaryKey() {
        return null;
    }

    /** The stored base-table row the current row comes from, or null if it has none. */
    default byte[] baseRow() {
        return null;
    }
}
