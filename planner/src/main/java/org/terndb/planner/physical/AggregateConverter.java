package org.terndb.planner.physical;

import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.terndb.executor.PlanNode;
import org.terndb.executor.SqlState;

/** GROUP BY and COUNT/SUM/MIN/MAX/AVG as a hash aggregate. */
final class AggregateConverter implements RelConverter {

    @Override
    public boolean matches(RelNode rel) {
        return rel instanceof Aggregate;
    }

    @Override
    public PlanNode convert(RelNode rel, Conversion conversion) {
        Aggregate aggregate = (Aggregate) rel;
        if (aggregate.getGroupType() != Aggregate.Group.SIMPLE) {
            throw SqlState.notSupported("GROUPING SETS, ROLLUP and CUBE");
        }
        List<String> inputNames = aggregate.getInput().getRowType().getFieldNames();
        List<String> outputNames = aggregate.getRowType().getFieldNames();
        int groups = aggregate.getGroupCount();
        List<AggregateCall> calls = aggregate.getAggCallList();
        org.terndb.executor.relational.Aggregate.Call[] out = new org.terndb.executor.relational.Aggregate.Call[calls.size()];
        for (int i = 0; i < out.length; i++) {
            AggregateCall call = calls.get(i);
            if (call.filterArg >= 0) {
                throw SqlState.notSupported("aggregate FILTER (WHERE ...)");
            }
            org.terndb.executor.relational.Aggregate.Function f = switch (call.getAggregation().getKind()) {
                case COUNT -> org.terndb.executor.relational.Aggregate.Function.COUNT;
                case SUM, SUM0 -> org.terndb.executor.relational.Aggregate.Function.SUM;
                case MIN -> org.terndb.executor.relational.Aggregate.Function.MIN;
                case MAX -> org.terndb.executor.relational.Aggregate.Function.MAX;
                case AVG -> org.terndb.executor.relational.Aggregate.Function.AVG;
                default -> throw SqlState.notSupported("the aggregate function " + call.getAggregation().getName());
            };
            List<Integer> args = call.getArgList();
            if (args.size() > 1) {
                throw SqlState.notSupported(call.getAggregation().getName() + " over more than one column");
            }
            int argument = args.isEmpty() ? -1 : args.get(0);
            String label = call.getAggregation().getName() + "(" + (call.isDistinct() ? "DISTINCT " : "")
                    + (argument < 0 ? "*" : inputNames.get(argument)) + ") AS " + outputNames.get(groups + i);
            out[i] = new org.terndb.executor.relational.Aggregate.Call(f, argument, call.isDistinct(),
                    org.terndb.planner.calcite.TypeMapping.toExprType(call.getType()), label);
        }
        return new org.terndb.executor.relational.Aggregate(conversion.convert(aggregate.getInput()),
                aggregate.getGroupSet().toArray(), out);
    }
}
