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
 * The parts of {@link ResultSet} TernDB does not implement yet. Every method fails with SQLState 0A000 until a subclass implements it, so the
 * driver's real classes hold only what TernDB supports. (Generated from the JDBC interface, then kept by hand.)
 */
@SuppressWarnings("deprecation") // the deprecated JDBC methods are stubs too
abstract class UnsupportedResultSet implements ResultSet {

    @Override
    public boolean absolute(int p0) throws SQLException {
        throw notSupported("absolute");
    }

    @Override
    public void afterLast() throws SQLException {
        throw notSupported("afterLast");
    }

    @Override
    public void beforeFirst() throws SQLException {
        throw notSupported("beforeFirst");
    }

    @Override
    public void cancelRowUpdates() throws SQLException {
        throw notSupported("cancelRowUpdates");
    }

    @Override
    public void clearWarnings() throws SQLException {
        throw notSupported("clearWarnings");
    }

    @Override
    public void close() throws SQLException {
        throw notSupported("close");
    }

    @Override
    public void deleteRow() throws SQLException {
        throw notSupported("deleteRow");
    }

    @Override
    public int findColumn(String p0) throws SQLException {
        throw notSupported("findColumn");
    }

    @Override
    public boolean first() throws SQLException {
        throw notSupported("first");
    }

    @Override
    public Array getArray(String p0) throws SQLException {
        throw notSupported("getArray");
    }

    @Override
    public Array getArray(int p0) throws SQLException {
        throw notSupported("getArray");
    }

    @Override
    public java.io.InputStream getAsciiStream(String p0) throws SQLException {
        throw notSupported("getAsciiStream");
    }

    @Override
    public java.io.InputStream getAsciiStream(int p0) throws SQLException {
        throw notSupported("getAsciiStream");
    }

    @Override
    public java.math.BigDecimal getBigDecimal(String p0, int p1) throws SQLException {
        throw notSupported("getBigDecimal");
    }

    @Override
    public java.math.BigDecimal getBigDecimal(String p0) throws SQLException {
        throw notSupported("getBigDecimal");
    }

    @Override
    public java.math.BigDecimal getBigDecimal(int p0, int p1) throws SQLException {
        throw notSupported("getBigDecimal");
    }

    @Override
    public java.math.BigDecimal getBigDecimal(int p0) throws SQLException {
        throw notSupported("getBigDecimal");
    }

    @Override
    public java.io.InputStream getBinaryStream(String p0) throws SQLException {
        throw notSupported("getBinaryStream");
    }

    @Override
    public java.io.InputStream getBinaryStream(int p0) throws SQLException {
        throw notSupported("getBinaryStream");
    }

    @Override
    public Blob getBlob(String p0) throws SQLException {
        throw notSupported("getBlob");
    }

    @Override
    public Blob getBlob(int p0) throws SQLException {
        throw notSupported("getBlob");
    }

    @Override
    public boolean getBoolean(String p0) throws SQLException {
        throw notSupported("getBoolean");
    }

    @Override
    public boolean getBoolean(int p0) throws SQLException {
        throw notSupported("getBoolean");
    }

    @Override
    public byte getByte(String p0) throws SQLException {
        throw notSupported("getByte");
    }

    @Override
    public byte getByte(int p0) throws SQLException {
        throw notSupported("getByte");
    }

    @Override
    public byte[] getBytes(String p0) throws SQLException {
        throw notSupported("getBytes");
    }

    @Override
    public byte[] getBytes(int p0) throws SQLException {
        throw notSupported("getBytes");
    }

    @Override
    public java.io.Reader getCharacterStream(String p0) throws SQLException {
        throw notSupported("getCharacterStream");
    }

    @Override
    public java.io.Reader getCharacterStream(int p0) throws SQLException {
        throw notSupported("getCharacterStream");
    }

    @Override
    public Clob getClob(String p0) throws SQLException {
        throw notSupported("getClob");
    }

    @Override
    public Clob getClob(int p0) throws SQLException {
        throw notSupported("getClob");
    }

    @Override
    public int getConcurrency() throws SQLException {
        throw notSupported("getConcurrency");
    }

