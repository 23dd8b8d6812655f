package org.terndb.executor.proc;

import org.terndb.executor.ExprType;
import org.terndb.executor.expr.Expr;

/** {@code array[index]}, 1-based; NULL for a NULL array or index, 2202E outside the array. */
public record ArrayElement(Expr array, Expr index, String name, ExprType type) implements Expr {

    @Override
    public Object eval(Object[] row, Object[] slots) {
        // variables are read from their slots directly: the usual array[i] costs no virtual evaluation
        Object a = array instanceof SlotRef r ? slots[r.slot()] : array.eval(row, slots);
        if (a == null) {
            return null;
        }
        return ArrayElements.get(a, index instanceof SlotRef r ? slots[r.slot()] : index.eval(row, slots), name);
    }

    @Override
    public String explain() {
        return name + "[" + index.explain() + "]";
    }
}
