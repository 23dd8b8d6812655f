package org.terndb.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLClientInfoException;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.Map;
import java.util.Properties;
import org.terndb.engine.Database;
import org.terndb.engine.DatabaseRegistry;
import org.terndb.engine.Session;
import org.terndb.executor.SqlState;
import org.terndb.planner.PreparedPlan;

/**
 * A connection: one engine {@link Session}. Transactions are serializable (the isolation of every
 * serializable protocol; setting another level is accepted and changes nothing). Closing is idempotent and
 * rolls back an open transaction; closing the last connection of a named in-memory database drops it.
 */
public final class TernConnection extends UnsupportedConnection {
    private final String url;
    private final Database database;
    private final DatabaseRegistry registry;
    private final Session session;
    private boolean closed;

    TernConnection(String url, Database database, DatabaseRegistry registry) {
        this.url = url;
        this.database = database;
        this.registry = registry;
        this.session = database.openSession();
    }

    /** The engine session behind this connection (for tools inside the JVM). */
    public Session session() {
        return session;
    }

    String url() {
        return url;
    }

    Session checkedSession() throws SQLException {
        if (closed) {
            throw JdbcErrors.closed("the connection");
        }
        if (database.isClosed()) {
            throw JdbcErrors.closed("the database");
        }
        return session;
    }

    PreparedPlan prepare(String sql) throws SQLException {
        try {
            return checkedSession().prepare(sql);
        } catch (RuntimeException e) {
            throw JdbcErrors.of(e);
        }
    }

    @Override
    public Statement createStatement() throws SQLException {
        checkedSession();
        return new TernStatement(this);
    }

    @Override
    public Statement createStatement(int resultSetType, int resultSetConcurrency) throws SQLException {
        checkResultSetKind(resultSetType, resultSetConcurrency);
        return createStatement();
    }

    @Override
    public Statement createStatement(int resultSetType, int resultSetConcurrency, int holdability) throws SQLException {
        return createStatement(resultSetType, resultSetConcurrency);
    }

    @Override
    public PreparedStatement prepareStatement(String sql) throws SQLException {
        return new TernPreparedStatement(this, sql, prepare(sql));
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int resultSetType, int resultSetConcurrency) throws SQLException {
        checkResultSetKind(resultSetType, resultSetConcurrency);
        return prepareStatement(sql);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int resultSetType, int resultSetConcurrency, int holdability)
            throws SQLException {
        return prepareStatement(sql, resultSetType, resultSetConcurrency);
    }

    private static void checkResultSetKind(int type, int concurrency) throws SQLException {
        if (type != ResultSet.TYPE_FORWARD_ONLY || concurrency != ResultSet.CONCUR_READ_ONLY) {
            throw unsupported("scrollable or updatable result sets");
        }
    }

    @Override
    public String nativeSQL(String sql) throws SQLException {
        checkedSession();
        return sql;
    }

    @Override
    public void setAutoCommit(boolean autoCommit) throws SQLException {
        try {
            checkedSession().setAutoCommit(autoCommit);
        } catch (RuntimeException e) {
            throw JdbcErrors.of(e);
        }
    }

    @Override
    public boolean getAutoCommit() throws SQLException {
        return checkedSession().autoCommit();
    }

    @Override
    public void commit() throws SQLException {
        Session s = checkedSession();
        if (s.autoCommit()) {
            throw new SQLException("commit() needs autocommit off: with autocommit on every statement commits itself",
                    SqlState.INVALID_TRANSACTION_STATE);
        }
        try {
            s.commit();
        } catch (RuntimeException e) {
            throw JdbcErrors.of(e);
        }
    }

    @Override
    public void rollback() throws SQLException {
        Session s = checkedSession();
        if (s.autoCommit()) {
            throw new SQLException("rollback() needs autocommit off: with autocommit on every statement commits itself",
                    SqlState.INVALID_TRANSACTION_STATE);
        }
        s.rollback();
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            session.close();
        } finally {
            if (registry != null) {
                registry.release(database);
            } else {
                database.close();
            }
        }
    }

    @Override
    public boolean isClosed() {
        return closed || database.isClosed();
    }

    @Override
    public boolean isValid(int timeout) throws SQLException {
        if (timeout < 0) {
            throw new SQLException("timeout must not be negative", SqlState.DATA_EXCEPTION);
        }
        return !isClosed();
    }

    @Override
    public void setReadOnly(boolean readOnly) throws SQLException {
        checkedSession();
    }

    @Override
    public boolean isReadOnly() throws SQLException {
        checkedSession();
        return false;
    }

    @Override
    public void setTransactionIsolation(int level) throws SQLException {
        checkedSession();
    }

    @Override
    public int getTransactionIsolation() throws SQLException {
        checkedSession();
        return Connection.TRANSACTION_SERIALIZABLE;
    }

    @Override
    public SQLWarning getWarnings() throws SQLException {
        checkedSession();
        return null;
    }

    @Override
    public void clearWarnings() throws SQLException {
        checkedSession();
    }

    @Override
    public void setCatalog(String catalog) throws SQLException {
        checkedSession();
    }

    @Override
    public String getCatalog() throws SQLException {
        checkedSession();
        return null;
    }

    @Override
    public void setSchema(String schema) throws SQLException {
        checkedSession();
    }

    @Override
    public String getSchema() throws SQLException {
        checkedSession();
        return null;
    }

    @Override
    public int getHoldability() throws SQLException {
        checkedSession();
        return ResultSet.CLOSE_CURSORS_AT_COMMIT;
    }

    @Override
    public void setHoldability(int holdability) throws SQLException {
        checkedSession();
    }

    @Override
    public Map<String, Class<?>> getTypeMap() throws SQLException {
        checkedSession();
        return Map.of();
    }

    @Override
    public void setClientInfo(String name, String value) throws SQLClientInfoException {
        // No client info properties are defined.
    }

    @Override
    public void setClientInfo(Properties properties) throws SQLClientInfoException {
        // No client info properties are defined.
    }

    @Override
    public String getClientInfo(String name) throws SQLException {
        checkedSession();
        return null;
    }

    @Override
    public Properties getClientInfo() throws SQLException {
        checkedSession();
        return new Properties();
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

    @Override
    public String toString() {
        return "TernConnection[" + url + "]";
    }
}
