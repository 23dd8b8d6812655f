package org.terndb.planner.physical;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.terndb.executor.ExprType;
import org.terndb.executor.PlanNode;
import org.terndb.executor.access.IndexGet;
import org.terndb.executor.access.IndexRangeScan;
import org.terndb.executor.expr.Comparison;
import org.terndb.executor.expr.Expr;
import org.terndb.executor.meta.IndexMeta;
import org.terndb.executor.meta.TableMeta;
import org.terndb.executor.relational.Filter;
import org.terndb.storage.codec.Column;
import org.terndb.storage.codec.ColumnType;

/**
 * Chooses how to read a table for a WHERE condition: a point get when the condition fixes the whole
 * primary key, else the index range scan that fixes the longest key prefix by equality (plus one range
 * bound after it), else a full scan of the primary index. Predicates the access path enforces exactly are
 * dropped; all others stay in a {@link Filter} above it. Optionally the scan also delivers a requested
 * order (ORDER BY on index order, forward or backward), which lets the caller drop a sort.
 */
final class AccessPathSelector {

    /** An order the caller would like: table columns with directions, and a row limit it may push down. */
    record OrderRequest(int[] columns, boolean[] descending, Expr limit) {
    }

    /** A conjunct of the form {@code column op value} that an index can use. */
    private record Sarg(int conjunct, int column, Comparison.Op op, RexNode value, boolean exact) {
    }

    /** The chosen path before its residual filter is added. */
    private record Choice(PlanNode access, BitSet consumed, int score) {
    }

    private AccessPathSelector() {
    }

    /** The access path for {@code condition} (null: no WHERE) without ordering requirements. */
    static PlanNode select(TableMeta table, RexNode condition, List<String> names, Conversion conversion) {
        return select(table, condition, names, conversion, null);
    }

    /**
     * The access path; with {@code order}, one that produces rows in that order, or null if no index can.
     */
    static PlanNode select(TableMeta table, RexNode condition, List<String> names, Conversion conversion,
                           OrderRequest order) {
        List<RexNode> conjuncts = condition == null ? List.of()
                : RelOptUtil.conjunctions(RexUtil.expandSearch(conversion.rex().rexBuilder(), null, condition));
        List<Sarg> sargs = new ArrayList<>();
        for (int i = 0; i < conjuncts.size(); i++) {
            Sarg s = sarg(table, conjuncts.get(i), i);
            if (s != null) {
                sargs.add(s);
            }
        }
        Choice best = best(table, sargs, names, conversion, null);
        if (order != null) {
            // Deliver the order only from a path as selective as the best unordered one; else sort.
            Choice ordered = best(table, sargs, names, conversion, order);
            if (ordered == null || best != null && ordered.score() < best.score()) {
                return null;
            }
            best = ordered;
        }
        if (best == null || best.score() == 0 && order == null) {
            best = new Choice(new IndexRangeScan(table, table.primaryIndex(), new Expr[0], null, null, false, null),
                    new BitSet(), 0);
        }
        List<RexNode> residual = new ArrayList<>();
        for (int i = 0; i < conjuncts.size(); i++) {
            if (!best.consumed().get(i)) {
                residual.add(conjuncts.get(i));
            }
        }
        PlanNode access = best.access();
        if (residual.isEmpty()) {
            if (order != null && order.limit() != null && access instanceof IndexRangeScan scan) {
                access = scan.with(scan.isReverse(), order.limit());
            }
            return access;
        }
        RexNode rest = RexUtil.composeConjunction(conversion.rex().rexBuilder(), residual);
        return new Filter(access, conversion.rex().compile(rest, names));
    }

    private static Choice best(TableMeta table, List<Sarg> sargs, List<String> names, Conversion conversion,
                               OrderRequest order) {
        Choice best = null;
        for (IndexMeta index : table.indexes()) {
            Choice c = choose(table, index, sargs, names, conversion, order);
            if (c != null && (best == null || c.score() > best.score())) {
                best = c;
            }
        }
        return best;
    }

    /** How well {@code index} serves the sargs (and the order, if requested); null if it cannot serve the order. */
    private static Choice choose(TableMeta table, IndexMeta index, List<Sarg> sargs, List<String> names,
                                 Conversion conversion, OrderRequest order) {
        int keyColumns = index.columnCount();
        if (keyColumns == 0) {
            return null; // row-id primary key: serves neither predicates nor an order a user can ask for
        }
        BitSet consumed = new BitSet();
        List<Expr> prefix = new ArrayList<>();
        int k = 0;
        while (k < keyColumns) {
            Sarg eq = find(sargs, index.column(k), Comparison.Op.EQ, null);
            if (eq == null) {
                break;
            }
            prefix.add(conversion.rex().compile(eq.value(), names));
            if (eq.exact()) {
                consumed.set(eq.conjunct());
            }
            k++;
        }
        Expr[] prefixExprs = prefix.toArray(new Expr[0]);
        if (index.primary() && k == keyColumns && order == null) {
            return new Choice(new IndexGet(table, prefixExprs, conversion.forUpdate()), consumed, Integer.MAX_VALUE);
        }
        IndexRangeScan.Bound lower = null;
        IndexRangeScan.Bound upper = null;
        if (k < keyColumns) {
            int column = index.column(k);
            Sarg lo = find(sargs, column, Comparison.Op.GT, Comparison.Op.GE);
            Sarg hi = find(sargs, column, Comparison.Op.LT, Comparison.Op.LE);
            boolean nullable = table.column(column).nullable();
            // NULL is the smallest value: a lower bound keeps NULLs out of the range (in ascending and, with
            // the bytes inverted, descending columns alike); an upper bound alone lets them in.
            if (lo != null) {
                lower = new IndexRangeScan.Bound(conversion.rex().compile(lo.value(), names), lo.op() == Comparison.Op.GE);
                if (lo.exact()) {
                    consumed.set(lo.conjunct());
                }
            }
            if (hi != null) {
                upper = new IndexRangeScan.Bound(conversion.rex().compile(hi.value(), names), hi.op() == Comparison.Op.LE);
                if (hi.exact() && (!nullable || lo != null)) {
                    consumed.set(hi.conjunct());
                }
            }
        }
        int score = 2 * k + (lower != null || upper != null ? 1 : 0);
        boolean reverse = false;
        if (order != null) {
            Boolean direction = orderDirection(table, index, k, lower != null || upper != null, order);
            if (direction == null) {
                return null;
            }
            reverse = direction;
        } else if (score == 0) {
            return null;
        }
        if (index.unique() && k == keyColumns) {
            score++; // a unique point lookup beats a non-unique prefix of the same length
        }
        return new Choice(new IndexRangeScan(table, index, prefixExprs, lower, upper, reverse, null), consumed, score);
    }

