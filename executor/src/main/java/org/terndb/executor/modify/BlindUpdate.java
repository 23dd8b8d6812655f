package org.terndb.executor.modify;

import java.util.List;
import java.util.StringJoiner;
import org.terndb.executor.ExecutionContext;
import org.terndb.executor.PlanNode;
import org.terndb.executor.TernSqlException;
import org.terndb.executor.access.ExactKeys;
import org.terndb.executor.expr.Expr;
import org.terndb.executor.meta.IndexMeta;
import org.terndb.executor.meta.TableMeta;
import org.terndb.storage.codec.KeyBuilder;
import org.terndb.storage.codec.RowBuilder;
import org.terndb.txn.Transaction;

/**
 * An UPDATE that writes a whole new row without reading the old one, through
 * {@link Transaction#updateBlind}: the plan of {@code UPDATE t SET <every non-key column> = <values that
 * read no column> WHERE <the full primary key> = <values>}. Rows are whole records, so the new row is
 * determined by the key values and the SET values alone; that is what makes the write blind (see the
 * planner's rule in {@code TableModifyConverter}). The count is 1 if a row had the key, else 0.
 *
 * <p>If a new value violates a column constraint (NOT NULL, range, length), the row is read to tell whether
 * the key matched at all: an UPDATE that matches no row reports 0 rather than the error, as the read-modify-
 * write plan would.
 */
public final class BlindUpdate extends ModificationNode {
    private final TableMeta table;
    private final Expr[] key;
    private final int[] targetColumns;
    private final Expr[] values;

    /**
     * @param key           one expression per primary-key column, in key order
     * @param targetColumns every non-key column, in any order
     * @param values        the new value of each target column; they read parameters only
     */
    public BlindUpdate(TableMeta table, Expr[] key, int[] targetColumns, Expr[] values) {
        IndexMeta primary = table.primaryIndex();
        if (key.length != primary.columnCount() || primary.columnCount() == 0
                || targetColumns.length + primary.columnCount() != table.columnCount()) {
            throw new IllegalArgumentException("a blind update sets every column of " + table.name()
                    + " from the full primary key and the non-key columns");
        }
        this.table = table;
        this.key = key.clone();
        this.targetColumns = targetColumns.clone();
        this.values = values.clone();
    }

    @Override
    long apply(ExecutionContext context) {
        Object[] params = context.parameters();
        IndexMeta primary = table.primaryIndex();
        KeyBuilder keys = context.keyBuilder(primary.codec());
        Object[] keyValues = new Object[key.length];
        for (int i = 0; i < key.length; i++) {
            keyValues[i] = key[i].eval(null, params);
        }
        byte[] pk = ExactKeys.exactKey(table, keys, keyValues);
        if (pk == null) {
            return 0; // the key cannot exist: WHERE matches nothing
        }
        Transaction txn = context.transaction();
        byte[] row;
        try {
            RowBuilder rows = context.rowBuilder(table.rowCodec());
            for (int i = 0; i < key.length; i++) {
                RowEncoder.set(table, rows, primary.column(i), keyValues[i]);
            }
            for (int i = 0; i < targetColumns.length; i++) {
                RowEncoder.set(table, rows, targetColumns[i], values[i].eval(null, params));
            }
            row = rows.build();
        } catch (TernSqlException e) {
            if (txn.read(table.table(), pk) == null) {
                return 0;
            }
            throw e;
        }
        return txn.updateBlind(table.table(), pk, row) ? 1 : 0;
    }

    @Override
    public List<PlanNode> inputs() {
        return List.of();
    }

    @Override
    public String describe() {
        StringJoiner k = new StringJoiner(", ", "[", "]");
        IndexMeta primary = table.primaryIndex();
        for (int i = 0; i < key.length; i++) {
            k.add(table.column(primary.column(i)).name() + " = " + key[i].explain());
        }
        StringJoiner set = new StringJoiner(", ", "[", "]");
        for (int i = 0; i < targetColumns.length; i++) {
            set.add(table.column(targetColumns[i]).name() + " = " + values[i].explain());
        }
        return "Update(table=" + table.name() + ", blind, key=" + k + ", set=" + set + ")";
    }
}
