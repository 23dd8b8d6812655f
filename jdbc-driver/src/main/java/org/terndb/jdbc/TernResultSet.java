package org.terndb.jdbc;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.sql.Date;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Calendar;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.terndb.executor.ExprType;
import org.terndb.executor.ResultColumn;
import org.terndb.executor.SqlState;
import org.terndb.executor.TernSqlException;
import org.terndb.executor.access.StoredColumns;
import org.terndb.executor.expr.Values;

/**
 * A forward-only, read-only result over rows the engine materialised, or over the one stored row a point query
 * read, whose columns are decoded as the getters ask for them (the row is immutable: what the statement read).
 * Column labels match case-insensitively (the first column of a label wins). Getters convert between types as
 * JDBC's conversion table allows; a value that does not fit fails with a 22xxx SQLState.
 */
public final class TernResultSet extends UnsupportedResultSet {
    private final TernStatement statement;
    private final TernConnection connection;
    private final List<ResultColumn> columns;
    private final List<Object[]> rows; // null for a stored row
    private final StoredColumns storedColumns;
    private final byte[] storedRow;
    private final int rowCount;
    /** The stored row's column {@link #value} decoded last (0: none), so getObject's second read decodes nothing. */
    private int decodedColumn;
    private Object decodedValue;
    private Map<String, Integer> labels; // built by the first lookup by label
    private int position = -1;
    private boolean wasNull;
    private boolean closed;

    TernResultSet(TernStatement statement, List<ResultColumn> columns, List<Object[]> rows) {
        this(statement, statement.connection, columns, rows);
    }

    /** A result made by the driver itself ({@link java.sql.DatabaseMetaData}); it has no statement. */
    TernResultSet(TernConnection connection, List<ResultColumn> columns, List<Object[]> rows) {
        this(null, connection, columns, rows);
    }

    /** The one row a point query read, undecoded; {@code storedColumns} decodes its columns. */
    TernResultSet(TernStatement statement, List<ResultColumn> columns, StoredColumns storedColumns, byte[] storedRow) {
        this.statement = statement;
        this.connection = statement.connection;
        this.columns = columns;
        this.rows = null;
        this.storedColumns = storedColumns;
        this.storedRow = storedRow;
        this.rowCount = 1;
    }

    private TernResultSet(TernStatement statement, TernConnection connection, List<ResultColumn> columns,
                          List<Object[]> rows) {
        this.statement = statement;
        this.connection = connection;
        this.columns = columns;
        this.rows = rows;
        this.storedColumns = null;
        this.storedRow = null;
        this.rowCount = rows.size();
    }

    @Override
    public boolean next() throws SQLException {
        checkOpen();
        if (position < rowCount) {
            position++;
        }
        return position < rowCount;
    }

    @Override
    public void close() throws SQLException {
        if (closed) {
            return;
        }
        closed = true;
        if (statement != null) {
            statement.resultClosed(this);
        }
    }

    /** Also true once its statement or connection is closed. */
    @Override
    public boolean isClosed() {
        return closed || (statement != null && statement.isClosed()) || connection.isClosed();
    }

    @Override
    public boolean wasNull() throws SQLException {
        checkOpen();
        return wasNull;
    }

    @Override
    public int findColumn(String label) throws SQLException {
        checkOpen();
        if (labels == null) {
            labels = new HashMap<>();
            for (int c = columns.size() - 1; c >= 0; c--) { // the first of equal labels wins
                labels.put(columns.get(c).label().toUpperCase(Locale.ROOT), c + 1);
            }
        }
        Integer i = label == null ? null : labels.get(label.toUpperCase(Locale.ROOT));
        if (i == null) {
            throw new SQLException("no column labelled '" + label + "'; columns are "
                    + columns.stream().map(ResultColumn::label).toList(), SqlState.UNKNOWN_COLUMN);
        }
        return i;
    }

    /** The value at a 1-based column of the current row; records wasNull. */
    private Object value(int column) throws SQLException {
        checkCell(column);
        Object v;
        if (storedRow == null) {
            v = rows.get(position)[column - 1];
        } else if (column == decodedColumn) {
            v = decodedValue;
        } else {
            v = storedColumns.value(storedRow, column - 1);
            decodedColumn = column;
            decodedValue = v;
        }
        wasNull = v == null;
        return v;
    }

