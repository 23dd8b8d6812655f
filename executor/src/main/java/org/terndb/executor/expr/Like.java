package org.terndb.executor.expr;

import java.util.regex.Pattern;
import org.terndb.executor.ExprType;
import org.terndb.storage.codec.ColumnType;

/**
 * {@code x LIKE pattern} with {@code %} and {@code _} (no ESCAPE yet). A literal pattern is compiled once,
 * when the plan is built; a parameter pattern once per evaluation.
 */
public final class Like implements Expr {
    private static final ExprType BOOLEAN = ExprType.of(ColumnType.BOOLEAN, true);

    private final Expr operand;
    private final Expr pattern;
    private final boolean negated;
    private final Pattern compiled;

    public Like(Expr operand, Expr pattern, boolean negated) {
        this.operand = operand;
        this.pattern = pattern;
        this.negated = negated;
        this.compiled = pattern instanceof Literal l && l.value() instanceof String s ? compile(s) : null;
    }

    /** The regular expression of a LIKE pattern. */
    static Pattern compile(String like) {
        StringBuilder re = new StringBuilder();
        StringBuilder literal = new StringBuilder();
        for (int i = 0; i < like.length(); i++) {
            char c = like.charAt(i);
            if (c == '%' || c == '_') {
                if (literal.length() > 0) {
                    re.append(Pattern.quote(literal.toString()));
                    literal.setLength(0);
                }
                re.append(c == '%' ? ".*" : ".");
            } else {
                literal.append(c);
            }
        }
        if (literal.length() > 0) {
            re.append(Pattern.quote(literal.toString()));
        }
        return Pattern.compile(re.toString(), Pattern.DOTALL);
    }

    @Override
    public Object eval(Object[] row, Object[] params) {
        Object v = operand.eval(row, params);
        if (v == null) {
            return null;
        }
        Pattern p = compiled;
        if (p == null) {
            Object pv = pattern.eval(row, params);
            if (pv == null) {
                return null;
            }
            p = compile((String) pv);
        }
        return p.matcher((String) v).matches() != negated;
    }

    @Override
    public ExprType type() {
        return BOOLEAN;
    }

    @Override
    public String explain() {
        return operand.explain() + (negated ? " NOT LIKE " : " LIKE ") + pattern.explain();
    }
}
