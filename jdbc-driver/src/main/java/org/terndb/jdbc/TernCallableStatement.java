package org.terndb.jdbc;

import java.math.BigDecimal;
import java.sql.Array;
import java.sql.Date;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.terndb.engine.proc.CallResult;
import org.terndb.executor.ExprType;
import org.terndb.executor.ResultColumn;
import org.terndb.executor.SqlState;
import org.terndb.executor.proc.SlotType;
import org.terndb.planner.PreparedPlan;
import org.terndb.storage.codec.ColumnType;

/**
 * {@code CALL p(?, ?)} or the JDBC escape {@code {call p(?, ?)}}, prepared once. IN and INOUT parameters are set
 * with the PreparedStatement setters (arrays with {@code setArray} of {@link java.sql.Connection#createArrayOf},
 * or {@code setObject} with a Java array); OUT and INOUT values are read by index after the call with the
 * getters ({@code registerOutParameter} is recommended, as JDBC says, and its type decides what {@code getObject}
 * returns; unregistered OUT values can be read too). The call's result sets come as those of any statement:
 * {@code execute()} returns true when there is one, {@code getResultSet()} gives it and {@code getMoreResults()}
 * moves to the next. Parameters by name and {@code {? = call ...}} functions are not supported (0A000).
 */
public final class TernCallableStatement extends TernPreparedStatement implements UnsupportedCallableStatement {
    private final int markers;
    private final int[] registered;
    private CallResult outOf;
    private TernResultSet outRow;
    private SlotType[] outColumnTypes; // the OUT types outColumns were made for: the same for every call of one procedure
    private List<ResultColumn> outColumns;

    TernCallableStatement(TernConnection connection, String sql, PreparedPlan plan) {
        super(connection, sql, plan);
        this.markers = plan.parameterCount();
        this.registered = new int[markers];
    }

    /**
     * The statement inside a JDBC call escape ({@code {call p(?)}} becomes {@code call p(?)}); other text is
     * returned as it is. {@code {? = call f(?)}} fails: TernDB has procedures, not functions.
     */
    static String unescape(String sql) throws SQLException {
        if (sql == null) {
            return null;
        }
        String s = sql.strip();
        if (!s.startsWith("{") || !s.endsWith("}")) {
            return sql;
        }
        String inner = s.substring(1, s.length() - 1).strip();
        if (inner.startsWith("?")) {
            throw UnsupportedPreparedStatement.unsupported("{? = call ...} (TernDB has procedures, not functions; "
                    + "return the value in an OUT parameter: {call p(?, ?)})");
        }
        return inner.toLowerCase(Locale.ROOT).startsWith("call") ? inner : sql;
    }

    // ---- IN parameters: arrays ---------------------------------------------------------------------

    @Override
    public void setArray(int index, Array x) throws SQLException {
        bind(index, x instanceof TernArray a ? a.elements() : x == null ? null : x.getArray());
    }

    /** Also takes arrays: a {@link java.sql.Array}, {@code Object[]}, a primitive array or a {@link List}. */
    @Override
    public void setObject(int index, Object x) throws SQLException {
        if (x instanceof Array a) {
            setArray(index, a);
        } else if (x instanceof Object[] || x instanceof List<?> || x != null && x.getClass().isArray()) {
            bind(index, x);
        } else {
            super.setObject(index, x);
        }
    }

    // ---- OUT parameters --------------------------------------------------------------------------

    @Override
    public void registerOutParameter(int index, int sqlType) throws SQLException {
        checkOpen();
        checkIndex(index);
        if (!JdbcTypes.isUntyped(sqlType) && sqlType != Types.ARRAY && JdbcTypes.columnType(sqlType) == null) {
            throw UnsupportedPreparedStatement.unsupported("OUT parameters of type " + sqlType + " (TernDB has no such "
                    + "SQL type)");
        }
        registered[index - 1] = sqlType;
    }

    @Override
    public void registerOutParameter(int index, int sqlType, int scale) throws SQLException {
        registerOutParameter(index, sqlType);
    }

    @Override
    public void registerOutParameter(int index, int sqlType, String typeName) throws SQLException {
        registerOutParameter(index, sqlType);
    }

    @Override
    public boolean wasNull() throws SQLException {
        checkOpen();
        return outRow != null && outRow.wasNull();
    }

    @Override
    public String getString(int index) throws SQLException {
        return out(index).getString(index);
    }

    @Override
    public String getNString(int index) throws SQLException {
        return out(index).getString(index);
    }

    @Override
    public boolean getBoolean(int index) throws SQLException {
        return out(index).getBoolean(index);
    }

    @Override
    public byte getByte(int index) throws SQLException {
        return out(index).getByte(index);
    }

