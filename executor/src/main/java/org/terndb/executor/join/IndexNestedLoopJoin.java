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
 *
 * <p>The planner may tell the join which columns of each side it reads itself (the outer columns its lookup keys
 * and condition read, the inner columns its condition reads); a projection over the join then has both table
 * inputs decode only what it and the join read ({@link #withDecodedColumns}).
 */
public final class IndexNestedLoopJoin extends PlanNode {
    private final PlanNode outer;
    private final TableAccess inner;
    private final int outerWidth;
    private final int innerWidth;
    private final Expr condition;
    private final JoinType type;
    private final boolean innerIsLeft;
    private final boolean[] outerReads; // null: unknown (every column)
    private final boolean[] innerReads;

    /** A join that may read every column of both sides. */
    public IndexNestedLoopJoin(PlanNode outer, int outerWidth, TableAccess inner, Expr condition, JoinType type,
                               boolean innerIsLeft) {
        this(outer, outerWidth, inner, condition, type, innerIsLeft, null, null);
    }

    /**
     * @param outerReads the outer row's columns the inner access's key expressions and {@code condition} read
     *                   (null: unknown)
     * @param innerReads the inner row's columns {@code condition} reads (its residual is the access's own)
     */
    public IndexNestedLoopJoin(PlanNode outer, int outerWidth, TableAccess inner, Expr condition, JoinType type,
                               boolean innerIsLeft, boolean[] outerReads, boolean[] innerReads) {
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
        if (outerReads != null && innerReads != null
                && (outerReads.length != outerWidth || innerReads.length != innerWidth)) {
            throw new IllegalArgumentException("the read columns do not match the sides' widths");
        }
        this.outerReads = outerReads == null || innerReads == null ? null : outerReads.clone();
        this.innerReads = this.outerReads == null ? null : innerReads.clone();
    }

    /**
     * This join with its inputs decoding only the columns {@code read} (in the joined row's layout) and those the
     * join reads itself: the inner access, and the outer input if it is a table access or another such join.
     * Unchanged if the planner did not say what the join reads.
     */
    public IndexNestedLoopJoin withDecodedColumns(boolean[] read) {
        if (outerReads == null) {
            return this;
        }
        int outerAt = innerIsLeft ? innerWidth : 0;
        int innerAt = innerIsLeft ? 0 : outerWidth;
        boolean[] outerColumns = outerReads.clone();
        for (int c = 0; c < outerWidth; c++) {
            outerColumns[c] |= read[outerAt + c];
        }
        boolean[] innerColumns = innerReads.clone();
        for (int c = 0; c < innerWidth; c++) {
            innerColumns[c] |= read[innerAt + c];
        }
        PlanNode narrowedOuter = outer instanceof TableAccess access && access.table().columnCount() == outerWidth
                ? access.withDecodedColumns(outerColumns)
                : outer instanceof IndexNestedLoopJoin join ? join.withDecodedColumns(outerColumns) : outer;
        return new IndexNestedLoopJoin(narrowedOuter, outerWidth, inner.withDecodedColumns(innerColumns), condition,
                type, innerIsLeft, outerReads, innerReads);
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
