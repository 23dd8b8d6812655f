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
        throw unsupported("addBatch");
    }

    @Override
    public void clearParameters() throws SQLException {
        throw unsupported("clearParameters");
    }

    @Override
    public boolean execute() throws SQLException {
        throw unsupported("execute");
    }

    @Override
    public ResultSet executeQuery() throws SQLException {
        throw unsupported("executeQuery");
    }

    @Override
    public int executeUpdate() throws SQLException {
        throw unsupported("executeUpdate");
    }

    @Override
    public ResultSetMetaData getMetaData() throws SQLException {
        throw unsupported("getMetaData");
    }

    @Override
    public ParameterMetaData getParameterMetaData() throws SQLException {
        throw unsupported("getParameterMetaData");
    }

    @Override
    public void setArray(int p0, Array p1) throws SQLException {
        throw unsupported("setArray");
    }

    @Override
    public void setAsciiStream(int p0, java.io.InputStream p1, int p2) throws SQLException {
        throw unsupported("setAsciiStream");
    }

    @Override
    public void setAsciiStream(int p0, java.io.InputStream p1, long p2) throws SQLException {
        throw unsupported("setAsciiStream");
    }

    @Override
    public void setAsciiStream(int p0, java.io.InputStream p1) throws SQLException {
        throw unsupported("setAsciiStream");
    }

    @Override
    public void setBigDecimal(int p0, java.math.BigDecimal p1) throws SQLException {
        throw unsupported("setBigDecimal");
    }

    @Override
    public void setBinaryStream(int p0, java.io.InputStream p1, int p2) throws SQLException {
        throw unsupported("setBinaryStream");
    }

    @Override
    public void setBinaryStream(int p0, java.io.InputStream p1, long p2) throws SQLException {
        throw unsupported("setBinaryStream");
    }

    @Override
    public void setBinaryStream(int p0, java.io.InputStream p1) throws SQLException {
        throw unsupported("setBinaryStream");
    }

    @Override
    public void setBlob(int p0, java.io.InputStream p1, long p2) throws SQLException {
        throw unsupported("setBlob");
    }

    @Override
    public void setBlob(int p0, java.io.InputStream p1) throws SQLException {
        throw unsupported("setBlob");
    }

    @Override
    public void setBlob(int p0, Blob p1) throws SQLException {
        throw unsupported("setBlob");
    }

    @Override
    public void setBoolean(int p0, boolean p1) throws SQLException {
        throw unsupported("setBoolean");
    }

    @Override
    public void setByte(int p0, byte p1) throws SQLException {
        throw unsupported("setByte");
    }

    @Override
    public void setBytes(int p0, byte[] p1) throws SQLException {
        throw unsupported("setBytes");
    }

    @Override
    public void setCharacterStream(int p0, java.io.Reader p1, int p2) throws SQLException {
        throw unsupported("setCharacterStream");
    }

    @Override
    public void setCharacterStream(int p0, java.io.Reader p1, long p2) throws SQLException {
        throw unsupported("setCharacterStream");
    }

    @Override
    public void setCharacterStream(int p0, java.io.Reader p1) throws SQLException {
        throw unsupported("setCharacterStream");
    }

    @Override
    public void setClob(int p0, java.io.Reader p1, long p2) throws SQLException {
        throw unsupported("setClob");
    }

    @Override
    public void setClob(int p0, java.io.Reader p1) throws SQLException {
        throw unsupported("setClob");
    }

    @Override
    public void setClob(int p0, Clob p1) throws SQLException {
        throw unsupported("setClob");
    }

    @Override
    public void setDate(int p0, Date p1, Calendar p2) throws SQLException {
        throw unsupported("setDate");
    }

    @Override
    public void setDate(int p0, Date p1) throws SQLException {
        throw unsupported("setDate");
    }

    @Override
    public void setDouble(int p0, double p1) throws SQLException {
        throw unsupported("setDouble");
    }

    @Override
    public void setFloat(int p0, float p1) throws SQLException {
        throw unsupported("setFloat");
    }

    @Override
    public void setInt(int p0, int p1) throws SQLException {
        throw unsupported("setInt");
    }

    @Override
    public void setLong(int p0, long p1) throws SQLException {
        throw unsupported("setLong");
    }

    @Override
    public void setNCharacterStream(int p0, java.io.Reader p1, long p2) throws SQLException {
        throw unsupported("setNCharacterStream");
    }

    @Override
    public void setNCharacterStream(int p0, java.io.Reader p1) throws SQLException {
        throw unsupported("setNCharacterStream");
    }

    @Override
    public void setNClob(int p0, java.io.Reader p1, long p2) throws SQLException {
        throw unsupported("setNClob");
    }

    @Override
    public void setNClob(int p0, java.io.Reader p1) throws SQLException {
        throw unsupported("setNClob");
    }

    @Override
    public void setNClob(int p0, NClob p1) throws SQLException {
        throw unsupported("setNClob");
    }

    @Override
    public void setNString(int p0, String p1) throws SQLException {
        throw unsupported("setNString");
    }

    @Override
    public void setNull(int p0, int p1, String p2) throws SQLException {
        throw unsupported("setNull");
    }

    @Override
    public void setNull(int p0, int p1) throws SQLException {
        throw unsupported("setNull");
    }

    @Override
    public void setObject(int p0, Object p1, int p2, int p3) throws SQLException {
        throw unsupported("setObject");
    }

    @Override
    public void setObject(int p0, Object p1, int p2) throws SQLException {
        throw unsupported("setObject");
    }

    @Override
    public void setObject(int p0, Object p1) throws SQLException {
        throw unsupported("setObject");
    }

    @Override
    public void setRef(int p0, Ref p1) throws SQLException {
        throw unsupported("setRef");
    }

    @Override
    public void setRowId(int p0, RowId p1) throws SQLException {
        throw unsupported("setRowId");
    }

    @Override
    public void setSQLXML(int p0, SQLXML p1) throws SQLException {
        throw unsupported("setSQLXML");
    }

    @Override
    public void setShort(int p0, short p1) throws SQLException {
        throw unsupported("setShort");
    }

    @Override
    public void setString(int p0, String p1) throws SQLException {
        throw unsupported("setString");
    }

    @Override
    public void setTime(int p0, Time p1, Calendar p2) throws SQLException {
        throw unsupported("setTime");
    }

    @Override
    public void setTime(int p0, Time p1) throws SQLException {
        throw unsupported("setTime");
    }

    @Override
    public void setTimestamp(int p0, Timestamp p1, Calendar p2) throws SQLException {
        throw unsupported("setTimestamp");
    }

    @Override
    public void setTimestamp(int p0, Timestamp p1) throws SQLException {
        throw unsupported("setTimestamp");
    }

    @Override
    public void setURL(int p0, java.net.URL p1) throws SQLException {
        throw unsupported("setURL");
    }

    @Override
    public void setUnicodeStream(int p0, java.io.InputStream p1, int p2) throws SQLException {
        throw unsupported("setUnicodeStream");
    }
    static SQLFeatureNotSupportedException unsupported(String method) {
        return new SQLFeatureNotSupportedException("PreparedStatement." + method + " is not supported by TernDB yet", "0A000");
    }
}
