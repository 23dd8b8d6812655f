package org.terndb.executor.expr;

import java.util.ArrayList;
import java.util.List;
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
    private final Compiled compiled;

    public Like(Expr operand, Expr pattern, boolean negated) {
        this.operand = operand;
        this.pattern = pattern;
        this.negated = negated;
        this.compiled = pattern instanceof Literal l && l.value() instanceof String s ? compile(s) : null;
    }

    /** A LIKE pattern, compiled. */
    static Compiled compile(String like) {
        for (int i = 0; i < like.length(); i++) {
            char c = like.charAt(i);
            // A search could match half of a surrogate pair where the regular expression steps over whole pairs.
            if (c == '_' || Character.isSurrogate(c)) {
                return new Compiled(regex(like));
            }
        }
        return new Compiled(like);
    }

    /** The regular expression of a LIKE pattern. */
    static Pattern regex(String like) {
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

    /**
     * A compiled LIKE pattern. One of literal text and {@code %} only (TPC-C's {@code '%ORIGINAL%'}, a prefix
     * {@code 'abc%'}) matches by finding its pieces in order with {@link String#startsWith}, {@link String#indexOf}
     * and {@link String#endsWith}, without the regular expression's backtracking over a leading {@code .*} or its
     * matcher object; any other is a regular expression.
     */
    static final class Compiled {
        private final Pattern regex;
        /** The text between the {@code %}s, empty pieces left out; the whole pattern if it has no {@code %}. */
        private final String[] pieces;
        private final boolean hasPercent;
        /** The pattern does not begin, or end, with {@code %}: the first, or last, piece is anchored there. */
        private final boolean anchoredStart;
        private final boolean anchoredEnd;

        private Compiled(Pattern regex) {
            this.regex = regex;
            this.pieces = null;
            this.hasPercent = false;
            this.anchoredStart = false;
            this.anchoredEnd = false;
        }

        /** {@code like} has no {@code _}. */
        private Compiled(String like) {
            this.regex = null;
            List<String> split = new ArrayList<>();
            int start = 0;
            for (int i = 0; i <= like.length(); i++) {
                if (i == like.length() || like.charAt(i) == '%') {
                    if (i > start) {
                        split.add(like.substring(start, i));
                    }
                    start = i + 1;
                }
            }
            this.pieces = split.toArray(new String[0]);
            this.hasPercent = like.indexOf('%') >= 0;
            this.anchoredStart = !like.startsWith("%");
            this.anchoredEnd = !like.endsWith("%");
        }

        boolean matches(String s) {
            if (regex != null) {
                return regex.matcher(s).matches();
            }
            if (!hasPercent) {
                return pieces.length == 0 ? s.isEmpty() : s.equals(pieces[0]);
            }
            // With a % in the pattern, an anchored start and an anchored end are two different pieces.
            int from = 0;
            int to = s.length();
            int first = 0;
            int last = pieces.length;
            if (anchoredStart) {
                if (!s.startsWith(pieces[0])) {
                    return false;
                }
                from = pieces[0].length();
                first = 1;
            }
            if (anchoredEnd) {
                String end = pieces[pieces.length - 1];
                if (to - from < end.length() || !s.endsWith(end)) {
                    return false;
                }
                to -= end.length();
                last--;
            }
            for (int i = first; i < last; i++) {
                int at = s.indexOf(pieces[i], from);
                if (at < 0 || at + pieces[i].length() > to) {
                    return false;
                }
                from = at + pieces[i].length();
            }
            return true;
        }
    }

    @Override
    public Object eval(Object[] row, Object[] params) {
        Object v = operand.eval(row, params);
        if (v == null) {
            return null;
        }
        Compiled p = compiled;
        if (p == null) {
            Object pv = pattern.eval(row, params);
            if (pv == null) {
                return null;
            }
            p = compile((String) pv);
        }
        return p.matches((String) v) != negated;
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
