package org.terndb.jdbc;

import java.math.BigDecimal;
import java.sql.Types;
import org.terndb.executor.ExprType;
import org.terndb.storage.codec.ColumnType;

/**
 * How TernDB's SQL types appear through JDBC: the {@link Types} code, the type name, the Java class
 * {@code getObject} returns, precision and display size. One place, so that result-set, parameter and
 * database metadata always agree. An untyped value (a bare NULL) is {@link Types#NULL}.
 */
final class JdbcTypes {
    private JdbcTypes() {
    }

    static int sqlType(ExprType t) {
        return t.type() == null ? Types.NULL : sqlType(t.type());
    }

    static int sqlType(ColumnType t) {
        return switch (t) {
            case TINYINT -> Types.TINYINT;
            case SMALLINT -> Types.SMALLINT;
            case INTEGER -> Types.INTEGER;
            case BIGINT -> Types.BIGINT;
            case DECIMAL -> Types.DECIMAL;
            case REAL -> Types.REAL;
            case DOUBLE -> Types.DOUBLE;
            case BOOLEAN -> Types.BOOLEAN;
            case CHAR -> Types.CHAR;
            case VARCHAR -> Types.VARCHAR;
            case DATE -> Types.DATE;
            case TIMESTAMP -> Types.TIMESTAMP;
        };
    }

    /** The type's name as CREATE TABLE spells it (without length, precision or scale). */
    static String typeName(ExprType t) {
        return t.type() == null ? "NULL" : t.type().name();
    }

    static String className(ExprType t) {
        return t.type() == null ? Object.class.getName() : className(t.type());
    }

    static String className(ColumnType t) {
        return switch (t) {
            case TINYINT -> Byte.class.getName();
            case SMALLINT -> Short.class.getName();
            case INTEGER -> Integer.class.getName();
            case BIGINT -> Long.class.getName();
            case DECIMAL -> BigDecimal.class.getName();
            case REAL -> Float.class.getName();
            case DOUBLE -> Double.class.getName();
            case BOOLEAN -> Boolean.class.getName();
            case CHAR, VARCHAR -> String.class.getName();
            case DATE -> java.sql.Date.class.getName();
            case TIMESTAMP -> java.sql.Timestamp.class.getName();
        };
    }

    /**
     * Digits of a number type (decimal digits; binary floating types as JDBC's table B-4 counts them),
     * characters of a string type, characters of a date or timestamp's literal form.
     */
    static int precision(ExprType t) {
        return t.type() == null ? 0 : precision(t.type(), t.precision());
    }

    static int precision(ColumnType t, int declared) {
        return switch (t) {
            case TINYINT -> 3;
            case SMALLINT -> 5;
            case INTEGER -> 10;
            case BIGINT -> 19;
            case REAL -> 7;
            case DOUBLE -> 15;
            case BOOLEAN -> 1;
            case DATE -> 10;
            case TIMESTAMP -> 26;
            case DECIMAL, CHAR, VARCHAR -> declared;
        };
    }

    /** Characters needed to show any value of the type (sign and decimal point included). */
    static int displaySize(ExprType t) {
        if (t.type() == null) {
            return 4;
        }
        return switch (t.type()) {
            case TINYINT -> 4;
            case SMALLINT -> 6;
            case INTEGER -> 11;
            case BIGINT -> 20;
            case DECIMAL -> t.precision() + 2;
            case REAL -> 15;
            case DOUBLE -> 24;
            case BOOLEAN -> 5;
            default -> precision(t);
        };
    }

    /** The radix {@link #precision} counts in for number types (10 here), or 0 where it does not apply. */
    static int radix(ColumnType t) {
        return switch (t) {
            case TINYINT, SMALLINT, INTEGER, BIGINT, DECIMAL, REAL, DOUBLE -> 10;
            default -> 0;
        };
    }

    static boolean isSigned(ExprType t) {
        return t.isNumeric();
    }

    static boolean isCaseSensitive(ExprType t) {
        return t.type() != null && t.type().isString();
    }

    /**
     * The column type a JDBC type code stands for, or null when TernDB has no such type (also for
     * {@link Types#NULL}, {@link Types#OTHER} and {@link Types#JAVA_OBJECT}, which say nothing).
     */
    static ColumnType columnType(int jdbcType) {
        return switch (jdbcType) {
            case Types.TINYINT -> ColumnType.TINYINT;
            case Types.SMALLINT -> ColumnType.SMALLINT;
            case Types.INTEGER -> ColumnType.INTEGER;
            case Types.BIGINT -> ColumnType.BIGINT;
            case Types.DECIMAL, Types.NUMERIC -> ColumnType.DECIMAL;
            case Types.REAL -> ColumnType.REAL;
            case Types.FLOAT, Types.DOUBLE -> ColumnType.DOUBLE;
            case Types.BOOLEAN, Types.BIT -> ColumnType.BOOLEAN;
            case Types.CHAR, Types.NCHAR -> ColumnType.CHAR;
            case Types.VARCHAR, Types.NVARCHAR, Types.LONGVARCHAR, Types.LONGNVARCHAR, Types.CLOB, Types.NCLOB ->
                    ColumnType.VARCHAR;
            case Types.DATE -> ColumnType.DATE;
            case Types.TIMESTAMP -> ColumnType.TIMESTAMP;
            default -> null;
        };
    }

    /** Whether a JDBC type code is one a value can be set as without naming a TernDB type. */
    static boolean isUntyped(int jdbcType) {
        return jdbcType == Types.NULL || jdbcType == Types.OTHER || jdbcType == Types.JAVA_OBJECT;
    }
}
