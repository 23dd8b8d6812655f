package org.terndb.jdbc;

import java.sql.CallableStatement;
import java.sql.ClientInfoStatus;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLClientInfoException;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Executor;
import org.terndb.engine.Database;
import org.terndb.engine.DatabaseRegistry;
import org.terndb.engine.Session;
import org.terndb.executor.SqlState;
import org.terndb.planner.PreparedPlan;

/**
 * A connection: one engine {@link Session}, used by one thread at a time. Autocommit is on by default.
 * The isolation level is the protocol's (see the package documentation): serializable, or snapshot
 * isolation (reported as {@code TRANSACTION_REPEATABLE_READ}) under {@code protocol=si}. Read-only mode
 * is enforced: a write or DDL statement fails with 25006. Closing is idempotent and rolls back an open
 * transaction; closing the last connection of a named in-memory database drops it.
 *
 * <p>Closing from another thread ({@link #close()} or {@link #abort}) marks the connection closed at once (every
 * later use fails with 08003). An open transaction whose thread is not running a statement is rolled back by
 * the closing thread before close returns, so its 2PL and MOCC locks are free then. A statement running on
 * another thread is aborted at its next operation (a lock wait included) and fails with 08003; close returns once
 * that statement has returned and the session is rolled back and released (by either thread), or after a second if
 * the statement has not returned by then, in which case its thread rolls back and releases as it returns.
 */
public final class TernConnection extends UnsupportedConnection {
    private final String url;
    private final Database database;
    private final DatabaseRegistry registry;
    private final Session session;
    private volatile boolean closed;
    private boolean readOnly;
    private SQLWarning warnings;
    private TernDatabaseMetaData metaData;

    TernConnection(String url, Database database, DatabaseRegistry registry) {
        this.url = url;
        this.database = database;
        this.registry = registry;
        this.session = database.openSession();
        session.onClose(this::release); // when the session has closed, whichever thread closed it
    }

    /** The engine session behind this connection (for tools inside the JVM). */
    public Session session() {
        return session;
    }

    String url() {
        return url;
    }

    Database database() {
        return database;
    }

    /** The session, or 08003 if this connection or its database is closed. */
    Session checkedSession() throws SQLException {
        checkOpen();
        return session;
    }

    /** 08003 if this connection or its database is closed. */
    void checkOpen() throws SQLException {
        if (closed) {
            throw JdbcErrors.closed("the connection");
        }
        if (database.isClosed()) {
            throw JdbcErrors.closed("the database");
        }
    }

    /**
     * The session for an operation on this thread (a statement, commit, rollback): 08003 if closed, 25000 if another
     * thread holds the open transaction. The session itself orders the operation against a close from another
     * thread (see {@link #close()}).
     */
    Session enter() throws SQLException {
        checkOpen();
        Thread owner = session.transactionThread();
        if (owner != null && owner != Thread.currentThread()) {
            throw new SQLException("the open transaction belongs to thread '" + owner.getName() + "'; use the "
                    + "connection from that thread, or commit or roll back there first",
                    SqlState.INVALID_TRANSACTION_STATE);
        }
        return session;
    }

    PreparedPlan prepare(String sql) throws SQLException {
        checkOpen();
        try {
            return session.prepare(TernCallableStatement.unescape(sql));
        } catch (RuntimeException | StackOverflowError | AssertionError e) {
            throw JdbcErrors.of(e);
        }
    }

    /** Fails with 25006 if the connection is read-only and {@code plan} writes or changes the schema. */
    void checkWritable(PreparedPlan plan) throws SQLException {
        if (readOnly && !plan.explain() && plan.kind() != PreparedPlan.Kind.QUERY) {
            throw new SQLException("the connection is read-only: " + plan.sql() + " would "
                    + (plan.kind() == PreparedPlan.Kind.DDL ? "change the schema" : "write")
                    + "; call setReadOnly(false) first", "25006");
        }
    }

    // ---- statements ------------------------------------------------------------------------------

    @Override
    public Statement createStatement() throws SQLException {
        checkOpen();
        return new TernStatement(this);
    }

    @Override
    public Statement createStatement(int resultSetType, int resultSetConcurrency) throws SQLException {
        checkOpen();
        checkResultSetKind(resultSetType, resultSetConcurrency);
        return createStatement();
    }

    @Override
    public Statement createStatement(int resultSetType, int resultSetConcurrency, int holdability) throws SQLException {
        checkOpen();
        checkHoldability(holdability);
        return createStatement(resultSetType, resultSetConcurrency);
    }

    @Override
    public PreparedStatement prepareStatement(String sql) throws SQLException {
        PreparedPlan plan = prepare(sql);
        return plan.kind() == PreparedPlan.Kind.PROCEDURE ? new TernCallableStatement(this, sql, plan)
                : new TernPreparedStatement(this, sql, plan);
    }

    /** {@code CALL p(?, ...)} or {@code {call p(?, ...)}}: see {@link TernCallableStatement}. */
    @Override
    public CallableStatement prepareCall(String sql) throws SQLException {
        return new TernCallableStatement(this, sql, prepare(sql));
    }

