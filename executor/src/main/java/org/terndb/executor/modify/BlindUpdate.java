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
import org.terndb.storage.codec.KeyCodec;
import org.terndb.storage.codec.RowBuilder;
import org.terndb.txn.Transaction;

/**
 * An UPDATE that writes without reading the row it changes, through {@link Transaction#updateBlind}; the
 * planner's rule ({@code TableModifyConverter}) says when. Two forms:
 * <ul>
 *   <li><b>whole row</b>: {@code UPDATE t SET <every non-key column> = <values that read no column> WHERE
 *       <the full primary key> = <values>}. The new row is determined by the key and SET values alone.</li>
 *   <li><b>partial</b> ({@link #partial}): {@code SET <some non-key, non-indexed columns> = <values that read
 *       no column>} with the WHERE clause fixing the full primary key, or the full key of a unique secondary
 *       index. The SET values become a {@link ColumnPatch} that the protocol applies to the row current at
 *       commit, so the other columns are never read. Through a unique index the primary key is looked up in the
 *       index entry only ({@link Transaction#readPrimaryKey}: a read, validated like any), then the row is
 *       patched blindly.</li>
 * </ul>
 * The count is 1 if a row had the key, else 0; no row is ever created.
 *
 * <p>If a new value violates a column constraint (NOT NULL, range, length), the row is read to tell whether
 * the key matched at all: an UPDATE that matches no row reports 0 rather than the error, as the read-modify-
 * write plan would.
 */
public final class BlindUpdate extends ModificationNode {
    private final TableMeta table;
    private final IndexMeta keyIndex;  // the primary index, or the unique secondary index the WHERE clause fixes
    private final Expr[] key;
    private final int[] targetColumns;
    private final Expr[] values;
    private final boolean partial;
    private final long mask;           // the patch's columns (partial only)
    private final boolean fixedWidth;  // no patched column is a string: the patch is applied without a rebuild

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
        this.keyIndex = primary;
        this.key = key.clone();
        this.targetColumns = targetColumns.clone();
        this.values = values.clone();
        this.partial = false;
        this.mask = 0;
        this.fixedWidth = false;
    }

    private BlindUpdate(TableMeta table, IndexMeta keyIndex, Expr[] key, int[] targetColumns, Expr[] values) {
        if (keyIndex.columnCount() == 0 || key.length != keyIndex.columnCount()
                || !(keyIndex.primary() || keyIndex.unique()) || targetColumns.length == 0
                || targetColumns.length != values.length) {
            throw new IllegalArgumentException("a partial blind update of " + table.name()
                    + " needs the full key of its primary or a unique index and at least one column to set");
        }
        if (!patchable(table, targetColumns)) {
            throw new IllegalArgumentException("a partial blind update of " + table.name()
                    + " sets only columns outside every index, at ordinals below 64");
        }
        this.table = table;
        this.keyIndex = keyIndex;
        this.key = key.clone();
        this.targetColumns = targetColumns.clone();
        this.values = values.clone();
        this.partial = true;
        this.mask = ColumnPatch.maskOf(targetColumns);
        this.fixedWidth = !ColumnPatch.setsString(table, targetColumns);
    }

    /** Whether a row patch may set these columns: none is a column of any index, all ordinals are below 64. */
    public static boolean patchable(TableMeta table, int[] columns) {
        for (int c : columns) {
            if (c < 0 || c >= Long.SIZE) {
                return false;
            }
            for (IndexMeta index : table.indexes()) {
                for (int k = 0; k < index.columnCount(); k++) {
                    if (index.column(k) == c) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    /**
     * The partial form: sets {@code targetColumns} (ordinals below 64, none of them a column of any index of the
     * table) of the row whose key in {@code keyIndex} (the primary index, or a unique one) is {@code key}.
     *
     * @param key one expression per column of {@code keyIndex}, in key order
     */
    public static BlindUpdate partial(TableMeta table, IndexMeta keyIndex, Expr[] key, int[] targetColumns,
                                      Expr[] values) {
        return new BlindUpdate(table, keyIndex, key, targetColumns, values);
    }

    @Override
    long apply(ExecutionContext context) {
        return partial ? applyPatch(context) : applyWholeRow(context);
    }

    private long applyPatch(ExecutionContext context) {
        Object[] params = context.parameters();
        Transaction txn = context.transaction();
        KeyCodec codec = keyIndex.codec();
        KeyBuilder keys = context.keyBuilder(codec);
        for (int i = 0; i < key.length; i++) {
            // NULL, or a value the column cannot hold, matches no key
            if (!ExactKeys.addExact(keys, codec.schema().column(i), key[i].eval(null, params))) {
                return 0;
            }
        }
        byte[] pk = keys.toKey();
        if (!keyIndex.primary()) {
            pk = txn.readPrimaryKey(keyIndex.index(), pk);
            if (pk == null) {
                return 0;
            }
        }
        ColumnPatch patch;
        try {
            Object[] newValues = new Object[values.length];
            for (int i = 0; i < values.length; i++) {
                newValues[i] = values[i].eval(null, params);
            }
            patch = ColumnPatch.of(table, targetColumns, mask, fixedWidth, newValues,
                    context.rowBuilder(table.rowCodec()), context.patchBuilder(table.rowCodec()));
        } catch (TernSqlException e) {
            if (txn.read(table.table(), pk) == null) {
                return 0;
            }
            throw e;
        }
        return txn.updateBlind(table.table(), pk, patch) ? 1 : 0;
    }

    private long applyWholeRow(ExecutionContext context) {
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
        for (int i = 0; i < key.length; i++) {
            k.add(table.column(keyIndex.column(i)).name() + " = " + key[i].explain());
        }
        StringJoiner set = new StringJoiner(", ", "[", "]");
        for (int i = 0; i < targetColumns.length; i++) {
            set.add(table.column(targetColumns[i]).name() + " = " + values[i].explain());
        }
        if (!partial) {
            return "Update(table=" + table.name() + ", blind, key=" + k + ", set=" + set + ")";
        }
        return "Update(table=" + table.name() + ", blind, partial"
                + (keyIndex.primary() ? "" : ", index=" + keyIndex.name()) + ", key=" + k + ", set=" + set + ")";
    }
}
