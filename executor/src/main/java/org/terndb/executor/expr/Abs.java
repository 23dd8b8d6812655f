package org.terndb.executor.expr;

import java.math.BigDecimal;
import org.terndb.executor.ExprType;
import org.terndb.executor.SqlState;
import org.terndb.executor.TernSqlException;

/** {@code ABS(x)}; the absolute value of the most negative integer of a type overflows (22003). */
public record Abs(Expr operand, ExprType type) implements Expr {

    @Override
    public Object eval(Object[] row, Object[] params) {
        Object v = operand.eval(row, params);
        if (v == null) {
            return null;
        }
        if (v instanceof Long l) {
            if (l == Long.MIN_VALUE) {
                throw new TernSqlException(SqlState.NUMERIC_OUT_OF_RANGE, "numeric overflow in ABS(" + l + ")");
            }
            return Values.checkRange(Math.abs(l), type);
        }
        if (v instanceof BigDecimal d) {
            return d.abs();
        }
        return Math.abs(((Number) v).doubleValue());
    }

    @Override
    public String explain() {
        return "ABS(" + operand.explain() + ")";
    }
}
