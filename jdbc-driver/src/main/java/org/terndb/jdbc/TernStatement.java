package org.terndb.jdbc;

import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledFuture;
import org.terndb.engine.Session;
import org.terndb.engine.StatementResult;
import org.terndb.engine.proc.CallResult;
import org.terndb.executor.SqlState;
import org.terndb.executor.proc.ResultRows;
import org.terndb.planner.PreparedPlan;

/**
 * A statement: each execution plans its text (through the plan cache) and runs it. Results are
 * materialised rows, so a result set stays readable after its transaction ends.
 *
 * <p>Batches run their statements in order, each as {@code executeUpdate} would (in autocommit mode each
 * commits on its own). The first failure stops the batch with a {@link BatchUpdateException} whose update
 * counts are those of the statements before it; with autocommit on those stay committed, in an explicit
 * transaction a failing write rolls the whole transaction back (as any failing write does). A statement
 * that returns rows fails the batch before it runs. Generated keys are not supported (0A000).
 */
public class TernStatement extends UnsupportedStatement {
    final TernConnection connection;
    private final List<String> batch = new ArrayList<>();
    private TernResultSet resultSet;
    private long updateCount = -1;
    private long maxRows;
    private int fetchSize;
    private int queryTimeout;
    private boolean closed;
    private boolean closeOnCompletion;
    private CallResult call;      // the last CALL's results: OUT values and the result sets after the first
    private int callResult;

    TernStatement(TernConnection connection) {
        this.connection = connection;
    }

    /** Runs a plan; the result becomes this statement's current result. Returns whether it has rows. */
    final boolean run(PreparedPlan plan, Object[] parameters, boolean[] set) throws SQLException {
        checkOpen();
        closeResult();
        updateCount = -1;
        connection.checkWritable(plan);
        StatementResult result = null;
        call = null;
        Session session = connection.enter();
        ScheduledFuture<?> timeout = queryTimeout > 0 ? QueryTimer.start(session, queryTimeout) : null;
        try {
            if (plan.kind() == PreparedPlan.Kind.PROCEDURE) {
                call = session.call(plan, parameters, set);
            } else {
                result = session.execute(plan, parameters, set);
            }
        } catch (RuntimeException | StackOverflowError | AssertionError e) {
            throw JdbcErrors.of(e);
        } finally {
            if (timeout != null) {
                timeout.cancel(false);
            }
        }
        if (call != null) {
            callResult = 0;
            updateCount = call.resultSets().isEmpty() ? call.updateCount() : -1;
            return openCallResult();
        }
        if (result.storedRow() != null) { // a point query's one row: decoded as it is read
            resultSet = new TernResultSet(this, result.columns(), result.storedColumns(), result.storedRow());
            return true;
        }
        if (result.isQuery()) {
            List<Object[]> rows = result.rows();
            if (maxRows > 0 && rows.size() > maxRows) {
                rows = rows.subList(0, (int) maxRows);
            }
            resultSet = new TernResultSet(this, result.columns(), rows);
            return true;
        }
        updateCount = result.updateCount();
        return false;
    }

    final ResultSet queryResult(String sql) throws SQLException {
        if (resultSet == null) {
            throw new SQLException("the statement returned an update count, not rows: " + sql, "02000");
        }
        return resultSet;
    }

    final int updateResult(String sql) throws SQLException {
        if (resultSet != null) {
            closeResult();
            throw new SQLException("the statement returned rows; use executeQuery: " + sql, "07000");
        }
        return (int) Math.min(Integer.MAX_VALUE, updateCount);
    }

    @Override
    public ResultSet executeQuery(String sql) throws SQLException {
        checkOpen();
        run(connection.prepare(sql), new Object[0], null);
        return queryResult(sql);
    }

    @Override
    public int executeUpdate(String sql) throws SQLException {
        checkOpen();
        run(connection.prepare(sql), new Object[0], null);
        return updateResult(sql);
    }

    @Override
    public boolean execute(String sql) throws SQLException {
        checkOpen();
        return run(connection.prepare(sql), new Object[0], null);
    }

    @Override
    public long executeLargeUpdate(String sql) throws SQLException {
        checkOpen();
        run(connection.prepare(sql), new Object[0], null);
        updateResult(sql);
        return updateCount;
    }

    @Override
    public int executeUpdate(String sql, int autoGeneratedKeys) throws SQLException {
        checkOpen();
        checkNoGeneratedKeys(autoGeneratedKeys);
        return executeUpdate(sql);
    }

    @Override
    public boolean execute(String sql, int autoGeneratedKeys) throws SQLException {
        checkOpen();
        checkNoGeneratedKeys(autoGeneratedKeys);
        return execute(sql);
    }

