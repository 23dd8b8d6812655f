package org.terndb.executor.relational;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import org.terndb.executor.Cursor;
import org.terndb.executor.ExecutionContext;
import org.terndb.executor.PlanNode;
import org.terndb.executor.SqlState;
import org.terndb.executor.TernSqlException;
import org.terndb.executor.expr.Expr;

/**
 * ORDER BY ... LIMIT without an index that delivers the order: keeps only the first {@code offset + fetch}
 * rows of the order in a bounded heap (memory O(offset + fetch) instead of the whole input) and produces them
 * sorted. Ties keep input order, as {@link Sort} does, so both give the same rows. A {@link Limit} above it
 * skips the offset.
 */
public final class TopN extends PlanNode {
    private final PlanNode input;
    private final Sort.Key[] keys;
    private final Comparator<Object[]> order;
    private final Expr offset;
    private final Expr fetch;

    /** One kept row and its position in the input (the tie-breaker that makes the heap stable). */
    private record Ranked(Object[] row, long position) {
    }

    public TopN(PlanNode input, Sort.Key[] keys, Expr offset, Expr fetch) {
        if (fetch == null) {
            throw new IllegalArgumentException("TopN needs a row count; sort without one");
        }
        this.input = input;
        this.keys = keys.clone();
        this.order = Sort.comparator(this.keys);
        this.offset = offset;
        this.fetch = fetch;
    }

    @Override
    public Cursor open(ExecutionContext context) {
        long n = count(offset, context) + count(fetch, context);
        if (n == 0) {
            return new ListCursor(List.of());
        }
        Comparator<Ranked> ranked = (a, b) -> {
            int c = order.compare(a.row(), b.row());
            return c != 0 ? c : Long.compare(a.position(), b.position());
        };
        // A max-heap of the best n rows seen: the root is the worst kept row.
        PriorityQueue<Ranked> heap = new PriorityQueue<>(ranked.reversed());
        Cursor in = input.open(context);
        long position = 0;
        while (in.next()) {
            Ranked r = new Ranked(in.row(), position++);
            if (heap.size() < n) {
                heap.add(r);
            } else if (ranked.compare(r, heap.peek()) < 0) {
                heap.poll();
                heap.add(r);
            }
        }
        List<Ranked> kept = new ArrayList<>(heap);
        kept.sort(ranked);
        List<Object[]> rows = new ArrayList<>(kept.size());
        for (Ranked r : kept) {
            rows.add(r.row());
        }
        return new ListCursor(rows);
    }

    private static long count(Expr e, ExecutionContext context) {
        if (e == null) {
            return 0;
        }
        Object v = e.eval(null, context.parameters());
        if (v == null) {
            return Integer.MAX_VALUE;
        }
        long n = ((Number) v).longValue();
        if (n < 0) {
            throw new TernSqlException(SqlState.DATA_EXCEPTION, "LIMIT and OFFSET must not be negative, got " + n);
        }
        return Math.min(n, Integer.MAX_VALUE);
    }

    @Override
    public List<PlanNode> inputs() {
        return List.of(input);
    }

    @Override
    public String describe() {
        return "TopN(" + Sort.describe(keys) + ", n=" + (offset == null ? "" : offset.explain() + " + ")
                + fetch.explain() + ")";
    }
}
