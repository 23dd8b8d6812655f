package org.terndb.planner;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.sql.SqlKind;
import org.terndb.executor.ExprType;
import org.terndb.executor.PlanNode;
import org.terndb.executor.ResultColumn;
import org.terndb.executor.meta.CatalogView;
import org.terndb.planner.calcite.CalciteErrors;
import org.terndb.planner.calcite.CalciteStatementPlanner;
import org.terndb.planner.calcite.TypeMapping;
import org.terndb.planner.physical.PhysicalPlanner;
import java.util.concurrent.atomic.LongAdder;
import org.terndb.sql.ParsedStatement;
import org.terndb.sql.SourcePositions;
import org.terndb.sql.SqlFrontend;

/**
 * Prepares statements: plan-cache lookup by (text, catalog version); on a miss parse (sql-frontend),
 * validate and convert to a logical plan (Calcite), convert to an executor plan (one converter per
 * operator), and cache it. One planner per database; thread-safe.
 *
 * <p>A cache hit runs none of that: one map lookup, no parsing, no Calcite, no Janino, no reflection.
 * {@link #plansMade()} counts the statements actually planned, which is how tests prove it.
 */
public final class Planner {
    private final SqlFrontend frontend = new SqlFrontend();
    private final CalciteStatementPlanner calcite = new CalciteStatementPlanner();
    private final PlanCache cache;
    private final LongAdder plansMade = new LongAdder();

    public Planner(int cacheCapacity) {
        this.cache = new PlanCache(cacheCapacity);
    }

    public PlanCache cache() {
        return cache;
    }

    /** How many times a statement was planned (cache misses that reached the parser and Calcite). */
    public long plansMade() {
        return plansMade.sum();
    }

    /**
     * The plan of {@code sql} for the catalog's current version, from the cache when possible.
     *
     * @throws org.terndb.executor.TernSqlException with the SQLState of what was wrong
     */
    public PreparedPlan prepare(String sql, CatalogView catalog) {
        long version = catalog.version();
        PreparedPlan cached = cache.get(sql, version);
        if (cached != null) {
            return cached;
        }
        return cache.put(plan(sql, catalog, version));
    }

    /** Plans without the cache. */
    PreparedPlan plan(String sql, CatalogView catalog, long version) {
        plansMade.increment();
        SourcePositions positions = SourcePositions.IDENTITY;
        try {
            if (SqlFrontend.isProcedureStatement(sql)) {
                return PreparedPlan.procedure(sql, version, frontend.parseProcedure(sql));
            }
            ParsedStatement parsed = frontend.parse(sql);
            positions = parsed.positions();
            if (parsed.isDdl()) {
                return new PreparedPlan(sql, version, PreparedPlan.Kind.DDL, parsed.explain(), parsed.ddl(), null,
                        List.of(), List.of());
            }
            CalciteStatementPlanner.Logical logical = calcite.toRel(parsed.query(), catalog);
            RelRoot root = logical.root();
            boolean query = root.kind.belongsTo(SqlKind.QUERY);
            RelNode rel = query ? root.project() : root.rel;
            int parameterCount = logical.parameterRowType().getFieldCount();
            PhysicalPlanner.Result physical = PhysicalPlanner.toPlan(rel, logical.rexBuilder(), parsed.forUpdate(),
                    parameterCount);
            PlanNode plan = physical.root();
            List<ResultColumn> columns = new ArrayList<>();
            if (query) { // the origins are worked out here, once, and kept in the cached plan for ResultSetMetaData
                RelDataType rowType = root.validatedRowType;
                List<List<String>> origins = logical.fieldOrigins();
                for (RelDataTypeField f : rowType.getFieldList()) {
                    List<String> origin = f.getIndex() < origins.size() ? origins.get(f.getIndex()) : null;
                    columns.add(new ResultColumn(f.getName(), TypeMapping.toExprType(f.getType()),
                            origin == null ? null : origin.get(0), origin == null ? null : origin.get(1)));
                }
            }
            List<ExprType> parameterTypes = new ArrayList<>();
            for (RelDataTypeField f : logical.parameterRowType().getFieldList()) {
                parameterTypes.add(TypeMapping.toExprType(f.getType()));
            }
            return new PreparedPlan(sql, version, query ? PreparedPlan.Kind.QUERY : PreparedPlan.Kind.UPDATE,
                    parsed.explain(), null, plan, columns, parameterTypes, physical.readsStatementTime());
        } catch (RuntimeException e) {
            throw CalciteErrors.translate(e, positions);
        }
    }
}
