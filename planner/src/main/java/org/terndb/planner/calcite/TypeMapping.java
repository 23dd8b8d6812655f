package org.terndb.planner.calcite;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.type.SqlTypeName;
import org.terndb.executor.ExprType;
import org.terndb.executor.SqlState;
import org.terndb.storage.codec.Column;
import org.terndb.storage.codec.ColumnType;

/** Translates between TernDB column types and Calcite's {@link RelDataType}s. */
public final class TypeMapping {
    private TypeMapping() {
    }

    /** The Calcite type of a table column. */
    public static RelDataType toCalcite(RelDataTypeFactory types, Column column) {
        RelDataType t = switch (column.type()) {
            case TINYINT -> types.createSqlType(SqlTypeName.TINYINT);
            case SMALLINT -> types.createSqlType(SqlTypeName.SMALLINT);
            case INTEGER -> types.createSqlType(SqlTypeName.INTEGER);
            case BIGINT -> types.createSqlType(SqlTypeName.BIGINT);
            case DECIMAL -> types.createSqlType(SqlTypeName.DECIMAL, column.precision(), column.scale());
            case REAL -> types.createSqlType(SqlTypeName.REAL);
            case DOUBLE -> types.createSqlType(SqlTypeName.DOUBLE);
            case BOOLEAN -> types.createSqlType(SqlTypeName.BOOLEAN);
            case CHAR -> types.createSqlType(SqlTypeName.CHAR, column.precision());
            case VARCHAR -> types.createSqlType(SqlTypeName.VARCHAR, column.precision());
            case DATE -> types.createSqlType(SqlTypeName.DATE);
            case TIMESTAMP -> types.createSqlType(SqlTypeName.TIMESTAMP, 6);
        };
        return types.createTypeWithNullability(t, column.nullable());
    }

    /** The executor type of a Calcite type; types TernDB cannot represent yet fail with 0A000. */
    public static ExprType toExprType(RelDataType type) {
        boolean nullable = type.isNullable();
        SqlTypeName name = type.getSqlTypeName();
        int precision = type.getPrecision() == RelDataType.PRECISION_NOT_SPECIFIED ? 0 : type.getPrecision();
        return switch (name) {
            case TINYINT -> ExprType.of(ColumnType.TINYINT, nullable);
            case SMALLINT -> ExprType.of(ColumnType.SMALLINT, nullable);
            case INTEGER -> ExprType.of(ColumnType.INTEGER, nullable);
            case BIGINT -> ExprType.of(ColumnType.BIGINT, nullable);
            case DECIMAL -> new ExprType(ColumnType.DECIMAL, precision, Math.max(type.getScale(), 0), nullable);
            case REAL -> ExprType.of(ColumnType.REAL, nullable);
            case FLOAT, DOUBLE -> ExprType.of(ColumnType.DOUBLE, nullable);
            case BOOLEAN -> ExprType.of(ColumnType.BOOLEAN, nullable);
            case CHAR -> new ExprType(ColumnType.CHAR, precision, 0, nullable);
            case VARCHAR -> new ExprType(ColumnType.VARCHAR, precision, 0, nullable);
            case DATE -> ExprType.of(ColumnType.DATE, nullable);
            case TIMESTAMP -> ExprType.of(ColumnType.TIMESTAMP, nullable);
            case NULL -> new ExprType(null, 0, 0, true);
            default -> throw SqlState.notSupported("type " + type.getFullTypeString());
        };
    }
}
