package org.terndb.planner.physical;

import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Values;
import org.apache.calcite.rex.RexLiteral;
import org.terndb.executor.PlanNode;
import org.terndb.executor.expr.Expr;
import org.terndb.executor.relational.ValuesScan;

/** Literal rows. */
final class ValuesConverter implements RelConverter {

    @Override
    public boolean matches(RelNode rel) {
        return rel instanceof Values;
    }

    @Override
    public PlanNode convert(RelNode rel, Conversion conversion) {
        List<? extends List<RexLiteral>> tuples = ((Values) rel).getTuples();
        Expr[][] rows = new Expr[tuples.size()][];
        for (int r = 0; r < rows.length; r++) {
            List<RexLiteral> tuple = tuples.get(r);
            rows[r] = new Expr[tuple.size()];
            for (int c = 0; c < tuple.size(); c++) {
                rows[r][c] = conversion.rex().compile(tuple.get(c), List.of());
            }
        }
        return new ValuesScan(rows);
    }
}
