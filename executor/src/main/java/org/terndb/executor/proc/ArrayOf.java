package org.terndb.executor.proc;

import java.util.StringJoiner;
import org.terndb.executor.ExprType;
import org.terndb.executor.expr.Expr;
import org.terndb.executor.expr.Values;

/** {@code ARRAY[e1, e2, ...]}: a new array of the elements, each converted to the element type. */
public record ArrayOf(Expr[] elements, ExprType type) implements Expr {

    @Override
    public Object eval(Object[] row, Object[] slots) {
        Object[] out = new Object[elements.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = Values.convert(elements[i].eval(row, slots), type);
        }
        return out;
    }

    @Override
    public String explain() {
        StringJoiner s = new StringJoiner(", ", "ARRAY[", "]");
        for (Expr e : elements) {
            s.add(e.explain());
        }
        return s.toString();
    }
}
