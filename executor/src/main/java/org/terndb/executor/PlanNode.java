package org.terndb.executor;

import java.util.List;
import org.terndb.executor.access.StoredColumns;

/**
 * One operator of a physical plan. Plans are immutable and shared by every execution of a cached
 * statement: {@link #open} makes the per-execution state (a {@link Cursor}), so opening allocates, but
 * planning, validation and expression compilation all happened once, before the plan was cached.
 */
public abstract class PlanNode {

    /** Starts one execution of this operator within the context's transaction. */
    public abstract Cursor open(ExecutionContext context);

    /**
     * True if every execution of this plan yields at most one row, which {@link #fetchOne} returns without
     * opening a cursor (a point get by primary key and projections over one). Decided when the plan is built.
     */
    public boolean singleRow() {
        return false;
    }

    /**
     * True if an execution reads exactly one record, by its full primary key, and nothing else (a point query and
     * projections over one): run on its own, it may be a single-read transaction
     * ({@link org.terndb.txn.Worker#readSingle}). Reads taken with the intent to write are not.
     */
    public boolean readsOneRecord() {
        return false;
    }

    /**
     * The one row of an execution, or null if there is none; only for {@link #singleRow()} plans. A row that
     * comes from a base table leaves its primary key and stored row in
     * {@link ExecutionContext#fetchedPrimaryKey()} and {@link ExecutionContext#fetchedBaseRow()}, for UPDATE and
     * DELETE to write back, as a cursor's {@link Cursor#primaryKey()} and {@link Cursor#baseRow()} would.
     */
    public Object[] fetchOne(ExecutionContext context) {
        throw new UnsupportedOperationException(describe() + " may produce several rows; open a cursor");
    }

    /**
     * For a {@link #singleRow()} query whose row is nothing but columns of one stored row read by primary key: which
     * columns, so the caller may keep the stored row ({@link #fetchStored}) and decode columns on demand; else null.
     */
    public StoredColumns storedColumns() {
        return null;
    }

    /**
     * The stored row of an execution, undecoded, or null if there is none; only for plans with
     * {@link #storedColumns()}. Leaves the key and row in the context as {@link #fetchOne} does.
     */
    public byte[] fetchStored(ExecutionContext context) {
        throw new UnsupportedOperationException(describe() + " computes its row; use fetchOne");
    }

    /** The operators this one reads from, in order. */
    public abstract List<PlanNode> inputs();

    /** One line saying what this operator does (operator name, index, bounds, expressions). */
    public abstract String describe();

    /** This plan as indented text, one operator per line: what EXPLAIN shows. */
    public final String explain() {
        StringBuilder out = new StringBuilder();
        explain(out, 0);
        return out.toString();
    }

    private void explain(StringBuilder out, int depth) {
        out.append("  ".repeat(depth)).append(describe()).append('\n');
        for (PlanNode input : inputs()) {
            input.explain(out, depth + 1);
        }
    }

    @Override
    public String toString() {
        return describe();
    }
}