    @Override
    public long executeLargeUpdate(String sql, int autoGeneratedKeys) throws SQLException {
        checkOpen();
        checkNoGeneratedKeys(autoGeneratedKeys);
        return executeLargeUpdate(sql);
    }

    /** TernDB has no generated keys (no identity columns or sequences yet): only NO_GENERATED_KEYS. */
    static void checkNoGeneratedKeys(int autoGeneratedKeys) throws SQLException {
        if (autoGeneratedKeys == RETURN_GENERATED_KEYS) {
            throw unsupported("returning generated keys (TernDB has no identity columns or sequences yet)");
        }
        if (autoGeneratedKeys != NO_GENERATED_KEYS) {
            throw new SQLException("autoGeneratedKeys must be Statement.RETURN_GENERATED_KEYS or NO_GENERATED_KEYS, not "
                    + autoGeneratedKeys, SqlState.GENERAL_ERROR);
        }
    }

    /** Not supported (0A000): TernDB has no identity columns or sequences yet. */
    @Override
    public ResultSet getGeneratedKeys() throws SQLException {
        checkOpen();
        throw unsupported("getGeneratedKeys (TernDB has no identity columns or sequences yet)");
    }

    @Override
    public ResultSet getResultSet() throws SQLException {
        checkOpen();
        return resultSet;
    }

    @Override
    public int getUpdateCount() throws SQLException {
        checkOpen();
        return (int) Math.min(Integer.MAX_VALUE, updateCount);
    }

    @Override
    public long getLargeUpdateCount() throws SQLException {
        checkOpen();
        return updateCount;
    }

    @Override
    public boolean getMoreResults() throws SQLException {
        checkOpen();
        closeResult();
        updateCount = -1;
        if (call != null && callResult < call.resultSets().size()) {
            callResult++;
            return openCallResult();
        }
        return false;
    }

    /** Makes the CALL's next result set (if any) the current result. */
    private boolean openCallResult() {
        if (callResult >= call.resultSets().size()) {
            return false;
        }
        ResultRows next = call.resultSets().get(callResult);
        List<Object[]> rows = next.rows();
        if (maxRows > 0 && rows.size() > maxRows) {
            rows = rows.subList(0, (int) maxRows);
        }
        resultSet = new TernResultSet(this, next.columns(), rows);
        return true;
    }

    /** The results of the last statement if it was a CALL, else null (OUT values for CallableStatement). */
    final CallResult callResult() {
        return call;
    }

    @Override
    public boolean getMoreResults(int current) throws SQLException {
        return getMoreResults();
    }

    @Override
    public void addBatch(String sql) throws SQLException {
        checkOpen();
        batch.add(sql);
    }

    @Override
    public void clearBatch() throws SQLException {
        checkOpen();
        batch.clear();
    }

    @Override
    public int[] executeBatch() throws SQLException {
        long[] counts = executeLargeBatch();
        int[] out = new int[counts.length];
        for (int i = 0; i < counts.length; i++) {
            out[i] = (int) Math.min(Integer.MAX_VALUE, counts[i]);
        }
        return out;
    }

    @Override
    public long[] executeLargeBatch() throws SQLException {
        checkOpen();
        List<String> statements = List.copyOf(batch);
        batch.clear();
        long[] counts = new long[statements.size()];
        for (int i = 0; i < counts.length; i++) {
            try {
                PreparedPlan plan = connection.prepare(statements.get(i));
                checkNotQuery(plan);
                run(plan, new Object[0], null);
                counts[i] = updateCount;
            } catch (SQLException e) {
                throw batchFailure(i, counts, e);
            }
        }
        return counts;
    }

    static void checkNotQuery(PreparedPlan plan) throws SQLException {
        if (plan.kind() == PreparedPlan.Kind.QUERY || plan.explain()) {
            throw new SQLException("a batch cannot contain a statement that returns rows: " + plan.sql(), "0100E");
        }
    }

    /** The failure of batch entry {@code index}, carrying the update counts of the entries before it. */
    static BatchUpdateException batchFailure(int index, long[] counts, SQLException cause) {
        long[] done = java.util.Arrays.copyOf(counts, index);
        BatchUpdateException e = new BatchUpdateException("batch entry " + (index + 1) + " of " + counts.length
                + " failed: " + cause.getMessage(), cause.getSQLState(), cause.getErrorCode(), done, cause);
        return e;
    }

    @Override
    public Connection getConnection() throws SQLException {
        checkOpen();
        return connection;
    }

    @Override
    public void setMaxRows(int max) throws SQLException {
        checkOpen();
        if (max < 0) {
            throw new SQLException("max rows must not be negative", SqlState.DATA_EXCEPTION);
        }
        maxRows = max;
    }

