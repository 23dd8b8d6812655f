package org.terndb.jdbc;

import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.net.URL;
import java.sql.*;
import java.util.Calendar;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Executor;

/**
 * The parts of {@link PreparedStatement} TernDB does not implement yet. Every method fails with SQLState 0A000 until a subclass implements it, so the
 * driver's real classes hold only what TernDB supports. (Generated from the JDBC interface, then kept by hand.)
 */
@SuppressWarnings("deprecation") // the deprecated JDBC methods are stubs too
abstract class UnsupportedPreparedStatement extends TernStatement implements PreparedStatement {

    UnsupportedPreparedStatement(TernConnection connection) {
        super(connection);
    }

    @Override
    public void addBatch() throws SQLException {
        throw notSupported("addBatch");
    }

    @Override
    public void clearParameters() throws SQLException {
        throw notSupported("clearParameters");
    }

    @Override
    public boolean execute() throws SQLException {
        throw notSupported("execute");
    }

    @Override
    public ResultSet executeQuery() throws SQLException {
        throw notSupported("executeQuery");
    }

    @Override
    public int executeUpdate() throws SQLException {
        throw notSupported("executeUpdate");
    }

    @Override
    public ResultSetMetaData getMetaData() throws SQLException {
        throw notSupported("getMetaData");
    }

    @Override
    public ParameterMetaData getParameterMetaData() throws SQLException {
        throw notSupported("getParameterMetaData");
    }

    @Override
    public void setArray(int p0, Array p1) throws SQLException {
        throw notSupported("setArray");
    }

    @Override
    public void setAsciiStream(int p0, java.io.InputStream p1, int p2) throws SQLException {
        throw notSupported("setAsciiStream");
    }

    @Override
    public void setAsciiStream(int p0, java.io.InputStream p1, long p2) throws SQLException {
        throw notSupported("setAsciiStream");
    }

    @Override
    public void setAsciiStream(int p0, java.io.InputStream p1) throws SQLException {
        throw notSupported("setAsciiStream");
    }

    @Override
    public void setBigDecimal(int p0, java.math.BigDecimal p1) throws SQLException {
        throw notSupported("setBigDecimal");
    }

    @Override
    public void setBinaryStream(int p0, java.io.InputStream p1, int p2) throws SQLException {
        throw notSupported("setBinaryStream");
    }

    @Override
    public void setBinaryStream(int p0, java.io.InputStream p1, long p2) throws SQLException {
        throw notSupported("setBinaryStream");
    }

    @Override
    public void setBinaryStream(int p0, java.io.InputStream p1) throws SQLException {
        throw notSupported("setBinaryStream");
    }

    @Override
    public void setBlob(int p0, java.io.InputStream p1, long p2) throws SQLException {
        throw notSupported("setBlob");
    }

    @Override
    public void setBlob(int p0, java.io.InputStream p1) throws SQLException {
        throw notSupported("setBlob");
    }

    @Override
    public void setBlob(int p0, Blob p1) throws SQLException {
        throw notSupported("setBlob");
    }

    @Override
    public void setBoolean(int p0, boolean p1) throws SQLException {
        throw notSupported("setBoolean");
    }

    @Override
    public void setByte(int p0, byte p1) throws SQLException {
        throw notSupported("setByte");
    }

    @Override
    public void setBytes(int p0, byte[] p1) throws SQLException {
        throw notSupported("setBytes");
    }

    @Override
    public void setCharacterStream(int p0, java.io.Reader p1, int p2) throws SQLException {
        throw notSupported("setCharacterStream");
    }

    @Override
    public void setCharacterStream(int p0, java.io.Reader p1, long p2) throws SQLException {
        throw notSupported("setCharacterStream");
    }

    @Override
    public void setCharacterStream(int p0, java.io.Reader p1) throws SQLException {
        throw notSupported("setCharacterStream");
    }

    @Override
    public void setClob(int p0, java.io.Reader p1, long p2) throws SQLException {
        throw notSupported("setClob");
    }

    @Override
    public void setClob(int p0, java.io.Reader p1) throws SQLException {
        throw notSupported("setClob");
    }

    @Override
    public void setClob(int p0, Clob p1) throws SQLException {
        throw notSupported("setClob");
    }

    @Override
    public void setDate(int p0, Date p1, Calendar p2) throws SQLException {
        throw notSupported("setDate");
    }

    @Override
    public void setDate(int p0, Date p1) throws SQLException {
        throw notSupported("setDate");
    }

