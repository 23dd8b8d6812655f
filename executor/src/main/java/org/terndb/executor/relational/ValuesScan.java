package org.terndb.executor.relational;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.terndb.executor.Cursor;
import org.terndb.executor.ExecutionContext;
import org.terndb.executor.PlanNode;
import org.terndb.executor.expr.Expr;

/** Rows given in the statement ({@code VALUES (...), (...)}), each column an expression. */
public final class ValuesScan extends PlanNode {
    private final Expr[][] rows;

    public ValuesScan(Expr[][] rows) {
        this.rows = rows.clone();
    }

    @Override
    public Cursor open(ExecutionContext context) {
        Object[] params = context.parameters();
        return new Cursor() {
            private int next;
            private Object[] current;

            @Override
            public boolean next() {
                if (next == rows.length) {
                    return false;
                }
                Expr[] r = rows[next++];
                Object[] out = new Object[r.length];
                for (int i = 0; i < r.length; i++) {
                    out[i] = r[i].eval(null, params);
                }
                current = out;
                return true;
            }

            @Override
            public Object[] row() {
                return current;
            }
        };
    }

    @Override
    public List<PlanNode> inputs() {
        return List.of();
    }

    @Override
    public String describe() {
        return "Values(" + Arrays.stream(rows)
                .map(r -> Arrays.stream(r).map(Expr::explain).collect(Collectors.joining(", ", "(", ")")))
                .collect(Collectors.joining(", ")) + ")";
    }
}
