package org.terndb.executor.expr;

import java.math.BigDecimal;
import java.math.RoundingMode;
import org.terndb.executor.ExprType;

/**
 * {@code CAST(x AS type)}; numbers cast to integer types round half up, as most databases do, and a string
 * cast to a shorter CHAR/VARCHAR is cut to the length (an explicit cast truncates; assignment does not).
 */
public record Cast(Expr operand, ExprType type) implements Expr {

    @Override
    public Object eval(Object[] row, Object[] params) {
        Object v = operand.eval(row, params);
        if (v == null) {
            return null;
        }
        if (type.isIntegral() && (v instanceof BigDecimal || v instanceof Double)) {
            BigDecimal d = Values.toBigDecimal((Number) v).setScale(0, RoundingMode.HALF_UP);
            return Values.convert(d, type);
        }
        if (type.type() != null && type.type().isString() && type.precision() > 0) {
            String s = (String) Values.convert(v, new ExprType(type.type(), 0, 0, true));
            if (s.length() > type.precision() && s.codePointCount(0, s.length()) > type.precision()) {
                s = s.substring(0, s.offsetByCodePoints(0, type.precision()));
            }
            return s;
        }
        return Values.convert(v, type);
    }

    @Override
    public String explain() {
        return "CAST(" + operand.explain() + " AS " + type.sqlName() + ")";
    }
}
