package org.terndb.executor.expr;

import org.terndb.executor.ExprType;

/** A constant (internal representation). */
public record Literal(Object value, ExprType type) implements Expr {

    @Override
    public Object eval(Object[] row, Object[] params) {
        return value;
    }

    @Override
    public String explain() {
        return Values.toSqlLiteral(value);
    }
}
