package org.terndb.executor.expr;

import java.util.Locale;
import org.terndb.executor.ExprType;

/** One-argument string functions: UPPER, LOWER, CHAR_LENGTH (in code points). NULL in, NULL out. */
public record StringFunction(Function function, Expr operand, ExprType type) implements Expr {
    /** The functions. */
    public enum Function { UPPER, LOWER, CHAR_LENGTH }

    @Override
    public Object eval(Object[] row, Object[] params) {
        Object v = operand.eval(row, params);
        if (v == null) {
            return null;
        }
        String s = Values.asString(v);
        return switch (function) {
            case UPPER -> s.toUpperCase(Locale.ROOT);
            case LOWER -> s.toLowerCase(Locale.ROOT);
            case CHAR_LENGTH -> (long) s.codePointCount(0, s.length());
        };
    }

    @Override
    public String explain() {
        return function + "(" + operand.explain() + ")";
    }
}