    /** Fails unless there is a current row and it has the 1-based column. */
    private void checkCell(int column) throws SQLException {
        checkOpen();
        if (position < 0 || position >= rowCount) {
            throw new SQLException(position < 0 ? "call next() before reading a row" : "no current row: the result is "
                    + "exhausted", "24000");
        }
        if (column < 1 || column > columns.size()) {
            throw new SQLException("column index " + column + " is out of range 1.." + columns.size(),
                    SqlState.UNKNOWN_COLUMN);
        }
    }

    private ExprType type(int column) {
        return columns.get(column - 1).type();
    }

    // ---- getters by index ------------------------------------------------------------------------

    @Override
    public String getString(int column) throws SQLException {
        Object v = value(column);
        if (v == null) {
            return null;
        }
        if (v instanceof BigDecimal d) {
            return d.toPlainString();
        }
        if (v instanceof LocalDateTime ts) {
            return Timestamp.valueOf(ts).toString();
        }
        return v.toString();
    }

    @Override
    public boolean getBoolean(int column) throws SQLException {
        Object v = value(column);
        if (v == null) {
            return false;
        }
        if (v instanceof Boolean b) {
            return b;
        }
        if (v instanceof Number n) {
            return n.doubleValue() != 0;
        }
        if (v instanceof String s) {
            String t = s.trim();
            if (t.equalsIgnoreCase("true") || t.equals("1")) {
                return true;
            }
            if (t.equalsIgnoreCase("false") || t.equals("0")) {
                return false;
            }
        }
        throw conversion(v, "boolean");
    }

    @Override
    public byte getByte(int column) throws SQLException {
        return (byte) integral(column, Byte.MIN_VALUE, Byte.MAX_VALUE, "byte");
    }

    @Override
    public short getShort(int column) throws SQLException {
        return (short) integral(column, Short.MIN_VALUE, Short.MAX_VALUE, "short");
    }

    @Override
    public int getInt(int column) throws SQLException {
        return (int) integral(column, Integer.MIN_VALUE, Integer.MAX_VALUE, "int");
    }

    @Override
    public long getLong(int column) throws SQLException {
        return integral(column, Long.MIN_VALUE, Long.MAX_VALUE, "long");
    }

    private long integral(int column, long min, long max, String javaType) throws SQLException {
        if (storedRow != null && column >= 1 && column <= columns.size() && storedColumns.isInteger(column - 1)) {
            return storedIntegral(column, min, max, javaType);
        }
        Object v = value(column);
        if (v == null) {
            return 0;
        }
        long n;
        if (v instanceof Long l) {
            n = l;
        } else if (v instanceof Number || v instanceof String) {
            BigDecimal d;
            try {
                d = v instanceof String s ? new BigDecimal(s.trim()) : Values.toBigDecimal((Number) v);
            } catch (NumberFormatException e) {
                throw conversion(v, javaType);
            }
            d = d.setScale(0, RoundingMode.DOWN);
            if (d.compareTo(BigDecimal.valueOf(min)) < 0 || d.compareTo(BigDecimal.valueOf(max)) > 0) {
                throw outOfRange(v, javaType);
            }
            n = d.longValue();
        } else if (v instanceof Boolean b) {
            n = b ? 1 : 0;
        } else {
            throw conversion(v, javaType);
        }
        if (n < min || n > max) {
            throw outOfRange(v, javaType);
        }
        return n;
    }

    /** {@link #integral} of an integer column of a stored row, read without boxing. */
    private long storedIntegral(int column, long min, long max, String javaType) throws SQLException {
        checkCell(column);
        wasNull = storedColumns.isNull(storedRow, column - 1);
        if (wasNull) {
            return 0;
        }
        long n = storedColumns.getLong(storedRow, column - 1);
        if (n < min || n > max) {
            throw outOfRange(n, javaType);
        }
        return n;
    }

    @Override
    public float getFloat(int column) throws SQLException {
        return (float) getDouble(column);
    }

    @Override
    public double getDouble(int column) throws SQLException {
        Object v = value(column);
        if (v == null) {
            return 0;
        }
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        if (v instanceof String s) {
            try {
                return Double.parseDouble(s.trim());
            } catch (NumberFormatException e) {
                throw conversion(v, "double");
            }
        }
        throw conversion(v, "double");
    }

    @Override
    public BigDecimal getBigDecimal(int column) throws SQLException {
        Object v = value(column);
        if (v == null) {
            return null;
        }
        if (v instanceof Number n) {
            return Values.toBigDecimal(n);
        }
        if (v instanceof String s) {
            try {
                return new BigDecimal(s.trim());
            } catch (NumberFormatException e) {
                throw conversion(v, "BigDecimal");
            }
        }
        throw conversion(v, "BigDecimal");
    }

