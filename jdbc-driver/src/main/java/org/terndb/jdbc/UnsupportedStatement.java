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
 * The parts of {@link Statement} TernDB does not implement yet. Every method fails with SQLState 0A000 until a subclass implements it, so the
 * driver's real classes hold only what TernDB supports. (Generated from the JDBC interface, then kept by hand.)
 */
@SuppressWarnings("deprecation") // the deprecated JDBC methods are stubs too
abstract class UnsupportedStatement implements Statement {

    @Override
    public void addBatch(String p0) throws SQLException {
        throw unsupported("addBatch");
    }

    @Override
    public void cancel() throws SQLException {
        throw unsupported("cancel");
    }

    @Override
    public void clearBatch() throws SQLException {
        throw unsupported("clearBatch");
    }

    @Override
    public void clearWarnings() throws SQLException {
        throw unsupported("clearWarnings");
    }

    @Override
    public void close() throws SQLException {
        throw unsupported("close");
    }

    @Override
    public void closeOnCompletion() throws SQLException {
        throw unsupported("closeOnCompletion");
    }

    @Override
    public boolean execute(String p0, int[] p1) throws SQLException {
        throw unsupported("execute");
    }

    @Override
    public boolean execute(String p0, String[] p1) throws SQLException {
        throw unsupported("execute");
    }

    @Override
    public boolean execute(String p0, int p1) throws SQLException {
        throw unsupported("execute");
    }

    @Override
    public boolean execute(String p0) throws SQLException {
        throw unsupported("execute");
    }

    @Override
    public int[] executeBatch() throws SQLException {
        throw unsupported("executeBatch");
    }

    @Override
    public ResultSet executeQuery(String p0) throws SQLException {
        throw unsupported("executeQuery");
    }

    @Override
    public int executeUpdate(String p0, int[] p1) throws SQLException {
        throw unsupported("executeUpdate");
    }

    @Override
    public int executeUpdate(String p0, String[] p1) throws SQLException {
        throw unsupported("executeUpdate");
    }

    @Override
    public int executeUpdate(String p0, int p1) throws SQLException {
        throw unsupported("executeUpdate");
    }

    @Override
    public int executeUpdate(String p0) throws SQLException {
        throw unsupported("executeUpdate");
    }

    @Override
    public Connection getConnection() throws SQLException {
        throw unsupported("getConnection");
    }

    @Override
    public int getFetchDirection() throws SQLException {
        throw unsupported("getFetchDirection");
    }

    @Override
    public int getFetchSize() throws SQLException {
        throw unsupported("getFetchSize");
    }

    @Override
    public ResultSet getGeneratedKeys() throws SQLException {
        throw unsupported("getGeneratedKeys");
    }

    @Override
    public int getMaxFieldSize() throws SQLException {
        throw unsupported("getMaxFieldSize");
    }

    @Override
    public int getMaxRows() throws SQLException {
        throw unsupported("getMaxRows");
    }

    @Override
    public boolean getMoreResults() throws SQLException {
        throw unsupported("getMoreResults");
    }

    @Override
    public boolean getMoreResults(int p0) throws SQLException {
        throw unsupported("getMoreResults");
    }

    @Override
    public int getQueryTimeout() throws SQLException {
        throw unsupported("getQueryTimeout");
    }

    @Override
    public ResultSet getResultSet() throws SQLException {
        throw unsupported("getResultSet");
    }

    @Override
    public int getResultSetConcurrency() throws SQLException {
        throw unsupported("getResultSetConcurrency");
    }

    @Override
    public int getResultSetHoldability() throws SQLException {
        throw unsupported("getResultSetHoldability");
    }

    @Override
    public int getResultSetType() throws SQLException {
        throw unsupported("getResultSetType");
    }

    @Override
    public int getUpdateCount() throws SQLException {
        throw unsupported("getUpdateCount");
    }

    @Override
    public SQLWarning getWarnings() throws SQLException {
        throw unsupported("getWarnings");
    }

    @Override
    public boolean isCloseOnCompletion() throws SQLException {
        throw unsupported("isCloseOnCompletion");
    }

    @Override
    public boolean isClosed() throws SQLException {
        throw unsupported("isClosed");
    }

    @Override
    public boolean isPoolable() throws SQLException {
        throw unsupported("isPoolable");
    }

    @Override
    public boolean isWrapperFor(Class<?> p0) throws SQLException {
        throw unsupported("isWrapperFor");
    }

    @Override
    public void setCursorName(String p0) throws SQLException {
        throw unsupported("setCursorName");
    }

    @Override
    public void setEscapeProcessing(boolean p0) throws SQLException {
        throw unsupported("setEscapeProcessing");
    }

    @Override
    public void setFetchDirection(int p0) throws SQLException {
        throw unsupported("setFetchDirection");
    }

    @Override
    public void setFetchSize(int p0) throws SQLException {
        throw unsupported("setFetchSize");
    }

    @Override
    public void setMaxFieldSize(int p0) throws SQLException {
        throw unsupported("setMaxFieldSize");
    }

    @Override
    public void setMaxRows(int p0) throws SQLException {
        throw unsupported("setMaxRows");
    }

    @Override
    public void setPoolable(boolean p0) throws SQLException {
        throw unsupported("setPoolable");
    }

    @Override
    public void setQueryTimeout(int p0) throws SQLException {
        throw unsupported("setQueryTimeout");
    }

    @Override
    public <T> T unwrap(Class<T> p0) throws SQLException {
        throw unsupported("unwrap");
    }
    static SQLFeatureNotSupportedException unsupported(String method) {
        return new SQLFeatureNotSupportedException("Statement." + method + " is not supported by TernDB yet", "0A000");
    }
}
