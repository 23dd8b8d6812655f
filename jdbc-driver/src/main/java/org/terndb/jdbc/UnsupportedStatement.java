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
        throw notSupported("addBatch");
    }

    @Override
    public void cancel() throws SQLException {
        throw notSupported("cancel");
    }

    @Override
    public void clearBatch() throws SQLException {
        throw notSupported("clearBatch");
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
    public void closeOnCompletion() throws SQLException {
        throw notSupported("closeOnCompletion");
    }

    @Override
    public boolean execute(String p0, int[] p1) throws SQLException {
        throw notSupported("execute");
    }

    @Override
    public boolean execute(String p0, String[] p1) throws SQLException {
        throw notSupported("execute");
    }

    @Override
    public boolean execute(String p0, int p1) throws SQLException {
        throw notSupported("execute");
    }

    @Override
    public boolean execute(String p0) throws SQLException {
        throw notSupported("execute");
    }

    @Override
    public int[] executeBatch() throws SQLException {
        throw notSupported("executeBatch");
    }

    @Override
    public ResultSet executeQuery(String p0) throws SQLException {
        throw notSupported("executeQuery");
    }

    @Override
    public int executeUpdate(String p0, int[] p1) throws SQLException {
        throw notSupported("executeUpdate");
    }

    @Override
    public int executeUpdate(String p0, String[] p1) throws SQLException {
        throw notSupported("executeUpdate");
    }

    @Override
    public int executeUpdate(String p0, int p1) throws SQLException {
        throw notSupported("executeUpdate");
    }

    @Override
    public int executeUpdate(String p0) throws SQLException {
        throw notSupported("executeUpdate");
    }

    @Override
    public Connection getConnection() throws SQLException {
        throw notSupported("getConnection");
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
    public ResultSet getGeneratedKeys() throws SQLException {
        throw notSupported("getGeneratedKeys");
    }

    @Override
    public int getMaxFieldSize() throws SQLException {
        throw notSupported("getMaxFieldSize");
    }

    @Override
    public int getMaxRows() throws SQLException {
        throw notSupported("getMaxRows");
    }

    @Override
    public boolean getMoreResults() throws SQLException {
        throw notSupported("getMoreResults");
    }

    @Override
    public boolean getMoreResults(int p0) throws SQLException {
        throw notSupported("getMoreResults");
    }

    @Override
    public int getQueryTimeout() throws SQLException {
        throw notSupported("getQueryTimeout");
    }

    @Override
    public ResultSet getResultSet() throws SQLException {
        throw notSupported("getResultSet");
    }

    @Override
    public int getResultSetConcurrency() throws SQLException {
        throw notSupported("getResultSetConcurrency");
    }

    @Override
    public int getResultSetHoldability() throws SQLException {
        throw notSupported("getResultSetHoldability");
    }

    @Override
    public int getResultSetType() throws SQLException {
        throw notSupported("getResultSetType");
    }

    @Override
    public int getUpdateCount() throws SQLException {
        throw notSupported("getUpdateCount");
    }

    @Override
    public SQLWarning getWarnings() throws SQLException {
        throw notSupported("getWarnings");
    }

    @Override
    public boolean isCloseOnCompletion() throws SQLException {
        throw notSupported("isCloseOnCompletion");
    }

    @Override
    public boolean isPoolable() throws SQLException {
        throw notSupported("isPoolable");
    }

    @Override
    public boolean isWrapperFor(Class<?> p0) throws SQLException {
        throw notSupported("isWrapperFor");
    }

    @Override
    public void setCursorName(String p0) throws SQLException {
        throw notSupported("setCursorName");
    }

    @Override
    public void setEscapeProcessing(boolean p0) throws SQLException {
        throw notSupported("setEscapeProcessing");
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
    public void setMaxFieldSize(int p0) throws SQLException {
        throw notSupported("setMaxFieldSize");
    }

    @Override
    public void setMaxRows(int p0) throws SQLException {
        throw notSupported("setMaxRows");
    }

    @Override
    public void setPoolable(boolean p0) throws SQLException {
        throw notSupported("setPoolable");
    }

    @Override
    public void setQueryTimeout(int p0) throws SQLException {
        throw notSupported("setQueryTimeout");
    }

    @Override
    public <T> T unwrap(Class<T> p0) throws SQLException {
        throw notSupported("unwrap");
    }
    // JDBC 4.2 default methods.

    @Override
    public long executeLargeUpdate(String p0, int[] p1) throws SQLException {
        throw notSupported("executeLargeUpdate with column indexes (generated keys)");
    }

    @Override
    public long executeLargeUpdate(String p0, String[] p1) throws SQLException {
        throw notSupported("executeLargeUpdate with column names (generated keys)");
    }

    /** Any use of a closed object fails with 08003 (JDBC); an unsupported method of an open one with 0A000. */
    SQLException notSupported(String method) throws SQLException {
        if (isClosed()) {
            return JdbcErrors.closed("the statement");
        }
        return unsupported(method);
    }

    static SQLFeatureNotSupportedException unsupported(String method) {
        return new SQLFeatureNotSupportedException("Statement." + method + " is not supported by TernDB yet", "0A000");
    }
}