    @Override
    public CallableStatement prepareCall(String sql, int resultSetType, int resultSetConcurrency) throws SQLException {
        checkOpen();
        checkResultSetKind(resultSetType, resultSetConcurrency);
        return prepareCall(sql);
    }

    @Override
    public CallableStatement prepareCall(String sql, int resultSetType, int resultSetConcurrency, int holdability)
            throws SQLException {
        checkOpen();
        checkHoldability(holdability);
        return prepareCall(sql, resultSetType, resultSetConcurrency);
    }

    /** An array argument for a procedure's array parameter ({@code IN items INT ARRAY}); see {@link TernArray}. */
    @Override
    public java.sql.Array createArrayOf(String typeName, Object[] elements) throws SQLException {
        checkOpen();
        return TernArray.of(typeName, elements);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int resultSetType, int resultSetConcurrency) throws SQLException {
        checkOpen();
        checkResultSetKind(resultSetType, resultSetConcurrency);
        return prepareStatement(sql);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int resultSetType, int resultSetConcurrency, int holdability)
            throws SQLException {
        checkOpen();
        checkHoldability(holdability);
        return prepareStatement(sql, resultSetType, resultSetConcurrency);
    }

    /** {@code NO_GENERATED_KEYS} only: generated keys are not supported (0A000). */
    @Override
    public PreparedStatement prepareStatement(String sql, int autoGeneratedKeys) throws SQLException {
        checkOpen();
        TernStatement.checkNoGeneratedKeys(autoGeneratedKeys);
        return prepareStatement(sql);
    }

    private static void checkResultSetKind(int type, int concurrency) throws SQLException {
        if (type != ResultSet.TYPE_FORWARD_ONLY || concurrency != ResultSet.CONCUR_READ_ONLY) {
            throw unsupported("scrollable or updatable result sets (only TYPE_FORWARD_ONLY, CONCUR_READ_ONLY)");
        }
    }

    private static void checkHoldability(int holdability) throws SQLException {
        if (holdability != ResultSet.CLOSE_CURSORS_AT_COMMIT && holdability != ResultSet.HOLD_CURSORS_OVER_COMMIT) {
            throw new SQLException("holdability " + holdability + " is not a ResultSet holdability constant",
                    SqlState.GENERAL_ERROR);
        }
    }

    @Override
    public String nativeSQL(String sql) throws SQLException {
        checkOpen();
        return sql;
    }

    @Override
    public DatabaseMetaData getMetaData() throws SQLException {
        checkOpen();
        if (metaData == null) {
            metaData = new TernDatabaseMetaData(this);
        }
        return metaData;
    }

    // ---- transactions ----------------------------------------------------------------------------

    @Override
    public void setAutoCommit(boolean autoCommit) throws SQLException {
        Session s = enter();
        try {
            s.setAutoCommit(autoCommit);
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
        Session s = enter();
        try {
            if (s.autoCommit()) {
                throw new SQLException("commit() needs autocommit off: with autocommit on every statement commits "
                        + "itself; call setAutoCommit(false) to group statements", SqlState.INVALID_TRANSACTION_STATE);
            }
            s.commit();
        } catch (RuntimeException e) {
            throw JdbcErrors.of(e);
        }
    }

    @Override
    public void rollback() throws SQLException {
        Session s = enter();
        try {
            if (s.autoCommit()) {
                throw new SQLException("rollback() needs autocommit off: with autocommit on every statement commits "
                        + "itself; call setAutoCommit(false) to group statements", SqlState.INVALID_TRANSACTION_STATE);
            }
            s.rollback();
        } catch (RuntimeException e) {
            throw JdbcErrors.of(e);
        }
    }

    /**
     * Any JDBC level is accepted; the transaction runs at the protocol's level, which is never weaker than
     * the request except under snapshot isolation ({@code protocol=si}), where asking for SERIALIZABLE adds
     * a warning ({@link #getWarnings()}). {@code TRANSACTION_NONE} is rejected (0A000): statements always
     * run in transactions.
     */
    @Override
    public void setTransactionIsolation(int level) throws SQLException {
        checkOpen();
        switch (level) {
            case TRANSACTION_READ_UNCOMMITTED, TRANSACTION_READ_COMMITTED, TRANSACTION_REPEATABLE_READ,
                 TRANSACTION_SERIALIZABLE -> {
                if (level == TRANSACTION_SERIALIZABLE && !database.concurrencyControl().isSerializable()) {
                    addWarning(new SQLWarning("protocol " + database.config().protocol() + " runs transactions under "
                            + "snapshot isolation (reported as TRANSACTION_REPEATABLE_READ), which allows write skew; "
                            + "open the database with a serializable protocol (e.g. protocol=silo) for SERIALIZABLE",
                            "01000"));
                }
            }
            case TRANSACTION_NONE -> throw unsupported("TRANSACTION_NONE: statements always run in transactions");
            default -> throw new SQLException("isolation level " + level + " is not a JDBC level; use one of "
                    + "Connection.TRANSACTION_*", SqlState.GENERAL_ERROR);
        }
    }

    /** SERIALIZABLE, or REPEATABLE_READ (snapshot isolation) under {@code protocol=si}. */
    @Override
    public int getTransactionIsolation() throws SQLException {
        checkOpen();
        return isolation(database);
    }

    static int isolation(Database database) {
        return database.concurrencyControl().isSerializable() ? TRANSACTION_SERIALIZABLE : TRANSACTION_REPEATABLE_READ;
    }

    /** Enforced: while read-only, statements that write or change the schema fail with 25006. */
    @Override
    public void setReadOnly(boolean readOnly) throws SQLException {
        checkOpen();
        if (readOnly != this.readOnly && session.inTransaction()) {
            throw new SQLException("cannot change read-only mode inside a transaction; commit or roll back first",
                    "25001");
        }
        this.readOnly = readOnly;
    }

    @Override
    public boolean isReadOnly() throws SQLException {
        checkOpen();
        return readOnly;
    }

    // ---- life cycle ------------------------------------------------------------------------------

    /**
     * Rolls back an open transaction, releases the session and, for the last connection of a named
     * in-memory database, drops the database. Idempotent. From a thread other than the one running a
     * statement or holding the open transaction, see the class documentation.
     */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        // Idle: the transaction is rolled back and the database released here, now. Running on another thread: the
        // statement aborts at its next operation, and this thread or that one rolls back and releases as it returns.
        session.close();
    }

