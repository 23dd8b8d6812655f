package org.terndb.executor.expr;

import org.terndb.executor.ExprType;
import org.terndb.storage.codec.ColumnType;

/** {@code IS NULL} / {@code IS NOT NULL}; never UNKNOWN. */
public record NullTest(Expr operand, boolean negated) implements Expr {
    private static final ExprType BOOLEAN = ExprType.of(ColumnType.BOOLEAN, false);

    @Override
    public Object eval(Object[] row, Object[] params) {
        return (operand.eval(row, params) == null) != negated;
    }

    @Override
    public ExprType type() {
        return BOOLEAN;
    }

    @Override
    public String explain() {
        return operand.explain() + (negated ? " IS NOT NULL" : " IS NULL");
    }
}