    @Override
    public String getCursorName() throws SQLException {
        throw notSupported("getCursorName");
    }

    @Override
    public Date getDate(String p0, Calendar p1) throws SQLException {
        throw notSupported("getDate");
    }

    @Override
    public Date getDate(String p0) throws SQLException {
        throw notSupported("getDate");
    }

    @Override
    public Date getDate(int p0, Calendar p1) throws SQLException {
        throw notSupported("getDate");
    }

    @Override
    public Date getDate(int p0) throws SQLException {
        throw notSupported("getDate");
    }

    @Override
    public double getDouble(String p0) throws SQLException {
        throw notSupported("getDouble");
    }

    @Override
    public double getDouble(int p0) throws SQLException {
        throw notSupported("getDouble");
    }

    @Override
    public int getFetchDirection() throws SQLException {
        throw notSupported("getFetchDirection");
    }

    @Override
    public int getFetchSize() throws SQLException {
        throw notSupported("getFetchSize");
    }

    @Override
    public float getFloat(String p0) throws SQLException {
        throw notSupported("getFloat");
    }

    @Override
    public float getFloat(int p0) throws SQLException {
        throw notSupported("getFloat");
    }

    @Override
    public int getHoldability() throws SQLException {
        throw notSupported("getHoldability");
    }

    @Override
    public int getInt(String p0) throws SQLException {
        throw notSupported("getInt");
    }

    @Override
    public int getInt(int p0) throws SQLException {
        throw notSupported("getInt");
    }

    @Override
    public long getLong(String p0) throws SQLException {
        throw notSupported("getLong");
    }

    @Override
    public long getLong(int p0) throws SQLException {
        throw notSupported("getLong");
    }

    @Override
    public ResultSetMetaData getMetaData() throws SQLException {
        throw notSupported("getMetaData");
    }

    @Override
    public java.io.Reader getNCharacterStream(String p0) throws SQLException {
        throw notSupported("getNCharacterStream");
    }

    @Override
    public java.io.Reader getNCharacterStream(int p0) throws SQLException {
        throw notSupported("getNCharacterStream");
    }

    @Override
    public NClob getNClob(String p0) throws SQLException {
        throw notSupported("getNClob");
    }

    @Override
    public NClob getNClob(int p0) throws SQLException {
        throw notSupported("getNClob");
    }

    @Override
    public String getNString(String p0) throws SQLException {
        throw notSupported("getNString");
    }

    @Override
    public String getNString(int p0) throws SQLException {
        throw notSupported("getNString");
    }

    @Override
    public <T> T getObject(String p0, Class<T> p1) throws SQLException {
        throw notSupported("getObject");
    }

    @Override
    public Object getObject(String p0, Map<String, Class<?>> p1) throws SQLException {
        throw notSupported("getObject");
    }

    @Override
    public Object getObject(String p0) throws SQLException {
        throw notSupported("getObject");
    }

    @Override
    public <T> T getObject(int p0, Class<T> p1) throws SQLException {
        throw notSupported("getObject");
    }

    @Override
    public Object getObject(int p0, Map<String, Class<?>> p1) throws SQLException {
        throw notSupported("getObject");
    }

    @Override
    public Object getObject(int p0) throws SQLException {
        throw notSupported("getObject");
    }

    @Override
    public Ref getRef(String p0) throws SQLException {
        throw notSupported("getRef");
    }

    @Override
    public Ref getRef(int p0) throws SQLException {
        throw notSupported("getRef");
    }

    @Override
    public int getRow() throws SQLException {
        throw notSupported("getRow");
    }

    @Override
    public RowId getRowId(String p0) throws SQLException {
        throw notSupported("getRowId");
    }

    @Override
    public RowId getRowId(int p0) throws SQLException {
        throw notSupported("getRowId");
    }

    @Override
    public SQLXML getSQLXML(String p0) throws SQLException {
        throw notSupported("getSQLXML");
    }

    @Override
    public SQLXML getSQLXML(int p0) throws SQLException {
        throw notSupported("getSQLXML");
    }

    @Override
    public short getShort(String p0) throws SQLException {
        throw notSupported("getShort");
    }

