package org.terndb.executor.expr;

import org.terndb.executor.ExprType;

/** The value of one column of the input row. */
public record ColumnRef(int index, String name, ExprType type) implements Expr {

    @Override
    public Object eval(Object[] row, Object[] params) {
        return row[index];
    }

    @Override
    public String explain() {
        return name == null ? "$" + index : name;
    }
}