    /**
     * Whether scanning {@code index} after an equality prefix of {@code k} columns yields {@code order}:
     * null if not, else whether the scan must run backward. Only NOT NULL sort columns qualify (SQL sorts
     * NULLs last in ascending order, the index first).
     */
    private static Boolean orderDirection(TableMeta table, IndexMeta index, int k, boolean ranged, OrderRequest order) {
        int position = k;
        Boolean reverse = null;
        for (int i = 0; i < order.columns().length; i++) {
            int column = order.columns()[i];
            if (table.column(column).nullable()) {
                return null;
            }
            boolean fixed = false;
            for (int p = 0; p < k && !ranged; p++) {
                fixed |= index.column(p) == column;
            }
            if (fixed) {
                continue; // equal in every row of the scan
            }
            if (position >= index.columnCount() || index.column(position) != column) {
                return null;
            }
            boolean backward = order.descending()[i] != index.isDescending(position);
            if (reverse != null && reverse != backward) {
                return null;
            }
            reverse = backward;
            position++;
        }
        return reverse == null ? Boolean.FALSE : reverse;
    }

    private static Sarg find(List<Sarg> sargs, int column, Comparison.Op a, Comparison.Op b) {
        for (Sarg s : sargs) {
            if (s.column() == column && (s.op() == a || s.op() == b)) {
                return s;
            }
        }
        return null;
    }

    /** {@code column op value} (either way round), or null. */
    private static Sarg sarg(TableMeta table, RexNode conjunct, int index) {
        if (!(conjunct instanceof RexCall call) || call.getOperands().size() != 2) {
            return null;
        }
        Comparison.Op op = switch (call.getKind()) {
            case EQUALS -> Comparison.Op.EQ;
            case LESS_THAN -> Comparison.Op.LT;
            case LESS_THAN_OR_EQUAL -> Comparison.Op.LE;
            case GREATER_THAN -> Comparison.Op.GT;
            case GREATER_THAN_OR_EQUAL -> Comparison.Op.GE;
            default -> null;
        };
        if (op == null) {
            return null;
        }
        RexNode left = call.getOperands().get(0);
        RexNode right = call.getOperands().get(1);
        if (isValue(left) && !isValue(right)) {
            RexNode t = left;
            left = right;
            right = t;
            op = op.reverse();
        }
        if (!isValue(right)) {
            return null;
        }
        boolean widened = false;
        if (left.getKind() == SqlKind.CAST && ((RexCall) left).getOperands().get(0) instanceof RexInputRef inner
                && RexCompiler.type(left).isIntegral()
                && ExprType.of(table.column(inner.getIndex())).isIntegral()) {
            left = inner; // integer widening keeps order
            widened = true;
        }
        if (!(left instanceof RexInputRef ref)) {
            return null;
        }
        Column column = table.column(ref.getIndex());
        ExprType valueType = RexCompiler.type(right);
        if (!compatible(column, valueType)) {
            return null;
        }
        boolean exact = !widened && valueType.type() == column.type() && column.type() != ColumnType.CHAR
                && (column.type() != ColumnType.DECIMAL || valueType.scale() == column.scale());
        return new Sarg(index, ref.getIndex(), op, right, exact);
    }

    /** Whether a value of {@code valueType} can be turned into a key component of {@code column}. */
    private static boolean compatible(Column column, ExprType valueType) {
        if (valueType.type() == null) {
            return false;
        }
        ExprType columnType = ExprType.of(column);
        if (columnType.isNumeric()) {
            return valueType.isNumeric();
        }
        return switch (column.type()) {
            case CHAR, VARCHAR -> valueType.type() == ColumnType.CHAR || valueType.type() == ColumnType.VARCHAR;
            case DATE -> valueType.type() == ColumnType.DATE;
            case TIMESTAMP -> valueType.type() == ColumnType.TIMESTAMP || valueType.type() == ColumnType.DATE;
            case BOOLEAN -> valueType.type() == ColumnType.BOOLEAN;
            default -> false;
        };
    }

    /** A literal, a parameter, or a cast of one: known when the scan opens. */
    private static boolean isValue(RexNode node) {
        if (RexCompiler.isValue(node)) {
            return true;
        }
        return node.getKind() == SqlKind.CAST && isValue(((RexCall) node).getOperands().get(0));
    }
}
