package org.terndb.executor.relational;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;
import org.terndb.executor.Cursor;
import org.terndb.executor.ExecutionContext;
import org.terndb.executor.ExprType;
import org.terndb.executor.PlanNode;
import org.terndb.executor.SqlState;
import org.terndb.executor.TernSqlException;
import org.terndb.executor.expr.Values;
import org.terndb.storage.codec.ColumnType;

/**
 * Grouping and COUNT, SUM, MIN, MAX and AVG (each optionally DISTINCT) per group. Output rows are the group
 * columns followed by one column per aggregate, as Calcite's Aggregate lays them out. Without group columns
 * there is exactly one output row, even for empty input. Two strategies: <em>hash</em> (any input order;
 * reads everything, groups in a hash table, produces groups in first-seen order) and <em>streaming</em>
 * (the planner proved the input arrives ordered on the group columns, e.g. from an index scan: equal
 * keys are adjacent, so each group is produced as soon as the key changes, in constant memory).
 */
public final class Aggregate extends PlanNode {
    /** The aggregate functions. */
    public enum Function { COUNT, SUM, MIN, MAX, AVG }

    /**
     * One aggregate: function, input column ({@code -1} for {@code COUNT(*)}), DISTINCT, result type.
     */
    public record Call(Function function, int argument, boolean distinct, ExprType type, String label) {
    }

    private final PlanNode input;
    private final int[] groupColumns;
    private final String[] groupNames;
    private final Call[] calls;
    private final boolean streaming;

    public Aggregate(PlanNode input, int[] groupColumns, Call[] calls) {
        this(input, groupColumns, null, calls, false);
    }

    /**
     * @param groupNames names of the group columns for EXPLAIN (null: positions)
     * @param streaming  the input is ordered on the group columns (any direction, any column order)
     */
    public Aggregate(PlanNode input, int[] groupColumns, String[] groupNames, Call[] calls, boolean streaming) {
        this.input = input;
        this.groupColumns = groupColumns.clone();
        this.groupNames = groupNames == null ? null : groupNames.clone();
        this.calls = calls.clone();
        this.streaming = streaming && groupColumns.length > 0;
    }

    public boolean isStreaming() {
        return streaming;
    }

    @Override
    public Cursor open(ExecutionContext context) {
        Cursor in = input.open(context);
        if (streaming) {
            return new StreamCursor(in);
        }
        Map<List<Object>, Accumulator[]> groups = new LinkedHashMap<>();
        while (in.next()) {
            Object[] row = in.row();
            Object[] key = new Object[groupColumns.length];
            for (int i = 0; i < key.length; i++) {
                key[i] = row[groupColumns[i]];
            }
            Accumulator[] accs = groups.computeIfAbsent(Arrays.asList(key), k -> newAccumulators());
            for (Accumulator a : accs) {
                a.add(row);
            }
        }
        if (groups.isEmpty() && groupColumns.length == 0) {
            groups.put(List.of(), newAccumulators());
        }
        List<Object[]> out = new ArrayList<>(groups.size());
        for (Map.Entry<List<Object>, Accumulator[]> g : groups.entrySet()) {
            Object[] row = new Object[groupColumns.length + calls.length];
            for (int i = 0; i < groupColumns.length; i++) {
                row[i] = g.getKey().get(i);
            }
            Accumulator[] accs = g.getValue();
            for (int i = 0; i < accs.length; i++) {
                row[groupColumns.length + i] = accs[i].result();
            }
            out.add(row);
        }
        return new ListCursor(out);
    }

    /** Streaming aggregation: the current group's accumulators, produced when the next group begins. */
    private final class StreamCursor implements Cursor {
        private final Cursor in;
        private Object[] pendingRow;
        private boolean started;
        private Object[] current;

        StreamCursor(Cursor in) {
            this.in = in;
        }