    @Override
    public short getShort(int index) throws SQLException {
        return out(index).getShort(index);
    }

    @Override
    public int getInt(int index) throws SQLException {
        return out(index).getInt(index);
    }

    @Override
    public long getLong(int index) throws SQLException {
        return out(index).getLong(index);
    }

    @Override
    public float getFloat(int index) throws SQLException {
        return out(index).getFloat(index);
    }

    @Override
    public double getDouble(int index) throws SQLException {
        return out(index).getDouble(index);
    }

    @Override
    public BigDecimal getBigDecimal(int index) throws SQLException {
        return out(index).getBigDecimal(index);
    }

    @Override
    @SuppressWarnings("deprecation")
    public BigDecimal getBigDecimal(int index, int scale) throws SQLException {
        return out(index).getBigDecimal(index, scale);
    }

    @Override
    public Date getDate(int index) throws SQLException {
        return out(index).getDate(index);
    }

    @Override
    public Date getDate(int index, Calendar calendar) throws SQLException {
        return out(index).getDate(index, calendar);
    }

    @Override
    public Timestamp getTimestamp(int index) throws SQLException {
        return out(index).getTimestamp(index);
    }

    @Override
    public Timestamp getTimestamp(int index, Calendar calendar) throws SQLException {
        return out(index).getTimestamp(index, calendar);
    }

    @Override
    public Array getArray(int index) throws SQLException {
        TernResultSet row = out(index);
        Object v = row.getObject(index);
        if (v == null) {
            return null;
        }
        if (!(v instanceof Object[] elements)) {
            throw new SQLException("parameter " + index + " is not an array", SqlState.INVALID_CAST);
        }
        return TernArray.ofValue(outOf.outTypes()[index - 1], elements);
    }

    /** The value in the Java class of its registered type (or of its declared type); arrays as {@link Array}. */
    @Override
    public Object getObject(int index) throws SQLException {
        TernResultSet row = out(index);
        if (outOf.outTypes()[index - 1].array()) {
            return getArray(index);
        }
        int type = registered[index - 1];
        if (type == 0 || JdbcTypes.isUntyped(type) || type == Types.ARRAY) {
            return row.getObject(index);
        }
        Object v = row.getObject(index);
        return v == null ? null : row.getObject(index, javaClass(JdbcTypes.columnType(type)));
    }

    @Override
    public Object getObject(int index, Map<String, Class<?>> map) throws SQLException {
        if (map != null && !map.isEmpty()) {
            throw UnsupportedPreparedStatement.unsupported("type maps (TernDB has no user-defined types)");
        }
        return getObject(index);
    }

    @Override
    public <T> T getObject(int index, Class<T> type) throws SQLException {
        if (type == Array.class) {
            return type.cast(getArray(index));
        }
        return out(index).getObject(index, type);
    }

    /** The OUT values of the last execution as a one-row result, positioned on the value of marker {@code index}. */
    private TernResultSet out(int index) throws SQLException {
        checkOpen();
        checkIndex(index);
        CallResult call = callResult();
        if (call == null) {
            throw new SQLException("no OUT values: execute the call first", "HY010");
        }
        if (call.outTypes()[index - 1] == null) {
            throw new SQLException("parameter " + index + " is not an OUT or INOUT parameter of the procedure",
                    "07009");
        }
        if (outOf != call) {
            if (!java.util.Arrays.equals(outColumnTypes, call.outTypes())) {
                List<ResultColumn> columns = new ArrayList<>();
                for (int i = 0; i < markers; i++) {
                    SlotType t = call.outTypes()[i];
                    ExprType type = t == null || t.array() ? new ExprType(null, 0, 0, true) : t.element();
                    columns.add(new ResultColumn(String.valueOf(i + 1), type, null, null));
                }
                outColumns = List.copyOf(columns);
                outColumnTypes = call.outTypes().clone();
            }
            List<Object[]> rows = java.util.Collections.singletonList(call.outValues());
            outRow = new TernResultSet(connection, outColumns, rows);
            outRow.next();
            outOf = call;
        }
        return outRow;
    }

    private void checkIndex(int index) throws SQLException {
        if (index < 1 || index > markers) {
            throw new SQLException("parameter index " + index + " is out of range; the call has " + markers
                    + " parameter(s)", SqlState.INVALID_PARAMETER);
        }
    }

    private static Class<?> javaClass(ColumnType type) throws SQLException {
        try {
            return Class.forName(JdbcTypes.className(type));
        } catch (ClassNotFoundException e) {
            throw new SQLException("no Java class for " + type, SqlState.GENERAL_ERROR, e);
        }
    }
}
