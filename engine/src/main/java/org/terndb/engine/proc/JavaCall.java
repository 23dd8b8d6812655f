package org.terndb.engine.proc;

import java.util.ArrayList;
import java.util.List;
import org.terndb.engine.Session;
import org.terndb.executor.Cursor;
import org.terndb.executor.ExecutionContext;
import org.terndb.executor.SqlState;
import org.terndb.executor.TernSqlException;
import org.terndb.executor.proc.ProcedureException;
import org.terndb.executor.proc.ResultRows;
import org.terndb.planner.PreparedPlan;
import org.terndb.planner.proc.CompiledProcedure;
import org.terndb.txn.Transaction;

/** One attempt of a call of a Java procedure: its parameter values and its statements in the call's transaction. */
final class JavaCall implements ProcedureContext {
    /** SQLState of an exception a Java procedure threw (SQL's external routine exception). */
    static final String EXTERNAL_ROUTINE_EXCEPTION = "38000";

    private final Session session;
    private final ProcedureRegistry.Entry entry;
    private final Object[] values;
    private final Transaction transaction;
    private final ExecutionContext context;
    private final List<ResultRows> results = new ArrayList<>();
    private boolean ended;

    JavaCall(Session session, ProcedureRegistry.Entry entry, Object[] values, Transaction transaction,
             ExecutionContext context) {
        this.session = session;
        this.entry = entry;
        this.values = values;
        this.transaction = transaction;
        this.context = context;
    }

    @Override
    public Object parameter(int index) {
        check(index);
        return values[index - 1];
    }

    @Override
    public void setParameter(int index, Object value) {
        CompiledProcedure.Parameter p = check(index);
        if (!p.declared().mode().isOutput()) {
            throw new TernSqlException(SqlState.SYNTAX_ERROR, "parameter " + index + " (" + p.declared().name() + ") of "
                    + entry.name() + " is IN; only OUT and INOUT parameters can be set");
        }
        values[index - 1] = p.type().assign(value);
    }

    @Override
    public List<Object[]> query(String sql, Object... parameters) {
        PreparedPlan plan = plan(sql, PreparedPlan.Kind.QUERY);
        Cursor cursor = open(plan, parameters);
        List<Object[]> rows = new ArrayList<>();
        while (cursor.next()) {
            rows.add(cursor.row());
        }
        return rows;
    }

    @Override
    public Object[] queryRow(String sql, Object... parameters) {
        Cursor cursor = open(plan(sql, PreparedPlan.Kind.QUERY), parameters);
        if (!cursor.next()) {
            return null;
        }
        Object[] row = cursor.row();
        if (cursor.next()) {
            throw new TernSqlException(org.terndb.executor.proc.SelectInto.CARDINALITY_VIOLATION, "queryRow found more "
                    + "than one row: " + sql);
        }
        return row;
    }

    @Override
    public long update(String sql, Object... parameters) {
        Cursor cursor = open(plan(sql, PreparedPlan.Kind.UPDATE), parameters);
        return cursor.next() ? ((Number) cursor.row()[0]).longValue() : 0;
    }

    @Override
    public void returnRows(String sql, Object... parameters) {
        PreparedPlan plan = plan(sql, PreparedPlan.Kind.QUERY);
        results.add(new ResultRows(plan.columns(), query(sql, parameters)));
    }

    @Override
    public RuntimeException signal(String sqlState, String message) {
        if (sqlState == null || !sqlState.matches("[0-9A-Z]{5}") || sqlState.startsWith("00")) {
            throw new TernSqlException(SqlState.SYNTAX_ERROR, "signal needs an SQLSTATE of five digits or upper-case "
                    + "letters outside class 00, not " + sqlState);
        }
        throw ProcedureException.signal(sqlState, message == null ? "signal " + sqlState + " in procedure "
                + entry.name() : message, entry.name(), 0);
    }

    Object value(int parameter) {
        return values[parameter];
    }

    List<ResultRows> results() {
        return results;
    }

    void end() {
        ended = true;
    }

    private void checkActive() {
        if (ended) {
            throw new TernSqlException(SqlState.INVALID_TRANSACTION_STATE, "the call of " + entry.name()
                    + " has ended; a ProcedureContext is valid during its call only");
        }
    }

    private CompiledProcedure.Parameter check(int index) {
        checkActive();
        if (index < 1 || index > entry.parameters.size()) {
            throw new TernSqlException(SqlState.INVALID_PARAMETER, "procedure " + entry.name() + " has "
                    + entry.parameters.size() + " parameters; " + index + " is not one of them");
        }
        return entry.parameters.get(index - 1);
    }

    private PreparedPlan plan(String sql, PreparedPlan.Kind kind) {
        checkActive();
        PreparedPlan plan = session.prepare(sql);
        if (plan.kind() != kind || plan.explain()) {
            throw new TernSqlException(SqlState.FEATURE_NOT_SUPPORTED, (kind == PreparedPlan.Kind.QUERY
                    ? "query needs a SELECT" : "update needs an INSERT, UPDATE or DELETE") + " inside a Java procedure, "
                    + "not: " + sql);
        }
        return plan;
    }

    private Cursor open(PreparedPlan plan, Object[] parameters) {
        return plan.root().open(context.reset(transaction, plan.bind(parameters, null)));
    }
}
