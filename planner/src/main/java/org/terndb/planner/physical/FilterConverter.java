package org.terndb.planner.physical;

import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.TableScan;
import org.terndb.executor.PlanNode;

/**
 * A filter. Directly over a table scan it becomes an access path (point get / index range scan / full scan,
 * with the predicates the index cannot enforce tested inside the scan); elsewhere an executor
 * {@link org.terndb.executor.relational.Filter}.
 */
final class FilterConverter implements RelConverter {

    @Override
    public boolean matches(RelNode rel) {
        return rel instanceof Filter;
    }

    @Override
    public PlanNode convert(RelNode rel, Conversion conversion) {
        Filter filter = (Filter) rel;
        RelNode input = filter.getInput();
        if (input instanceof TableScan scan) {
            return AccessPathSelector.select(TableScanConverter.table(scan), filter.getCondition(), conversion);
        }
        return new org.terndb.executor.relational.Filter(conversion.convert(input),
                conversion.rex().compile(filter.getCondition(), input.getRowType().getFieldNames()));
    }
}
