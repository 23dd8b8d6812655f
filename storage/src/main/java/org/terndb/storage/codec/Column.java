package org.terndb.storage.codec;

import java.math.BigDecimal;
import java.util.Objects;

/**
 * One typed column of a {@link Schema}: what the codecs need to lay out, check and order its values.
 *
 * <p>{@code precision} is the maximum length in code points for CHAR/VARCHAR and the number of digits
 * for DECIMAL; {@code scale} is the DECIMAL scale; both are 0 for every other type. Columns are
 * nullable unless made with {@link #notNull()}, as in SQL.
 *
 * @param name     column name as the catalog spells it (lookups are exact; the catalog normalises case)
 * @param type     the column's type
 * @param precision max code points (CHAR/VARCHAR, 1..{@value #MAX_STRING_LENGTH}), digits (DECIMAL,
 *                 1..{@value #MAX_DECIMAL_PRECISION}), otherwise 0
 * @param scale    DECIMAL scale, 0..precision; otherwise 0
 * @param nullable whether NULL is allowed
 */
public record Column(String name, ColumnType type, int precision, int scale, boolean nullable) {

    /** DECIMAL precision limit: every unscaled value of at most 18 digits fits a {@code long}. */
    public static final int MAX_DECIMAL_PRECISION = 18;
    /** CHAR/VARCHAR length limit (code points), which keeps every row below 2 GiB. */
    public static final int MAX_STRING_LENGTH = 1 << 24;

    private static final long[] POWERS_OF_TEN = new long[MAX_DECIMAL_PRECISION + 1];

    static {
        long p = 1;
        for (int i = 0; i <= MAX_DECIMAL_PRECISION; i++) {
            POWERS_OF_TEN[i] = p;
            p *= 10;
        }
    }

    public Column {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        if (name.isEmpty()) {
            throw new IllegalArgumentException("column name must not be empty");
        }
        switch (type) {
            case CHAR, VARCHAR -> {
                if (precision < 1 || precision > MAX_STRING_LENGTH || scale != 0) {
                    throw new IllegalArgumentException("column '" + name + "': " + type + " needs a length in 1.."
                            + MAX_STRING_LENGTH + " and no scale, got (" + precision + ", " + scale + ")");
                }
            }
            case DECIMAL -> {
                if (precision < 1 || precision > MAX_DECIMAL_PRECISION) {
                    throw new IllegalArgumentException("column '" + name + "': DECIMAL precision " + precision
                            + " is not supported; use 1.." + MAX_DECIMAL_PRECISION
                            + " (larger precisions are not implemented yet)");
                }
                if (scale < 0 || scale > precision) {
                    throw new IllegalArgumentException("column '" + name + "': DECIMAL scale " + scale
                            + " must be in 0.." + precision);
                }
            }
            default -> {
                if (precision != 0 || scale != 0) {
                    throw new IllegalArgumentException("column '" + name + "': " + type
                            + " takes no length, precision or scale");
                }
            }
        }
    }

    /** A nullable column of a type without parameters (not CHAR, VARCHAR or DECIMAL). */
    public static Column of(String name, ColumnType type) {
        return new Column(name, type, 0, 0, true);
    }

    /** A nullable CHAR(n)/VARCHAR(n) column, or DECIMAL(p, 0). */
    public static Column of(String name, ColumnType type, int precision) {
        return new Column(name, type, precision, 0, true);
    }

    /** A nullable DECIMAL(p, s) column. */
    public static Column of(String name, ColumnType type, int precision, int scale) {
        return new Column(name, type, precision, scale, true);
    }

    /** This column with NOT NULL. */
    public Column notNull() {
        return nullable ? new Column(name, type, precision, scale, false) : this;
    }

    /** The SQL spelling of the type, e.g. {@code VARCHAR(16)} or {@code DECIMAL(12,2)}. */
    public String sqlType() {
        return switch (type) {
            case CHAR, VARCHAR -> type + "(" + precision + ")";
            case DECIMAL -> "DECIMAL(" + precision + "," + scale + ")";
            default -> type.name();
        };
    }

    /**
     * The unscaled {@code long} of a DECIMAL value at this column's scale.
     *
     * @throws IllegalArgumentException if the column is not DECIMAL, or the value needs rounding or
     *                                  does not fit the declared precision
     */
    public long toUnscaled(BigDecimal value) {
        requireType(ColumnType.DECIMAL, "toUnscaled");
        long unscaled;
        try {
            unscaled = value.setScale(scale).unscaledValue().longValueExact();
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException(describe() + ": " + value + " does not fit " + sqlType()
                    + " without rounding", e);
        }
        checkPrecision(unscaled);
        return unscaled;
    }

    /** The DECIMAL value of an unscaled {@code long} at this column's scale. */
    public BigDecimal fromUnscaled(long unscaled) {
        requireType(ColumnType.DECIMAL, "fromUnscaled");
        return BigDecimal.valueOf(unscaled, scale);
    }

    @Override
    public String toString() {
        return name + " " + sqlType() + (nullable ? "" : " NOT NULL");
    }

    // ---- checks shared by the codecs (package-private) -------------------------------------------

    String describe() {
        return "column '" + name + "' (" + sqlType() + ")";
    }

    /** Rejects integral values outside the type's width (TINYINT, SMALLINT, INTEGER, DATE). */
    void checkIntegralRange(long v) {
        long min;
        long max;
        switch (type) {
            case TINYINT -> { min = Byte.MIN_VALUE; max = Byte.MAX_VALUE; }
            case SMALLINT -> { min = Short.MIN_VALUE; max = Short.MAX_VALUE; }
            case INTEGER, DATE -> { min = Integer.MIN_VALUE; max = Integer.MAX_VALUE; }
            default -> { return; }
        }
        if (v < min || v > max) {
            throw new IllegalArgumentException(describe() + ": value " + v + " is out of range [" + min + ", "
                    + max + "]");
        }
    }

    /** Rejects unscaled DECIMAL values with more digits than the declared precision. */
    void checkPrecision(long unscaled) {
        long limit = POWERS_OF_TEN[precision];
        if (unscaled >= limit || unscaled <= -limit) {
            throw new IllegalArgumentException(describe() + ": unscaled value " + unscaled + " has more than "
                    + precision + " digits");
        }
    }

    void requireType(ColumnType expected, String operation) {
        if (type != expected) {
            throw wrongType(operation);
        }
    }

    IllegalArgumentException wrongType(String operation) {
        return new IllegalArgumentException(describe() + " cannot be accessed with " + operation);
    }

    // ---- boxed values (ColumnType#javaClass), shared by RowBuilder#set and KeyBuilder#add ----------

    /** An integral column's value from Byte/Short/Integer/Long (DATE also LocalDate); range-checked. */
    long boxedIntegral(Object value) {
        long v;
        if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            v = ((Number) value).longValue();
        } else if (type == ColumnType.DATE && value instanceof java.time.LocalDate d) {
            v = d.toEpochDay();
        } else {
            throw boxedMismatch(value);
        }
        checkIntegralRange(v);
        return v;
    }

    /** A DOUBLE column's value from Double or Float. */
    double boxedDouble(Object value) {
        return value instanceof Float f ? f : boxedAs(value, Double.class);
    }

    <T> T boxedAs(Object value, Class<T> expected) {
        if (!expected.isInstance(value)) {
            throw boxedMismatch(value);
        }
        return expected.cast(value);
    }

    private IllegalArgumentException boxedMismatch(Object value) {
        return new IllegalArgumentException(describe() + " takes " + type.javaClass().getSimpleName()
                + " values, not " + value.getClass().getSimpleName() + " " + value);
    }
}
