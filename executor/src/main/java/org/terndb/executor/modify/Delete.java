package org.terndb.executor.modify;

import java.util.ArrayList;
import java.util.List;
import org.terndb.executor.Cursor;
import org.terndb.executor.ExecutionContext;
import org.terndb.executor.PlanNode;
import org.terndb.executor.meta.TableMeta;
import org.terndb.txn.Transaction;

/** Deletes the base-table rows its input produces (all are found before the first is deleted). */
public final class Delete extends ModificationNode {
    private final TableMeta table;
    private final PlanNode input;

    public Delete(TableMeta table, PlanNode input) {
        this.table = table;
        this.input = input;
    }

    @Override
    long apply(ExecutionContext context) {
        Transaction txn = context.transaction();
        Cursor in = input.open(context);
        List<byte[]> keys = new ArrayList<>();
        while (in.next()) {
            byte[] pk = in.primaryKey();
            if (pk == null) {
                throw new IllegalStateException("DELETE input does not carry base rows: " + input.describe());
            }
            keys.add(pk);
        }
        long count = 0;
        for (byte[] pk : keys) {
            if (txn.delete(table.table(), pk)) {
                count++;
            }
        }
        return count;
    }

    @Override
    public List<PlanNode> inputs() {
        return List.of(input);
    }

    @Override
    public String describe() {
        return "Delete(table=" + table.name() + ")";
    }
}
