package org.terndb.executor.expr;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import org.terndb.executor.ExprType;
import org.terndb.executor.SqlState;
import org.terndb.executor.TernSqlException;
import org.terndb.storage.codec.ColumnType;

/**
 * The internal representation of SQL values inside plans, and the conversions to and from it. Every
 * integer type is a {@link Long}, DECIMAL a {@link BigDecimal}, REAL and DOUBLE a {@link Double}, CHAR
 * and VARCHAR a {@link String}, BOOLEAN a {@link Boolean}, DATE a {@link LocalDate} and TIMESTAMP a
 * {@link LocalDateTime} (UTC, microsecond precision); NULL is {@code null}. One representation per type
 * family keeps evaluators small: they never dispatch on Integer vs Short vs Long.
 */
public final class Values {
    private static final BigDecimal LONG_MIN = BigDecimal.valueOf(Long.MIN_VALUE);
    private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);

    private Values() {
    }

    /**
     * Converts a value from outside (a JDBC parameter, a DEFAULT literal, a stored value) to the internal
     * representation of {@code target}, checking that it fits. {@code null} stays null. Numbers convert
     * between numeric types (exactly for integers: a fractional value is an error), strings parse into
     * numbers, dates and timestamps.
     */
    public static Object convert(Object value, ExprType target) {
        if (value == null || target.type() == null) {
            return normalize(value);
        }
        ColumnType t = target.type();
        try {
            return switch (t) {
                case TINYINT, SMALLINT, INTEGER, BIGINT -> value instanceof Long l ? inRange(l, target)
                        : checkRange(toLongExact(value, target), target);
                case DECIMAL -> toDecimal(value, target);
                case REAL, DOUBLE -> toDouble(value, target);
                case BOOLEAN -> toBoolean(value, target);
                case CHAR, VARCHAR -> toStringValue(value, target);
                case DATE -> toDate(value, target);
                case TIMESTAMP -> toTimestamp(value, target);
            };
        } catch (NumberFormatException | DateTimeParseException | ArithmeticException e) {
            throw cannotConvert(value, target);
        }
    }

    /** The internal form of a Java value whose SQL type is not known (e.g. Integer becomes Long). */
    public static Object normalize(Object value) {
        if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return ((Number) value).longValue();
        }
        if (value instanceof Float f) {
            return (double) f;
        }
        if (value instanceof BigInteger b) {
            return new BigDecimal(b);
        }
        if (value instanceof java.sql.Date d) {
            return d.toLocalDate();
        }
        if (value instanceof java.sql.Timestamp ts) {
            return LocalDateTime.ofInstant(ts.toInstant(), ZoneOffset.UTC);
        }
        if (value instanceof Character c) {
            return c.toString();
        }
        return value;
    }

    /**
     * Compares two non-null values of comparable types: numbers across integer, DECIMAL and floating
     * types, strings, booleans, dates, timestamps.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static int compare(Object a, Object b) {
        if (a instanceof Long x && b instanceof Long y) {
            return Long.compare(x, y);
        }
        if (a instanceof Number x && b instanceof Number y) {
            if (a instanceof Double || b instanceof Double) {
                return Double.compare(x.doubleValue(), y.doubleValue());
            }
            return toBigDecimal(x).compareTo(toBigDecimal(y));
        }
        if (a instanceof String x && b instanceof String y) {
            return compareStrings(x, y);
        }
        if (a.getClass() == b.getClass() && a instanceof Comparable c) {
            return c.compareTo(b);
        }
        if (a instanceof LocalDate x && b instanceof LocalDateTime y) {
            return x.atStartOfDay().compareTo(y);
        }
        if (a instanceof LocalDateTime x && b instanceof LocalDate y) {
            return x.compareTo(y.atStartOfDay());
        }
        throw new TernSqlException(SqlState.INVALID_CAST, "cannot compare " + describe(a) + " with " + describe(b));
    }

    /** The value as a string operand (string functions and {@code ||}): strings as they are, others as text. */
    public static String asString(Object value) {
        if (value instanceof String s) {
            return s;
        }
        if (value instanceof BigDecimal d) {
            return d.toPlainString();
        }
        if (value instanceof LocalDate || value instanceof LocalDateTime) {
            return toSqlLiteral(value).replaceAll("^[A-Z]+ '|'$", "");
        }
        return String.valueOf(value);
    }

    /** The string without trailing spaces (U+0020), as CHAR values are stored and compared. */
    public static String trimTrailingSpaces(String s) {
        int end = s.length();
        while (end > 0 && s.charAt(end - 1) == ' ') {
            end--;
        }
        return end == s.length() ? s : s.substring(0, end);
    }

    /** Strings compare by code point (binary collation, as the key codec orders UTF-8 bytes). */
    static int compareStrings(String x, String y) {
        int n = Math.min(x.length(), y.length());
        for (int i = 0; i < n; i++) {
            char cx = x.charAt(i);
            char cy = y.charAt(i);
            if (cx != cy) {
                if (Character.isSurrogate(cx) || Character.isSurrogate(cy)) {
                    return Integer.compare(x.codePointAt(i), y.codePointAt(i));
                }
                return Character.compare(cx, cy);
            }
        }
        return Integer.compare(x.length(), y.length());
    }

    public static BigDecimal toBigDecimal(Number n) {
        if (n instanceof BigDecimal d) {
            return d;
        }
        if (n instanceof Double || n instanceof Float) {
            return BigDecimal.valueOf(n.doubleValue());
        }
        return BigDecimal.valueOf(n.longValue());
    }

    /** Days since 1970-01-01, as DATE columns store them. */
    public static int toEpochDay(LocalDate date) {
        return Math.toIntExact(date.toEpochDay());
    }

    /** Microseconds since 1970-01-01T00:00Z, as TIMESTAMP columns store them. */
    public static long toEpochMicros(LocalDateTime ts) {
        Instant i = ts.toInstant(ZoneOffset.UTC);
        return Math.addExact(Math.multiplyExact(i.getEpochSecond(), 1_000_000L), i.getNano() / 1000);
    }

    public static LocalDateTime fromEpochMicros(long micros) {
        return LocalDateTime.ofEpochSecond(Math.floorDiv(micros, 1_000_000L),
                (int) Math.floorMod(micros, 1_000_000L) * 1000, ZoneOffset.UTC);
    }

    /** The value as SQL literal text, for messages and EXPLAIN. */
    public static String toSqlLiteral(Object value) {
        if (value == null) {
            return "NULL";
        }
        if (value instanceof String s) {
            return "'" + s.replace("'", "''") + "'";
        }
        if (value instanceof LocalDate d) {
            return "DATE '" + d + "'";
        }
        if (value instanceof LocalDateTime ts) {
            return "TIMESTAMP '" + ts.toString().replace('T', ' ') + "'";
        }
        if (value instanceof BigDecimal d) {
            return d.toPlainString();
        }
        return value.toString();
    }

    // ---- conversions -----------------------------------------------------------------------------

    private static long toLongExact(Object value, ExprType target) {
        if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return ((Number) value).longValue();
        }
        if (value instanceof BigDecimal d) {
            return decimalToLong(d, value, target);
        }
        if (value instanceof BigInteger b) {
            return b.longValueExact();
        }
        if (value instanceof Double || value instanceof Float) {
            double d = ((Number) value).doubleValue();
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                throw cannotConvert(value, target);
            }
            return decimalToLong(BigDecimal.valueOf(d), value, target);
        }
        if (value instanceof String s) {
            return decimalToLong(new BigDecimal(s.trim()), value, target);
        }
        if (value instanceof Boolean) {
            throw cannotConvert(value, target);
        }
        throw cannotConvert(value, target);
    }

    private static long decimalToLong(BigDecimal d, Object original, ExprType target) {
        if (d.compareTo(LONG_MIN) < 0 || d.compareTo(LONG_MAX) > 0) {
            throw outOfRange(original, target);
        }
        try {
            return d.longValueExact();
        } catch (ArithmeticException e) {
            throw new TernSqlException(SqlState.INVALID_CAST, "value " + toSqlLiteral(original)
                    + " is not a whole number; " + target.sqlName() + " needs one");
        }
    }

    /** Checks that an integer fits the target integer type. */
    public static Long checkRange(long v, ExprType target) {
        checkFits(v, target);
        return v;
    }

    /** {@link #checkRange(long, ExprType)} returning the value itself, not a new box of it. */
    private static Long inRange(Long v, ExprType target) {
        checkFits(v, target);
        return v;
    }

    private static void checkFits(long v, ExprType target) {
        long min;
        long max;
        switch (target.type()) {
            case TINYINT -> { min = Byte.MIN_VALUE; max = Byte.MAX_VALUE; }
            case SMALLINT -> { min = Short.MIN_VALUE; max = Short.MAX_VALUE; }
            case INTEGER -> { min = Integer.MIN_VALUE; max = Integer.MAX_VALUE; }
            default -> { return; }
        }
        if (v < min || v > max) {
            throw outOfRange(v, target);
        }
    }

    private static BigDecimal toDecimal(Object value, ExprType target) {
        BigDecimal d;
        if (value instanceof BigDecimal b) {
            d = b;
        } else if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            d = BigDecimal.valueOf(((Number) value).longValue());
        } else if (value instanceof Double || value instanceof Float) {
            double x = ((Number) value).doubleValue();
            if (Double.isNaN(x) || Double.isInfinite(x)) {
                throw cannotConvert(value, target);
            }
            d = BigDecimal.valueOf(x);
        } else if (value instanceof BigInteger b) {
            d = new BigDecimal(b);
        } else if (value instanceof String s) {
            d = new BigDecimal(s.trim());
        } else {
            throw cannotConvert(value, target);
        }
        return fitDecimal(d, target, value);
    }

    /** Rounds to the target's scale (half up, as assignment does) and checks the precision. */
    public static BigDecimal fitDecimal(BigDecimal d, ExprType target, Object original) {
        if (target.precision() <= 0) {
            return d;
        }
        BigDecimal scaled = d.setScale(target.scale(), RoundingMode.HALF_UP);
        if (scaled.precision() - scaled.scale() > target.precision() - target.scale()) {
            throw outOfRange(original, target);
        }
        return scaled;
    }

    private static Double toDouble(Object value, ExprType target) {
        double d;
        if (value instanceof Number n) {
            d = n.doubleValue();
        } else if (value instanceof String s) {
            d = Double.parseDouble(s.trim());
        } else {
            throw cannotConvert(value, target);
        }
        if (target.type() == ColumnType.REAL && !Double.isInfinite(d) && Double.isInfinite((float) d)) {
            throw outOfRange(value, target);
        }
        return target.type() == ColumnType.REAL ? (double) (float) d : d;
    }

    private static Boolean toBoolean(Object value, ExprType target) {
        if (value instanceof Boolean b) {
            return b;
        }
        if (value instanceof String s) {
            String t = s.trim();
            if (t.equalsIgnoreCase("true")) {
                return true;
            }
            if (t.equalsIgnoreCase("false")) {
                return false;
            }
        }
        if (value instanceof Long || value instanceof Integer) {
            long n = ((Number) value).longValue();
            if (n == 0 || n == 1) {
                return n == 1;
            }
        }
        throw cannotConvert(value, target);
    }

    private static String toStringValue(Object value, ExprType target) {
        String s;
        if (value instanceof String str) {
            s = str;
        } else if (value instanceof BigDecimal d) {
            s = d.toPlainString();
        } else if (value instanceof Character c) {
            s = c.toString();
        } else {
            Object n = normalize(value);
            s = n instanceof LocalDateTime || n instanceof LocalDate ? toSqlLiteral(n).replaceAll("^[A-Z]+ '|'$", "")
                    : String.valueOf(n);
        }
        if (target.type() == ColumnType.CHAR) {
            int end = s.length();
            while (end > 0 && s.charAt(end - 1) == ' ') {
                end--;
            }
            s = s.substring(0, end);
        }
        if (target.precision() > 0 && s.length() > target.precision()
                && s.codePointCount(0, s.length()) > target.precision()) {
            throw new TernSqlException(SqlState.STRING_TOO_LONG, "value " + abbreviate(toSqlLiteral(s)) + " is too long for "
                    + target.sqlName() + " (" + s.codePointCount(0, s.length()) + " characters)");
        }
        return s;
    }

    private static LocalDate toDate(Object value, ExprType target) {
        if (value instanceof LocalDate d) {
            return d;
        }
        if (value instanceof java.sql.Date d) {
            return d.toLocalDate();
        }
        if (value instanceof LocalDateTime ts) {
            return ts.toLocalDate();
        }
        if (value instanceof java.sql.Timestamp ts) {
            return ts.toLocalDateTime().toLocalDate();
        }
        if (value instanceof String s) {
            try {
                return LocalDate.parse(s.trim());
            } catch (DateTimeParseException e) {
                throw new TernSqlException(SqlState.INVALID_DATETIME, "'" + s + "' is not a DATE (expected YYYY-MM-DD)");
            }
        }
        throw cannotConvert(value, target);
    }

    private static LocalDateTime toTimestamp(Object value, ExprType target) {
        LocalDateTime ts;
        if (value instanceof LocalDateTime t) {
            ts = t;
        } else if (value instanceof java.sql.Timestamp t) {
            ts = t.toLocalDateTime();
        } else if (value instanceof LocalDate d) {
            ts = d.atStartOfDay();
        } else if (value instanceof java.sql.Date d) {
            ts = d.toLocalDate().atStartOfDay();
        } else if (value instanceof String s) {
            String t = s.trim();
            try {
                ts = t.length() <= 10 ? LocalDate.parse(t).atStartOfDay() : LocalDateTime.parse(t.replace(' ', 'T'));
            } catch (DateTimeParseException e) {
                throw new TernSqlException(SqlState.INVALID_DATETIME, "'" + s
                        + "' is not a TIMESTAMP (expected YYYY-MM-DD HH:MM:SS[.ffffff])");
            }
        } else {
            throw cannotConvert(value, target);
        }
        return ts.truncatedTo(ChronoUnit.MICROS);
    }

    /** Midnight of a date, for DATE to TIMESTAMP comparisons. */
    static LocalDateTime atMidnight(LocalDate d) {
        return LocalDateTime.of(d, LocalTime.MIDNIGHT);
    }

    public static TernSqlException cannotConvert(Object value, ExprType target) {
        return new TernSqlException(SqlState.INVALID_CAST, "cannot convert " + describe(value) + " to "
                + target.sqlName());
    }

    public static TernSqlException outOfRange(Object value, ExprType target) {
        return new TernSqlException(SqlState.NUMERIC_OUT_OF_RANGE, "value " + toSqlLiteral(normalize(value))
                + " is out of range for " + target.sqlName());
    }

    private static String describe(Object value) {
        return value.getClass().getSimpleName() + " " + abbreviate(toSqlLiteral(normalize(value)));
    }

    private static String abbreviate(String s) {
        return s.length() <= 40 ? s : s.substring(0, 37) + "...";
    }
}
