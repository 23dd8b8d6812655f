package org.terndb.planner.physical;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexCorrelVariable;
import org.apache.calcite.rex.RexFieldAccess;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexOver;
import org.apache.calcite.rex.RexSubQuery;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.rex.RexVisitorImpl;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.util.ImmutableBitSet;
import org.terndb.executor.ExprType;
import org.terndb.executor.access.IndexGet;
import org.terndb.executor.access.IndexRangeScan;
import org.terndb.executor.access.TableAccess;
import org.terndb.executor.expr.Comparison;
import org.terndb.executor.expr.Expr;
import org.terndb.executor.meta.IndexMeta;
import org.terndb.executor.meta.TableMeta;
import org.terndb.storage.codec.Column;
import org.terndb.storage.codec.ColumnType;

/**
 * Chooses how to read a table for a set of conjuncts:
 * <ul>
 *   <li>a point get ({@link IndexGet}) when equalities fix the whole primary key, or else the whole key of a
 *       unique index;</li>
 *   <li>else the index range scan whose equality prefix is longest, plus one range bound on the next key
 *       column (primary or secondary index alike); a unique index fixed completely beats a non-unique one;</li>
 *   <li>else a full scan of the primary index.</li>
 * </ul>
 * Conjuncts the access path enforces exactly are dropped; the other conjuncts over the table alone become the
 * access's residual filter, tested inside the scan. Optionally the path must also deliver an order (ORDER BY
 * on index order, forward or backward, so the caller drops the sort) or keep equal group keys adjacent (so
 * the caller aggregates by streaming); it does so only from a path at least as selective as the best
 * unordered one.
 *
 * <p>For an index nested-loop join the table is the inner side: conjunct values may read an <em>outer
 * row</em> whose columns precede the table's in the conjuncts' input references ({@link Outer}). The key
 * values are then compiled over the outer row and bound once per outer row; conjuncts that read both sides
 * and cannot be keys are handed back to the join.
 *
 * <p>Index order puts NULL first in ascending and last in descending order, which is the SQL order the
 * planner uses ({@code NullCollation.LOW}), so an index delivers ORDER BY on nullable columns unless the
 * statement asks for the other NULL placement.
 */
final class AccessPathSelector {

    /**
     * An order the caller would like: table columns with directions and NULL placement, and a row limit it
     * may push into the scan.
     */
    record OrderRequest(int[] columns, boolean[] descending, boolean[] nullsFirst, Expr limit) {
    }

    /**
     * The outer row of a join lookup: its width (input references below it read the outer row; the table's
     * columns follow) and its column names (for EXPLAIN).
     */
    record Outer(int width, List<String> names) {
        static final Outer NONE = new Outer(0, List.of());
    }

    /**
     * The chosen access and what it could not take: conjuncts that read the outer row.
     *
     * @param usesOuter some key value of the access reads the outer row (a real index lookup per outer row)
     */
    record Path(TableAccess access, List<RexNode> outerConjuncts, boolean usesOuter) {
    }

    /** A conjunct of the form {@code column op value} that an index can use. */
    private record Sarg(int conjunct, int column, Comparison.Op op, RexNode value, boolean exact, boolean outer) {
    }

    /** A candidate path before its residual filter is added. */
    private record Choice(TableAccess access, BitSet consumed, int score, boolean usesOuter) {
    }

    private AccessPathSelector() {
    }

    /** The access path for {@code condition} (null: no WHERE). */
    static TableAccess select(TableMeta table, RexNode condition, Conversion conversion) {
        return path(table, conjuncts(condition, conversion), Outer.NONE, conversion, null, null, false).access();
    }

    /** The access path delivering {@code order}, or null if no index can (then the caller sorts). */
    static TableAccess selectOrdered(TableMeta table, RexNode condition, Conversion conversion, OrderRequest order) {
        Path p = path(table, conjuncts(condition, conversion), Outer.NONE, conversion, order, null, false);
        return p == null ? null : p.access();
    }

