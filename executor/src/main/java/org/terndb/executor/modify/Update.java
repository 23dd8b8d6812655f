package org.terndb.executor.modify;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.StringJoiner;
import org.terndb.executor.Cursor;
import org.terndb.executor.ExecutionContext;
import org.terndb.executor.PlanNode;
import org.terndb.executor.SqlState;
import org.terndb.executor.TernSqlException;
import org.terndb.executor.meta.TableMeta;
import org.terndb.storage.codec.RowBuilder;
import org.terndb.txn.DuplicateKeyException;
import org.terndb.txn.Transaction;

/**
 * Updates the base-table rows its input produces. Each input row is the old row's columns followed by the
 * new values of the target columns; the input cursor supplies the stored row and primary key. All target
 * rows are read before the first write, so an update never sees its own changes (the Halloween problem).
 * Changing a primary-key column moves the row (delete + insert).
 */
public final class Update extends ModificationNode {
    private final TableMeta table;
    private final PlanNode input;
    private final int[] targetColumns;
    private final int firstNewValue;
    private final boolean changesKey;

    /**
     * @param targetColumns  table columns to set, in the order their new values follow the old row
     * @param firstNewValue  position in the input row of the first new value
     */
    public Update(TableMeta table, PlanNode input, int[] targetColumns, int firstNewValue) {
        this.table = table;
        this.input = input;
        this.targetColumns = targetColumns.clone();
        this.firstNewValue = firstNewValue;
        boolean key = false;
        for (int c : targetColumns) {
            for (int i = 0; i < table.primaryIndex().columnCount(); i++) {
                key |= table.primaryIndex().column(i) == c;
            }
        }
        this.changesKey = key;
    }

    @Override
    long apply(ExecutionContext context) {
        Transaction txn = context.transaction();
        RowBuilder rows = context.rowBuilder(table.rowCodec());
        if (input.singleRow()) { // a point update: no target list to collect
            Object[] row = input.fetchOne(context);
            if (row == null) {
                return 0;
            }
            byte[] pk = context.fetchedPrimaryKey();
            byte[] old = context.fetchedBaseRow();
            if (pk == null || old == null) {
                throw new IllegalStateException("UPDATE input does not carry base rows: " + input.describe());
            }
            write(context, txn, rows, pk, old, row, firstNewValue);
            return 1;
        }
        Cursor in = input.open(context);
        List<byte[]> keys = new ArrayList<>();
        List<byte[]> oldRows = new ArrayList<>();
        List<Object[]> newValues = new ArrayList<>();
        while (in.next()) {
            byte[] pk = in.primaryKey();
            byte[] old = in.baseRow();
            if (pk == null || old == null) {
                throw new IllegalStateException("UPDATE input does not carry base rows: " + input.describe());
            }
            keys.add(pk);
            oldRows.add(old);
            newValues.add(Arrays.copyOfRange(in.row(), firstNewValue, firstNewValue + targetColumns.length));
        }
        for (int r = 0; r < keys.size(); r++) {
            write(context, txn, rows, keys.get(r), oldRows.get(r), newValues.get(r), 0);
        }
        return keys.size();
    }

    /** Writes the row {@code pk} (stored as {@code old}) with the new values at {@code values[from...]}. */
    private void write(ExecutionContext context, Transaction txn, RowBuilder rows, byte[] pk, byte[] old,
                       Object[] values, int from) {
        rows.reset().from(old);
        for (int i = 0; i < targetColumns.length; i++) {
            RowEncoder.set(table, rows, targetColumns[i], values[from + i]);
        }
        byte[] row = rows.build();
        try {
            if (changesKey) {
                byte[] newPk = table.primaryKeyOf(row, context.keyBuilder(table.primaryIndex().codec()));
                if (!Arrays.equals(newPk, pk)) {
                    txn.delete(table.table(), pk);
                    if (!txn.insert(table.table(), newPk, row)) {
                        throw new TernSqlException(SqlState.UNIQUE_VIOLATION, "duplicate primary key "
                                + Modifications.describeKey(table, row) + " in table " + table.name());
                    }
                    return;
                }
            }
            txn.update(table.table(), pk, row);
        } catch (DuplicateKeyException e) {
            throw Modifications.duplicate(table, e);
        }
    }

    public TableMeta table() {
        return table;
    }

    /** The table columns it sets, in the order their new values follow the old row in the input. */
    public int[] targetColumns() {
        return targetColumns.clone();
    }

    /** The position in the input row of the first new value. */
    public int firstNewValue() {
        return firstNewValue;
    }

    /** Whether it sets a primary-key column (which may move the row). */
    public boolean changesKey() {
        return changesKey;
    }

    @Override
    public List<PlanNode> inputs() {
        return List.of(input);
    }

    @Override
    public String describe() {
        StringJoiner s = new StringJoiner(", ", "Update(table=" + table.name() + ", set=[", "])");
        for (int i = 0; i < targetColumns.length; i++) {
            s.add(table.column(targetColumns[i]).name() + " = $" + (firstNewValue + i));
        }
        return s.toString();
    }
}
