package org.terndb.executor.expr;

import java.math.BigDecimal;
import java.math.RoundingMode;
import org.terndb.executor.ExprType;

/** {@code CAST(x AS type)}; numbers cast to integer types round half up, as most databases do. */
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
        return Values.convert(v, type);
    }

    @Override
    public String explain() {
        return "CAST(" + operand.explain() + " AS " + type.sqlName() + ")";
    }
}
