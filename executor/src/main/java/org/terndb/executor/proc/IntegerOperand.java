package org.terndb.executor.proc;

import org.terndb.executor.ExprType;
import org.terndb.executor.expr.Expr;
import org.terndb.executor.expr.Literal;

/**
 * An integer operand of a procedure expression that is read straight from the frame's slots, without evaluating
 * an expression tree or boxing: a variable, a constant, {@code CARDINALITY(array)} or {@code array[i]} (i a
 * variable or a constant). {@link #plain} says whether the operand has an ordinary value now; when it has not
 * (NULL, a subscript outside the array), the caller evaluates the original expression, which gives NULL or the
 * error, so both paths mean the same.
 */
final class IntegerOperand {
    static final int SLOT = 0;
    static final int CONSTANT = 1;
    static final int CARDINALITY = 2;
    static final int ELEMENT = 3;

    private final int kind;
    private final int slot; // the variable, or the array
    private final int indexSlot; // ELEMENT: the subscript variable, or -1 for a constant subscript
    private final long constant; // CONSTANT: the value; ELEMENT with a constant subscript: the subscript

    private IntegerOperand(int kind, int slot, int indexSlot, long constant) {
        this.kind = kind;
        this.slot = slot;
        this.indexSlot = indexSlot;
        this.constant = constant;
    }

    /** The operand that reads integer variable {@code slot}. */
    static IntegerOperand slot(int slot) {
        return new IntegerOperand(SLOT, slot, -1, 0);
    }

    /** The operand for {@code e}, or null if {@code e} is not one of the shapes read directly. */
    static IntegerOperand of(Expr e) {
        if (e instanceof SlotRef r && integral(r.type())) {
            return new IntegerOperand(SLOT, r.slot(), -1, 0);
        }
        if (e instanceof Literal l && l.value() instanceof Long v) {
            return new IntegerOperand(CONSTANT, -1, -1, v);
        }
        if (e instanceof Cardinality c && c.array() instanceof SlotRef r) {
            return new IntegerOperand(CARDINALITY, r.slot(), -1, 0);
        }
        if (e instanceof ArrayElement a && integral(a.type()) && a.array() instanceof SlotRef r) {
            if (a.index() instanceof SlotRef i && integral(i.type())) {
                return new IntegerOperand(ELEMENT, r.slot(), i.slot(), 0);
            }
            if (a.index() instanceof Literal l && l.value() instanceof Long v) {
                return new IntegerOperand(ELEMENT, r.slot(), -1, v);
            }
        }
        return null;
    }

    /** {@link #SLOT}, {@link #CONSTANT}, {@link #CARDINALITY} or {@link #ELEMENT} ({@link BodySource}). */
    int kind() {
        return kind;
    }

    /** The variable, or the array. */
    int slot() {
        return slot;
    }

    /** The subscript variable of an element, -1 for a constant subscript. */
    int indexSlot() {
        return indexSlot;
    }

    /** A constant's value, or an element's constant subscript. */
    long constant() {
        return constant;
    }

    private static boolean integral(ExprType type) {
        return type != null && type.isIntegral();
    }

    /** What {@link #read} returns for an operand without a plain value now (and for the value itself). */
    static final long MISSING = Long.MIN_VALUE;

    /**
     * The operand's value in one pass, or {@link #MISSING} when it has none now (NULL, a subscript outside the
     * array). The value {@code Long.MIN_VALUE} reads as MISSING too, so a caller that gets MISSING asks {@link #plain}
     * which it is; the common case costs one type check per operand instead of two.
     */
    long read(Object[] slots) {
        switch (kind) {
            case SLOT -> {
                return slots[slot] instanceof Long v ? v : MISSING;
            }
            case CONSTANT -> {
                return constant;
            }
            case CARDINALITY -> {
                Object a = slots[slot];
                return a instanceof int[] ints ? ints.length : a == null ? MISSING : ((Object[]) a).length;
            }
            default -> {
                return readElement(slots);
            }
        }
    }

    private long readElement(Object[] slots) {
        long i = constant;
        if (indexSlot >= 0) {
            if (!(slots[indexSlot] instanceof Long v)) {
                return MISSING;
            }
            i = v;
        }
        Object array = slots[slot];
        if (array instanceof int[] ints) {
            return i >= 1 && i <= ints.length ? ints[(int) i - 1] : MISSING;
        }
        return array instanceof Object[] values && i >= 1 && i <= values.length
                && values[(int) i - 1] instanceof Long v ? v : MISSING;
    }

    /** True if the operand has a non-NULL integer value now, which {@link #value} returns. */
    boolean plain(Object[] slots) {
        return switch (kind) {
            case SLOT -> slots[slot] instanceof Long;
            case CONSTANT -> true;
            case CARDINALITY -> slots[slot] != null;
            default -> plainElement(slots);
        };
    }

    /** The value; only after {@link #plain} said there is one. */
    long value(Object[] slots) {
        return switch (kind) {
            case SLOT -> (Long) slots[slot];
            case CONSTANT -> constant;
            case CARDINALITY -> ArrayElements.length(slots[slot]);
            default -> {
                int i = (int) subscript(slots) - 1;
                Object array = slots[slot];
                yield array instanceof int[] ints ? ints[i] : (Long) ((Object[]) array)[i];
            }
        };
    }

    /** The value {@link #value} returned as an object: a variable's own {@code Long}, else {@code v} boxed. */
    Object boxed(Object[] slots, long v) {
        return kind == SLOT ? slots[slot] : (Long) v;
    }

    private long subscript(Object[] slots) {
        return indexSlot < 0 ? constant : (Long) slots[indexSlot];
    }

    private boolean plainElement(Object[] slots) {
        if (indexSlot >= 0 && !(slots[indexSlot] instanceof Long)) {
            return false;
        }
        long i = subscript(slots);
        Object array = slots[slot];
        if (array instanceof int[] ints) {
            return i >= 1 && i <= ints.length;
        }
        return array instanceof Object[] values && i >= 1 && i <= values.length && values[(int) i - 1] instanceof Long;
    }
}
