package org.terndb.jdbc;

import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.List;
import org.terndb.executor.ExprType;
import org.terndb.executor.ResultColumn;
import org.terndb.executor.SqlState;

/**
 * Column labels, SQL types and origins of a result, all known when the statement was planned (a cached plan
 * carries them). A column that shows a table column unchanged ({@code SELECT v AS x FROM t}) names its table
 * ({@link #getTableName}) and column ({@link #getColumnName}, while {@link #getColumnLabel} is the alias) and is
 * writable (an UPDATE could change it); an expression, aggregate or literal has table "" and its label as name
 * and is read-only. TernDB has no catalogs or schemas ("") and no auto-increment columns.
 */
final class TernResultSetMetaData implements ResultSetMetaData {
    private final List<ResultColumn> columns;

    TernResultSetMetaData(List<ResultColumn> columns) {
        this.columns = List.copyOf(columns);
    }

    private ResultColumn column(int i) throws SQLException {
        if (i < 1 || i > columns.size()) {
            throw new SQLException("column index " + i + " is out of range 1.." + columns.size(), SqlState.UNKNOWN_COLUMN);
        }
        return columns.get(i - 1);
    }

    private ExprType type(int i) throws SQLException {
        return column(i).type();
    }

    @Override
    public int getColumnCount() {
        return columns.size();
    }

    @Override
    public String getColumnLabel(int column) throws SQLException {
        return column(column).label();
    }

    @Override
    public String getColumnName(int column) throws SQLException {
        ResultColumn c = column(column);
        return c.columnName() == null ? c.label() : c.columnName();
    }

    @Override
    public int getColumnType(int column) throws SQLException {
        return JdbcTypes.sqlType(type(column));
    }

    @Override
    public String getColumnTypeName(int column) throws SQLException {
        return JdbcTypes.typeName(type(column));
    }

    @Override
    public String getColumnClassName(int column) throws SQLException {
        return JdbcTypes.className(type(column));
    }

    @Override
    public int getPrecision(int column) throws SQLException {
        return JdbcTypes.precision(type(column));
    }

    @Override
    public int getScale(int column) throws SQLException {
        return type(column).scale();
    }

    @Override
    public int getColumnDisplaySize(int column) throws SQLException {
        return Math.max(JdbcTypes.displaySize(type(column)), getColumnLabel(column).length());
    }

    @Override
    public int isNullable(int column) throws SQLException {
        return type(column).nullable() ? columnNullable : columnNoNulls;
    }

    @Override
    public boolean isSigned(int column) throws SQLException {
        return JdbcTypes.isSigned(type(column));
    }

    @Override
    public boolean isCaseSensitive(int column) throws SQLException {
        return JdbcTypes.isCaseSensitive(type(column));
    }

    @Override
    public boolean isAutoIncrement(int column) throws SQLException {
        column(column);
        return false;
    }

    @Override
    public boolean isSearchable(int column) throws SQLException {
        column(column);
        return true;
    }

    @Override
    public boolean isCurrency(int column) throws SQLException {
        column(column);
        return false;
    }

    @Override
    public String getSchemaName(int column) throws SQLException {
        column(column);
        return "";
    }

    @Override
    public String getTableName(int column) throws SQLException {
        String t = column(column).tableName();
        return t == null ? "" : t;
    }

    @Override
    public String getCatalogName(int column) throws SQLException {
        column(column);
        return "";
    }

    @Override
    public boolean isReadOnly(int column) throws SQLException {
        return column(column).tableName() == null;
    }

    @Override
    public boolean isWritable(int column) throws SQLException {
        return column(column).tableName() != null;
    }

    @Override
    public boolean isDefinitelyWritable(int column) throws SQLException {
        column(column);
        return false;
    }

    @Override
    public <T> T unwrap(Class<T> type) throws SQLException {
        if (type.isInstance(this)) {
            return type.cast(this);
        }
        throw new SQLException("not a wrapper for " + type.getName(), SqlState.GENERAL_ERROR);
    }

    @Override
    public boolean isWrapperFor(Class<?> type) {
        return type.isInstance(this);
    }
}
