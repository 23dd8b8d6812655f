package org.terndb.executor.expr;

import org.terndb.executor.ExprType;
import org.terndb.storage.codec.ColumnType;

/** {@code a IS [NOT] DISTINCT FROM b}: equality in which two NULLs are the same; never UNKNOWN. */
public record DistinctFrom(Expr left, Expr right, boolean notDistinct) implements Expr {
    private static final ExprType BOOLEAN = ExprType.of(ColumnType.BOOLEAN, false);

    @Override
    public Object eval(Object[] row, Object[] params) {
        Object a = left.eval(row, params);
        Object b = right.eval(row, params);
        boolean same = a == null || b == null ? a == b : Values.compare(a, b) == 0;
        return same == notDistinct;
    }

    @Override
    public ExprType type() {
        return BOOLEAN;
    }

    @Override
    public String explain() {
        return left.explain() + (notDistinct ? " IS NOT DISTINCT FROM " : " IS DISTINCT FROM ") + right.explain();
    }
}