    @Override
    public short getShort(int p0) throws SQLException {
        throw notSupported("getShort");
    }

    @Override
    public Statement getStatement() throws SQLException {
        throw notSupported("getStatement");
    }

    @Override
    public String getString(String p0) throws SQLException {
        throw notSupported("getString");
    }

    @Override
    public String getString(int p0) throws SQLException {
        throw notSupported("getString");
    }

    @Override
    public Time getTime(String p0, Calendar p1) throws SQLException {
        throw notSupported("getTime");
    }

    @Override
    public Time getTime(String p0) throws SQLException {
        throw notSupported("getTime");
    }

    @Override
    public Time getTime(int p0, Calendar p1) throws SQLException {
        throw notSupported("getTime");
    }

    @Override
    public Time getTime(int p0) throws SQLException {
        throw notSupported("getTime");
    }

    @Override
    public Timestamp getTimestamp(String p0, Calendar p1) throws SQLException {
        throw notSupported("getTimestamp");
    }

    @Override
    public Timestamp getTimestamp(String p0) throws SQLException {
        throw notSupported("getTimestamp");
    }

    @Override
    public Timestamp getTimestamp(int p0, Calendar p1) throws SQLException {
        throw notSupported("getTimestamp");
    }

    @Override
    public Timestamp getTimestamp(int p0) throws SQLException {
        throw notSupported("getTimestamp");
    }

    @Override
    public int getType() throws SQLException {
        throw notSupported("getType");
    }

    @Override
    public java.net.URL getURL(String p0) throws SQLException {
        throw notSupported("getURL");
    }

    @Override
    public java.net.URL getURL(int p0) throws SQLException {
        throw notSupported("getURL");
    }

    @Override
    public java.io.InputStream getUnicodeStream(String p0) throws SQLException {
        throw notSupported("getUnicodeStream");
    }

    @Override
    public java.io.InputStream getUnicodeStream(int p0) throws SQLException {
        throw notSupported("getUnicodeStream");
    }

    @Override
    public SQLWarning getWarnings() throws SQLException {
        throw notSupported("getWarnings");
    }

    @Override
    public void insertRow() throws SQLException {
        throw notSupported("insertRow");
    }

    @Override
    public boolean isAfterLast() throws SQLException {
        throw notSupported("isAfterLast");
    }

    @Override
    public boolean isBeforeFirst() throws SQLException {
        throw notSupported("isBeforeFirst");
    }

    @Override
    public boolean isFirst() throws SQLException {
        throw notSupported("isFirst");
    }

    @Override
    public boolean isLast() throws SQLException {
        throw notSupported("isLast");
    }

    @Override
    public boolean isWrapperFor(Class<?> p0) throws SQLException {
        throw notSupported("isWrapperFor");
    }

    @Override
    public boolean last() throws SQLException {
        throw notSupported("last");
    }

    @Override
    public void moveToCurrentRow() throws SQLException {
        throw notSupported("moveToCurrentRow");
    }

    @Override
    public void moveToInsertRow() throws SQLException {
        throw notSupported("moveToInsertRow");
    }

    @Override
    public boolean next() throws SQLException {
        throw notSupported("next");
    }

    @Override
    public boolean previous() throws SQLException {
        throw notSupported("previous");
    }

    @Override
    public void refreshRow() throws SQLException {
        throw notSupported("refreshRow");
    }

    @Override
    public boolean relative(int p0) throws SQLException {
        throw notSupported("relative");
    }

    @Override
    public boolean rowDeleted() throws SQLException {
        throw notSupported("rowDeleted");
    }

    @Override
    public boolean rowInserted() throws SQLException {
        throw notSupported("rowInserted");
    }

    @Override
    public boolean rowUpdated() throws SQLException {
        throw notSupported("rowUpdated");
    }

    @Override
    public void setFetchDirection(int p0) throws SQLException {
        throw notSupported("setFetchDirection");
    }

    @Override
    public void setFetchSize(int p0) throws SQLException {
        throw notSupported("setFetchSize");
    }

    @Override
    public <T> T unwrap(Class<T> p0) throws SQLException {
        throw notSupported("unwrap");
    }

