package org.terndb.executor.expr;

import java.time.LocalDate;
import java.time.LocalDateTime;
import org.terndb.executor.ExprType;

/** {@code EXTRACT(unit FROM date_or_timestamp)} for YEAR, MONTH, DAY, HOUR, MINUTE and SECOND. */
public record Extract(Unit unit, Expr operand, ExprType type) implements Expr {
    /** The fields EXTRACT can take. */
    public enum Unit { YEAR, MONTH, DAY, HOUR, MINUTE, SECOND }

    @Override
    public Object eval(Object[] row, Object[] params) {
        Object v = operand.eval(row, params);
        if (v == null) {
            return null;
        }
        LocalDateTime t = v instanceof LocalDate d ? d.atStartOfDay() : (LocalDateTime) v;
        return (long) switch (unit) {
            case YEAR -> t.getYear();
            case MONTH -> t.getMonthValue();
            case DAY -> t.getDayOfMonth();
            case HOUR -> t.getHour();
            case MINUTE -> t.getMinute();
            case SECOND -> t.getSecond();
        };
    }

    @Override
    public String explain() {
        return "EXTRACT(" + unit + " FROM " + operand.explain() + ")";
    }
}
