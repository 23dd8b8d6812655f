package org.terndb.executor.modify;

import org.terndb.executor.Cursor;
import org.terndb.executor.ExecutionContext;
import org.terndb.executor.PlanNode;

/**
 * INSERT, UPDATE and DELETE: a plan whose one row is the number of rows it changed, so a caller that wants the
 * count takes it from {@link #fetchOne} without a cursor.
 */
public abstract class ModificationNode extends PlanNode {

    /** Applies the change; returns the number of rows changed. */
    abstract long apply(ExecutionContext context);

    /** Applies the change and returns the number of rows changed, without a count row. */
    public final long count(ExecutionContext context) {
        return apply(context);
    }

    @Override
    public final Cursor open(ExecutionContext context) {
        return Modifications.countCursor(apply(context));
    }

    /** A modification yields one row: the number of rows it changed. */
    @Override
    public final boolean singleRow() {
        return true;
    }

    @Override
    public final Object[] fetchOne(ExecutionContext context) {
        return new Object[] {apply(context)};
    }
}
