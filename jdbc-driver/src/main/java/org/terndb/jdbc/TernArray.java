package org.terndb.jdbc;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import org.terndb.executor.ExprType;
import org.terndb.executor.SqlState;
import org.terndb.executor.proc.SlotType;
import org.terndb.storage.codec.ColumnType;

/**
 * An SQL array: made by {@link java.sql.Connection#createArrayOf} to pass an array argument to a procedure, or
 * returned for an array OUT parameter. A value: its elements are copied in and out. {@link #getResultSet} is not
 * supported (0A000); {@link #free()} releases nothing but makes later use fail, as JDBC requires.
 */
final class TernArray implements Array {
    private final String baseTypeName;
    private final int baseType;
    private Object[] elements;
    private boolean freed;

    private TernArray(String baseTypeName, int baseType, Object[] elements) {
        this.baseTypeName = baseTypeName;
        this.baseType = baseType;
        this.elements = elements;
    }

    /**
     * {@code Connection.createArrayOf}: {@code typeName} is a TernDB type name (INTEGER, INT, BIGINT, DECIMAL,
     * VARCHAR, ...; a length in parentheses is ignored); the elements are converted when the call binds them.
     */
    static TernArray of(String typeName, Object[] elements) throws SQLException {
        if (typeName == null) {
            throw new SQLException("createArrayOf needs the element type name, e.g. \"INTEGER\"", SqlState.DATA_EXCEPTION);
        }
        String name = typeName.trim().toUpperCase(Locale.ROOT).replaceAll("\\s*\\(.*\\)$", "");
        ColumnType type = switch (name) {
            case "INT", "INTEGER" -> ColumnType.INTEGER;
            case "DEC", "NUMERIC", "DECIMAL" -> ColumnType.DECIMAL;
            case "FLOAT", "DOUBLE", "DOUBLE PRECISION" -> ColumnType.DOUBLE;
            case "CHARACTER", "CHAR" -> ColumnType.CHAR;
            case "CHARACTER VARYING", "VARCHAR" -> ColumnType.VARCHAR;
            default -> {
                try {
                    yield ColumnType.valueOf(name);
                } catch (IllegalArgumentException e) {
                    throw new SQLFeatureNotSupportedException("createArrayOf: TernDB has no type " + typeName
                            + "; use one of TINYINT, SMALLINT, INTEGER, BIGINT, DECIMAL, REAL, DOUBLE, BOOLEAN, CHAR, "
                            + "VARCHAR, DATE, TIMESTAMP", SqlState.FEATURE_NOT_SUPPORTED);
                }
            }
        };
        return new TernArray(type.name(), JdbcTypes.sqlType(type), elements == null ? null : elements.clone());
    }

    /** An array OUT value (internal values) with its elements as JDBC returns them (Integer, BigDecimal, ...). */
    static TernArray ofValue(SlotType type, Object[] internal) {
        ExprType element = type.element();
        Object[] out = new Object[internal.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = javaValue(internal[i], element.type());
        }
        return new TernArray(element.type().name(), JdbcTypes.sqlType(element.type()), out);
    }

    private static Object javaValue(Object v, ColumnType type) {
        if (v == null) {
            return null;
        }
        return switch (type) {
            case TINYINT -> ((Number) v).byteValue();
            case SMALLINT -> ((Number) v).shortValue();
            case INTEGER -> ((Number) v).intValue();
            case BIGINT -> ((Number) v).longValue();
            case REAL -> ((Number) v).floatValue();
            case DATE -> java.sql.Date.valueOf((LocalDate) v);
            case TIMESTAMP -> Timestamp.valueOf((LocalDateTime) v);
            default -> v; // BigDecimal, Double, Boolean and String are JDBC's classes already
        };
    }

    /** The elements as given (for binding). */
    Object[] elements() throws SQLException {
        check();
        return elements;
    }

    @Override
    public String getBaseTypeName() throws SQLException {
        check();
        return baseTypeName;
    }

    @Override
    public int getBaseType() throws SQLException {
        check();
        return baseType;
    }

    @Override
    public Object getArray() throws SQLException {
        check();
        return elements == null ? null : elements.clone();
    }

    @Override
    public Object getArray(Map<String, Class<?>> map) throws SQLException {
        checkMap(map);
        return getArray();
    }

    /** {@code count} elements from the 1-based {@code index} (fewer at the end of the array). */
    @Override
    public Object getArray(long index, int count) throws SQLException {
        check();
        if (elements == null) {
            return null;
        }
        if (index < 1 || count < 0 || index > elements.length + 1L) {
            throw new SQLException("index " + index + " and count " + count + " do not select elements of an array of "
                    + elements.length, SqlState.DATA_EXCEPTION);
        }
        int from = (int) index - 1;
        return Arrays.copyOfRange(elements, from, (int) Math.min(elements.length, from + (long) count));
    }

    @Override
    public Object getArray(long index, int count, Map<String, Class<?>> map) throws SQLException {
        checkMap(map);
        return getArray(index, count);
    }

    @Override
    public ResultSet getResultSet() throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("Array.getResultSet (use getArray)");
    }

    @Override
    public ResultSet getResultSet(Map<String, Class<?>> map) throws SQLException {
        return getResultSet();
    }

    @Override
    public ResultSet getResultSet(long index, int count) throws SQLException {
        return getResultSet();
    }

    @Override
    public ResultSet getResultSet(long index, int count, Map<String, Class<?>> map) throws SQLException {
        return getResultSet();
    }

    @Override
    public void free() {
        elements = null;
        freed = true;
    }

    private void check() throws SQLException {
        if (freed) {
            throw new SQLException("the array was freed; it cannot be used any more", SqlState.GENERAL_ERROR);
        }
    }

    private void checkMap(Map<String, Class<?>> map) throws SQLException {
        if (map != null && !map.isEmpty()) {
            throw UnsupportedPreparedStatement.unsupported("type maps (TernDB has no user-defined types)");
        }
    }

    @Override
    public String toString() {
        return baseTypeName + " ARRAY" + (elements == null ? "" : Arrays.toString(elements));
    }
}
