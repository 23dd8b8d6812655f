package org.terndb.executor.relational;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.terndb.executor.Cursor;
import org.terndb.executor.ExecutionContext;
import org.terndb.executor.ExprType;
import org.terndb.executor.PlanNode;
import org.terndb.executor.expr.Expr;
import org.terndb.executor.expr.Literal;
import org.terndb.storage.codec.ColumnType;

/** Streaming and hash aggregation give the same groups on input ordered by the group key. */
class AggregateTest {
    private static final ExprType INT = ExprType.of(ColumnType.INTEGER, true);

    private static List<String> run(PlanNode plan) {
        Cursor c = plan.open(new ExecutionContext().reset(null, new Object[0]));
        List<String> out = new ArrayList<>();
        while (c.next()) {
            out.add(java.util.Arrays.toString(c.row()));
        }
        return out;
    }

    private static Expr[] row(Long group, Long value) {
        return new Expr[] {new Literal(group, INT), new Literal(value, INT)};
    }

    @Test
    void streamingMatchesHashingOnOrderedInput() {
        Expr[][] rows = {row(null, 1L), row(null, null), row(1L, 5L), row(1L, 5L), row(1L, 7L), row(4L, 2L)};
        Aggregate.Call[] calls = {
            new Aggregate.Call(Aggregate.Function.COUNT, -1, false, ExprType.of(ColumnType.BIGINT, false), "COUNT(*)"),
            new Aggregate.Call(Aggregate.Function.COUNT, 1, true, ExprType.of(ColumnType.BIGINT, false), "COUNT(DISTINCT V)"),
            new Aggregate.Call(Aggregate.Function.SUM, 1, false, INT, "SUM(V)"),
            new Aggregate.Call(Aggregate.Function.AVG, 1, false, INT, "AVG(V)")};
        List<String> hash = run(new Aggregate(new ValuesScan(rows), new int[] {0}, null, calls, false));
        List<String> stream = run(new Aggregate(new ValuesScan(rows), new int[] {0}, new String[] {"G"}, calls, true));
        assertEquals(List.of("[null, 2, 1, 1, 1]", "[1, 3, 2, 17, 5]", "[4, 1, 1, 2, 2]"), stream);
        assertEquals(hash, stream);
        assertEquals(List.of(), run(new Aggregate(new ValuesScan(new Expr[0][]), new int[] {0}, null, calls, true)));
        assertEquals(List.of("[0, 0, null, null]"), run(new Aggregate(new ValuesScan(new Expr[0][]), new int[0], null,
                calls, true)), "no groups: one row even for empty input");
    }
}
