package org.terndb.planner.calcite;

import java.util.List;
import java.util.Properties;
import org.apache.calcite.config.CalciteConnectionConfig;
import org.apache.calcite.config.CalciteConnectionConfigImpl;
import org.apache.calcite.config.CalciteConnectionProperty;
import org.apache.calcite.config.NullCollation;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.plan.hep.HepProgram;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.rules.CoreRules;
import org.apache.calcite.rel.metadata.DefaultRelMetadataProvider;
import org.apache.calcite.rel.metadata.MetadataHandlerProvider;
import org.apache.calcite.rel.metadata.ProxyingMetadataHandlerProvider;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.validate.SqlConformanceEnum;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.SqlValidatorUtil;
import org.apache.calcite.sql2rel.SqlToRelConverter;
import org.apache.calcite.sql2rel.StandardConvertletTable;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.terndb.executor.meta.CatalogView;
import org.terndb.executor.meta.TableMeta;

/**
 * Validates a Calcite parse tree against a catalog version and converts it to a logical {@link RelRoot}
 * (Calcite's SqlValidator + SqlToRelConverter). Everything stateless is built once per JVM: the type system,
 * the operator table and the metadata handler provider, which is the proxying one so that no Janino code is
 * generated, ever. The Calcite schema is built once per catalog version.
 *
 * <p>NULL ordering: NULL sorts as the smallest value ({@link NullCollation#LOW}): first in ascending order,
 * last in descending order, unless NULLS FIRST/LAST says otherwise. That is the order of TernDB's index keys
 * (and of SQLite, MySQL and SQL Server), so an index delivers ORDER BY on nullable columns too.
 *
 * <p>Statements with joins get one rewrite before conversion to executor operators: WHERE conjuncts are
 * pushed into the joins and onto the tables they read (Calcite's FILTER_INTO_JOIN and JOIN_CONDITION_PUSH
 * rules in a {@link HepPlanner}), so {@code FROM a, b WHERE a.x = b.y AND a.k = ?} becomes a join on
 * {@code a.x = b.y} over an access path for {@code a.k = ?}. Statements without joins skip it.
 */
public final class CalciteStatementPlanner {
    /** Metadata through dynamic proxies: no Janino compilation on first use (ARCHITECTURE.md, measured facts). */
    private static final MetadataHandlerProvider METADATA =
            new ProxyingMetadataHandlerProvider(DefaultRelMetadataProvider.INSTANCE);
    private static final CalciteConnectionConfig CONNECTION_CONFIG = connectionConfig();
    private static final SqlValidator.Config VALIDATOR_CONFIG = SqlValidator.Config.DEFAULT
            .withConformance(SqlConformanceEnum.LENIENT)
            .withIdentifierExpansion(true)
            .withDefaultNullCollation(NullCollation.LOW);
    private static final SqlToRelConverter.Config CONVERTER_CONFIG = SqlToRelConverter.config()
            .withTrimUnusedFields(false)
            .withExpand(false)
            .withDecorrelationEnabled(false)
            .withInSubQueryThreshold(Integer.MAX_VALUE); // IN lists stay predicates, never joins with VALUES
    private static final HepProgram NO_RULES = HepProgram.builder().build();
    private static final HepProgram JOIN_PUSH_DOWN = HepProgram.builder()
            .addRuleCollection(List.of(CoreRules.FILTER_INTO_JOIN, CoreRules.JOIN_CONDITION_PUSH,
                    CoreRules.FILTER_MERGE, CoreRules.FILTER_PROJECT_TRANSPOSE))
            .build();
    private static final RelOptTable.ViewExpander NO_VIEWS = (rowType, query, schemaPath, viewPath) -> {
        throw new UnsupportedOperationException("views are not supported yet");
    };

    /**
     * The result of validation and conversion. {@code fieldOrigins}: per result column of a query, the table and
     * column it shows unchanged ({@code [table, column]}), or null for an expression; empty for DML.
     */
    public record Logical(RelRoot root, RelDataType parameterRowType, RexBuilder rexBuilder,
                          List<List<String>> fieldOrigins) {
    }

    private final RelDataTypeFactory typeFactory = new TernTypeFactory();
    private volatile SchemaAtVersion schema;

    private record SchemaAtVersion(long version, CalciteSchema root) {
    }

    private static CalciteConnectionConfig connectionConfig() {
        Properties p = new Properties();
        p.setProperty(CalciteConnectionProperty.CASE_SENSITIVE.camelName(), "true");
        return new CalciteConnectionConfigImpl(p);
    }

    /** Validates and converts {@code node}; Calcite's exceptions propagate (see {@link CalciteErrors}). */
    public Logical toRel(SqlNode node, CatalogView catalog) {
        AssignmentCheck.check(node, catalog);
        CalciteCatalogReader reader = new CalciteCatalogReader(schemaOf(catalog), List.of(), typeFactory,
                CONNECTION_CONFIG);
        SqlValidator validator = SqlValidatorUtil.newValidator(SqlStdOperatorTable.instance(), reader, typeFactory,
                VALIDATOR_CONFIG);
        SqlNode validated = validator.validate(node);
        RexBuilder rexBuilder = new RexBuilder(typeFactory);
        RelOptCluster cluster = RelOptCluster.create(new HepPlanner(NO_RULES), rexBuilder);
        cluster.setMetadataQuerySupplier(() -> new RelMetadataQuery(METADATA));
        SqlToRelConverter converter = new SqlToRelConverter(NO_VIEWS, validator, reader, cluster,
                StandardConvertletTable.INSTANCE, CONVERTER_CONFIG);
        RelRoot root = converter.convertQuery(validated, false, true);
        if (hasJoin(root.rel)) {
            HepPlanner hep = new HepPlanner(JOIN_PUSH_DOWN);
            hep.setRoot(root.rel);
            root = root.withRel(hep.findBestExp());
        }
        return new Logical(root, validator.getParameterRowType(validated), rexBuilder, fieldOrigins(validator, validated,
                root));
    }

    /** The validator's origin of each result column, reduced to {@code [table, column]} (no schemas in TernDB). */
    private static List<List<String>> fieldOrigins(SqlValidator validator, SqlNode validated, RelRoot root) {
        if (!root.kind.belongsTo(SqlKind.QUERY)) {
            return List.of();
        }
        List<List<String>> origins = new java.util.ArrayList<>();
        for (List<String> origin : validator.getFieldOrigins(validated)) {
            origins.add(origin == null || origin.size() < 2 ? null
                    : List.of(origin.get(origin.size() - 2), origin.get(origin.size() - 1)));
        }
        return java.util.Collections.unmodifiableList(origins);
    }

    private static boolean hasJoin(RelNode rel) {
        if (rel instanceof Join) {
            return true;
        }
        for (RelNode input : rel.getInputs()) {
            if (hasJoin(input)) {
                return true;
            }
        }
        return false;
    }

    private CalciteSchema schemaOf(CatalogView catalog) {
        SchemaAtVersion s = schema;
        if (s != null && s.version() == catalog.version()) {
            return s.root();
        }
        CalciteSchema root = CalciteSchema.createRootSchema(false, false);
        for (TableMeta table : catalog.tables()) {
            root.add(table.name(), new CalciteTable(table));
        }
        if (s == null || s.version() < catalog.version()) {
            schema = new SchemaAtVersion(catalog.version(), root);
        }
        return root;
    }
}