    @Override
    public void updateArray(String p0, Array p1) throws SQLException {
        throw notSupported("updateArray");
    }

    @Override
    public void updateArray(int p0, Array p1) throws SQLException {
        throw notSupported("updateArray");
    }

    @Override
    public void updateAsciiStream(String p0, java.io.InputStream p1, int p2) throws SQLException {
        throw notSupported("updateAsciiStream");
    }

    @Override
    public void updateAsciiStream(String p0, java.io.InputStream p1, long p2) throws SQLException {
        throw notSupported("updateAsciiStream");
    }

    @Override
    public void updateAsciiStream(String p0, java.io.InputStream p1) throws SQLException {
        throw notSupported("updateAsciiStream");
    }

    @Override
    public void updateAsciiStream(int p0, java.io.InputStream p1, int p2) throws SQLException {
        throw notSupported("updateAsciiStream");
    }

    @Override
    public void updateAsciiStream(int p0, java.io.InputStream p1, long p2) throws SQLException {
        throw notSupported("updateAsciiStream");
    }

    @Override
    public void updateAsciiStream(int p0, java.io.InputStream p1) throws SQLException {
        throw notSupported("updateAsciiStream");
    }

    @Override
    public void updateBigDecimal(String p0, java.math.BigDecimal p1) throws SQLException {
        throw notSupported("updateBigDecimal");
    }

    @Override
    public void updateBigDecimal(int p0, java.math.BigDecimal p1) throws SQLException {
        throw notSupported("updateBigDecimal");
    }

    @Override
    public void updateBinaryStream(String p0, java.io.InputStream p1, int p2) throws SQLException {
        throw notSupported("updateBinaryStream");
    }

    @Override
    public void updateBinaryStream(String p0, java.io.InputStream p1, long p2) throws SQLException {
        throw notSupported("updateBinaryStream");
    }

    @Override
    public void updateBinaryStream(String p0, java.io.InputStream p1) throws SQLException {
        throw notSupported("updateBinaryStream");
    }

    @Override
    public void updateBinaryStream(int p0, java.io.InputStream p1, int p2) throws SQLException {
        throw notSupported("updateBinaryStream");
    }

    @Override
    public void updateBinaryStream(int p0, java.io.InputStream p1, long p2) throws SQLException {
        throw notSupported("updateBinaryStream");
    }

    @Override
    public void updateBinaryStream(int p0, java.io.InputStream p1) throws SQLException {
        throw notSupported("updateBinaryStream");
    }

    @Override
    public void updateBlob(String p0, java.io.InputStream p1, long p2) throws SQLException {
        throw notSupported("updateBlob");
    }

    @Override
    public void updateBlob(String p0, java.io.InputStream p1) throws SQLException {
        throw notSupported("updateBlob");
    }

    @Override
    public void updateBlob(String p0, Blob p1) throws SQLException {
        throw notSupported("updateBlob");
    }

    @Override
    public void updateBlob(int p0, java.io.InputStream p1, long p2) throws SQLException {
        throw notSupported("updateBlob");
    }

    @Override
    public void updateBlob(int p0, java.io.InputStream p1) throws SQLException {
        throw notSupported("updateBlob");
    }

    @Override
    public void updateBlob(int p0, Blob p1) throws SQLException {
        throw notSupported("updateBlob");
    }

    @Override
    public void updateBoolean(String p0, boolean p1) throws SQLException {
        throw notSupported("updateBoolean");
    }

    @Override
    public void updateBoolean(int p0, boolean p1) throws SQLException {
        throw notSupported("updateBoolean");
    }

    @Override
    public void updateByte(String p0, byte p1) throws SQLException {
        throw notSupported("updateByte");
    }

    @Override
    public void updateByte(int p0, byte p1) throws SQLException {
        throw notSupported("updateByte");
    }

    @Override
    public void updateBytes(String p0, byte[] p1) throws SQLException {
        throw notSupported("updateBytes");
    }

    @Override
    public void updateBytes(int p0, byte[] p1) throws SQLException {
        throw notSupported("updateBytes");
    }

