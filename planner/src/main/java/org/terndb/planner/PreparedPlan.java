package org.terndb.planner;

import java.util.List;
import org.terndb.executor.ExprType;
import org.terndb.executor.PlanNode;
import org.terndb.executor.ResultColumn;
import org.terndb.executor.SqlState;
import org.terndb.executor.TernSqlException;
import org.terndb.executor.expr.Values;
import org.terndb.sql.ddl.DdlStatement;

/**
 * A statement planned once for one catalog version, as the plan cache holds it. Immutable and shared by
 * every session that runs the same text: executing it needs no Calcite. Either DDL (executed by the
 * engine), or an executor plan that returns rows ({@link Kind#QUERY}) or an update count
 * ({@link Kind#UPDATE}); with {@link #explain()} the engine returns {@link #explainText()} instead.
 */
public final class PreparedPlan {
    /** What executing the statement yields. */
    public enum Kind { QUERY, UPDATE, DDL }

    private final String sql;
    private final long catalogVersion;
    private final Kind kind;
    private final boolean explain;
    private final DdlStatement ddl;
    private final PlanNode root;
    private final List<ResultColumn> columns;
    private final List<ExprType> parameterTypes;

    PreparedPlan(String sql, long catalogVersion, Kind kind, boolean explain, DdlStatement ddl, PlanNode root,
                 List<ResultColumn> columns, List<ExprType> parameterTypes) {
        this.sql = sql;
        this.catalogVersion = catalogVersion;
        this.kind = kind;
        this.explain = explain;
        this.ddl = ddl;
        this.root = root;
        this.columns = List.copyOf(columns);
        this.parameterTypes = List.copyOf(parameterTypes);
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
        Object[] bound = new Object[parameterTypes.size()];
        for (int i = 0; i < bound.length; i++) {
            boolean given = set == null ? values != null && i < values.length : i < set.length && set[i];
            if (!given) {
                throw new TernSqlException(SqlState.INVALID_PARAMETER, "parameter " + (i + 1) + " of " + bound.length
                        + " is not set");
            }
            Object v = values != null && i < values.length ? values[i] : null;
            bound[i] = Values.convert(v, parameterTypes.get(i));
        }
        return bound;
    }

    @Override
    public String toString() {
        return sql;
    }
}
