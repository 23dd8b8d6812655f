package org.terndb.executor.proc;

import org.terndb.executor.ExprType;
import org.terndb.executor.expr.Comparison;
import org.terndb.executor.expr.Expr;

/**
 * A comparison of two integer operands of a procedure ({@code i <= CARDINALITY(ids)}, {@code n > 0}) that reads
 * them straight from the slots ({@link IntegerOperand}) and compares longs. When an operand is NULL (or a subscript
 * is outside its array) the general {@link Comparison} it stands for decides, so the result is the same.
 */
public final class IntegerComparison implements Expr {
    private final Comparison general;
    private final Comparison.Op op;
    private final IntegerOperand left;
    private final IntegerOperand right;

    private IntegerComparison(Comparison general, IntegerOperand left, IntegerOperand right) {
        this.general = general;
        this.op = general.op();
        this.left = left;
        this.right = right;
    }

    /** {@code c} over slots: an IntegerComparison if both operands are read directly, else {@code c} itself. */
    public static Expr of(Comparison c) {
        IntegerOperand l = IntegerOperand.of(c.left());
        IntegerOperand r = l == null ? null : IntegerOperand.of(c.right());
        return r == null ? c : new IntegerComparison(c, l, r);
    }

    @Override
    public Object eval(Object[] row, Object[] slots) {
        long a = left.read(slots);
        long b = right.read(slots);
        if (a == IntegerOperand.MISSING && !left.plain(slots) || b == IntegerOperand.MISSING && !right.plain(slots)) {
            return general.eval(row, slots);
        }
        return compare(a, b) ? Boolean.TRUE : Boolean.FALSE;
    }

    /**
     * Whether the procedure condition {@code condition} is TRUE over {@code slots} (UNKNOWN is not):
     * {@link Expr#isTrue}, with the comparison of two plain integer operands made in place.
     */
    static boolean isTrue(Expr condition, Object[] slots) {
        if (condition instanceof IntegerComparison c) {
            long a = c.left.read(slots);
            long b = c.right.read(slots);
            if ((a != IntegerOperand.MISSING || c.left.plain(slots)) && (b != IntegerOperand.MISSING
                    || c.right.plain(slots))) {
                return c.compare(a, b);
            }
        }
        return Expr.isTrue(condition, null, slots);
    }

    /** The comparison, its operands ({@link BodySource}). */
    Comparison.Op op() {
        return op;
    }

    IntegerOperand left() {
        return left;
    }

    IntegerOperand right() {
        return right;
    }

    private boolean compare(long a, long b) {
        return switch (op) {
            case EQ -> a == b;
            case NE -> a != b;
            case LT -> a < b;
            case LE -> a <= b;
            case GT -> a > b;
            case GE -> a >= b;
        };
    }

    @Override
    public ExprType type() {
        return general.type();
    }

    @Override
    public String explain() {
        return general.explain();
    }
}