        @Override
        public boolean next() {
            if (!started) {
                started = true;
                pendingRow = in.next() ? in.row() : null;
            }
            if (pendingRow == null) {
                return false;
            }
            Object[] first = pendingRow;
            Accumulator[] accs = newAccumulators();
            Object[] row = first;
            while (true) {
                for (Accumulator a : accs) {
                    a.add(row);
                }
                if (!in.next()) {
                    pendingRow = null;
                    break;
                }
                row = in.row();
                if (!sameGroup(first, row)) {
                    pendingRow = row;
                    break;
                }
            }
            Object[] out = new Object[groupColumns.length + calls.length];
            for (int i = 0; i < groupColumns.length; i++) {
                out[i] = first[groupColumns[i]];
            }
            for (int i = 0; i < accs.length; i++) {
                out[groupColumns.length + i] = accs[i].result();
            }
            current = out;
            return true;
        }

        private boolean sameGroup(Object[] a, Object[] b) {
            for (int c : groupColumns) {
                if (!java.util.Objects.equals(a[c], b[c])) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public Object[] row() {
            return current;
        }
    }

    private Accumulator[] newAccumulators() {
        Accumulator[] accs = new Accumulator[calls.length];
        for (int i = 0; i < calls.length; i++) {
            accs[i] = new Accumulator(calls[i]);
        }
        return accs;
    }

    /** The running state of one aggregate in one group. */
    private static final class Accumulator {
        private final Call call;
        private final Set<Object> seen;
        private long count;
        private long longSum;
        private BigDecimal decimalSum;
        private double doubleSum;
        private boolean floating;
        private boolean decimal;
        private Object extreme;

        Accumulator(Call call) {
            this.call = call;
            this.seen = call.distinct() ? new HashSet<>() : null;
        }

        void add(Object[] row) {
            if (call.argument() < 0) {
                count++;
                return;
            }
            Object v = row[call.argument()];
            if (v == null || (seen != null && !seen.add(v))) {
                return;
            }
            count++;
            switch (call.function()) {
                case COUNT -> { }
                case SUM, AVG -> addToSum(v);
                case MIN -> {
                    if (extreme == null || Values.compare(v, extreme) < 0) {
                        extreme = v;
                    }
                }
                case MAX -> {
                    if (extreme == null || Values.compare(v, extreme) > 0) {
                        extreme = v;
                    }
                }
            }
        }

        private void addToSum(Object v) {
            if (v instanceof Double d) {
                floating = true;
                doubleSum += d;
            } else if (v instanceof BigDecimal d) {
                decimal = true;
                decimalSum = decimalSum == null ? d : decimalSum.add(d);
            } else {
                try {
                    longSum = Math.addExact(longSum, (Long) v);
                } catch (ArithmeticException e) {
                    throw new TernSqlException(SqlState.NUMERIC_OUT_OF_RANGE, "numeric overflow in " + call.label());
                }
            }
        }

        Object result() {
            return switch (call.function()) {
                case COUNT -> count;
                case MIN, MAX -> extreme;
                case SUM -> count == 0 ? null : Values.convert(sum(), call.type());
                case AVG -> count == 0 ? null : average();
            };
        }

        private Object sum() {
            if (floating) {
                return doubleSum + (decimal ? decimalSum.doubleValue() : 0) + longSum;
            }
            if (decimal) {
                return decimalSum.add(BigDecimal.valueOf(longSum));
            }
            return longSum;
        }

        private Object average() {
            Object sum = sum();
            ColumnType t = call.type().type();
            if (t == ColumnType.DOUBLE || t == ColumnType.REAL) {
                return ((Number) sum).doubleValue() / count;
            }
            // An integer average truncates toward zero (as integer division does); a DECIMAL one rounds half up.
            BigDecimal avg = Values.toBigDecimal((Number) sum).divide(BigDecimal.valueOf(count),
                    Math.max(call.type().scale(), 0), call.type().isIntegral() ? RoundingMode.DOWN : RoundingMode.HALF_UP);
            return Values.convert(avg, call.type());
        }
    }

    @Override
    public List<PlanNode> inputs() {
        return List.of(input);
    }

    @Override
    public String describe() {
        String name = groupColumns.length == 0 ? "Aggregate" : streaming ? "StreamAggregate" : "HashAggregate";
        StringJoiner s = new StringJoiner(", ", name + "(", ")");
        if (groupColumns.length > 0) {
            s.add("group=" + (groupNames == null ? Arrays.toString(groupColumns) : Arrays.toString(groupNames)));
        }
        for (Call c : calls) {
            s.add(c.label());
        }
        return s.toString();
    }
}
