package org.terndb.planner.physical;

import org.apache.calcite.rel.RelNode;
import org.terndb.executor.PlanNode;

/**
 * Converts one kind of logical Calcite operator to executor operators (Calcite's converter-rule style: one
 * small class per operator, tried in order by {@link PhysicalPlanner}). Converters recurse into their inputs
 * through {@link Conversion#convert}.
 */
public interface RelConverter {

    /** Whether this converter handles {@code rel}. */
    boolean matches(RelNode rel);

    PlanNode convert(RelNode rel, Conversion conversion);
}
