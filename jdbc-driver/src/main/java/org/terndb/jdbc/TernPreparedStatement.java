package org.terndb.jdbc;

import java.math.BigDecimal;
import java.sql.Date;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Calendar;
import java.util.List;
import org.terndb.executor.SqlState;
import org.terndb.planner.PreparedPlan;

/**
 * A prepared statement: planned once when prepared (a syntax or validation error surfaces here), then run
 * from the cached plan with the bound parameters. Parameter values are converted to the types the
 * validator inferred for each {@code ?} when the statement executes.
 */
public final class TernPreparedStatement extends UnsupportedPreparedStatement {
    private final String sql;
    private PreparedPlan plan;
    private Object[] parameters;
    private boolean[] set;
    private final List<Object[]> batch = new ArrayList<>();

    TernPreparedStatement(TernConnection connection, String sql, PreparedPlan plan) {
        super(connection);
        this.sql = sql;
        this.plan = plan;
        this.parameters = new Object[plan.parameterCount()];
        this.set = new boolean[plan.parameterCount()];
    }

    @Override
    public ResultSet executeQuery() throws SQLException {
        run(plan, parameters, set);
        return queryResult(sql);
    }

    @Override
    public int executeUpdate() throws SQLException {
        run(plan, parameters, set);
        return updateResult(sql);
    }

    @Override
    public boolean execute() throws SQLException {
        return run(plan, parameters, set);
    }

    @Override
    public long executeLargeUpdate() throws SQLException {
        run(plan, parameters, set);
        updateResult(sql);
        return getLargeUpdateCount();
    }

    @Override
    public ResultSet executeQuery(String sql) throws SQLException {
        throw new SQLException("executeQuery(String) cannot be called on a PreparedStatement", SqlState.GENERAL_ERROR);
    }

    @Override
    public int executeUpdate(String sql) throws SQLException {
        throw new SQLException("executeUpdate(String) cannot be called on a PreparedStatement", SqlState.GENERAL_ERROR);
    }

    @Override
    public boolean execute(String sql) throws SQLException {
        throw new SQLException("execute(String) cannot be called on a PreparedStatement", SqlState.GENERAL_ERROR);
    }

    @Override
    public void addBatch(String sql) throws SQLException {
        throw new SQLException("addBatch(String) cannot be called on a PreparedStatement", SqlState.GENERAL_ERROR);
    }

    // ---- parameters ------------------------------------------------------------------------------

    private void bind(int index, Object value) throws SQLException {
        checkOpen();
        if (index < 1 || index > parameters.length) {
            throw new SQLException("parameter index " + index + " is out of range; the statement has "
                    + parameters.length + " parameter(s)", SqlState.INVALID_PARAMETER);
        }
        parameters[index - 1] = value;
        set[index - 1] = true;
    }

    @Override
    public void setNull(int index, int sqlType) throws SQLException {
        bind(index, null);
    }

    @Override
    public void setNull(int index, int sqlType, String typeName) throws SQLException {
        bind(index, null);
    }

    @Override
    public void setBoolean(int index, boolean x) throws SQLException {
        bind(index, x);
    }

    @Override
    public void setByte(int index, byte x) throws SQLException {
        bind(index, x);
    }

    @Override
    public void setShort(int index, short x) throws SQLException {
        bind(index, x);
    }

    @Override
    public void setInt(int index, int x) throws SQLException {
        bind(index, x);
    }

    @Override
    public void setLong(int index, long x) throws SQLException {
        bind(index, x);
    }

    @Override
    public void setFloat(int index, float x) throws SQLException {
        bind(index, x);
    }

    @Override
    public void setDouble(int index, double x) throws SQLException {
        bind(index, x);
    }

    @Override
    public void setBigDecimal(int index, BigDecimal x) throws SQLException {
        bind(index, x);
    }

    @Override
    public void setString(int index, String x) throws SQLException {
        bind(index, x);
    }

    @Override
    public void setDate(int index, Date x) throws SQLException {
        bind(index, x == null ? null : x.toLocalDate());
    }

    @Override
    public void setDate(int index, Date x, Calendar calendar) throws SQLException {
        setDate(index, x);
    }

    @Override
    public void setTimestamp(int index, Timestamp x) throws SQLException {
        bind(index, x == null ? null : x.toLocalDateTime());
    }

    @Override
    public void setTimestamp(int index, Timestamp x, Calendar calendar) throws SQLException {
        setTimestamp(index, x);
    }

    @Override
    public void setTime(int index, Time x) throws SQLException {
        throw unsupported("TIME values");
    }

    @Override
    public void setObject(int index, Object x) throws SQLException {
        if (x instanceof Date d) {
            setDate(index, d);
        } else if (x instanceof Timestamp t) {
            setTimestamp(index, t);
        } else {
            bind(index, x);
        }
    }

    @Override
    public void setObject(int index, Object x, int targetSqlType) throws SQLException {
        setObject(index, x);
    }

    @Override
    public void setObject(int index, Object x, int targetSqlType, int scaleOrLength) throws SQLException {
        setObject(index, x);
    }

    @Override
    public void clearParameters() throws SQLException {
        checkOpen();
        Arrays.fill(parameters, null);
        Arrays.fill(set, false);
    }

    @Override
    public void addBatch() throws SQLException {
        checkOpen();
        for (int i = 0; i < set.length; i++) {
            if (!set[i]) {
                throw new SQLException("parameter " + (i + 1) + " is not set", SqlState.INVALID_PARAMETER);
            }
        }
        batch.add(parameters.clone());
    }

    @Override
    public void clearBatch() throws SQLException {
        checkOpen();
        batch.clear();
    }

    @Override
    public int[] executeBatch() throws SQLException {
        checkOpen();
        int[] counts = new int[batch.size()];
        try {
            for (int i = 0; i < counts.length; i++) {
                run(plan, batch.get(i), null);
                counts[i] = updateResult(sql);
            }
        } finally {
            batch.clear();
        }
        return counts;
    }

    @Override
    public ResultSetMetaData getMetaData() throws SQLException {
        checkOpen();
        if (plan.catalogVersion() != connection.checkedSession().database().catalog().version()) {
            plan = connection.prepare(sql);
        }
        return plan.kind() == PreparedPlan.Kind.QUERY || plan.explain()
                ? new TernResultSetMetaData(plan.explain() ? List.of() : plan.columns()) : null;
    }

    @Override
    public String toString() {
        return sql;
    }
}
