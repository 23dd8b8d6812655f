package org.terndb.executor.proc;

import org.terndb.executor.ExprType;
import org.terndb.executor.expr.Expr;

/** A procedure variable or parameter: reads its slot (procedure expressions evaluate over the slots). */
public record SlotRef(int slot, String name, ExprType type) implements Expr {

    @Override
    public Object eval(Object[] row, Object[] slots) {
        return slots[slot];
    }

    @Override
    public String explain() {
        return name;
    }
}
