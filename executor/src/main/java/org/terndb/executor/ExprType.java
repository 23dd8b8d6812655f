package org.terndb.executor;

import org.terndb.storage.codec.Column;
import org.terndb.storage.codec.ColumnType;

/**
 * The SQL type of a value an expression or plan column produces. {@code type} is null for an untyped
 * NULL. Precision and scale mean what they mean for {@link Column}, but are not limited: derived types
 * (e.g. SUM over DECIMAL) may exceed what a stored column allows.
 */
public record ExprType(ColumnType type, int precision, int scale, boolean nullable) {

    public static ExprType of(ColumnType type, boolean nullable) {
        return new ExprType(type, 0, 0, nullable);
    }

    public static ExprType of(Column column) {
        return new ExprType(column.type(), column.precision(), column.scale(), column.nullable());
    }

    public boolean isIntegral() {
        return type != null && switch (type) {
            case TINYINT, SMALLINT, INTEGER, BIGINT -> true;
            default -> false;
        };
    }

    public boolean isNumeric() {
        return isIntegral() || type == ColumnType.DECIMAL || type == ColumnType.REAL || type == ColumnType.DOUBLE;
    }

    public String sqlName() {
        if (type == null) {
            return "NULL";
        }
        return switch (type) {
            case CHAR, VARCHAR -> type + "(" + precision + ")";
            case DECIMAL -> "DECIMAL(" + precision + "," + scale + ")";
            default -> type.name();
        };
    }

    @Override
    public String toString() {
        return sqlName() + (nullable ? "" : " NOT NULL");
    }
}
