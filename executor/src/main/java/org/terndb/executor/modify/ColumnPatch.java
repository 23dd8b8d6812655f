package org.terndb.executor.modify;

import org.terndb.executor.meta.TableMeta;
import org.terndb.storage.codec.FixedPatch;
import org.terndb.storage.codec.RowBuilder;
import org.terndb.txn.RowPatch;

/**
 * New values of some columns of a stored row, the payload of a partial blind write: the protocol applies it to
 * the row current when it installs the write. The values were checked against the column constraints when the
 * patch was made ({@link #of}), so applying it cannot fail. One patch per written row: the transaction holds it
 * until it ends. A patch of fixed-width columns only (the common case: counters, flags, locations) is encoded
 * when it is made and applied as a copy of the row with its slots overwritten ({@link FixedPatch}); one that sets
 * a string rebuilds the row.
 */
final class ColumnPatch implements RowPatch {
    private final TableMeta table;
    private final int[] columns;
    private final Object[] values;
    private final long mask;
    private final RowBuilder builder;
    /** The encoded values when no column is a string, else null. */
    private final FixedPatch fixed;

    private ColumnPatch(TableMeta table, int[] columns, Object[] values, long mask, RowBuilder builder,
                        FixedPatch fixed) {
        this.table = table;
        this.columns = columns;
        this.values = values;
        this.mask = mask;
        this.builder = builder;
        this.fixed = fixed;
    }

    /**
     * A patch setting {@code columns} (ordinals below 64, no key or indexed column) to {@code values}, checked now
     * with {@code check} (a reset builder of the table's codec): a violated constraint throws here, with the
     * SQLState of the column's rule. {@code fixedWidth} ({@code !setsString(table, columns)}, worked out once per
     * plan) makes the encoded values the patch; otherwise {@code apply} builds with {@code applyWith}, the session's
     * patch builder. The patch keeps {@code columns}, which must not change.
     */
    static ColumnPatch of(TableMeta table, int[] columns, long mask, boolean fixedWidth, Object[] values,
                          RowBuilder check, RowBuilder applyWith) {
        for (int i = 0; i < columns.length; i++) {
            RowEncoder.set(table, check, columns[i], values[i]);
        }
        return new ColumnPatch(table, columns, values, mask, applyWith, fixedWidth ? check.fixedPatch(columns) : null);
    }

    /** Whether one of {@code columns} is a CHAR or VARCHAR (such a patch rebuilds the row). */
    static boolean setsString(TableMeta table, int[] columns) {
        for (int c : columns) {
            if (table.column(c).type().isString()) {
                return true;
            }
        }
        return false;
    }

    /** The mask of these columns; they must all be below 64. */
    static long maskOf(int[] columns) {
        long mask = 0;
        for (int c : columns) {
            if (c < 0 || c >= Long.SIZE) {
                throw new IllegalArgumentException("a row patch sets columns 0 to 63 only, not " + c);
            }
            mask |= 1L << c;
        }
        return mask;
    }

    @Override
    public long columnMask() {
        return mask;
    }

    @Override
    public byte[] apply(byte[] current) {
        if (fixed != null) {
            return fixed.applyTo(current);
        }
        builder.from(current); // from() sets every column: no reset() first
        for (int i = 0; i < columns.length; i++) {
            RowEncoder.set(table, builder, columns[i], values[i]);
        }
        return builder.build();
    }
}
