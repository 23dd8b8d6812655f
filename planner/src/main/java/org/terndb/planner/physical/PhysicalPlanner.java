package org.terndb.planner.physical;

import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexBuilder;
import org.terndb.executor.PlanNode;

/** Turns a logical Calcite plan into an executor plan with the registered converters. */
public final class PhysicalPlanner {
    /** Tried in this order; the first that matches converts. */
    private static final List<RelConverter> CONVERTERS = List.of(
            new TableModifyConverter(),
            new JoinConverter(),
            new FilterConverter(),
            new TableScanConverter(),
            new ProjectConverter(),
            new SortConverter(),
            new AggregateConverter(),
            new ValuesConverter(),
            new UnionConverter());

    /**
     * A converted plan.
     *
     * @param readsStatementTime the plan reads CURRENT_TIMESTAMP/CURRENT_DATE from the binding slot after the
     *                           parameters, which the prepared plan fills once per execution
     */
    public record Result(PlanNode root, boolean readsStatementTime) {
    }

    private PhysicalPlanner() {
    }

    public static Result toPlan(RelNode rel, RexBuilder rexBuilder, boolean forUpdate, int parameterCount) {
        Conversion conversion = new Conversion(CONVERTERS, rexBuilder, forUpdate, parameterCount);
        PlanNode root = conversion.convert(rel);
        return new Result(root, conversion.rex().readsStatementTime());
    }
}
