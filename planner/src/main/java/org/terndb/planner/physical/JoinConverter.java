package org.terndb.planner.physical;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptPredicateList;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.util.ImmutableBitSet;
import org.terndb.executor.PlanNode;
import org.terndb.executor.SqlState;
import org.terndb.executor.expr.Expr;
import org.terndb.executor.join.HashJoin;
import org.terndb.executor.join.IndexNestedLoopJoin;
import org.terndb.executor.join.JoinType;
import org.terndb.executor.join.NestedLoopJoin;
import org.terndb.executor.meta.TableMeta;

/**
 * Joins (comma joins arrive as joins too, their WHERE conjuncts pushed into the join and its inputs by the
 * planner's join rewrite). Strategy, in order:
 * <ol>
 *   <li><b>index nested-loop join</b> when the right input is a table (optionally filtered) with an index
 *       whose key the join condition fixes from the left row: the right table is looked up once per left
 *       row, with the lookup's key values bound from that row (e.g. {@code s_w_id = ? AND s_i_id = ol_i_id}
 *       on stock's primary key is a point get per order line);</li>
 *   <li>for an inner join, the same with the sides swapped, when only the left input is such a table;</li>
 *   <li><b>hash join</b> on the equality conjuncts between the two sides;</li>
 *   <li><b>nested-loop join</b> over the right input read once into memory, for anything else.</li>
 * </ol>
 * Before that, an inner join's left input takes the predicates Calcite infers for it from the join's equalities
 * and the other side's filters. INNER and LEFT joins are supported (RIGHT by swapping to LEFT); FULL joins and the
 * semi/anti joins of subqueries are rejected with 0A000.
 */
final class JoinConverter implements RelConverter {

    @Override
    public boolean matches(RelNode rel) {
        return rel instanceof Join;
    }

    @Override
    public PlanNode convert(RelNode rel, Conversion conversion) {
        Join join = (Join) rel;
        JoinRelType kind = join.getJoinType();
        if (kind == JoinRelType.RIGHT) {
            throw SqlState.notSupported("RIGHT JOIN (write it as a LEFT JOIN with the tables swapped)");
        }
        if (kind != JoinRelType.INNER && kind != JoinRelType.LEFT) {
            throw SqlState.notSupported(kind + " JOIN");
        }
        JoinType type = kind == JoinRelType.LEFT ? JoinType.LEFT : JoinType.INNER;
        RelNode left = join.getLeft();
        RelNode right = join.getRight();
        if (type == JoinType.INNER) {
            // What the join's equalities carry over to the left side (e.acc_id = ? from a.id = e.acc_id AND
            // a.id = ?) filters it too, so that the outer side of a lookup join may use it for its access path.
            // The right side, looked up per outer row, would only test it again.
            RelOptPredicateList inferred = join.getCluster().getMetadataQuery().getPulledUpPredicates(join);
            left = filtered(left, inferred.leftInferredPredicates);
        }
        int leftWidth = left.getRowType().getFieldCount();
        int rightWidth = right.getRowType().getFieldCount();
        List<String> names = join.getRowType().getFieldNames();
        RexBuilder rex = conversion.rex().rexBuilder();
        List<RexNode> conjuncts = AccessPathSelector.conjuncts(join.getCondition(), conversion);

        PlanNode lookup = lookup(left, right, conjuncts, names, type, false, conversion);
        if (lookup != null) {
            return lookup;
        }
        if (type == JoinType.INNER) {
            // Make the left table the inner side: the conjuncts in the layout (right..., left...).
            List<RexNode> swapped = new ArrayList<>();
            for (RexNode c : conjuncts) {
                swapped.add(permute(c, leftWidth, rightWidth));
            }
            lookup = lookup(right, left, swapped, names, type, true, conversion);
            if (lookup != null) {
                return lookup;
            }
        }

        List<RexNode> leftKeys = new ArrayList<>();
        List<RexNode> rightKeys = new ArrayList<>();
        List<RexNode> rest = new ArrayList<>();
        for (RexNode c : conjuncts) {
            if (c.getKind() == SqlKind.EQUALS) {
                RexNode a = ((RexCall) c).getOperands().get(0);
                RexNode b = ((RexCall) c).getOperands().get(1);
                if (side(a, leftWidth) == Side.RIGHT && side(b, leftWidth) == Side.LEFT) {
                    RexNode t = a;
                    a = b;
                    b = t;
                }
                if (side(a, leftWidth) == Side.LEFT && side(b, leftWidth) == Side.RIGHT) {
                    leftKeys.add(a);
                    rightKeys.add(RexUtil.shift(b, -leftWidth));
                    continue;
                }
            }
            rest.add(c);
        }
        Expr condition = rest.isEmpty() ? null
                : conversion.rex().compile(RexUtil.composeConjunction(rex, rest), names);
        PlanNode leftPlan = conversion.convert(left);
        PlanNode rightPlan = conversion.convert(right);
        if (!leftKeys.isEmpty()) {
            List<String> leftNames = left.getRowType().getFieldNames();
            List<String> rightNames = right.getRowType().getFieldNames();
            Expr[] lk = new Expr[leftKeys.size()];
            Expr[] rk = new Expr[rightKeys.size()];
            for (int i = 0; i < lk.length; i++) {
                lk[i] = conversion.rex().compile(leftKeys.get(i), leftNames);
                rk[i] = conversion.rex().compile(rightKeys.get(i), rightNames);
            }
            return new HashJoin(leftPlan, leftWidth, rightPlan, rightWidth, lk, rk, condition, type);
        }
        return new NestedLoopJoin(leftPlan, leftWidth, rightPlan, rightWidth, condition, type);
    }