    @Override
    public void setDouble(int p0, double p1) throws SQLException {
        throw notSupported("setDouble");
    }

    @Override
    public void setFloat(int p0, float p1) throws SQLException {
        throw notSupported("setFloat");
    }

    @Override
    public void setInt(int p0, int p1) throws SQLException {
        throw notSupported("setInt");
    }

    @Override
    public void setLong(int p0, long p1) throws SQLException {
        throw notSupported("setLong");
    }

    @Override
    public void setNCharacterStream(int p0, java.io.Reader p1, long p2) throws SQLException {
        throw notSupported("setNCharacterStream");
    }

    @Override
    public void setNCharacterStream(int p0, java.io.Reader p1) throws SQLException {
        throw notSupported("setNCharacterStream");
    }

    @Override
    public void setNClob(int p0, java.io.Reader p1, long p2) throws SQLException {
        throw notSupported("setNClob");
    }

    @Override
    public void setNClob(int p0, java.io.Reader p1) throws SQLException {
        throw notSupported("setNClob");
    }

    @Override
    public void setNClob(int p0, NClob p1) throws SQLException {
        throw notSupported("setNClob");
    }

    @Override
    public void setNString(int p0, String p1) throws SQLException {
        throw notSupported("setNString");
    }

    @Override
    public void setNull(int p0, int p1, String p2) throws SQLException {
        throw notSupported("setNull");
    }

    @Override
    public void setNull(int p0, int p1) throws SQLException {
        throw notSupported("setNull");
    }

    @Override
    public void setObject(int p0, Object p1, int p2, int p3) throws SQLException {
        throw notSupported("setObject");
    }

    @Override
    public void setObject(int p0, Object p1, int p2) throws SQLException {
        throw notSupported("setObject");
    }

    @Override
    public void setObject(int p0, Object p1) throws SQLException {
        throw notSupported("setObject");
    }

    @Override
    public void setRef(int p0, Ref p1) throws SQLException {
        throw notSupported("setRef");
    }

    @Override
    public void setRowId(int p0, RowId p1) throws SQLException {
        throw notSupported("setRowId");
    }

    @Override
    public void setSQLXML(int p0, SQLXML p1) throws SQLException {
        throw notSupported("setSQLXML");
    }

    @Override
    public void setShort(int p0, short p1) throws SQLException {
        throw notSupported("setShort");
    }

    @Override
    public void setString(int p0, String p1) throws SQLException {
        throw notSupported("setString");
    }

    @Override
    public void setTime(int p0, Time p1, Calendar p2) throws SQLException {
        throw notSupported("setTime");
    }

    @Override
    public void setTime(int p0, Time p1) throws SQLException {
        throw notSupported("setTime");
    }

    @Override
    public void setTimestamp(int p0, Timestamp p1, Calendar p2) throws SQLException {
        throw notSupported("setTimestamp");
    }

    @Override
    public void setTimestamp(int p0, Timestamp p1) throws SQLException {
        throw notSupported("setTimestamp");
    }

    @Override
    public void setURL(int p0, java.net.URL p1) throws SQLException {
        throw notSupported("setURL");
    }

    @Override
    public void setUnicodeStream(int p0, java.io.InputStream p1, int p2) throws SQLException {
        throw notSupported("setUnicodeStream");
    }
    // JDBC 4.2 default methods.

    @Override
    public void setObject(int index, Object x, SQLType targetSqlType, int scaleOrLength) throws SQLException {
        setObject(index, x, jdbcType(targetSqlType), scaleOrLength);
    }

    @Override
    public void setObject(int index, Object x, SQLType targetSqlType) throws SQLException {
        setObject(index, x, jdbcType(targetSqlType));
    }

    /** The {@link Types} code of a {@link JDBCType}; other vendors' types are not supported. */
    private int jdbcType(SQLType type) throws SQLException {
        if (type instanceof JDBCType t) {
            return t.getVendorTypeNumber();
        }
        throw notSupported("setObject with SQL type " + type + " (only java.sql.JDBCType)");
    }

    @Override
    SQLException notSupported(String method) throws SQLException {
        if (isClosed()) {
            return JdbcErrors.closed("the statement");
        }
        return unsupported(method);
    }

    static SQLFeatureNotSupportedException unsupported(String method) {
        return new SQLFeatureNotSupportedException("PreparedStatement." + method + " is not supported by TernDB yet", "0A000");
    }
}