    @Override
    public int getMaxRows() throws SQLException {
        checkOpen();
        return (int) Math.min(Integer.MAX_VALUE, maxRows);
    }

    @Override
    public void setLargeMaxRows(long max) throws SQLException {
        checkOpen();
        if (max < 0) {
            throw new SQLException("max rows must not be negative", SqlState.DATA_EXCEPTION);
        }
        maxRows = max;
    }

    @Override
    public long getLargeMaxRows() throws SQLException {
        checkOpen();
        return maxRows;
    }

    @Override
    public void setFetchSize(int rows) throws SQLException {
        checkOpen();
        fetchSize = rows;
    }

    @Override
    public int getFetchSize() throws SQLException {
        checkOpen();
        return fetchSize;
    }

    @Override
    public void setFetchDirection(int direction) throws SQLException {
        checkOpen();
        if (direction != ResultSet.FETCH_FORWARD) {
            throw unsupported("fetch directions other than FETCH_FORWARD");
        }
    }

    @Override
    public int getFetchDirection() throws SQLException {
        checkOpen();
        return ResultSet.FETCH_FORWARD;
    }

    /**
     * Each execution running longer than {@code seconds} (0: no limit) is canceled as {@link #cancel()} does and
     * fails with {@link java.sql.SQLTimeoutException} (HYT00). A batch applies it to each statement.
     */
    @Override
    public void setQueryTimeout(int seconds) throws SQLException {
        checkOpen();
        if (seconds < 0) {
            throw new SQLException("query timeout must not be negative, got " + seconds, SqlState.DATA_EXCEPTION);
        }
        queryTimeout = seconds;
    }

    /**
     * Cancels the statement running on this statement's connection, from any thread: it stops at its next
     * operation (a row read or written, a chunk of a scan, a lock wait) and fails with HY008; in autocommit mode
     * the statement is rolled back, in an explicit transaction the whole transaction. The connection stays
     * usable. Does nothing when no statement runs (DDL is not canceled).
     */
    @Override
    public void cancel() throws SQLException {
        if (isClosed()) {
            throw JdbcErrors.closed(closed ? "the statement" : "the connection");
        }
        connection.session().cancel(Session.ANY_OPERATION, false);
    }

    @Override
    public int getQueryTimeout() throws SQLException {
        checkOpen();
        return queryTimeout;
    }

    @Override
    public void setEscapeProcessing(boolean enable) throws SQLException {
        checkOpen();
    }

    @Override
    public int getResultSetType() throws SQLException {
        checkOpen();
        return ResultSet.TYPE_FORWARD_ONLY;
    }

    @Override
    public int getResultSetConcurrency() throws SQLException {
        checkOpen();
        return ResultSet.CONCUR_READ_ONLY;
    }

    @Override
    public int getResultSetHoldability() throws SQLException {
        checkOpen();
        return ResultSet.HOLD_CURSORS_OVER_COMMIT;
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
    public void setPoolable(boolean poolable) throws SQLException {
        checkOpen();
    }

    @Override
    public boolean isPoolable() throws SQLException {
        checkOpen();
        return false;
    }

    @Override
    public void closeOnCompletion() throws SQLException {
        checkOpen();
        closeOnCompletion = true;
    }

    @Override
    public boolean isCloseOnCompletion() throws SQLException {
        checkOpen();
        return closeOnCompletion;
    }

    /** Called by a result set of this statement when it closes. */
    void resultClosed(TernResultSet rs) throws SQLException {
        if (rs == resultSet) {
            resultSet = null;
            if (closeOnCompletion) {
                close();
            }
        }
    }

    private void closeResult() throws SQLException {
        TernResultSet rs = resultSet;
        resultSet = null;
        if (rs != null) {
            boolean keep = closeOnCompletion;
            closeOnCompletion = false;
            rs.close();
            closeOnCompletion = keep;
        }
    }

    @Override
    public void close() throws SQLException {
        if (closed) {
            return;
        }
        closeOnCompletion = false;
        closeResult();
        closed = true;
    }

    /** Also true once the connection is closed (which closes its statements). */
    @Override
    public boolean isClosed() {
        return closed || connection.isClosed();
    }

    final void checkOpen() throws SQLException {
        if (closed) {
            throw JdbcErrors.closed("the statement");
        }
        connection.checkOpen();
    }

    /** 0 only: values are never truncated. */
    @Override
    public int getMaxFieldSize() throws SQLException {
        checkOpen();
        return 0;
    }

    @Override
    public void setMaxFieldSize(int max) throws SQLException {
        checkOpen();
        if (max != 0) {
            throw unsupported("a maximum field size other than 0 (no limit)");
        }
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
}