    /**
     * The access path that produces rows with equal values of {@code groupColumns} adjacent (index order on
     * those columns after an equality prefix), or null if no index can.
     */
    static TableAccess selectGrouped(TableMeta table, RexNode condition, Conversion conversion, int[] groupColumns) {
        Path p = path(table, conjuncts(condition, conversion), Outer.NONE, conversion, null, groupColumns, false);
        return p == null ? null : p.access();
    }

    /** The inner side of an index nested-loop join, or null if no index lookup reads the outer row. */
    static Path lookup(TableMeta table, List<RexNode> conjuncts, Outer outer, Conversion conversion) {
        return path(table, conjuncts, outer, conversion, null, null, true);
    }

    static List<RexNode> conjuncts(RexNode condition, Conversion conversion) {
        return condition == null ? List.of()
                : RelOptUtil.conjunctions(RexUtil.expandSearch(conversion.rex().rexBuilder(), null, condition));
    }

    private static Path path(TableMeta table, List<RexNode> conjuncts, Outer outer, Conversion conversion,
                             OrderRequest order, int[] group, boolean requireOuter) {
        List<Sarg> sargs = new ArrayList<>();
        for (int i = 0; i < conjuncts.size(); i++) {
            Sarg s = sarg(table, conjuncts.get(i), i, outer);
            if (s != null) {
                sargs.add(s);
            }
        }
        Choice best = best(table, sargs, outer, conversion, null, null, requireOuter);
        if (requireOuter && best == null) {
            return null;
        }
        if (order != null || group != null) {
            // Deliver the order only from a path as selective as the best unordered one; else sort.
            Choice ordered = best(table, sargs, outer, conversion, order, group, false);
            if (ordered == null || best != null && ordered.score() < best.score()) {
                return null;
            }
            best = ordered;
        }
        if (best == null || best.score() == 0 && order == null && group == null) {
            best = new Choice(fullScan(table, conversion), new BitSet(), 0, false);
        }
        List<RexNode> tableOnly = new ArrayList<>();
        List<RexNode> withOuter = new ArrayList<>();
        for (int i = 0; i < conjuncts.size(); i++) {
            if (!best.consumed().get(i)) {
                RexNode c = conjuncts.get(i);
                if (readsOuter(c, outer)) {
                    withOuter.add(c);
                } else {
                    tableOnly.add(c);
                }
            }
        }
        TableAccess access = best.access();
        if (!tableOnly.isEmpty()) {
            RexNode rest = RexUtil.shift(RexUtil.composeConjunction(conversion.rex().rexBuilder(), tableOnly),
                    -outer.width());
            boolean[] columns = new boolean[table.columnCount()];
            for (int c : RelOptUtil.InputFinder.bits(rest)) {
                columns[c] = true;
            }
            access = access.withResidual(conversion.rex().compile(rest, names(table)), columns);
        }
        if (order != null && order.limit() != null && withOuter.isEmpty() && access instanceof IndexRangeScan scan) {
            access = scan.with(scan.isReverse(), order.limit());
        }
        return new Path(access, withOuter, best.usesOuter());
    }

    private static TableAccess fullScan(TableMeta table, Conversion conversion) {
        return new IndexRangeScan(table, table.primaryIndex(), new Expr[0], null, null, false, null,
                conversion.forUpdate(), null, null, null);
    }

    private static Choice best(TableMeta table, List<Sarg> sargs, Outer outer, Conversion conversion,
                               OrderRequest order, int[] group, boolean requireOuter) {
        Choice best = null;
        for (IndexMeta index : table.indexes()) {
            Choice c = choose(table, index, sargs, outer, conversion, order, group);
            if (c != null && (!requireOuter || c.usesOuter()) && (best == null || c.score() > best.score())) {
                best = c;
            }
        }
        return best;
    }

