package org.terndb.executor.proc;

import org.terndb.executor.ExprType;
import org.terndb.executor.TernSqlException;
import org.terndb.executor.expr.Arithmetic;
import org.terndb.executor.expr.Expr;

/**
 * {@code SET variable = value} (also DECLARE ... DEFAULT): store assignment into a slot. When the compiler knows
 * the value already has the variable's type ({@code exact}), it is stored as it is.
 */
public final class Assign extends Step {
    private final int slot;
    private final String name;
    private final SlotType type;
    private final Expr value;
    private final boolean exact;
    private final IntegerSet integer;

    public Assign(int line, int slot, String name, SlotType type, Expr value, boolean exact) {
        super(line);
        this.slot = slot;
        this.name = name;
        this.type = type;
        this.value = value;
        this.exact = exact;
        this.integer = type.array() ? null : IntegerSet.of(type.element(), value);
    }

    @Override
    public int run(Frame frame) {
        Object[] slots = frame.slots();
        if (integer != null && integer.run(slots, slot)) {
            return NEXT;
        }
        try {
            Object v = value.eval(null, slots);
            slots[slot] = exact ? v : type.array() ? type.assign(v) : SlotType.assignScalar(v, type.element());
        } catch (TernSqlException e) {
            throw located(e, frame);
        }
        return NEXT;
    }

    @Override
    public String describe() {
        return "Set(" + name + " = " + value.explain() + ")";
    }

    /** The target slot ({@link BodySource}). */
    int slot() {
        return slot;
    }

    /** The value assigned. */
    Expr value() {
        return value;
    }

    /** The integer form of the assignment, or null if it has none. */
    IntegerSet integer() {
        return integer;
    }

    /**
     * {@code SET v = a}, {@code a + b}, {@code a - b} or {@code a * b} for an integer variable and integer operands
     * read straight from the slots ({@link IntegerOperand}): long arithmetic, no expression tree, no boxing but the
     * result's. When an operand is not plain, the result overflows, or it is outside the range of the expression's
     * type or the variable's, {@link #run} returns false and the general path evaluates (and reports) it.
     */
    static final class IntegerSet {
        private final Arithmetic.Op op; // null: a plain copy of the operand
        private final IntegerOperand left;
        private final IntegerOperand right;
        private final long min;
        private final long max;

        private IntegerSet(Arithmetic.Op op, IntegerOperand left, IntegerOperand right, long min, long max) {
            this.op = op;
            this.left = left;
            this.right = right;
            this.min = min;
            this.max = max;
        }

        static IntegerSet of(ExprType target, Expr value) {
            if (!target.isIntegral() || value.type() == null || !value.type().isIntegral()) {
                return null;
            }
            long min = Math.max(min(target), min(value.type()));
            long max = Math.min(max(target), max(value.type()));
            if (value instanceof Arithmetic a && switch (a.op()) {
                case PLUS, MINUS, TIMES -> true;
                default -> false;
            }) {
                IntegerOperand l = IntegerOperand.of(a.left());
                IntegerOperand r = l == null ? null : IntegerOperand.of(a.right());
                return r == null ? null : new IntegerSet(a.op(), l, r, min, max);
            }
            IntegerOperand operand = IntegerOperand.of(value);
            return operand == null ? null : new IntegerSet(null, operand, null, min, max);
        }

        /** The operation, null for a plain copy of {@link #left}. */
        Arithmetic.Op op() {
            return op;
        }

        IntegerOperand left() {
            return left;
        }

        IntegerOperand right() {
            return right;
        }

        /** The range the result must be in (the variable's and the expression's type). */
        long min() {
            return min;
        }

        long max() {
            return max;
        }

        boolean run(Object[] slots, int slot) {
            long a = left.read(slots);
            if (a == IntegerOperand.MISSING && !left.plain(slots)) {
                return false;
            }
            long r;
            if (op == null) {
                r = a;
            } else {
                long b = right.read(slots);
                if (b == IntegerOperand.MISSING && !right.plain(slots)) {
                    return false;
                }
                switch (op) {
                    case PLUS -> {
                        r = a + b;
                        if (((a ^ r) & (b ^ r)) < 0) {
                            return false;
                        }
                    }
                    case MINUS -> {
                        r = a - b;
                        if (((a ^ b) & (a ^ r)) < 0) {
                            return false;
                        }
                    }
                    default -> {
                        long high = Math.multiplyHigh(a, b);
                        r = a * b;
                        if (high != (r >> 63)) {
                            return false;
                        }
                    }
                }
            }
            if (r < min || r > max) {
                return false;
            }
            slots[slot] = op == null ? left.boxed(slots, r) : (Long) r;
            return true;
        }

        private static long min(ExprType t) {
            return switch (t.type()) {
                case TINYINT -> Byte.MIN_VALUE;
                case SMALLINT -> Short.MIN_VALUE;
                case INTEGER -> Integer.MIN_VALUE;
                default -> Long.MIN_VALUE;
            };
        }

        private static long max(ExprType t) {
            return switch (t.type()) {
                case TINYINT -> Byte.MAX_VALUE;
                case SMALLINT -> Short.MAX_VALUE;
                case INTEGER -> Integer.MAX_VALUE;
                default -> Long.MAX_VALUE;
            };
        }
    }
}
