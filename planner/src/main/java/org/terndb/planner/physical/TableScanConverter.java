package org.terndb.planner.physical;

import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.TableScan;
import org.terndb.executor.PlanNode;
import org.terndb.executor.meta.TableMeta;
import org.terndb.planner.calcite.CalciteTable;

/** A table scan without a condition: a full scan of the primary index. */
final class TableScanConverter implements RelConverter {

    @Override
    public boolean matches(RelNode rel) {
        return rel instanceof TableScan;
    }

    @Override
    public PlanNode convert(RelNode rel, Conversion conversion) {
        return AccessPathSelector.select(table(rel), null, conversion);
    }

    static TableMeta table(RelNode scan) {
        return scan.getTable().unwrap(CalciteTable.class).meta();
    }
}
