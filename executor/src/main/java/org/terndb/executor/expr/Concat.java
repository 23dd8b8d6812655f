package org.terndb.executor.expr;

import org.terndb.executor.ExprType;

/** {@code a || b}: string concatenation; NULL if either side is NULL. */
public record Concat(Expr left, Expr right, ExprType type) implements Expr {

    @Override
    public Object eval(Object[] row, Object[] params) {
        Object a = left.eval(row, params);
        if (a == null) {
            return null;
        }
        Object b = right.eval(row, params);
        if (b == null) {
            return null;
        }
        return Values.asString(a).concat(Values.asString(b));
    }

    @Override
    public String explain() {
        return "(" + left.explain() + " || " + right.explain() + ")";
    }
}