    /**
     * An index nested-loop join with {@code innerRel} looked up per row of {@code outerRel}, or null if
     * {@code innerRel} is not a table or no index lookup reads the outer row. {@code conjuncts} are in the
     * layout (outer..., inner...); {@code innerIsLeft} says the statement's layout is (inner..., outer...).
     */
    private static PlanNode lookup(RelNode outerRel, RelNode innerRel, List<RexNode> conjuncts, List<String> names,
                                   JoinType type, boolean innerIsLeft, Conversion conversion) {
        RexNode innerCondition = null;
        RelNode scan = innerRel;
        if (scan instanceof Filter f) {
            innerCondition = f.getCondition();
            scan = f.getInput();
        }
        if (!(scan instanceof TableScan)) {
            return null;
        }
        TableMeta table = TableScanConverter.table(scan);
        int outerWidth = outerRel.getRowType().getFieldCount();
        int innerWidth = innerRel.getRowType().getFieldCount();
        List<RexNode> all = new ArrayList<>(conjuncts);
        for (RexNode c : AccessPathSelector.conjuncts(innerCondition, conversion)) {
            all.add(RexUtil.shift(c, outerWidth));
        }
        AccessPathSelector.Path path = AccessPathSelector.lookup(table, all,
                new AccessPathSelector.Outer(outerWidth, outerRel.getRowType().getFieldNames()), conversion);
        if (path == null) {
            return null;
        }
        // What the join reads itself: outer columns in the lookup's key values (only conjuncts of the join read
        // the outer row) and in the condition left over it, inner columns in that condition.
        boolean[] outerReads = new boolean[outerWidth];
        for (int c : RelOptUtil.InputFinder.bits(conjuncts, null)) {
            if (c < outerWidth) {
                outerReads[c] = true;
            }
        }
        boolean[] innerReads = new boolean[innerWidth];
        for (int c : RelOptUtil.InputFinder.bits(path.outerConjuncts(), null)) {
            if (c >= outerWidth) {
                innerReads[c - outerWidth] = true;
            }
        }
        Expr condition = null;
        if (!path.outerConjuncts().isEmpty()) {
            RexNode rest = RexUtil.composeConjunction(conversion.rex().rexBuilder(), path.outerConjuncts());
            if (innerIsLeft) {
                rest = permute(rest, outerWidth, innerWidth); // back to the statement's (inner..., outer...)
            }
            condition = conversion.rex().compile(rest, names);
        }
        return new IndexNestedLoopJoin(conversion.convert(outerRel), outerWidth, path.access(), condition, type,
                innerIsLeft, outerReads, innerReads);
    }

    /** {@code input} with {@code predicates} (over its row) added to its filter, or given one. */
    private static RelNode filtered(RelNode input, List<RexNode> predicates) {
        if (predicates.isEmpty()) {
            return input;
        }
        RexBuilder rex = input.getCluster().getRexBuilder();
        if (input instanceof Filter f) {
            List<RexNode> all = new ArrayList<>(RelOptUtil.conjunctions(f.getCondition()));
            all.addAll(predicates);
            return LogicalFilter.create(f.getInput(), RexUtil.composeConjunction(rex, all));
        }
        return LogicalFilter.create(input, RexUtil.composeConjunction(rex, predicates));
    }

    private enum Side { LEFT, RIGHT, BOTH, NONE }

    private static Side side(RexNode node, int leftWidth) {
        ImmutableBitSet bits = RelOptUtil.InputFinder.bits(node);
        if (bits.isEmpty()) {
            return Side.NONE;
        }
        boolean left = bits.nth(0) < leftWidth;
        boolean right = bits.length() - 1 >= leftWidth;
        return left && right ? Side.BOTH : left ? Side.LEFT : Side.RIGHT;
    }

    /** Rewrites references from the layout (a..., b...) to (b..., a...), {@code a} and {@code b} wide. */
    private static RexNode permute(RexNode node, int a, int b) {
        return node.accept(new RexShuttle() {
            @Override
            public RexNode visitInputRef(RexInputRef ref) {
                int i = ref.getIndex();
                return new RexInputRef(i < a ? i + b : i - a, ref.getType());
            }
        });
    }
}
