package org.terndb.executor.access;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.LocalDateTime;
import org.terndb.executor.ExprType;
import org.terndb.executor.expr.Values;
import org.terndb.storage.codec.Column;
import org.terndb.storage.codec.KeyBuilder;

/**
 * Adds search values to index keys. A search value need not have the key column's type (an INTEGER
 * column compared with 2.5, a SMALLINT column with 100000), so it is rounded toward the side that keeps
 * every matching row inside the range: up for lower bounds, down for upper bounds, and clamped to the
 * column's range. Plans keep the predicate as a residual filter, so a rounded equality key can only
 * over-fetch, never lose rows.
 */
final class KeyValues {
    /** Rounding of a value that does not fit the key column exactly. */
    enum Rounding { NEAREST, UP, DOWN }

    private KeyValues() {
    }

    /**
     * Adds {@code value} as the next key component and returns whether it was exact: false if it had to be
     * rounded or clamped, in which case an exclusive bound must become inclusive to keep matching rows.
     */
    static boolean add(KeyBuilder keys, Column column, Object value, Rounding rounding) {
        switch (column.type()) {
            case TINYINT, SMALLINT, INTEGER, BIGINT -> {
                long v = integral(column, value, rounding);
                keys.addLong(v);
                return value instanceof Long l ? l == v : Values.toBigDecimal((Number) value).compareTo(BigDecimal.valueOf(v)) == 0;
            }
            case DECIMAL -> {
                long unscaled = decimal(column, value, rounding);
                keys.addDecimal(unscaled);
                return Values.toBigDecimal((Number) value).compareTo(BigDecimal.valueOf(unscaled, column.scale())) == 0;
            }
            case REAL -> {
                float f = real(value, rounding);
                keys.addFloat(f);
                return f == ((Number) value).doubleValue();
            }
            case DOUBLE -> keys.addDouble(((Number) value).doubleValue());
            case BOOLEAN -> keys.addBoolean((Boolean) Values.convert(value, ExprType.of(column)));
            case CHAR, VARCHAR -> keys.addString(value instanceof String s ? s : String.valueOf(value));
            case DATE -> keys.addLong(date(value));
            case TIMESTAMP -> keys.addLong(Values.toEpochMicros(value instanceof LocalDate d ? d.atStartOfDay()
                    : (LocalDateTime) Values.convert(value, ExprType.of(column))));
        }
        return true;
    }

    private static long integral(Column column, Object value, Rounding rounding) {
        long v;
        if (value instanceof Long l) {
            v = l;
        } else {
            BigDecimal d = Values.toBigDecimal((Number) value).setScale(0, mode(rounding));
            v = d.max(BigDecimal.valueOf(Long.MIN_VALUE)).min(BigDecimal.valueOf(Long.MAX_VALUE)).longValue();
        }
        long min;
        long max;
        switch (column.type()) {
            case TINYINT -> { min = Byte.MIN_VALUE; max = Byte.MAX_VALUE; }
            case SMALLINT -> { min = Short.MIN_VALUE; max = Short.MAX_VALUE; }
            case INTEGER -> { min = Integer.MIN_VALUE; max = Integer.MAX_VALUE; }
            default -> { return v; }
        }
        return Math.max(min, Math.min(max, v));
    }

    private static long decimal(Column column, Object value, Rounding rounding) {
        BigDecimal d = Values.toBigDecimal((Number) value).setScale(column.scale(), mode(rounding));
        BigDecimal unscaled = new BigDecimal(d.unscaledValue());
        return unscaled.max(BigDecimal.valueOf(Long.MIN_VALUE)).min(BigDecimal.valueOf(Long.MAX_VALUE)).longValue();
    }

    private static float real(Object value, Rounding rounding) {
        double d = ((Number) value).doubleValue();
        float f = (float) d;
        if (rounding == Rounding.UP && f < d) {
            return Math.nextUp(f);
        }
        if (rounding == Rounding.DOWN && f > d) {
            return Math.nextDown(f);
        }
        return f;
    }

    private static long date(Object value) {
        if (value instanceof LocalDateTime ts) {
            return ts.toLocalDate().toEpochDay();
        }
        return ((LocalDate) value).toEpochDay();
    }

    private static RoundingMode mode(Rounding rounding) {
        return switch (rounding) {
            case UP -> RoundingMode.CEILING;
            case DOWN -> RoundingMode.FLOOR;
            case NEAREST -> RoundingMode.HALF_UP;
        };
    }
}
