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
            new FilterConverter(),
            new TableScanConverter(),
            new ProjectConverter(),
            new SortConverter(),
            new AggregateConverter(),
            new ValuesConverter(),
            new UnionConverter());

    private PhysicalPlanner() {
    }

    public static PlanNode toPlan(RelNode rel, RexBuilder rexBuilder, boolean forUpdate) {
        return new Conversion(CONVERTERS, rexBuilder, forUpdate).convert(rel);
    }
}
