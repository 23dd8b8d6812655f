package org.terndb.executor.relational;

import java.util.List;
import org.terndb.executor.Cursor;
import org.terndb.executor.ExecutionContext;
import org.terndb.executor.PlanNode;
import org.terndb.executor.SqlState;
import org.terndb.executor.TernSqlException;
import org.terndb.executor.expr.Expr;

/** Skips {@code offset} rows, then passes on at most {@code fetch} (either may be absent). */
public final class Limit extends PlanNode {
    private final PlanNode input;
    private final Expr offset;
    private final Expr fetch;

    public Limit(PlanNode input, Expr offset, Expr fetch) {
        this.input = input;
        this.offset = offset;
        this.fetch = fetch;
    }

    @Override
    public Cursor open(ExecutionContext context) {
        long skip = count(offset, context, 0);
        long max = count(fetch, context, Long.MAX_VALUE);
        Cursor in = input.open(context);
        return new Cursor() {
            private long skipped;
            private long produced;

            @Override
            public boolean next() {
                while (skipped < skip) {
                    if (!in.next()) {
                        return false;
                    }
                    skipped++;
                }
                if (produced >= max || !in.next()) {
                    return false;
                }
                produced++;
                return true;
            }

            @Override
            public Object[] row() {
                return in.row();
            }

            @Override
            public byte[] primaryKey() {
                return in.primaryKey();
            }

            @Override
            public byte[] baseRow() {
                return in.baseRow();
            }
        };
    }

    private static long count(Expr e, ExecutionContext context, long absent) {
        if (e == null) {
            return absent;
        }
        Object v = e.eval(null, context.parameters());
        if (v == null) {
            return absent;
        }
        long n = ((Number) v).longValue();
        if (n < 0) {
            throw new TernSqlException(SqlState.DATA_EXCEPTION, "LIMIT and OFFSET must not be negative, got " + n);
        }
        return n;
    }

    @Override
    public List<PlanNode> inputs() {
        return List.of(input);
    }

    @Override
    public String describe() {
        return "Limit(" + (offset == null ? "" : "offset=" + offset.explain() + (fetch == null ? "" : ", "))
                + (fetch == null ? "" : "fetch=" + fetch.explain()) + ")";
    }
}