    @Override
    public void updateCharacterStream(String p0, java.io.Reader p1, int p2) throws SQLException {
        throw notSupported("updateCharacterStream");
    }

    @Override
    public void updateCharacterStream(String p0, java.io.Reader p1, long p2) throws SQLException {
        throw notSupported("updateCharacterStream");
    }

    @Override
    public void updateCharacterStream(String p0, java.io.Reader p1) throws SQLException {
        throw notSupported("updateCharacterStream");
    }

    @Override
    public void updateCharacterStream(int p0, java.io.Reader p1, int p2) throws SQLException {
        throw notSupported("updateCharacterStream");
    }

    @Override
    public void updateCharacterStream(int p0, java.io.Reader p1, long p2) throws SQLException {
        throw notSupported("updateCharacterStream");
    }

    @Override
    public void updateCharacterStream(int p0, java.io.Reader p1) throws SQLException {
        throw notSupported("updateCharacterStream");
    }

    @Override
    public void updateClob(String p0, java.io.Reader p1, long p2) throws SQLException {
        throw notSupported("updateClob");
    }

    @Override
    public void updateClob(String p0, java.io.Reader p1) throws SQLException {
        throw notSupported("updateClob");
    }

    @Override
    public void updateClob(String p0, Clob p1) throws SQLException {
        throw notSupported("updateClob");
    }

    @Override
    public void updateClob(int p0, java.io.Reader p1, long p2) throws SQLException {
        throw notSupported("updateClob");
    }

    @Override
    public void updateClob(int p0, java.io.Reader p1) throws SQLException {
        throw notSupported("updateClob");
    }

    @Override
    public void updateClob(int p0, Clob p1) throws SQLException {
        throw notSupported("updateClob");
    }

    @Override
    public void updateDate(String p0, Date p1) throws SQLException {
        throw notSupported("updateDate");
    }

    @Override
    public void updateDate(int p0, Date p1) throws SQLException {
        throw notSupported("updateDate");
    }

    @Override
    public void updateDouble(String p0, double p1) throws SQLException {
        throw notSupported("updateDouble");
    }

    @Override
    public void updateDouble(int p0, double p1) throws SQLException {
        throw notSupported("updateDouble");
    }

    @Override
    public void updateFloat(String p0, float p1) throws SQLException {
        throw notSupported("updateFloat");
    }

    @Override
    public void updateFloat(int p0, float p1) throws SQLException {
        throw notSupported("updateFloat");
    }

    @Override
    public void updateInt(String p0, int p1) throws SQLException {
        throw notSupported("updateInt");
    }

    @Override
    public void updateInt(int p0, int p1) throws SQLException {
        throw notSupported("updateInt");
    }

    @Override
    public void updateLong(String p0, long p1) throws SQLException {
        throw notSupported("updateLong");
    }

    @Override
    public void updateLong(int p0, long p1) throws SQLException {
        throw notSupported("updateLong");
    }

    @Override
    public void updateNCharacterStream(String p0, java.io.Reader p1, long p2) throws SQLException {
        throw notSupported("updateNCharacterStream");
    }

    @Override
    public void updateNCharacterStream(String p0, java.io.Reader p1) throws SQLException {
        throw notSupported("updateNCharacterStream");
    }

    @Override
    public void updateNCharacterStream(int p0, java.io.Reader p1, long p2) throws SQLException {
        throw notSupported("updateNCharacterStream");
    }

    @Override
    public void updateNCharacterStream(int p0, java.io.Reader p1) throws SQLException {
        throw notSupported("updateNCharacterStream");
    }

    @Override
    public void updateNClob(String p0, java.io.Reader p1, long p2) throws SQLException {
        throw notSupported("updateNClob");
    }

    @Override
    public void updateNClob(String p0, java.io.Reader p1) throws SQLException {
        throw notSupported("updateNClob");
    }

    @Override
    public void updateNClob(String p0, NClob p1) throws SQLException {
        throw notSupported("updateNClob");
    }

    @Override
    public void updateNClob(int p0, java.io.Reader p1, long p2) throws SQLException {
        throw notSupported("updateNClob");
    }

    @Override
    public void updateNClob(int p0, java.io.Reader p1) throws SQLException {
        throw notSupported("updateNClob");
    }

