package org.terndb.txn.silo;

import java.nio.ByteBuffer;
import org.terndb.txn.RowPatch;

/** Test rows of fixed-width long columns (column c at byte 8c), and a patch of one of them. */
public final class ColumnRows {
    private ColumnRows() {
    }

    public static byte[] row(long... columns) {
        ByteBuffer b = ByteBuffer.allocate(8 * columns.length);
        for (long c : columns) {
            b.putLong(c);
        }
        return b.array();
    }

    public static long column(byte[] row, int c) {
        return ByteBuffer.wrap(row).getLong(8 * c);
    }

    /** Sets column {@code column} to {@code value}, keeping the others of the row it is applied to. */
    public record SetColumn(int column, long value) implements RowPatch {
        @Override
        public long columnMask() {
            return 1L << column;
        }

        @Override
        public byte[] apply(byte[] current) {
            byte[] r = current.clone();
            ByteBuffer.wrap(r).putLong(8 * column, value);
            return r;
        }
    }
}
