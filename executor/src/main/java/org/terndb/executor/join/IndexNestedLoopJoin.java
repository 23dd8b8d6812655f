package org.terndb.executor.join;

import java.util.List;
import org.terndb.executor.Cursor;
import org.terndb.executor.ExecutionContext;
import org.terndb.executor.PlanNode;
import org.terndb.executor.access.TableAccess;
import org.terndb.executor.expr.Expr;

/**
 * Index nested-loop join: for each row of the outer input, opens the inner {@link TableAccess} (a point get
 * or an index range scan whose key expressions read the outer row) and joins the rows it finds. The inner
 * access was planned once; per outer row only its key values are bound. Predicates on the inner table alone
 * run inside the access; {@code condition} (null: none) is what remains, over the joined row. The joined row
 * is the left input's columns followed by the right's; when the planner made the table on the left of the
 * statement the inner side, {@code innerIsLeft} puts its columns first.
 */
public final class IndexNestedLoopJoin extends PlanNode {
    private final PlanNode outer;
    private final TableAccess inner;
    private final int outerWidth;
    private final int innerWidth;
    private final Expr condition;
    private final JoinType type;
    private final boolean innerIsLeft;

    public IndexNestedLoopJoin(PlanNode outer, int outerWidth, TableAccess inner, Expr condition, JoinType type,
                               boolean innerIsLeft) {
        if (innerIsLeft && type != JoinType.INNER) {
            throw new IllegalArgumentException("only an inner join may look up its left side");
        }
        this.outer = outer;
        this.inner = inner;
        this.outerWidth = outerWidth;
        this.innerWidth = inner.table().columnCount();
        this.condition = condition;
        this.type = type;
        this.innerIsLeft = innerIsLeft;
    }

    @Override
    public Cursor open(ExecutionContext context) {
        Cursor outerRows = outer.open(context);
        Object[] params = context.parameters();
        return new Cursor() {
            private Object[] outerRow;
            private Cursor innerRows;
            private boolean matched;
            private Object[] current;

            @Override
            public boolean next() {
                while (true) {
                    if (innerRows == null) {
                        if (!outerRows.next()) {
                            return false;
                        }
                        outerRow = outerRows.row();
                        innerRows = inner.open(context, outerRow);
                        matched = false;
                    }
                    while (innerRows.next()) {
                        Object[] joined = innerIsLeft
                                ? JoinRows.concat(innerRows.row(), innerWidth, outerRow, outerWidth)
                                : JoinRows.concat(outerRow, outerWidth, innerRows.row(), innerWidth);
                        if (condition == null || Expr.isTrue(condition, joined, params)) {
                            matched = true;
                            current = joined;
                            return true;
                        }
                    }
                    innerRows = null;
                    if (!matched && type == JoinType.LEFT) {
                        current = JoinRows.concat(outerRow, outerWidth, null, innerWidth);
                        return true;
                    }
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
        return List.of(outer, inner);
    }

    @Override
    public String describe() {
        return "IndexNestedLoopJoin(type=" + type + (innerIsLeft ? ", inner=left" : "")
                + (condition == null ? "" : ", condition=" + condition.explain()) + ")";
    }
}
