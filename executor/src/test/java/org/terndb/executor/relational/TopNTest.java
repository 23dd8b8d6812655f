package org.terndb.executor.relational;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.terndb.executor.Cursor;
import org.terndb.executor.ExecutionContext;
import org.terndb.executor.ExprType;
import org.terndb.executor.PlanNode;
import org.terndb.executor.expr.Expr;
import org.terndb.executor.expr.Literal;
import org.terndb.storage.codec.ColumnType;

/** TopN keeps exactly the rows a full sort followed by OFFSET/LIMIT would, in the same order (ties too). */
class TopNTest {
    private static final ExprType INT = ExprType.of(ColumnType.INTEGER, true);

    private static List<String> run(PlanNode plan) {
        Cursor c = plan.open(new ExecutionContext().reset(null, new Object[0]));
        List<String> out = new ArrayList<>();
        while (c.next()) {
            out.add(java.util.Arrays.toString(c.row()));
        }
        return out;
    }

    @Test
    void topNEqualsSortThenLimitForManyRandomInputs() {
        Random random = new Random(42);
        for (int round = 0; round < 200; round++) {
            int n = random.nextInt(40);
            Expr[][] rows = new Expr[n][];
            for (int i = 0; i < n; i++) {
                Long key = random.nextInt(6) == 0 ? null : (long) random.nextInt(5); // many ties and NULLs
                rows[i] = new Expr[] {new Literal(key, INT), new Literal((long) i, INT)};
            }
            Sort.Key[] keys = {new Sort.Key(0, "K", random.nextBoolean(), random.nextBoolean())};
            Expr offset = new Literal((long) random.nextInt(5), INT);
            Expr fetch = new Literal((long) random.nextInt(8), INT);
            List<String> sorted = run(new Limit(new Sort(new ValuesScan(rows), keys), offset, fetch));
            List<String> top = run(new Limit(new TopN(new ValuesScan(rows), keys, offset, fetch), offset, fetch));
            assertEquals(sorted, top, "round " + round);
        }
    }
}
