package org.terndb.executor.modify;

import java.util.List;
import org.terndb.executor.Cursor;
import org.terndb.executor.ExecutionContext;
import org.terndb.executor.PlanNode;
import org.terndb.executor.SqlState;
import org.terndb.executor.TernSqlException;
import org.terndb.executor.meta.TableMeta;
import org.terndb.storage.codec.KeyBuilder;
import org.terndb.storage.codec.RowBuilder;
import org.terndb.txn.DuplicateKeyException;
import org.terndb.txn.Transaction;

/**
 * Inserts the rows of its input, which have one value per table column in column order (the planner has
 * filled in defaults). Produces one row holding the number of rows inserted.
 */
public final class Insert extends ModificationNode {
    private final TableMeta table;
    private final PlanNode input;

    public Insert(TableMeta table, PlanNode input) {
        this.table = table;
        this.input = input;
    }

    @Override
    long apply(ExecutionContext context) {
        Transaction txn = context.transaction();
        Cursor in = input.open(context);
        RowBuilder rows = context.rowBuilder(table.rowCodec());
        KeyBuilder keys = context.keyBuilder(table.primaryIndex().codec());
        long count = 0;
        while (in.next()) {
            Object[] values = in.row();
            rows.reset();
            for (int c = 0, n = table.columnCount(); c < n; c++) {
                RowEncoder.set(table, rows, c, values[c]);
            }
            byte[] row = rows.build();
            byte[] pk = table.hasRowId() ? keys.reset().addLong(table.nextRowId()).toKey()
                    : table.primaryKeyOf(row, keys);
            boolean inserted;
            try {
                inserted = txn.insert(table.table(), pk, row);
            } catch (DuplicateKeyException e) {
                throw Modifications.duplicate(table, e);
            }
            if (!inserted) {
                throw TernSqlException.withoutStackTrace(SqlState.UNIQUE_VIOLATION, "duplicate primary key "
                        + Modifications.describeKey(table, row) + " in table " + table.name(), null);
            }
            count++;
        }
        return count;
    }

    @Override
    public List<PlanNode> inputs() {
        return List.of(input);
    }

    @Override
    public String describe() {
        return "Insert(table=" + table.name() + ")";
    }
}
