package org.terndb.executor.expr;

import java.math.BigDecimal;
import java.math.RoundingMode;
import org.terndb.executor.ExprType;
import org.terndb.executor.SqlState;
import org.terndb.executor.TernSqlException;

/**
 * {@code ROUND(x [, places])}: half away from zero (2.5 to 3, -2.5 to -3), to {@code places} digits after
 * the point (negative: before it). The result keeps the type of {@code x} (a DECIMAL keeps its scale, so
 * {@code ROUND(2.567, 1)} on a DECIMAL(4,3) is 2.600).
 */
public record Round(Expr operand, Expr places, ExprType type) implements Expr {

    @Override
    public Object eval(Object[] row, Object[] params) {
        Object v = operand.eval(row, params);
        if (v == null) {
            return null;
        }
        int digits = 0;
        if (places != null) {
            Object p = places.eval(row, params);
            if (p == null) {
                return null;
            }
            digits = (int) Math.max(-1000, Math.min(1000, ((Number) p).longValue()));
        }
        try {
            if (v instanceof Double d) {
                if (d.isNaN() || d.isInfinite()) {
                    return d;
                }
                return BigDecimal.valueOf(d).setScale(digits, RoundingMode.HALF_UP).doubleValue();
            }
            BigDecimal rounded = Values.toBigDecimal((Number) v).setScale(digits, RoundingMode.HALF_UP);
            return Values.convert(rounded, type);
        } catch (ArithmeticException e) {
            throw new TernSqlException(SqlState.NUMERIC_OUT_OF_RANGE, "numeric overflow in " + explain());
        }
    }

    @Override
    public String explain() {
        return "ROUND(" + operand.explain() + (places == null ? "" : ", " + places.explain()) + ")";
    }
}
