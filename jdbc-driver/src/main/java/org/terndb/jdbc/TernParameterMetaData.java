package org.terndb.jdbc;

import java.sql.ParameterMetaData;
import java.sql.SQLException;
import java.util.List;
import org.terndb.executor.ExprType;
import org.terndb.executor.SqlState;

/**
 * The {@code ?} parameters of a prepared statement as the planner typed them while validating the
 * statement (e.g. {@code WHERE id = ?} takes the type of {@code id}). A parameter whose type nothing in
 * the statement implies is reported as {@link java.sql.Types#NULL}: any value may be set. Every
 * parameter is an IN parameter; nullability is unknown (the planner does not track it for parameters).
 */
final class TernParameterMetaData implements ParameterMetaData {
    private final List<ExprType> types;

    TernParameterMetaData(List<ExprType> types) {
        this.types = List.copyOf(types);
    }

    private ExprType type(int param) throws SQLException {
        if (param < 1 || param > types.size()) {
            throw new SQLException("parameter index " + param + " is out of range; the statement has " + types.size()
                    + " parameter(s)", SqlState.INVALID_PARAMETER);
        }
        return types.get(param - 1);
    }

    @Override
    public int getParameterCount() {
        return types.size();
    }

    @Override
    public int isNullable(int param) throws SQLException {
        type(param);
        return parameterNullableUnknown;
    }

    @Override
    public boolean isSigned(int param) throws SQLException {
        return JdbcTypes.isSigned(type(param));
    }

    @Override
    public int getPrecision(int param) throws SQLException {
        return JdbcTypes.precision(type(param));
    }

    @Override
    public int getScale(int param) throws SQLException {
        return type(param).scale();
    }

    @Override
    public int getParameterType(int param) throws SQLException {
        return JdbcTypes.sqlType(type(param));
    }

    @Override
    public String getParameterTypeName(int param) throws SQLException {
        return JdbcTypes.typeName(type(param));
    }

    @Override
    public String getParameterClassName(int param) throws SQLException {
        return JdbcTypes.className(type(param));
    }

    @Override
    public int getParameterMode(int param) throws SQLException {
        type(param);
        return parameterModeIn;
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
