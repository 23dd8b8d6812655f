package org.terndb.executor.expr;

import org.terndb.executor.ExprType;
import org.terndb.executor.SqlState;
import org.terndb.executor.TernSqlException;

/**
 * {@code SUBSTRING(s FROM start [FOR length])} as SQL defines it: positions count code points from 1; the
 * result is the characters at positions {@code [start, start + length)} that exist, so a start before 1
 * shortens the result; a negative length is an error (22011).
 */
public record Substring(Expr string, Expr start, Expr length, ExprType type) implements Expr {

    @Override
    public Object eval(Object[] row, Object[] params) {
        Object s = string.eval(row, params);
        Object from = start.eval(row, params);
        Object count = length == null ? null : length.eval(row, params);
        if (s == null || from == null || length != null && count == null) {
            return null;
        }
        String text = Values.asString(s);
        int chars = text.codePointCount(0, text.length());
        long first = ((Number) from).longValue();
        long end = chars + 1L;
        if (count != null) {
            long n = ((Number) count).longValue();
            if (n < 0) {
                throw new TernSqlException(SqlState.SUBSTRING_ERROR, "SUBSTRING length must not be negative, got " + n);
            }
            end = Math.min(end, first + n);
        }
        long begin = Math.max(first, 1);
        if (begin >= end) {
            return "";
        }
        int from0 = text.offsetByCodePoints(0, (int) (begin - 1));
        int to0 = text.offsetByCodePoints(from0, (int) (end - begin));
        return text.substring(from0, to0);
    }

    @Override
    public String explain() {
        return "SUBSTRING(" + string.explain() + " FROM " + start.explain()
                + (length == null ? "" : " FOR " + length.explain()) + ")";
    }
}
