package org.terndb.jdbc;

import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.net.URL;
import java.sql.Array;
import java.sql.Blob;
import java.sql.CallableStatement;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.Ref;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLXML;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Calendar;
import java.util.Map;

/**
 * The parts of {@link CallableStatement} TernDB does not implement yet: every method fails with SQLState 0A000
 * unless {@link TernCallableStatement} implements it. An interface with default methods rather than a base
 * class, because TernCallableStatement extends {@link TernPreparedStatement} (a CallableStatement is a
 * PreparedStatement, and shares its parameter setters). (Generated from the JDBC interface, then kept by hand.)
 */
@SuppressWarnings("deprecation") // the deprecated JDBC methods are stubs too
interface UnsupportedCallableStatement extends CallableStatement {

    @Override
    default Array getArray(String p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getArray");
    }

    @Override
    default Array getArray(int p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getArray");
    }

    @Override
    default BigDecimal getBigDecimal(String p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getBigDecimal");
    }

    @Deprecated
    @Override
    default BigDecimal getBigDecimal(int p0, int p1) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getBigDecimal");
    }

    @Override
    default BigDecimal getBigDecimal(int p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getBigDecimal");
    }

    @Override
    default Blob getBlob(String p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getBlob");
    }

    @Override
    default Blob getBlob(int p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getBlob");
    }

    @Override
    default boolean getBoolean(String p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getBoolean");
    }

    @Override
    default boolean getBoolean(int p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getBoolean");
    }

    @Override
    default byte getByte(String p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getByte");
    }

    @Override
    default byte getByte(int p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getByte");
    }

    @Override
    default byte[] getBytes(String p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getBytes");
    }

    @Override
    default byte[] getBytes(int p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getBytes");
    }

    @Override
    default Reader getCharacterStream(String p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getCharacterStream");
    }

    @Override
    default Reader getCharacterStream(int p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getCharacterStream");
    }

    @Override
    default Clob getClob(String p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getClob");
    }

    @Override
    default Clob getClob(int p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getClob");
    }

    @Override
    default Date getDate(String p0, Calendar p1) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getDate");
    }

    @Override
    default Date getDate(String p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getDate");
    }

    @Override
    default Date getDate(int p0, Calendar p1) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getDate");
    }

    @Override
    default Date getDate(int p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getDate");
    }

    @Override
    default double getDouble(String p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getDouble");
    }

    @Override
    default double getDouble(int p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getDouble");
    }

    @Override
    default float getFloat(String p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getFloat");
    }

    @Override
    default float getFloat(int p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getFloat");
    }

    @Override
    default int getInt(String p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getInt");
    }

    @Override
    default int getInt(int p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getInt");
    }

    @Override
    default long getLong(String p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getLong");
    }

    @Override
    default long getLong(int p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getLong");
    }

    @Override
    default Reader getNCharacterStream(String p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getNCharacterStream");
    }

    @Override
    default Reader getNCharacterStream(int p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getNCharacterStream");
    }

    @Override
    default NClob getNClob(String p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getNClob");
    }

    @Override
    default NClob getNClob(int p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getNClob");
    }

    @Override
    default String getNString(String p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getNString");
    }

    @Override
    default String getNString(int p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getNString");
    }

    @Override
    default <T> T getObject(String p0, Class<T> p1) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getObject");
    }

    @Override
    default Object getObject(String p0, Map<String, Class<?>> p1) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getObject");
    }

    @Override
    default Object getObject(String p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getObject");
    }

    @Override
    default <T> T getObject(int p0, Class<T> p1) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getObject");
    }

    @Override
    default Object getObject(int p0, Map<String, Class<?>> p1) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getObject");
    }

    @Override
    default Object getObject(int p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getObject");
    }

    @Override
    default Ref getRef(String p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getRef");
    }

    @Override
    default Ref getRef(int p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getRef");
    }

    @Override
    default RowId getRowId(String p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getRowId");
    }

    @Override
    default RowId getRowId(int p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getRowId");
    }

    @Override
    default SQLXML getSQLXML(String p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getSQLXML");
    }

    @Override
    default SQLXML getSQLXML(int p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getSQLXML");
    }

    @Override
    default short getShort(String p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getShort");
    }

    @Override
    default short getShort(int p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getShort");
    }

    @Override
    default String getString(String p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getString");
    }

    @Override
    default String getString(int p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getString");
    }

    @Override
    default Time getTime(String p0, Calendar p1) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getTime");
    }

    @Override
    default Time getTime(String p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getTime");
    }

    @Override
    default Time getTime(int p0, Calendar p1) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getTime");
    }

    @Override
    default Time getTime(int p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getTime");
    }

    @Override
    default Timestamp getTimestamp(String p0, Calendar p1) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getTimestamp");
    }

    @Override
    default Timestamp getTimestamp(String p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getTimestamp");
    }

    @Override
    default Timestamp getTimestamp(int p0, Calendar p1) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getTimestamp");
    }

    @Override
    default Timestamp getTimestamp(int p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getTimestamp");
    }

    @Override
    default URL getURL(String p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getURL");
    }

    @Override
    default URL getURL(int p0) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("getURL");
    }

    @Override
    default void registerOutParameter(String p0, int p1, String p2) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("registerOutParameter");
    }

    @Override
    default void registerOutParameter(String p0, int p1, int p2) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("registerOutParameter");
    }

    @Override
    default void registerOutParameter(String p0, int p1) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("registerOutParameter");
    }

    @Override
    default void registerOutParameter(int p0, int p1, String p2) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("registerOutParameter");
    }

    @Override
    default void registerOutParameter(int p0, int p1, int p2) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("registerOutParameter");
    }

    @Override
    default void registerOutParameter(int p0, int p1) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("registerOutParameter");
    }

    @Override
    default void setAsciiStream(String p0, InputStream p1, int p2) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("setAsciiStream");
    }

    @Override
    default void setAsciiStream(String p0, InputStream p1, long p2) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("setAsciiStream");
    }

    @Override
    default void setAsciiStream(String p0, InputStream p1) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("setAsciiStream");
    }

    @Override
    default void setBigDecimal(String p0, BigDecimal p1) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("setBigDecimal");
    }

    @Override
    default void setBinaryStream(String p0, InputStream p1, int p2) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("setBinaryStream");
    }

    @Override
    default void setBinaryStream(String p0, InputStream p1, long p2) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("setBinaryStream");
    }

    @Override
    default void setBinaryStream(String p0, InputStream p1) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("setBinaryStream");
    }

    @Override
    default void setBlob(String p0, InputStream p1, long p2) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("setBlob");
    }

    @Override
    default void setBlob(String p0, InputStream p1) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("setBlob");
    }

    @Override
    default void setBlob(String p0, Blob p1) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("setBlob");
    }

    @Override
    default void setBoolean(String p0, boolean p1) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("setBoolean");
    }

    @Override
    default void setByte(String p0, byte p1) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("setByte");
    }

    @Override
    default void setBytes(String p0, byte[] p1) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("setBytes");
    }

    @Override
    default void setCharacterStream(String p0, Reader p1, int p2) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("setCharacterStream");
    }

    @Override
    default void setCharacterStream(String p0, Reader p1, long p2) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("setCharacterStream");
    }

    @Override
    default void setCharacterStream(String p0, Reader p1) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("setCharacterStream");
    }

    @Override
    default void setClob(String p0, Reader p1, long p2) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("setClob");
    }

    @Override
    default void setClob(String p0, Reader p1) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("setClob");
    }

    @Override
    default void setClob(String p0, Clob p1) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("setClob");
    }

    @Override
    default void setDate(String p0, Date p1, Calendar p2) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("setDate");
    }

    @Override
    default void setDate(String p0, Date p1) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("setDate");
    }

    @Override
    default void setDouble(String p0, double p1) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("setDouble");
    }

    @Override
    default void setFloat(String p0, float p1) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("setFloat");
    }

    @Override
    default void setInt(String p0, int p1) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("setInt");
    }

    @Override
    default void setLong(String p0, long p1) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("setLong");
    }

    @Override
    default void setNCharacterStream(String p0, Reader p1, long p2) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("setNCharacterStream");
    }

    @Override
    default void setNCharacterStream(String p0, Reader p1) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("setNCharacterStream");
    }

    @Override
    default void setNClob(String p0, Reader p1, long p2) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("setNClob");
    }

    @Override
    default void setNClob(String p0, Reader p1) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("setNClob");
    }

    @Override
    default void setNClob(String p0, NClob p1) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("setNClob");
    }

    @Override
    default void setNString(String p0, String p1) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("setNString");
    }

    @Override
    default void setNull(String p0, int p1, String p2) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("setNull");
    }

    @Override
    default void setNull(String p0, int p1) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("setNull");
    }

    @Override
    default void setObject(String p0, Object p1, int p2, int p3) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("setObject");
    }

    @Override
    default void setObject(String p0, Object p1, int p2) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("setObject");
    }

    @Override
    default void setObject(String p0, Object p1) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("setObject");
    }

    @Override
    default void setRowId(String p0, RowId p1) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("setRowId");
    }

    @Override
    default void setSQLXML(String p0, SQLXML p1) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("setSQLXML");
    }

    @Override
    default void setShort(String p0, short p1) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("setShort");
    }

    @Override
    default void setString(String p0, String p1) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("setString");
    }

    @Override
    default void setTime(String p0, Time p1, Calendar p2) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("setTime");
    }

    @Override
    default void setTime(String p0, Time p1) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("setTime");
    }

    @Override
    default void setTimestamp(String p0, Timestamp p1, Calendar p2) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("setTimestamp");
    }

    @Override
    default void setTimestamp(String p0, Timestamp p1) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("setTimestamp");
    }

    @Override
    default void setURL(String p0, URL p1) throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("setURL");
    }

    @Override
    default boolean wasNull() throws SQLException {
        throw UnsupportedPreparedStatement.unsupported("wasNull");
    }
}
