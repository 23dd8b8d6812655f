package org.terndb.executor.access;

import org.terndb.executor.expr.Values;
import org.terndb.executor.meta.TableMeta;
import org.terndb.storage.codec.Column;
import org.terndb.storage.codec.RowCodec;

/** Decodes stored rows column by column into internal values (see {@link Values}). */
public final class StoredRow {
    private StoredRow() {
    }

    /** Every column of a stored row of {@code table}, into {@code into} (which has room for them). */
    public static Object[] decode(TableMeta table, byte[] row, Object[] into) {
        RowCodec codec = table.rowCodec();
        for (int c = 0, n = table.columnCount(); c < n; c++) {
            into[c] = column(codec, row, c);
        }
        return into;
    }

    /** One column of a stored row as an internal value, or null. */
    public static Object column(RowCodec codec, byte[] row, int c) {
        return column(codec, codec.schema().column(c), row, c);
    }

    /** One column of a stored row as an internal value, or null; {@code column} is the schema's column {@code c}. */
    public static Object column(RowCodec codec, Column column, byte[] row, int c) {
        if (codec.isNull(row, c)) {
            return null;
        }
        return switch (column.type()) {
            case TINYINT, SMALLINT, INTEGER, BIGINT -> codec.getLong(row, c);
            case DECIMAL -> column.fromUnscaled(codec.getDecimalUnscaled(row, c));
            case REAL, DOUBLE -> codec.getDouble(row, c);
            case BOOLEAN -> codec.getBoolean(row, c);
            case CHAR, VARCHAR -> codec.getString(row, c);
            case DATE -> java.time.LocalDate.ofEpochDay(codec.getInt(row, c));
            case TIMESTAMP -> Values.fromEpochMicros(codec.getLong(row, c));
        };
    }
}
