package org.terndb.planner.physical;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Union;
import org.terndb.executor.PlanNode;
import org.terndb.executor.SqlState;
import org.terndb.executor.relational.UnionAll;

/** UNION ALL (multi-row VALUES with parameters also arrives as one). */
final class UnionConverter implements RelConverter {

    @Override
    public boolean matches(RelNode rel) {
        return rel instanceof Union;
    }

    @Override
    public PlanNode convert(RelNode rel, Conversion conversion) {
        Union union = (Union) rel;
        if (!union.all) {
            throw SqlState.notSupported("UNION without ALL");
        }
        List<PlanNode> inputs = new ArrayList<>();
        for (RelNode input : union.getInputs()) {
            inputs.add(conversion.convert(input));
        }
        return new UnionAll(inputs);
    }
}
