package org.terndb.executor.relational;

import java.util.List;
import org.terndb.executor.Cursor;
import org.terndb.executor.ExecutionContext;
import org.terndb.executor.PlanNode;
import org.terndb.executor.expr.Expr;

/** Passes on the rows for which the condition is TRUE. */
public final class Filter extends PlanNode {
    private final PlanNode input;
    private final Expr condition;

    public Filter(PlanNode input, Expr condition) {
        this.input = input;
        this.condition = condition;
    }

    @Override
    public Cursor open(ExecutionContext context) {
        Cursor in = input.open(context);
        Object[] params = context.parameters();
        return new Cursor() {
            @Override
            public boolean next() {
                while (in.next()) {
                    if (Expr.isTrue(condition, in.row(), params)) {
                        return true;
                    }
                }
                return false;
            }

            @Override
            public Object[] row() {
                return in.row();
            }

            @Override
            public byte[] primaryKey() {
                return in.primaryKey();
            }

            @Override
            public byte[] baseRow() {
                return in.baseRow();
            }
        };
    }

    @Override
    public List<PlanNode> inputs() {
        return List.of(input);
    }

    @Override
    public String describe() {
        return "Filter(" + condition.explain() + ")";
    }
}