    /**
     * How well {@code index} serves the sargs (and the order or grouping, if requested); null if it cannot
     * serve the order or grouping, or (without one) no sarg at all.
     */
    private static Choice choose(TableMeta table, IndexMeta index, List<Sarg> sargs, Outer outer,
                                 Conversion conversion, OrderRequest order, int[] group) {
        int keyColumns = index.columnCount();
        if (keyColumns == 0) {
            return null; // row-id primary key: serves neither predicates nor an order a user can ask for
        }
        List<String> valueNames = valueNames(table, outer);
        BitSet consumed = new BitSet();
        boolean usesOuter = false;
        List<Expr> prefix = new ArrayList<>();
        int k = 0;
        while (k < keyColumns) {
            Sarg eq = find(sargs, index.column(k), Comparison.Op.EQ, null);
            if (eq == null) {
                break;
            }
            prefix.add(conversion.rex().compile(eq.value(), valueNames));
            usesOuter |= eq.outer();
            if (eq.exact()) {
                consumed.set(eq.conjunct());
            }
            k++;
        }
        Expr[] prefixExprs = prefix.toArray(new Expr[0]);
        if ((index.primary() || index.unique()) && k == keyColumns && order == null && group == null) {
            // a point get: by primary key first, else through a unique index (its entry, then the row)
            return new Choice(new IndexGet(table, index, prefixExprs, conversion.forUpdate()), consumed,
                    index.primary() ? Integer.MAX_VALUE : Integer.MAX_VALUE - 1, usesOuter);
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
                lower = new IndexRangeScan.Bound(conversion.rex().compile(lo.value(), valueNames),
                        lo.op() == Comparison.Op.GE);
                usesOuter |= lo.outer();
                if (lo.exact()) {
                    consumed.set(lo.conjunct());
                }
            }
            if (hi != null) {
                upper = new IndexRangeScan.Bound(conversion.rex().compile(hi.value(), valueNames),
                        hi.op() == Comparison.Op.LE);
                usesOuter |= hi.outer();
                if (hi.exact() && (!nullable || lo != null)) {
                    consumed.set(hi.conjunct());
                }
            }
        }
        int score = 2 * k + (lower != null || upper != null ? 1 : 0);
        boolean reverse = false;
        if (order != null) {
            Boolean direction = orderDirection(table, index, k, order);
            if (direction == null) {
                return null;
            }
            reverse = direction;
        } else if (group != null) {
            if (!groupsAdjacent(index, k, group)) {
                return null;
            }
        } else if (score == 0) {
            return null;
        }
        if (index.unique() && k == keyColumns) {
            score++; // a unique point lookup beats a non-unique prefix of the same length
        }
        return new Choice(new IndexRangeScan(table, index, prefixExprs, lower, upper, reverse, null,
                conversion.forUpdate(), null, null, null), consumed, score, usesOuter);
    }

    /**
     * Whether scanning {@code index} after an equality prefix of {@code k} columns yields {@code order}:
     * null if not, else whether the scan must run backward. A nullable column qualifies when the requested
     * NULL placement is the index's: first ascending, last descending.
     */
    private static Boolean orderDirection(TableMeta table, IndexMeta index, int k, OrderRequest order) {
        int position = k;
        Boolean reverse = null;
        for (int i = 0; i < order.columns().length; i++) {
            int column = order.columns()[i];
            if (isFixed(index, k, column)) {
                continue; // equal in every row of the scan
            }
            if (table.column(column).nullable() && order.nullsFirst()[i] == order.descending()[i]) {
                return null; // ASC NULLS LAST or DESC NULLS FIRST: not the index's NULL placement
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

    /** Whether the group columns not fixed by the equality prefix are exactly the next key columns. */
    private static boolean groupsAdjacent(IndexMeta index, int k, int[] group) {
        BitSet wanted = new BitSet();
        for (int c : group) {
            if (!isFixed(index, k, c)) {
                wanted.set(c);
            }
        }
        int position = k;
        while (!wanted.isEmpty()) {
            if (position >= index.columnCount() || !wanted.get(index.column(position))) {
                return false;
            }
            wanted.clear(index.column(position++));
        }
        return true;
    }

    /** Whether the equality prefix of {@code k} key columns fixes {@code column} (one value in every row). */
    private static boolean isFixed(IndexMeta index, int k, int column) {
        for (int p = 0; p < k; p++) {
            if (index.column(p) == column) {
                return true;
            }
        }
        return false;
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
    private static Sarg sarg(TableMeta table, RexNode conjunct, int index, Outer outer) {
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
        if (isValue(left, outer) && !isValue(right, outer)) {
            RexNode t = left;
            left = right;
            right = t;
            op = op.reverse();
        }
        if (!isValue(right, outer)) {
            return null;
        }
        boolean widened = false;
        if (left.getKind() == SqlKind.CAST && ((RexCall) left).getOperands().get(0) instanceof RexInputRef inner
                && inner.getIndex() >= outer.width()
                && RexCompiler.type(left).isIntegral()
                && ExprType.of(table.column(inner.getIndex() - outer.width())).isIntegral()) {
            left = inner; // integer widening keeps order
            widened = true;
        }
        if (!(left instanceof RexInputRef ref) || ref.getIndex() < outer.width()) {
            return null;
        }
        int columnIndex = ref.getIndex() - outer.width();
        Column column = table.column(columnIndex);
        ExprType valueType = RexCompiler.type(right);
        if (!compatible(column, valueType)) {
            return null;
        }
        // Exact: the key holds the compared value itself, so the index enforces the predicate. CHAR keys are
        // stored without trailing spaces, which is SQL's PAD SPACE equality, but not quite its range order. An
        // equality between integers is exact through a widening CAST and across integer types too: a key component
        // is made only of a value the column holds exactly ({@link org.terndb.executor.access.ExactKeys}), any other
        // value matches no key, as it equals no value of the column.
        boolean integerEquality = op == Comparison.Op.EQ && ExprType.of(column).isIntegral() && valueType.isIntegral();
        boolean exact = integerEquality || !widened && valueType.type() == column.type()
                && (column.type() != ColumnType.CHAR || op == Comparison.Op.EQ)
                && (column.type() != ColumnType.DECIMAL || valueType.scale() == column.scale());
        return new Sarg(index, columnIndex, op, right, exact, readsOuter(right, outer));
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

    /**
     * Known when the access opens: reads no column of the table (only literals, parameters, the statement
     * time and, in a join lookup, the outer row), and nothing evaluated per row of the table.
     */
    private static boolean isValue(RexNode node, Outer outer) {
        boolean[] ok = {true};
        node.accept(new RexVisitorImpl<Void>(true) {
            @Override
            public Void visitInputRef(RexInputRef ref) {
                ok[0] &= ref.getIndex() < outer.width();
                return null;
            }

            @Override
            public Void visitCorrelVariable(RexCorrelVariable v) {
                ok[0] = false;
                return null;
            }

            @Override
            public Void visitFieldAccess(RexFieldAccess access) {
                ok[0] = false;
                return null;
            }

            @Override
            public Void visitSubQuery(RexSubQuery subQuery) {
                ok[0] = false;
                return null;
            }

            @Override
            public Void visitOver(RexOver over) {
                ok[0] = false;
                return null;
            }
        });
        return ok[0];
    }

    private static boolean readsOuter(RexNode node, Outer outer) {
        if (outer.width() == 0) {
            return false;
        }
        ImmutableBitSet bits = RelOptUtil.InputFinder.bits(node);
        return !bits.isEmpty() && bits.nth(0) < outer.width();
    }

    /**
     * Names of the columns value expressions may read: the outer row's (shown as {@code outer.NAME} by
     * EXPLAIN, so {@code W_ID > outer.W_ID} is clear in a self-join), then the table's.
     */
    private static List<String> valueNames(TableMeta table, Outer outer) {
        if (outer.width() == 0) {
            return names(table);
        }
        List<String> names = new ArrayList<>(outer.width() + table.columnCount());
        for (String n : outer.names()) {
            names.add("outer." + n);
        }
        names.addAll(names(table));
        return names;
    }

    static List<String> names(TableMeta table) {
        List<String> names = new ArrayList<>(table.columnCount());
        for (Column c : table.schema().columns()) {
            names.add(c.name());
        }
        return names;
    }
}
