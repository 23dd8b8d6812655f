package org.terndb.executor.expr;

import java.math.BigDecimal;
import org.terndb.executor.ExprType;
import org.terndb.executor.SqlState;
import org.terndb.executor.TernSqlException;

/** Unary minus. */
public record Negate(Expr operand, ExprType type) implements Expr {

    @Override
    public Object eval(Object[] row, Object[] params) {
        Object v = operand.eval(row, params);
        if (v == null) {
            return null;
        }
        if (v instanceof Long l) {
            if (l == Long.MIN_VALUE) {
                throw new TernSqlException(SqlState.NUMERIC_OUT_OF_RANGE, "numeric overflow negating " + l);
            }
            return Values.checkRange(-l, type);
        }
        if (v instanceof BigDecimal d) {
            return d.negate();
        }
        return -((Number) v).doubleValue();
    }

    @Override
    public String explain() {
        return "-" + operand.explain();
    }
}
