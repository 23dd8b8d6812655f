package org.terndb.executor.join;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import org.terndb.executor.Cursor;
import org.terndb.executor.ExecutionContext;
import org.terndb.executor.PlanNode;
import org.terndb.executor.expr.Expr;

/**
 * Equi-join without a usable index: reads the right input into a hash table on its key expressions, then
 * streams the left input and probes it. NULL keys never match (SQL equality). {@code condition} (null: none)
 * is tested on each joined row whose keys match. Used when no index fits the join key.
 */
public final class HashJoin extends PlanNode {
    private final PlanNode left;
    private final PlanNode right;
    private final int leftWidth;
    private final int rightWidth;
    private final Expr[] leftKeys;
    private final Expr[] rightKeys;
    private final Expr condition;
    private final JoinType type;

    public HashJoin(PlanNode left, int leftWidth, PlanNode right, int rightWidth, Expr[] leftKeys, Expr[] rightKeys,
                    Expr condition, JoinType type) {
        if (leftKeys.length != rightKeys.length || leftKeys.length == 0) {
            throw new IllegalArgumentException("a hash join needs pairs of key expressions");
        }
        this.left = left;
        this.right = right;
        this.leftWidth = leftWidth;
        this.rightWidth = rightWidth;
        this.leftKeys = leftKeys.clone();
        this.rightKeys = rightKeys.clone();
        this.condition = condition;
        this.type = type;
    }

    @Override
    public Cursor open(ExecutionContext context) {
        Object[] params = context.parameters();
        Map<List<Object>, List<Object[]>> table = new HashMap<>();
        Cursor build = right.open(context);
        while (build.next()) {
            Object[] row = build.row();
            List<Object> key = key(rightKeys, row, params);
            if (key != null) {
                table.computeIfAbsent(key, k -> new ArrayList<>(2)).add(row);
            }
        }
        Cursor probe = left.open(context);
        return new Cursor() {
            private Object[] leftRow;
            private List<Object[]> matches;
            private int next;
            private boolean matched;
            private Object[] current;

            @Override
            public boolean next() {
                while (true) {
                    if (matches != null) {
                        while (next < matches.size()) {
                            Object[] joined = JoinRows.concat(leftRow, leftWidth, matches.get(next++), rightWidth);
                            if (condition == null || Expr.isTrue(condition, joined, params)) {
                                matched = true;
                                current = joined;
                                return true;
                            }
                        }
                        matches = null;
                        if (!matched && type == JoinType.LEFT) {
                            current = JoinRows.concat(leftRow, leftWidth, null, rightWidth);
                            return true;
                        }
                    }
                    if (!probe.next()) {
                        return false;
                    }
                    leftRow = probe.row();
                    List<Object> key = key(leftKeys, leftRow, params);
                    List<Object[]> found = key == null ? null : table.get(key);
                    matches = found == null ? List.of() : found;
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

    /** The normalised key of a row, or null if a component is NULL. */
    private static List<Object> key(Expr[] exprs, Object[] row, Object[] params) {
        Object[] key = new Object[exprs.length];
        for (int i = 0; i < key.length; i++) {
            Object v = exprs[i].eval(row, params);
            if (v == null) {
                return null;
            }
            key[i] = normalize(v);
        }
        return Arrays.asList(key);
    }

    /** Equal SQL values get equal Java keys: 1.50 and 1.5 are one DECIMAL, -0.0 and 0.0 one DOUBLE. */
    private static Object normalize(Object v) {
        if (v instanceof BigDecimal d) {
            return d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
        }
        if (v instanceof Double d && d == 0.0) {
            return 0.0;
        }
        return v;
    }

    @Override
    public List<PlanNode> inputs() {
        return List.of(left, right);
    }

    @Override
    public String describe() {
        StringJoiner keys = new StringJoiner(", ", "[", "]");
        for (int i = 0; i < leftKeys.length; i++) {
            keys.add(leftKeys[i].explain() + " = " + rightKeys[i].explain());
        }
        return "HashJoin(type=" + type + ", keys=" + keys + (condition == null ? "" : ", condition="
                + condition.explain()) + ")";
    }
}
