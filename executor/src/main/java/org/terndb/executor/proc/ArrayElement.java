package org.terndb.executor.proc;

import org.terndb.executor.ExprType;
import org.terndb.executor.expr.Expr;

/** {@code array[index]}, 1-based; NULL for a NULL array or index, 2202E outside the array. */
public record ArrayElement(Expr array, Expr index, String name, ExprType type) implements Expr {

    @Override
    public Object eval(Object[] row, Object[] slots) {
        Object a = array.eval(row, slots);
        return a == null ? null : ArrayElements.get(a, index.eval(row, slots), name);
    }

    @Override
    public String explain() {
        return name + "[" + index.explain() + "]";
    }
}
