package org.terndb.executor.expr;

import org.terndb.executor.ExprType;
import org.terndb.storage.codec.ColumnType;

/**
 * {@code = <> < <= > >=} with SQL's three-valued logic (NULL operand: UNKNOWN). When both sides are CHAR,
 * strings compare with trailing spaces ignored (SQL's PAD SPACE rule: {@code 'ab' = 'ab   '}), as CHAR keys
 * in indexes do; a VARCHAR compares its characters as they are.
 */
public final class Comparison implements Expr {
    private static final ExprType BOOLEAN = ExprType.of(ColumnType.BOOLEAN, true);

    /** The operators, with their SQL spelling. */
    public enum Op {
        EQ("="), NE("<>"), LT("<"), LE("<="), GT(">"), GE(">=");

        final String symbol;

        Op(String symbol) {
            this.symbol = symbol;
        }

        /** The operator with its operands swapped ({@code a < b} is {@code b > a}). */
        public Op reverse() {
            return switch (this) {
                case LT -> GT;
                case LE -> GE;
                case GT -> LT;
                case GE -> LE;
                default -> this;
            };
        }

        boolean test(int c) {
            return switch (this) {
                case EQ -> c == 0;
                case NE -> c != 0;
                case LT -> c < 0;
                case LE -> c <= 0;
                case GT -> c > 0;
                case GE -> c >= 0;
            };
        }
    }

    private final Op op;
    private final Expr left;
    private final Expr right;
    private final boolean padSpace;

    public Comparison(Op op, Expr left, Expr right) {
        this.op = op;
        this.left = left;
        this.right = right;
        this.padSpace = left.type().type() == ColumnType.CHAR && right.type().type() == ColumnType.CHAR;
    }

    public Op op() {
        return op;
    }

    public Expr left() {
        return left;
    }

    public Expr right() {
        return right;
    }

    @Override
    public Object eval(Object[] row, Object[] params) {
        Object a = left.eval(row, params);
        if (a == null) {
            return null;
        }
        Object b = right.eval(row, params);
        if (b == null) {
            return null;
        }
        if (padSpace && a instanceof String x && b instanceof String y) {
            return op.test(Values.compareStrings(Values.trimTrailingSpaces(x), Values.trimTrailingSpaces(y)));
        }
        return op.test(Values.compare(a, b));
    }

    @Override
    public ExprType type() {
        return BOOLEAN;
    }

    @Override
    public String explain() {
        return left.explain() + " " + op.symbol + " " + right.explain();
    }
}