    @Override
    @Deprecated
    public BigDecimal getBigDecimal(int column, int scale) throws SQLException {
        BigDecimal d = getBigDecimal(column);
        return d == null ? null : d.setScale(scale, RoundingMode.HALF_UP);
    }

    @Override
    public Date getDate(int column) throws SQLException {
        Object v = value(column);
        if (v == null) {
            return null;
        }
        try {
            return Date.valueOf((LocalDate) Values.convert(v, ExprType.of(org.terndb.storage.codec.ColumnType.DATE, true)));
        } catch (TernSqlException e) {
            throw conversion(v, "Date");
        }
    }

    @Override
    public Date getDate(int column, Calendar calendar) throws SQLException {
        return getDate(column);
    }

    @Override
    public Timestamp getTimestamp(int column) throws SQLException {
        Object v = value(column);
        if (v == null) {
            return null;
        }
        try {
            return Timestamp.valueOf((LocalDateTime) Values.convert(v,
                    ExprType.of(org.terndb.storage.codec.ColumnType.TIMESTAMP, true)));
        } catch (TernSqlException e) {
            throw conversion(v, "Timestamp");
        }
    }

    @Override
    public Timestamp getTimestamp(int column, Calendar calendar) throws SQLException {
        return getTimestamp(column);
    }

    /** The value as the Java class of its SQL type ({@link TernResultSetMetaData#getColumnClassName}). */
    @Override
    public Object getObject(int column) throws SQLException {
        Object v = value(column);
        if (v == null) {
            return null;
        }
        ExprType t = type(column);
        if (t.type() == null) {
            return v;
        }
        return switch (t.type()) {
            case TINYINT -> getByte(column);
            case SMALLINT -> getShort(column);
            case INTEGER -> getInt(column);
            case BIGINT -> getLong(column);
            case DECIMAL -> getBigDecimal(column);
            case REAL -> getFloat(column);
            case DOUBLE -> getDouble(column);
            case BOOLEAN -> getBoolean(column);
            case CHAR, VARCHAR -> getString(column);
            case DATE -> getDate(column);
            case TIMESTAMP -> getTimestamp(column);
        };
    }

    @Override
    public <T> T getObject(int column, Class<T> type) throws SQLException {
        checkOpen();
        if (type == null) {
            throw new SQLException("getObject needs a class", SqlState.GENERAL_ERROR);
        }
        Object v;
        if (type == String.class) {
            v = getString(column);
        } else if (type == Integer.class) {
            v = getInt(column);
        } else if (type == Long.class) {
            v = getLong(column);
        } else if (type == Short.class) {
            v = getShort(column);
        } else if (type == Byte.class) {
            v = getByte(column);
        } else if (type == Double.class) {
            v = getDouble(column);
        } else if (type == Float.class) {
            v = getFloat(column);
        } else if (type == BigDecimal.class) {
            v = getBigDecimal(column);
        } else if (type == Boolean.class) {
            v = getBoolean(column);
        } else if (type == Date.class) {
            v = getDate(column);
        } else if (type == Timestamp.class) {
            v = getTimestamp(column);
        } else if (type == LocalDate.class) {
            Date d = getDate(column);
            v = d == null ? null : d.toLocalDate();
        } else if (type == LocalDateTime.class) {
            Timestamp ts = getTimestamp(column);
            v = ts == null ? null : ts.toLocalDateTime();
        } else if (type == BigInteger.class) {
            BigDecimal d = getBigDecimal(column);
            try {
                v = d == null ? null : d.toBigIntegerExact();
            } catch (ArithmeticException e) {
                throw conversion(d, "BigInteger");
            }
        } else if (type == java.util.Date.class) {
            v = getTimestamp(column);
        } else if (type == Object.class) {
            v = getObject(column);
        } else {
            throw unsupported("getObject as " + type.getName());
        }
        return wasNull ? null : type.cast(v);
    }

    // ---- getters by label ------------------------------------------------------------------------

    @Override
    public String getString(String label) throws SQLException {
        return getString(findColumn(label));
    }

    @Override
    public boolean getBoolean(String label) throws SQLException {
        return getBoolean(findColumn(label));
    }

    @Override
    public byte getByte(String label) throws SQLException {
        return getByte(findColumn(label));
    }

    @Override
    public short getShort(String label) throws SQLException {
        return getShort(findColumn(label));
    }

    @Override
    public int getInt(String label) throws SQLException {
        return getInt(findColumn(label));
    }