    @Override
    public void updateNClob(int p0, NClob p1) throws SQLException {
        throw notSupported("updateNClob");
    }

    @Override
    public void updateNString(String p0, String p1) throws SQLException {
        throw notSupported("updateNString");
    }

    @Override
    public void updateNString(int p0, String p1) throws SQLException {
        throw notSupported("updateNString");
    }

    @Override
    public void updateNull(String p0) throws SQLException {
        throw notSupported("updateNull");
    }

    @Override
    public void updateNull(int p0) throws SQLException {
        throw notSupported("updateNull");
    }

    @Override
    public void updateObject(String p0, Object p1, int p2) throws SQLException {
        throw notSupported("updateObject");
    }

    @Override
    public void updateObject(String p0, Object p1) throws SQLException {
        throw notSupported("updateObject");
    }

    @Override
    public void updateObject(int p0, Object p1, int p2) throws SQLException {
        throw notSupported("updateObject");
    }

    @Override
    public void updateObject(int p0, Object p1) throws SQLException {
        throw notSupported("updateObject");
    }

    @Override
    public void updateRef(String p0, Ref p1) throws SQLException {
        throw notSupported("updateRef");
    }

    @Override
    public void updateRef(int p0, Ref p1) throws SQLException {
        throw notSupported("updateRef");
    }

    @Override
    public void updateRow() throws SQLException {
        throw notSupported("updateRow");
    }

    @Override
    public void updateRowId(String p0, RowId p1) throws SQLException {
        throw notSupported("updateRowId");
    }

    @Override
    public void updateRowId(int p0, RowId p1) throws SQLException {
        throw notSupported("updateRowId");
    }

    @Override
    public void updateSQLXML(String p0, SQLXML p1) throws SQLException {
        throw notSupported("updateSQLXML");
    }

    @Override
    public void updateSQLXML(int p0, SQLXML p1) throws SQLException {
        throw notSupported("updateSQLXML");
    }

    @Override
    public void updateShort(String p0, short p1) throws SQLException {
        throw notSupported("updateShort");
    }

    @Override
    public void updateShort(int p0, short p1) throws SQLException {
        throw notSupported("updateShort");
    }

    @Override
    public void updateString(String p0, String p1) throws SQLException {
        throw notSupported("updateString");
    }

    @Override
    public void updateString(int p0, String p1) throws SQLException {
        throw notSupported("updateString");
    }

    @Override
    public void updateTime(String p0, Time p1) throws SQLException {
        throw notSupported("updateTime");
    }

    @Override
    public void updateTime(int p0, Time p1) throws SQLException {
        throw notSupported("updateTime");
    }

    @Override
    public void updateTimestamp(String p0, Timestamp p1) throws SQLException {
        throw notSupported("updateTimestamp");
    }

    @Override
    public void updateTimestamp(int p0, Timestamp p1) throws SQLException {
        throw notSupported("updateTimestamp");
    }

    @Override
    public boolean wasNull() throws SQLException {
        throw notSupported("wasNull");
    }
    // JDBC 4.2 default methods: result sets are read-only.

    @Override
    public void updateObject(int p0, Object p1, SQLType p2, int p3) throws SQLException {
        throw notSupported("updateObject");
    }

    @Override
    public void updateObject(String p0, Object p1, SQLType p2, int p3) throws SQLException {
        throw notSupported("updateObject");
    }

    @Override
    public void updateObject(int p0, Object p1, SQLType p2) throws SQLException {
        throw notSupported("updateObject");
    }

    @Override
    public void updateObject(String p0, Object p1, SQLType p2) throws SQLException {
        throw notSupported("updateObject");
    }

    /** Any use of a closed object fails with 08003 (JDBC); an unsupported method of an open one with 0A000. */
    final SQLException notSupported(String method) throws SQLException {
        if (isClosed()) {
            return JdbcErrors.closed("the result set");
        }
        return unsupported(method);
    }

    static SQLFeatureNotSupportedException unsupported(String method) {
        return new SQLFeatureNotSupportedException("ResultSet." + method + " is not supported by TernDB yet", "0A000");
    }
}
