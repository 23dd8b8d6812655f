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
 * The parts of {@link Connection} TernDB does not implement yet. Every method fails with SQLState 0A000 until a subclass implements it, so the
 * driver's real classes hold only what TernDB supports. (Generated from the JDBC interface, then kept by hand.)
 */
@SuppressWarnings("deprecation") // the deprecated JDBC methods are stubs too
abstract class UnsupportedConnection implements Connection {

    @Override
    public void abort(Executor p0) throws SQLException {
        throw notSupported("abort");
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
    public void commit() throws SQLException {
        throw notSupported("commit");
    }

    @Override
    public Array createArrayOf(String p0, Object[] p1) throws SQLException {
        throw notSupported("createArrayOf");
    }

    @Override
    public Blob createBlob() throws SQLException {
        throw notSupported("createBlob");
    }

    @Override
    public Clob createClob() throws SQLException {
        throw notSupported("createClob");
    }

    @Override
    public NClob createNClob() throws SQLException {
        throw notSupported("createNClob");
    }

    @Override
    public SQLXML createSQLXML() throws SQLException {
        throw notSupported("createSQLXML");
    }

    @Override
    public Statement createStatement() throws SQLException {
        throw notSupported("createStatement");
    }

    @Override
    public Statement createStatement(int p0, int p1, int p2) throws SQLException {
        throw notSupported("createStatement");
    }

    @Override
    public Statement createStatement(int p0, int p1) throws SQLException {
        throw notSupported("createStatement");
    }

    @Override
    public Struct createStruct(String p0, Object[] p1) throws SQLException {
        throw notSupported("createStruct");
    }

    @Override
    public boolean getAutoCommit() throws SQLException {
        throw notSupported("getAutoCommit");
    }

    @Override
    public String getCatalog() throws SQLException {
        throw notSupported("getCatalog");
    }

    @Override
    public Properties getClientInfo() throws SQLException {
        throw notSupported("getClientInfo");
    }

    @Override
    public String getClientInfo(String p0) throws SQLException {
        throw notSupported("getClientInfo");
    }

    @Override
    public int getHoldability() throws SQLException {
        throw notSupported("getHoldability");
    }

    @Override
    public DatabaseMetaData getMetaData() throws SQLException {
        throw notSupported("getMetaData");
    }

    @Override
    public int getNetworkTimeout() throws SQLException {
        throw notSupported("getNetworkTimeout");
    }

    @Override
    public String getSchema() throws SQLException {
        throw notSupported("getSchema");
    }

    @Override
    public int getTransactionIsolation() throws SQLException {
        throw notSupported("getTransactionIsolation");
    }

    @Override
    public Map<String, Class<?>> getTypeMap() throws SQLException {
        throw notSupported("getTypeMap");
    }

    @Override
    public SQLWarning getWarnings() throws SQLException {
        throw notSupported("getWarnings");
    }

    @Override
    public boolean isReadOnly() throws SQLException {
        throw notSupported("isReadOnly");
    }

    @Override
    public boolean isValid(int p0) throws SQLException {
        throw notSupported("isValid");
    }

    @Override
    public boolean isWrapperFor(Class<?> p0) throws SQLException {
        throw notSupported("isWrapperFor");
    }

    @Override
    public String nativeSQL(String p0) throws SQLException {
        throw notSupported("nativeSQL");
    }

    @Override
    public CallableStatement prepareCall(String p0, int p1, int p2, int p3) throws SQLException {
        throw notSupported("prepareCall");
    }

    @Override
    public CallableStatement prepareCall(String p0, int p1, int p2) throws SQLException {
        throw notSupported("prepareCall");
    }

    @Override
    public CallableStatement prepareCall(String p0) throws SQLException {
        throw notSupported("prepareCall");
    }

    @Override
    public PreparedStatement prepareStatement(String p0, int[] p1) throws SQLException {
        throw notSupported("prepareStatement");
    }

    @Override
    public PreparedStatement prepareStatement(String p0, String[] p1) throws SQLException {
        throw notSupported("prepareStatement");
    }

    @Override
    public PreparedStatement prepareStatement(String p0, int p1, int p2, int p3) throws SQLException {
        throw notSupported("prepareStatement");
    }

    @Override
    public PreparedStatement prepareStatement(String p0, int p1, int p2) throws SQLException {
        throw notSupported("prepareStatement");
    }

    @Override
    public PreparedStatement prepareStatement(String p0, int p1) throws SQLException {
        throw notSupported("prepareStatement");
    }

    @Override
    public PreparedStatement prepareStatement(String p0) throws SQLException {
        throw notSupported("prepareStatement");
    }

    @Override
    public void releaseSavepoint(Savepoint p0) throws SQLException {
        throw notSupported("releaseSavepoint");
    }

    @Override
    public void rollback() throws SQLException {
        throw notSupported("rollback");
    }

    @Override
    public void rollback(Savepoint p0) throws SQLException {
        throw notSupported("rollback");
    }

    @Override
    public void setAutoCommit(boolean p0) throws SQLException {
        throw notSupported("setAutoCommit");
    }

    @Override
    public void setCatalog(String p0) throws SQLException {
        throw notSupported("setCatalog");
    }

    @Override
    public void setHoldability(int p0) throws SQLException {
        throw notSupported("setHoldability");
    }

    @Override
    public void setNetworkTimeout(Executor p0, int p1) throws SQLException {
        throw notSupported("setNetworkTimeout");
    }

    @Override
    public void setReadOnly(boolean p0) throws SQLException {
        throw notSupported("setReadOnly");
    }

    @Override
    public Savepoint setSavepoint() throws SQLException {
        throw notSupported("setSavepoint");
    }

    @Override
    public Savepoint setSavepoint(String p0) throws SQLException {
        throw notSupported("setSavepoint");
    }

    @Override
    public void setSchema(String p0) throws SQLException {
        throw notSupported("setSchema");
    }

    @Override
    public void setTransactionIsolation(int p0) throws SQLException {
        throw notSupported("setTransactionIsolation");
    }

    @Override
    public void setTypeMap(Map<String, Class<?>> p0) throws SQLException {
        throw notSupported("setTypeMap");
    }

    @Override
    public <T> T unwrap(Class<T> p0) throws SQLException {
        throw notSupported("unwrap");
    }
    // JDBC 4.3 default methods: a closed connection rejects them too.

    @Override
    public void beginRequest() throws SQLException {
        if (isClosed()) {
            throw JdbcErrors.closed("the connection");
        }
    }

    @Override
    public void endRequest() throws SQLException {
        if (isClosed()) {
            throw JdbcErrors.closed("the connection");
        }
    }

    @Override
    public boolean setShardingKeyIfValid(ShardingKey p0, ShardingKey p1, int p2) throws SQLException {
        throw notSupported("setShardingKeyIfValid");
    }

    @Override
    public boolean setShardingKeyIfValid(ShardingKey p0, int p1) throws SQLException {
        throw notSupported("setShardingKeyIfValid");
    }

    @Override
    public void setShardingKey(ShardingKey p0, ShardingKey p1) throws SQLException {
        throw notSupported("setShardingKey");
    }

    @Override
    public void setShardingKey(ShardingKey p0) throws SQLException {
        throw notSupported("setShardingKey");
    }

    /** Any use of a closed object fails with 08003 (JDBC); an unsupported method of an open one with 0A000. */
    final SQLException notSupported(String method) throws SQLException {
        if (isClosed()) {
            return JdbcErrors.closed("the connection");
        }
        return unsupported(method);
    }

    static SQLFeatureNotSupportedException unsupported(String method) {
        return new SQLFeatureNotSupportedException("Connection." + method + " is not supported by TernDB yet", "0A000");
    }
}
