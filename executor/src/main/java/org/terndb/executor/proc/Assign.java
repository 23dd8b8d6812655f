package org.terndb.executor.proc;

import org.terndb.executor.TernSqlException;
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

    public Assign(int line, int slot, String name, SlotType type, Expr value, boolean exact) {
        super(line);
        this.slot = slot;
        this.name = name;
        this.type = type;
        this.value = value;
        this.exact = exact;
    }

    @Override
    public int run(Frame frame) {
        Object[] slots = frame.slots();
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
}
