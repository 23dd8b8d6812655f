package org.terndb.planner;

import java.util.List;
import org.terndb.executor.ExprType;
import org.terndb.executor.PlanNode;
import org.terndb.executor.ResultColumn;
import org.terndb.executor.SqlState;
import org.terndb.executor.TernSqlException;
import org.terndb.executor.expr.CurrentDateTime;
import org.terndb.executor.expr.Values;
import org.terndb.sql.ddl.DdlStatement;
import org.terndb.sql.proc.CallProcedure;
import org.terndb.sql.proc.ProcStatement;

/**
 * A statement planned once for one catalog version, as the plan cache holds it. Immutable and shared by
 * every session that runs the same text: executing it needs no Calcite. Either DDL (executed by the
 * engine), or an executor plan that returns rows ({@link Kind#QUERY}) or an update count
 * ({@link Kind#UPDATE}); with {@link #explain()} the engine returns {@link #explainText()} instead.
 */
public final class PreparedPlan {
    /** What executing the statement yields ({@link #PROCEDURE}: CALL, CREATE or DROP PROCEDURE, see {@link #procedure()}). */
    public enum Kind { QUERY, UPDATE, DDL, PROCEDURE }

    private final String sql;
    private final long catalogVersion;
    private final Kind kind;
    private final boolean explain;
    private final DdlStatement ddl;
    private final PlanNode root;
    private final List<ResultColumn> columns;
    private final List<ExprType> parameterTypes;
    private final ExprType[] bindTypes;
    private final boolean statementTime;
    private final boolean singleRead;
    private ProcStatement procedure; // set once by procedure(), before the plan is shared

    PreparedPlan(String sql, long catalogVersion, Kind kind, boolean explain, DdlStatement ddl, PlanNode root,
                 List<ResultColumn> columns, List<ExprType> parameterTypes) {
        this(sql, catalogVersion, kind, explain, ddl, root, columns, parameterTypes, false);
    }

    /** @param statementTime the plan reads CURRENT_TIMESTAMP/CURRENT_DATE from the slot after the parameters */
    PreparedPlan(String sql, long catalogVersion, Kind kind, boolean explain, DdlStatement ddl, PlanNode root,
                 List<ResultColumn> columns, List<ExprType> parameterTypes, boolean statementTime) {
        this.sql = sql;
        this.catalogVersion = catalogVersion;
        this.kind = kind;
        this.explain = explain;
        this.ddl = ddl;
        this.root = root;
        this.columns = List.copyOf(columns);
        this.parameterTypes = List.copyOf(parameterTypes);
        this.bindTypes = new ExprType[parameterTypes.size()];
        for (int i = 0; i < bindTypes.length; i++) {
            bindTypes[i] = bindType(parameterTypes.get(i));
        }
        this.statementTime = statementTime;
        this.singleRead = kind == Kind.QUERY && !explain && root != null && root.singleRow() && root.readsOneRecord();
    }

    /**
     * The type a parameter value is converted to when bound: the inferred type's family without its range,
     * precision or length, so that {@code tinyint_col = ?} with 1000, {@code dec_col = ?} with 1.005 and
     * {@code name = ?} with a too-long string compare exactly (and match nothing) instead of failing or being
     * rounded. Values stored by INSERT/UPDATE are checked against the column when the row is encoded.
     */
    private static ExprType bindType(ExprType t) {
        if (t.type() == null) {
            return t;
        }
        return switch (t.type()) {
            case TINYINT, SMALLINT, INTEGER -> ExprType.of(org.terndb.storage.codec.ColumnType.BIGINT, t.nullable());
            case DECIMAL, CHAR, VARCHAR -> new ExprType(t.type(), 0, 0, t.nullable());
            default -> t;
        };
    }

    /** A procedure statement; a CALL has one untyped parameter per {@code ?} (its procedure's types apply). */
    static PreparedPlan procedure(String sql, long catalogVersion, ProcStatement statement) {
        int markers = statement instanceof CallProcedure call ? call.markerCount() : 0;
        PreparedPlan plan = new PreparedPlan(sql, catalogVersion, Kind.PROCEDURE, false, null, null, List.of(),
                java.util.Collections.nCopies(markers, new ExprType(null, 0, 0, true)));
        plan.procedure = statement;
        return plan;
    }

