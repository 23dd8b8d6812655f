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
 * column compared with 2.5, a TINYINT column with a BIGINT parameter of 1000), so it is rounded toward the
 * side that keeps every matching row inside the range (up for lower bounds, down for upper bounds) and
 * clamped to the column's range; {@link Fit} tells the caller what happened, so that an equality on a value
 * the column cannot hold finds nothing, and a bound beyond the column's range is empty or open.
 */
final class KeyValues {
    /** Rounding of a value that does not fit the key column exactly. */
    enum Rounding { NEAREST, UP, DOWN }

    /** How the search value fitted the key column. */
    enum Fit {
        /** The key holds the value itself. */
        EXACT,
        /** Rounded to the column's precision or scale: no stored value equals the search value. */
        ROUNDED,
        /** Above every value the column can hold (the key holds the column's maximum). */
        ABOVE,
        /** Below every value the column can hold (the key holds the column's minimum). */
        BELOW
    }

    private KeyValues() {
    }

    /** Adds {@code value} as the next key component and says how it fitted. */
    static Fit add(KeyBuilder keys, Column column, Object value, Rounding rounding) {
        switch (column.type()) {
            case TINYINT, SMALLINT, INTEGER, BIGINT -> {
                if (value instanceof Long l) {
                    long v = clamp(column, l);
                    keys.addLong(v);
                    return v == l ? Fit.EXACT : v < l ? Fit.ABOVE : Fit.BELOW;
                }
                BigDecimal d = Values.toBigDecimal((Number) value);
                BigDecimal rounded = d.setScale(0, mode(rounding));
                long v = clamp(column, rounded.max(LONG_MIN).min(LONG_MAX).longValue());
                keys.addLong(v);
                int c = rounded.compareTo(BigDecimal.valueOf(v));
                return c > 0 ? Fit.ABOVE : c < 0 ? Fit.BELOW : d.compareTo(rounded) == 0 ? Fit.EXACT : Fit.ROUNDED;
            }
            case DECIMAL -> {
                BigDecimal d = Values.toBigDecimal((Number) value);
                BigDecimal unscaled = new BigDecimal(d.setScale(column.scale(), mode(rounding)).unscaledValue());
                long u = unscaled.max(LONG_MIN).min(LONG_MAX).longValue();
                keys.addDecimal(u);
                int c = unscaled.compareTo(BigDecimal.valueOf(u));
                return c > 0 ? Fit.ABOVE : c < 0 ? Fit.BELOW
                        : d.compareTo(BigDecimal.valueOf(u, column.scale())) == 0 ? Fit.EXACT : Fit.ROUNDED;
            }
            case REAL -> {
                float f = real(value, rounding);
                keys.addFloat(f);
                return f == ((Number) value).doubleValue() ? Fit.EXACT : Fit.ROUNDED;
            }
            case DOUBLE -> keys.addDouble(((Number) value).doubleValue());
            case BOOLEAN -> keys.addBoolean((Boolean) Values.convert(value, ExprType.of(column)));
            case CHAR, VARCHAR -> keys.addString(value instanceof String s ? s : String.valueOf(value));
            case DATE -> {
                if (value instanceof LocalDateTime ts && !ts.toLocalTime().equals(java.time.LocalTime.MIDNIGHT)) {
                    // A DATE equals no timestamp with a time of day; as a bound it rounds to a neighbouring day.
                    LocalDate day = rounding == Rounding.UP ? ts.toLocalDate().plusDays(1) : ts.toLocalDate();
                    keys.addLong(day.toEpochDay());
                    return Fit.ROUNDED;
                }
                keys.addLong(date(value));
            }
            case TIMESTAMP -> keys.addLong(Values.toEpochMicros(value instanceof LocalDate d ? d.atStartOfDay()
                    : (LocalDateTime) Values.convert(value, ExprType.of(column))));
        }
        return Fit.EXACT;
    }

    private static final BigDecimal LONG_MIN = BigDecimal.valueOf(Long.MIN_VALUE);
    private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);

    private static long clamp(Column column, long v) {
        return switch (column.type()) {
            case TINYINT -> Math.max(Byte.MIN_VALUE, Math.min(Byte.MAX_VALUE, v));
            case SMALLINT -> Math.max(Short.MIN_VALUE, Math.min(Short.MAX_VALUE, v));
            case INTEGER -> Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, v));
            default -> v;
        };
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
