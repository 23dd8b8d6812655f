package org.terndb.executor.relational;

import java.util.List;
import org.terndb.executor.Cursor;
import org.terndb.executor.ExecutionContext;
import org.terndb.executor.PlanNode;

/** The rows of each input in turn (UNION ALL; also how multi-row VALUES with parameters arrives). */
public final class UnionAll extends PlanNode {
    private final List<PlanNode> inputs;

    public UnionAll(List<PlanNode> inputs) {
        this.inputs = List.copyOf(inputs);
    }

    @Override
    public Cursor open(ExecutionContext context) {
        return new Cursor() {
            private int input = -1;
            private Cursor current;

            @Override
            public boolean next() {
                while (true) {
                    if (current != null && current.next()) {
                        return true;
                    }
                    if (++input == inputs.size()) {
                        return false;
                    }
                    current = inputs.get(input).open(context);
                }
            }

            @Override
            public Object[] row() {
                return current.row();
            }
        };
    }

    @Override
    public List<PlanNode> inputs() {
        return inputs;
    }

    @Override
    public String describe() {
        return "UnionAll";
    }
}