    /** The procedure statement ({@link Kind#PROCEDURE} only), run by the engine's {@code proc} package. */
    public ProcStatement procedure() {
        return procedure;
    }

    public String sql() {
        return sql;
    }

    /** The catalog version this plan was made for; a plan of an older version must be re-prepared. */
    public long catalogVersion() {
        return catalogVersion;
    }

    public Kind kind() {
        return kind;
    }

    public boolean explain() {
        return explain;
    }

    /** The DDL statement ({@link Kind#DDL} only). */
    public DdlStatement ddl() {
        return ddl;
    }

    /** The executor plan (not for DDL). */
    public PlanNode root() {
        return root;
    }

    /** Result columns of a query (empty otherwise). */
    public List<ResultColumn> columns() {
        return columns;
    }

    /**
     * True for a query that reads exactly one record by primary key and nothing else: in autocommit it runs as a
     * single-read transaction ({@link org.terndb.txn.Worker#readSingle}), and with {@link PlanNode#fetchOne}.
     */
    public boolean singleRead() {
        return singleRead;
    }

    /** The inferred type of each {@code ?}, in order. */
    public List<ExprType> parameterTypes() {
        return parameterTypes;
    }

    public int parameterCount() {
        return parameterTypes.size();
    }

    /** The plan as EXPLAIN shows it, one operator per line. */
    public String explainText() {
        return kind == Kind.DDL ? "Ddl(" + ddl + ")\n" : root.explain();
    }

    /**
     * Converts parameter values as given (JDBC objects) to the internal values of the parameters' types.
     *
     * @throws TernSqlException 07001 if a parameter is missing, 22xxx if a value does not convert
     */
    public Object[] bind(Object[] values, boolean[] set) {
        return bind(values, set, new Object[boundWidth()]);
    }

    /**
     * As {@link #bind(Object[], boolean[])}, into {@code bound} ({@link #boundWidth()} long), which is returned: a
     * session reuses one array for executions that end before the next binds and keep no reference to it.
     */
    public Object[] bind(Object[] values, boolean[] set, Object[] bound) {
        int n = parameterTypes.size();
        if (statementTime) {
            bound[n] = CurrentDateTime.now(); // one CURRENT_TIMESTAMP for the whole statement
        }
        for (int i = 0; i < n; i++) {
            boolean given = set == null ? values != null && i < values.length : i < set.length && set[i];
            if (!given) {
                throw new TernSqlException(SqlState.INVALID_PARAMETER, "parameter " + (i + 1) + " of " + n
                        + " is not set");
            }
            Object v = values != null && i < values.length ? values[i] : null;
            bound[i] = Values.convert(v, bindTypes[i]);
        }
        return bound;
    }

    /** The length of the array {@link #bind} returns: the parameters, then the statement time if the plan reads it. */
    public int boundWidth() {
        return statementTime ? parameterTypes.size() + 1 : parameterTypes.size();
    }

    /**
     * True if every internal value of type {@code t} is already a value of parameter {@code i}'s bound type, so
     * that {@link #bindInPlace} may keep it as it is (an INTEGER variable for a parameter bound as BIGINT).
     */
    public boolean bindsAsIs(int i, ExprType t) {
        ExprType target = bindTypes[i];
        if (t.type() == null || target.type() == null) {
            return false;
        }
        if (target.isIntegral()) {
            return t.isIntegral(); // integral values are Longs, and the bound type is BIGINT
        }
        return switch (target.type()) {
            case BOOLEAN, DATE, TIMESTAMP, DOUBLE -> t.type() == target.type();
            default -> false;
        };
    }

    /**
     * As {@link #bind} for values that are all given, converted in the array itself: {@code values} is
     * {@link #boundWidth()} long with the parameters' values first; {@code asIs[i]} marks values that need no
     * conversion (see {@link #bindsAsIs}). Fills the statement time slot.
     */
    public Object[] bindInPlace(Object[] values, boolean[] asIs) {
        int n = bindTypes.length;
        if (statementTime) {
            values[n] = CurrentDateTime.now();
        }
        for (int i = 0; i < n; i++) {
            if (!asIs[i]) {
                values[i] = Values.convert(values[i], bindTypes[i]);
            }
        }
        return values;
    }

    @Override
    public String toString() {
        return sql;
    }
}
