package org.terndb.executor.expr;

import org.terndb.executor.ExprType;
import org.terndb.storage.codec.ColumnType;

/** {@code x IS [NOT] TRUE} / {@code IS [NOT] FALSE}: never UNKNOWN (UNKNOWN is neither TRUE nor FALSE). */
public record TruthTest(Expr operand, Boolean value, boolean negated) implements Expr {
    private static final ExprType BOOLEAN = ExprType.of(ColumnType.BOOLEAN, false);

    @Override
    public Object eval(Object[] row, Object[] params) {
        return value.equals(operand.eval(row, params)) != negated;
    }

    @Override
    public ExprType type() {
        return BOOLEAN;
    }

    @Override
    public String explain() {
        return operand.explain() + (negated ? " IS NOT " : " IS ") + value.toString().toUpperCase(java.util.Locale.ROOT);
    }
}