    /** Closes as {@link #close()} does (the executor is not needed: nothing blocks on a network). */
    @Override
    public void abort(Executor executor) throws SQLException {
        if (executor == null) {
            throw new SQLException("abort needs an executor", SqlState.GENERAL_ERROR);
        }
        close();
    }

    /** Releases the database once the session has closed: the registry's reference to it, or the database itself. */
    private void release() {
        if (registry != null) {
            registry.release(database);
        } else {
            database.close();
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

    // ---- warnings and settings -------------------------------------------------------------------

    private void addWarning(SQLWarning w) {
        if (warnings == null) {
            warnings = w;
        } else {
            warnings.setNextWarning(w);
        }
    }

    @Override
    public SQLWarning getWarnings() throws SQLException {
        checkOpen();
        return warnings;
    }

    @Override
    public void clearWarnings() throws SQLException {
        checkOpen();
        warnings = null;
    }

    /** TernDB has no catalogs: accepted and ignored, as JDBC allows. */
    @Override
    public void setCatalog(String catalog) throws SQLException {
        checkOpen();
    }

    @Override
    public String getCatalog() throws SQLException {
        checkOpen();
        return null;
    }

    /** TernDB has no schemas: accepted and ignored. */
    @Override
    public void setSchema(String schema) throws SQLException {
        checkOpen();
    }

    @Override
    public String getSchema() throws SQLException {
        checkOpen();
        return null;
    }

    @Override
    public int getHoldability() throws SQLException {
        checkOpen();
        return ResultSet.HOLD_CURSORS_OVER_COMMIT; // result sets hold their rows: commit and rollback close none
    }

    @Override
    public void setHoldability(int holdability) throws SQLException {
        checkOpen();
        checkHoldability(holdability);
    }

    @Override
    public Map<String, Class<?>> getTypeMap() throws SQLException {
        checkOpen();
        return Map.of();
    }

    @Override
    public void setTypeMap(Map<String, Class<?>> map) throws SQLException {
        checkOpen();
        if (map != null && !map.isEmpty()) {
            throw unsupported("user-defined type maps");
        }
    }

    /** Accepted; there is no network, so nothing can time out. */
    @Override
    public void setNetworkTimeout(Executor executor, int milliseconds) throws SQLException {
        checkOpen();
        if (milliseconds < 0) {
            throw new SQLException("network timeout must not be negative", SqlState.DATA_EXCEPTION);
        }
    }

    @Override
    public int getNetworkTimeout() throws SQLException {
        checkOpen();
        return 0;
    }

    @Override
    public void setClientInfo(String name, String value) throws SQLClientInfoException {
        checkClientInfo(Map.of(name == null ? "" : name, ClientInfoStatus.REASON_UNKNOWN_PROPERTY));
    }

    @Override
    public void setClientInfo(Properties properties) throws SQLClientInfoException {
        Map<String, ClientInfoStatus> failed = new java.util.HashMap<>();
        if (properties != null) {
            properties.stringPropertyNames().forEach(k -> failed.put(k, ClientInfoStatus.REASON_UNKNOWN_PROPERTY));
        }
        checkClientInfo(failed);
    }

    /** No client info properties are defined: setting one adds a warning, as JDBC asks; closed: 08003. */
    private void checkClientInfo(Map<String, ClientInfoStatus> properties) throws SQLClientInfoException {
        if (isClosed()) {
            throw new SQLClientInfoException("the connection is closed", SqlState.CONNECTION_CLOSED, 0, properties);
        }
        if (!properties.isEmpty()) {
            addWarning(new SQLWarning("TernDB defines no client info properties; ignored: " + properties.keySet(),
                    "01000"));
        }
    }

    @Override
    public String getClientInfo(String name) throws SQLException {
        checkOpen();
        return null;
    }

    @Override
    public Properties getClientInfo() throws SQLException {
        checkOpen();
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
