package org.terndb.executor.join;

import java.util.ArrayList;
import java.util.List;
import org.terndb.executor.Cursor;
import org.terndb.executor.ExecutionContext;
import org.terndb.executor.PlanNode;
import org.terndb.executor.expr.Expr;

/**
 * The join of last resort (no equality key, no index): reads the right input once into memory, then tests
 * {@code condition} (null: a cross join) on every pair with each left row.
 */
public final class NestedLoopJoin extends PlanNode {
    private final PlanNode left;
    private final PlanNode right;
    private final int leftWidth;
    private final int rightWidth;
    private final Expr condition;
    private final JoinType type;

    public NestedLoopJoin(PlanNode left, int leftWidth, PlanNode right, int rightWidth, Expr condition, JoinType type) {
        this.left = left;
        this.right = right;
        this.leftWidth = leftWidth;
        this.rightWidth = rightWidth;
        this.condition = condition;
        this.type = type;
    }

    @Override
    public Cursor open(ExecutionContext context) {
        Object[] params = context.parameters();
        List<Object[]> rightRows = new ArrayList<>();
        Cursor r = right.open(context);
        while (r.next()) {
            rightRows.add(r.row());
        }
        Cursor probe = left.open(context);
        return new Cursor() {
            private Object[] leftRow;
            private int next = -1;
            private boolean matched;
            private Object[] current;

            @Override
            public boolean next() {
                while (true) {
                    if (next >= 0) {
                        while (next < rightRows.size()) {
                            Object[] joined = JoinRows.concat(leftRow, leftWidth, rightRows.get(next++), rightWidth);
                            if (condition == null || Expr.isTrue(condition, joined, params)) {
                                matched = true;
                                current = joined;
                                return true;
                            }
                        }
                        next = -1;
                        if (!matched && type == JoinType.LEFT) {
                            current = JoinRows.concat(leftRow, leftWidth, null, rightWidth);
                            return true;
                        }
                    }
                    if (!probe.next()) {
                        return false;
                    }
                    leftRow = probe.row();
                    next = 0;
                    matched = false;
                }
            }

            @Override
            public Object[] row() {
                return current;
            }
        };
    }

    @Override
    public List<PlanNode> inputs() {
        return List.of(left, right);
    }

    @Override
    public String describe() {
        return "NestedLoopJoin(type=" + type + (condition == null ? "" : ", condition=" + condition.explain()) + ")";
    }
}
