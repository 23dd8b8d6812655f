package org.terndb.executor.proc;

import org.terndb.executor.TernSqlException;
import org.terndb.executor.expr.Expr;

/** {@code SET array[index] = value}. */
public final class AssignElement extends Step {
    private final int slot;
    private final String name;
    private final SlotType type;
    private final Expr index;
    private final Expr value;

    public AssignElement(int line, int slot, String name, SlotType type, Expr index, Expr value) {
        super(line);
        this.slot = slot;
        this.name = name;
        this.type = type;
        this.index = index;
        this.value = value;
    }

    @Override
    public int run(Frame frame) {
        Object[] slots = frame.slots();
        try {
            Object i = index.eval(null, slots);
            Object v = value.eval(null, slots);
            slots[slot] = ArrayElements.set(slots[slot], i, v, type, name);
        } catch (TernSqlException e) {
            throw located(e, frame);
        }
        return NEXT;
    }

    @Override
    public String describe() {
        return "Set(" + name + "[" + index.explain() + "] = " + value.explain() + ")";
    }
}
