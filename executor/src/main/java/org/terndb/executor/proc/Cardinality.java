package org.terndb.executor.proc;

import org.terndb.executor.ExprType;
import org.terndb.executor.expr.Expr;
import org.terndb.storage.codec.ColumnType;

/** {@code CARDINALITY(array)}: the number of elements (NULL for a NULL array). */
public record Cardinality(Expr array) implements Expr {
    private static final ExprType TYPE = ExprType.of(ColumnType.BIGINT, true);

    @Override
    public Object eval(Object[] row, Object[] slots) {
        Object a = array instanceof SlotRef r ? slots[r.slot()] : array.eval(row, slots);
        return a == null ? null : (long) ArrayElements.length(a);
    }

    @Override
    public ExprType type() {
        return TYPE;
    }

    @Override
    public String explain() {
        return "CARDINALITY(" + array.explain() + ")";
    }
}
