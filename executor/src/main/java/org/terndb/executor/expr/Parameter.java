package org.terndb.executor.expr;

import org.terndb.executor.ExprType;

/**
 * A {@code ?} of the statement, 0-based. Values are converted to {@link #type()} once per execution when
 * they are bound, so evaluation is an array read.
 */
public record Parameter(int index, ExprType type) implements Expr {

    @Override
    public Object eval(Object[] row, Object[] params) {
        return params[index];
    }

    @Override
    public String explain() {
        return "?" + index;
    }
}
