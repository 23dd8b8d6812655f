package org.terndb.planner.physical;

import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.TableModify;
import org.terndb.executor.PlanNode;
import org.terndb.executor.SqlState;
import org.terndb.executor.meta.TableMeta;
import org.terndb.executor.modify.Delete;
import org.terndb.executor.modify.Insert;
import org.terndb.executor.modify.Update;
import org.terndb.planner.calcite.CalciteTable;

/**
 * INSERT, UPDATE and DELETE. The rows to change are read "for update" (locking protocols lock them as they
 * read them). Calcite's UPDATE input is the old row followed by the new values of the SET columns.
 */
final class TableModifyConverter implements RelConverter {

    @Override
    public boolean matches(RelNode rel) {
        return rel instanceof TableModify;
    }

    @Override
    public PlanNode convert(RelNode rel, Conversion conversion) {
        TableModify modify = (TableModify) rel;
        TableMeta table = modify.getTable().unwrap(CalciteTable.class).meta();
        return switch (modify.getOperation()) {
            case INSERT -> new Insert(table, conversion.convert(modify.getInput()));
            case DELETE -> new Delete(table, conversion.forUpdate(true).convert(modify.getInput()));
            case UPDATE -> {
                List<String> columns = modify.getUpdateColumnList();
                int[] targets = new int[columns.size()];
                for (int i = 0; i < targets.length; i++) {
                    targets[i] = table.schema().indexOf(columns.get(i));
                }
                int firstNewValue = modify.getInput().getRowType().getFieldCount() - targets.length;
                yield new Update(table, conversion.forUpdate(true).convert(modify.getInput()), targets, firstNewValue);
            }
            default -> throw SqlState.notSupported(modify.getOperation() + " statements");
        };
    }
}
