package org.terndb.executor.expr;

import org.terndb.executor.ExprType;

/** {@code TRIM([BOTH|LEADING|TRAILING] [chars] FROM s)}: removes any of {@code chars} (default a space). */
public record Trim(Side side, Expr characters, Expr string, ExprType type) implements Expr {
    /** Which end(s) to trim. */
    public enum Side { BOTH, LEADING, TRAILING }

    @Override
    public Object eval(Object[] row, Object[] params) {
        Object s = string.eval(row, params);
        Object c = characters.eval(row, params);
        if (s == null || c == null) {
            return null;
        }
        String text = Values.asString(s);
        String remove = Values.asString(c);
        int begin = 0;
        int end = text.length();
        if (side != Side.TRAILING) {
            while (begin < end && remove.indexOf(text.charAt(begin)) >= 0) {
                begin++;
            }
        }
        if (side != Side.LEADING) {
            while (end > begin && remove.indexOf(text.charAt(end - 1)) >= 0) {
                end--;
            }
        }
        return text.substring(begin, end);
    }

    @Override
    public String explain() {
        return "TRIM(" + side + " " + characters.explain() + " FROM " + string.explain() + ")";
    }
}
