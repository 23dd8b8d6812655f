package org.terndb.executor.relational;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.StringJoiner;
import org.terndb.executor.Cursor;
import org.terndb.executor.ExecutionContext;
import org.terndb.executor.PlanNode;
import org.terndb.executor.expr.Values;

/** Reads all input rows and produces them ordered by the sort keys (a stable sort). */
public final class Sort extends PlanNode {
    /** One sort key: an input column, its direction and where NULLs go. */
    public record Key(int column, String name, boolean descending, boolean nullsFirst) {
    }

    private final PlanNode input;
    private final Key[] keys;
    private final Comparator<Object[]> order;

    public Sort(PlanNode input, Key[] keys) {
        this.input = input;
        this.keys = keys.clone();
        this.order = comparator(this.keys);
    }

    /** The order of rows by these keys (NULL placement independent of direction, as each key says). */
    static Comparator<Object[]> comparator(Key[] keys) {
        return (a, b) -> {
            for (Key k : keys) {
                Object x = a[k.column()];
                Object y = b[k.column()];
                int c;
                if (x == null || y == null) {
                    if (x == y) {
                        continue;
                    }
                    c = (x == null) == k.nullsFirst() ? -1 : 1;
                    return c; // NULL placement is independent of the direction
                }
                c = Values.compare(x, y);
                if (c != 0) {
                    return k.descending() ? -c : c;
                }
            }
            return 0;
        };
    }

    @Override
    public Cursor open(ExecutionContext context) {
        Cursor in = input.open(context);
        List<Object[]> rows = new ArrayList<>();
        while (in.next()) {
            rows.add(in.row());
        }
        rows.sort(order);
        return new ListCursor(rows);
    }

    @Override
    public List<PlanNode> inputs() {
        return List.of(input);
    }

    @Override
    public String describe() {
        return "Sort(" + describe(keys) + ")";
    }

    static String describe(Key[] keys) {
        StringJoiner s = new StringJoiner(", ");
        for (Key k : keys) {
            s.add(k.name() + (k.descending() ? " DESC" : " ASC") + (k.nullsFirst() ? " NULLS FIRST" : " NULLS LAST"));
        }
        return s.toString();
    }
}
