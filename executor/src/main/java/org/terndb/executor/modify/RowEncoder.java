package org.terndb.executor.modify;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import org.terndb.executor.SqlState;
import org.terndb.executor.TernSqlException;
import org.terndb.executor.expr.Values;
import org.terndb.executor.meta.TableMeta;
import org.terndb.storage.codec.Column;
import org.terndb.storage.codec.RowBuilder;

/**
 * Writes internal values into stored rows, enforcing the column constraints with SQLStates: NOT NULL
 * (23502), integer range and DECIMAL precision (22003), string length (22001) and convertibility (22018).
 */
public final class RowEncoder {
    private RowEncoder() {
    }

    /** Sets column {@code col} of the row being built to {@code value}. */
    public static void set(TableMeta table, RowBuilder rows, int col, Object value) {
        Column column = table.column(col);
        if (value == null) {
            if (!column.nullable()) {
                throw new TernSqlException(SqlState.NOT_NULL_VIOLATION, "column " + column.name() + " of table "
                        + table.name() + " is NOT NULL; NULL is not allowed");
            }
            rows.setNull(col);
            return;
        }
        Object v;
        try {
            v = Values.convert(value, table.columnType(col));
        } catch (TernSqlException e) {
            throw new TernSqlException(e.sqlState(), e.getMessage() + " (column " + column.name() + " of table "
                    + table.name() + ")", e);
        }
        switch (column.type()) {
            case TINYINT, SMALLINT, INTEGER, BIGINT -> rows.setLong(col, (Long) v);
            case DECIMAL -> rows.setDecimal(col, ((BigDecimal) v).unscaledValue().longValueExact());
            case REAL -> rows.setFloat(col, ((Double) v).floatValue());
            case DOUBLE -> rows.setDouble(col, (Double) v);
            case BOOLEAN -> rows.setBoolean(col, (Boolean) v);
            case CHAR, VARCHAR -> rows.setString(col, (String) v);
            case DATE -> {
                long day = ((LocalDate) v).toEpochDay();
                if (day < Integer.MIN_VALUE || day > Integer.MAX_VALUE) {
                    throw Values.outOfRange(v, table.columnType(col));
                }
                rows.setInt(col, (int) day);
            }
            case TIMESTAMP -> {
                try {
                    rows.setLong(col, Values.toEpochMicros((LocalDateTime) v));
                } catch (ArithmeticException e) {
                    throw Values.outOfRange(v, table.columnType(col));
                }
            }
        }
    }
}