    @Override
    public long getLong(String label) throws SQLException {
        return getLong(findColumn(label));
    }

    @Override
    public float getFloat(String label) throws SQLException {
        return getFloat(findColumn(label));
    }

    @Override
    public double getDouble(String label) throws SQLException {
        return getDouble(findColumn(label));
    }

    @Override
    public BigDecimal getBigDecimal(String label) throws SQLException {
        return getBigDecimal(findColumn(label));
    }

    @Override
    @Deprecated
    public BigDecimal getBigDecimal(String label, int scale) throws SQLException {
        return getBigDecimal(findColumn(label), scale);
    }

    @Override
    public Date getDate(String label) throws SQLException {
        return getDate(findColumn(label));
    }

    @Override
    public Date getDate(String label, Calendar calendar) throws SQLException {
        return getDate(findColumn(label));
    }

    @Override
    public Timestamp getTimestamp(String label) throws SQLException {
        return getTimestamp(findColumn(label));
    }

    @Override
    public Timestamp getTimestamp(String label, Calendar calendar) throws SQLException {
        return getTimestamp(findColumn(label));
    }

    @Override
    public Object getObject(String label) throws SQLException {
        return getObject(findColumn(label));
    }

    @Override
    public <T> T getObject(String label, Class<T> type) throws SQLException {
        return getObject(findColumn(label), type);
    }

    // ---- cursor and metadata ---------------------------------------------------------------------

    @Override
    public ResultSetMetaData getMetaData() throws SQLException {
        checkOpen();
        return new TernResultSetMetaData(columns);
    }

    /** The statement that made this result; null for a result of {@link java.sql.DatabaseMetaData}. */
    @Override
    public Statement getStatement() throws SQLException {
        checkOpen();
        return statement;
    }

    @Override
    public String getNString(int column) throws SQLException {
        return getString(column);
    }

    @Override
    public String getNString(String label) throws SQLException {
        return getString(findColumn(label));
    }

    @Override
    public boolean isBeforeFirst() throws SQLException {
        checkOpen();
        return position < 0 && rowCount > 0;
    }

    @Override
    public boolean isAfterLast() throws SQLException {
        checkOpen();
        return position >= rowCount && rowCount > 0;
    }

    @Override
    public boolean isFirst() throws SQLException {
        checkOpen();
        return position == 0 && rowCount > 0;
    }

    @Override
    public boolean isLast() throws SQLException {
        checkOpen();
        return position == rowCount - 1 && rowCount > 0;
    }

    @Override
    public int getRow() throws SQLException {
        checkOpen();
        return position >= 0 && position < rowCount ? position + 1 : 0;
    }

    @Override
    public int getType() throws SQLException {
        checkOpen();
        return ResultSet.TYPE_FORWARD_ONLY;
    }

    @Override
    public int getConcurrency() throws SQLException {
        checkOpen();
        return ResultSet.CONCUR_READ_ONLY;
    }

    @Override
    public int getHoldability() throws SQLException {
        checkOpen();
        return ResultSet.CLOSE_CURSORS_AT_COMMIT;
    }

    @Override
    public int getFetchDirection() throws SQLException {
        checkOpen();
        return ResultSet.FETCH_FORWARD;
    }

    @Override
    public void setFetchDirection(int direction) throws SQLException {
        checkOpen();
        if (direction != ResultSet.FETCH_FORWARD) {
            throw unsupported("fetch directions other than FETCH_FORWARD");
        }
    }

    @Override
    public int getFetchSize() throws SQLException {
        checkOpen();
        return rowCount;
    }

    @Override
    public void setFetchSize(int rows) throws SQLException {
        checkOpen();
    }

    @Override
    public SQLWarning getWarnings() throws SQLException {
        checkOpen();
        return null;
    }

    @Override
    public void clearWarnings() throws SQLException {
        checkOpen();
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

    private void checkOpen() throws SQLException {
        if (closed) {
            throw JdbcErrors.closed("the result set");
        }
        if (statement != null) {
            statement.checkOpen();
        } else {
            connection.checkOpen();
        }
    }

    private static SQLException conversion(Object v, String javaType) {
        return new SQLDataException("cannot read " + Values.toSqlLiteral(v) + " as " + javaType, SqlState.INVALID_CAST);
    }

    private static SQLException outOfRange(Object v, String javaType) {
        return new SQLDataException("value " + Values.toSqlLiteral(v) + " does not fit a Java " + javaType,
                SqlState.NUMERIC_OUT_OF_RANGE);
    }
}
