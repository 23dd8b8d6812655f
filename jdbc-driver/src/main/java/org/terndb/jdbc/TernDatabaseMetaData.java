package org.terndb.jdbc;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.RowIdLifetime;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.terndb.engine.Database;
import org.terndb.engine.proc.ProcedureInfo;
import org.terndb.executor.ExprType;
import org.terndb.executor.ResultColumn;
import org.terndb.executor.SqlState;
import org.terndb.executor.expr.Values;
import org.terndb.executor.meta.IndexMeta;
import org.terndb.executor.meta.TableMeta;
import org.terndb.storage.codec.Column;
import org.terndb.storage.codec.ColumnType;

/**
 * What tools ask a database about itself. Catalog results are read from one catalog snapshot per call
 * and returned as ordinary {@link TernResultSet}s with the columns, types and order the JDBC
 * specification gives for each method. TernDB has no catalogs or schemas: TABLE_CAT and TABLE_SCHEM are
 * null, {@link #getCatalogs()} and {@link #getSchemas()} are empty, and a catalog or schema argument
 * matches only when it is null, empty or a pattern that matches the empty name. Table and column name
 * patterns use {@code %} and {@code _} with {@code \} as the escape; names are compared as stored (an
 * unquoted identifier is stored in upper case). Foreign keys are not recorded by the catalog yet, so
 * {@link #getImportedKeys}, {@link #getExportedKeys} and {@link #getCrossReference} return well-formed
 * empty results; so do the methods about procedures, functions, privileges and user-defined types.
 */
final class TernDatabaseMetaData implements DatabaseMetaData {
    private static final ExprType NAME = new ExprType(ColumnType.VARCHAR, 128, 0, true);
    private static final ExprType TEXT = new ExprType(ColumnType.VARCHAR, 4096, 0, true);
    private static final ExprType INT = ExprType.of(ColumnType.INTEGER, true);
    private static final ExprType SHORT = ExprType.of(ColumnType.SMALLINT, true);
    private static final ExprType LONG = ExprType.of(ColumnType.BIGINT, true);
    private static final ExprType BOOL = ExprType.of(ColumnType.BOOLEAN, true);

    private final TernConnection connection;

    TernDatabaseMetaData(TernConnection connection) {
        this.connection = connection;
    }

    private Database database() throws SQLException {
        connection.checkOpen();
        return connection.database();
    }

    // ---- result building -------------------------------------------------------------------------

    /**
     * A metadata result under construction. Column specs are {@code NAME} (VARCHAR) or {@code NAME:t}
     * with t = i (INTEGER), s (SMALLINT), l (BIGINT), b (BOOLEAN), x (long VARCHAR).
     */
    private final class Result {
        private final List<ResultColumn> columns = new ArrayList<>();
        private final List<Object[]> rows = new ArrayList<>();

        Result(String... specs) {
            for (String spec : specs) {
                int colon = spec.indexOf(':');
                String name = colon < 0 ? spec : spec.substring(0, colon);
                ExprType type = colon < 0 ? NAME : switch (spec.charAt(colon + 1)) {
                    case 'i' -> INT;
                    case 's' -> SHORT;
                    case 'l' -> LONG;
                    case 'b' -> BOOL;
                    case 'x' -> TEXT;
                    default -> throw new IllegalArgumentException(spec);
                };
                columns.add(new ResultColumn(name, type, null, name));
            }
        }

        /** One row; Java ints and shorts become the engine's Long, as every integer value is internally. */
        void add(Object... values) {
            if (values.length != columns.size()) {
                throw new IllegalArgumentException(values.length + " values for " + columns.size() + " columns");
            }
            Object[] row = new Object[values.length];
            for (int i = 0; i < values.length; i++) {
                row[i] = Values.normalize(values[i]);
            }
            rows.add(row);
        }

        ResultSet done() throws SQLException {
            connection.checkOpen();
            return new TernResultSet(connection, columns, rows);
        }
    }

    private static final String[] TABLE_COLUMNS = {"TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "TABLE_TYPE", "REMARKS",
        "TYPE_CAT", "TYPE_SCHEM", "TYPE_NAME", "SELF_REFERENCING_COL_NAME", "REF_GENERATION"};
    private static final String[] KEY_COLUMNS = {"PKTABLE_CAT", "PKTABLE_SCHEM", "PKTABLE_NAME", "PKCOLUMN_NAME",
        "FKTABLE_CAT", "FKTABLE_SCHEM", "FKTABLE_NAME", "FKCOLUMN_NAME", "KEY_SEQ:s", "UPDATE_RULE:s",
        "DELETE_RULE:s", "FK_NAME", "PK_NAME", "DEFERRABILITY:s"};
    private static final String[] ROW_ID_COLUMNS = {"SCOPE:s", "COLUMN_NAME", "DATA_TYPE:i", "TYPE_NAME",
        "COLUMN_SIZE:i", "BUFFER_LENGTH:i", "DECIMAL_DIGITS:s", "PSEUDO_COLUMN:s"};

    /** The tables whose name matches, by name; none if the catalog or schema asked for cannot be ours. */
    private List<TableMeta> tables(String catalog, String schemaPattern, String tablePattern) throws SQLException {
        Database db = database();
        List<TableMeta> out = new ArrayList<>();
        if (!noCatalog(catalog) || !matches(schemaPattern, "")) {
            return out;
        }
        for (TableMeta t : db.catalog().snapshot().tables()) {
            if (matches(tablePattern, t.name())) {
                out.add(t);
            }
        }
        out.sort(Comparator.comparing(TableMeta::name));
        return out;
    }

    /** The table of exactly this name (JDBC: not a pattern), as a list of zero or one. */
    private List<TableMeta> table(String catalog, String schema, String table) throws SQLException {
        Database db = database();
        if (table == null) {
            throw new SQLException("the table name must not be null", SqlState.GENERAL_ERROR);
        }
        TableMeta t = db.catalog().snapshot().table(table);
        return t == null || !noCatalog(catalog) || !(schema == null || schema.isEmpty()) ? List.of() : List.of(t);
    }

    private static boolean noCatalog(String catalog) {
        return catalog == null || catalog.isEmpty();
    }

    /** SQL LIKE matching with {@code \} as the escape; a null pattern matches everything. */
    static boolean matches(String pattern, String value) {
        return pattern == null || like(pattern, 0, value, 0);
    }

    private static boolean like(String p, int pi, String v, int vi) {
        while (pi < p.length()) {
            char c = p.charAt(pi);
            if (c == '%') {
                for (int k = vi; k <= v.length(); k++) {
                    if (like(p, pi + 1, v, k)) {
                        return true;
                    }
                }
                return false;
            }
            if (vi >= v.length()) {
                return false;
            }
            if (c == '\\' && pi + 1 < p.length()) {
                pi++;
                c = p.charAt(pi);
            } else if (c == '_') {
                pi++;
                vi++;
                continue;
            }
            if (c != v.charAt(vi)) {
                return false;
            }
            pi++;
            vi++;
        }
        return vi == v.length();
    }

    private static ExprType typeOf(Column c) {
        return ExprType.of(c);
    }

    // ---- catalog ---------------------------------------------------------------------------------

    @Override
    public ResultSet getTables(String catalog, String schemaPattern, String tableNamePattern, String[] types)
            throws SQLException {
        Result r = new Result(TABLE_COLUMNS);
        boolean wantTables = types == null;
        if (types != null) {
            for (String t : types) {
                wantTables |= "TABLE".equalsIgnoreCase(t);
            }
        }
        if (wantTables) {
            for (TableMeta t : tables(catalog, schemaPattern, tableNamePattern)) {
                r.add(null, null, t.name(), "TABLE", "", null, null, null, null, null);
            }
        }
        return r.done();
    }

    @Override
    public ResultSet getTableTypes() throws SQLException {
        Result r = new Result("TABLE_TYPE");
        r.add("TABLE");
        return r.done();
    }

    @Override
    public ResultSet getSchemas() throws SQLException {
        return new Result("TABLE_SCHEM", "TABLE_CATALOG").done();
    }

    @Override
    public ResultSet getSchemas(String catalog, String schemaPattern) throws SQLException {
        return getSchemas();
    }

    @Override
    public ResultSet getCatalogs() throws SQLException {
        return new Result("TABLE_CAT").done();
    }

    @Override
    public ResultSet getColumns(String catalog, String schemaPattern, String tableNamePattern, String columnNamePattern)
            throws SQLException {
        Result r = new Result("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME", "DATA_TYPE:i", "TYPE_NAME",
                "COLUMN_SIZE:i", "BUFFER_LENGTH:i", "DECIMAL_DIGITS:i", "NUM_PREC_RADIX:i", "NULLABLE:i", "REMARKS",
                "COLUMN_DEF:x", "SQL_DATA_TYPE:i", "SQL_DATETIME_SUB:i", "CHAR_OCTET_LENGTH:i", "ORDINAL_POSITION:i",
                "IS_NULLABLE", "SCOPE_CATALOG", "SCOPE_SCHEMA", "SCOPE_TABLE", "SOURCE_DATA_TYPE:s",
                "IS_AUTOINCREMENT", "IS_GENERATEDCOLUMN");
        for (TableMeta t : tables(catalog, schemaPattern, tableNamePattern)) {
            for (int i = 0; i < t.columnCount(); i++) {
                Column c = t.column(i);
                if (!matches(columnNamePattern, c.name())) {
                    continue;
                }
                ExprType type = typeOf(c);
                ColumnType ct = c.type();
                Object def = t.defaultValue(i);
                r.add(null, null, t.name(), c.name(), JdbcTypes.sqlType(ct), c.sqlType(), JdbcTypes.precision(type),
                        null, decimalDigits(ct, c.scale()), JdbcTypes.radix(ct) == 0 ? null : JdbcTypes.radix(ct),
                        c.nullable() ? columnNullable : columnNoNulls, "", def == null ? null : Values.toSqlLiteral(def),
                        null, null, ct.isString() ? octetLength(c.precision()) : null, i + 1,
                        c.nullable() ? "YES" : "NO", null, null, null, null, "NO", "NO");
            }
        }
        return r.done();
    }

    /** Fractional digits: the scale of DECIMAL, 0 for integers, 6 for TIMESTAMP (microseconds), else null. */
    private static Integer decimalDigits(ColumnType t, int scale) {
        return switch (t) {
            case DECIMAL -> scale;
            case TINYINT, SMALLINT, INTEGER, BIGINT, DATE -> 0;
            case TIMESTAMP -> 6;
            default -> null;
        };
    }

    /** Most bytes a string of {@code chars} code points takes in UTF-8. */
    private static int octetLength(int chars) {
        return (int) Math.min(Integer.MAX_VALUE, 4L * chars);
    }

    @Override
    public ResultSet getPrimaryKeys(String catalog, String schema, String table) throws SQLException {
        Result r = new Result("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME", "KEY_SEQ:s", "PK_NAME");
        List<Object[]> keys = new ArrayList<>();
        for (TableMeta t : table(catalog, schema, table)) {
            IndexMeta pk = t.primaryIndex();
            if (t.hasRowId()) {
                continue;   // keyed by a hidden row id: no primary key columns
            }
            for (int k = 0; k < pk.columnCount(); k++) {
                keys.add(new Object[] {null, null, t.name(), t.column(pk.column(k)).name(), k + 1, pk.name()});
            }
        }
        keys.sort(Comparator.comparing(row -> (String) row[3]));   // JDBC orders by COLUMN_NAME
        keys.forEach(r::add);
        return r.done();
    }

    @Override
    public ResultSet getIndexInfo(String catalog, String schema, String table, boolean unique, boolean approximate)
            throws SQLException {
        Result r = new Result("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "NON_UNIQUE:b", "INDEX_QUALIFIER", "INDEX_NAME",
                "TYPE:s", "ORDINAL_POSITION:s", "COLUMN_NAME", "ASC_OR_DESC", "CARDINALITY:l", "PAGES:l",
                "FILTER_CONDITION");
        List<Object[]> rows = new ArrayList<>();
        for (TableMeta t : table(catalog, schema, table)) {
            for (IndexMeta index : t.indexes()) {
                if ((unique && !index.unique()) || (index.primary() && t.hasRowId())) {
                    continue;
                }
                for (int k = 0; k < index.columnCount(); k++) {
                    rows.add(new Object[] {null, null, t.name(), !index.unique(), null, index.name(), tableIndexOther,
                        k + 1, t.column(index.column(k)).name(), index.isDescending(k) ? "D" : "A", null, null, null});
                }
            }
        }
        // JDBC order: NON_UNIQUE, TYPE, INDEX_NAME, ORDINAL_POSITION (TYPE is the same for all).
        rows.sort(Comparator.comparing((Object[] row) -> (Boolean) row[3]).thenComparing(row -> (String) row[5])
                .thenComparing(row -> (Integer) row[7]));
        rows.forEach(r::add);
        return r.done();
    }

    /** Empty: the catalog does not record foreign keys yet. */
    @Override
    public ResultSet getImportedKeys(String catalog, String schema, String table) throws SQLException {
        table(catalog, schema, table);
        return new Result(KEY_COLUMNS).done();
    }

    /** Empty: the catalog does not record foreign keys yet. */
    @Override
    public ResultSet getExportedKeys(String catalog, String schema, String table) throws SQLException {
        table(catalog, schema, table);
        return new Result(KEY_COLUMNS).done();
    }

    /** Empty: the catalog does not record foreign keys yet. */
    @Override
    public ResultSet getCrossReference(String parentCatalog, String parentSchema, String parentTable,
                                       String foreignCatalog, String foreignSchema, String foreignTable)
            throws SQLException {
        database();
        return new Result(KEY_COLUMNS).done();
    }

    /** The primary key columns: a row is identified by them for as long as the session lasts. */
    @Override
    public ResultSet getBestRowIdentifier(String catalog, String schema, String table, int scope, boolean nullable)
            throws SQLException {
        Result r = new Result(ROW_ID_COLUMNS);
        for (TableMeta t : table(catalog, schema, table)) {
            if (t.hasRowId()) {
                continue;
            }
            IndexMeta pk = t.primaryIndex();
            for (int k = 0; k < pk.columnCount(); k++) {
                Column c = t.column(pk.column(k));
                r.add(bestRowSession, c.name(), JdbcTypes.sqlType(c.type()), c.sqlType(),
                        JdbcTypes.precision(typeOf(c)), null, decimalDigits(c.type(), c.scale()), bestRowNotPseudo);
            }
        }
        return r.done();
    }

    @Override
    public ResultSet getVersionColumns(String catalog, String schema, String table) throws SQLException {
        database();
        return new Result(ROW_ID_COLUMNS).done();
    }

    @Override
    public ResultSet getTypeInfo() throws SQLException {
        Result r = new Result("TYPE_NAME", "DATA_TYPE:i", "PRECISION:i", "LITERAL_PREFIX", "LITERAL_SUFFIX",
                "CREATE_PARAMS", "NULLABLE:s", "CASE_SENSITIVE:b", "SEARCHABLE:s", "UNSIGNED_ATTRIBUTE:b",
                "FIXED_PREC_SCALE:b", "AUTO_INCREMENT:b", "LOCAL_TYPE_NAME", "MINIMUM_SCALE:s", "MAXIMUM_SCALE:s",
                "SQL_DATA_TYPE:i", "SQL_DATETIME_SUB:i", "NUM_PREC_RADIX:i");
        List<ColumnType> types = new ArrayList<>(List.of(ColumnType.values()));
        types.sort(Comparator.comparingInt(JdbcTypes::sqlType));   // JDBC orders by DATA_TYPE
        for (ColumnType t : types) {
            boolean string = t.isString();
            int precision = switch (t) {
                case DECIMAL -> Column.MAX_DECIMAL_PRECISION;
                case CHAR, VARCHAR -> Column.MAX_STRING_LENGTH;
                default -> JdbcTypes.precision(t, 0);
            };
            String prefix = string ? "'" : t == ColumnType.DATE ? "DATE '" : t == ColumnType.TIMESTAMP ? "TIMESTAMP '"
                    : null;
            String params = switch (t) {
                case DECIMAL -> "precision,scale";
                case CHAR, VARCHAR -> "length";
                default -> null;
            };
            int maxScale = t == ColumnType.DECIMAL ? Column.MAX_DECIMAL_PRECISION : 0;
            r.add(t.name(), JdbcTypes.sqlType(t), precision, prefix, prefix == null ? null : "'", params,
                    typeNullable, string, string ? typeSearchable : typePredBasic, JdbcTypes.radix(t) == 0 ? null
                    : false, false, false, t.name(), 0, maxScale, null, null,
                    JdbcTypes.radix(t) == 0 ? null : JdbcTypes.radix(t));
        }
        return r.done();
    }

    // ---- things TernDB does not have (yet): well-formed empty results -----------------------------

    @Override
    public ResultSet getProcedures(String catalog, String schemaPattern, String procedureNamePattern)
            throws SQLException {
        Result r = new Result("PROCEDURE_CAT", "PROCEDURE_SCHEM", "PROCEDURE_NAME", "RESERVED1", "RESERVED2",
                "RESERVED3", "REMARKS", "PROCEDURE_TYPE:s", "SPECIFIC_NAME");
        for (ProcedureInfo p : procedures(catalog, schemaPattern, procedureNamePattern)) {
            r.add(null, null, p.name(), null, null, null, p.language() + " procedure " + p.signature()
                    + "; " + p.execution(),
                    procedureNoResult, p.name());
        }
        return r.done();
    }

    /** The catalog's procedures whose name matches, by name (see {@code ProcedureRegistry}). */
    private List<ProcedureInfo> procedures(String catalog, String schemaPattern, String namePattern)
            throws SQLException {
        Database db = database();
        if (!noCatalog(catalog) || !matches(schemaPattern, "")) {
            return List.of();
        }
        return db.catalog().procedures().list().stream().filter(p -> matches(namePattern, p.name())).toList();
    }

    @Override
    public ResultSet getProcedureColumns(String catalog, String schemaPattern, String procedureNamePattern,
                                         String columnNamePattern) throws SQLException {
        Result r = new Result("PROCEDURE_CAT", "PROCEDURE_SCHEM", "PROCEDURE_NAME", "COLUMN_NAME", "COLUMN_TYPE:s",
                "DATA_TYPE:i", "TYPE_NAME", "PRECISION:i", "LENGTH:i", "SCALE:s", "RADIX:s", "NULLABLE:s", "REMARKS",
                "COLUMN_DEF", "SQL_DATA_TYPE:i", "SQL_DATETIME_SUB:i", "CHAR_OCTET_LENGTH:i", "ORDINAL_POSITION:i",
                "IS_NULLABLE", "SPECIFIC_NAME");
        for (ProcedureInfo p : procedures(catalog, schemaPattern, procedureNamePattern)) {
            for (int i = 0; i < p.parameters().size(); i++) {
                ProcedureInfo.Parameter param = p.parameters().get(i);
                if (!matches(columnNamePattern, param.name())) {
                    continue;
                }
                ExprType t = param.type().element();
                boolean array = param.type().array();
                short mode = switch (param.mode()) {
                    case IN -> procedureColumnIn;
                    case OUT -> procedureColumnOut;
                    case INOUT -> procedureColumnInOut;
                };
                r.add(null, null, p.name(), param.name(), mode, array ? java.sql.Types.ARRAY : JdbcTypes.sqlType(t),
                        param.type().toString(), array ? null : JdbcTypes.precision(t), null,
                        array ? null : decimalDigits(t.type(), t.scale()),
                        array || JdbcTypes.radix(t.type()) == 0 ? null : JdbcTypes.radix(t.type()), procedureNullable,
                        "", null, null, null, t.type().isString() ? octetLength(t.precision()) : null, i + 1, "YES",
                        p.name());
            }
        }
        return r.done();
    }

    @Override
    public ResultSet getFunctions(String catalog, String schemaPattern, String functionNamePattern)
            throws SQLException {
        database();
        return new Result("FUNCTION_CAT", "FUNCTION_SCHEM", "FUNCTION_NAME", "REMARKS", "FUNCTION_TYPE:s",
                "SPECIFIC_NAME").done();
    }

    @Override
    public ResultSet getFunctionColumns(String catalog, String schemaPattern, String functionNamePattern,
                                        String columnNamePattern) throws SQLException {
        database();
        return new Result("FUNCTION_CAT", "FUNCTION_SCHEM", "FUNCTION_NAME", "COLUMN_NAME", "COLUMN_TYPE:s",
                "DATA_TYPE:i", "TYPE_NAME", "PRECISION:i", "LENGTH:i", "SCALE:s", "RADIX:s", "NULLABLE:s", "REMARKS",
                "CHAR_OCTET_LENGTH:i", "ORDINAL_POSITION:i", "IS_NULLABLE", "SPECIFIC_NAME").done();
    }

    @Override
    public ResultSet getColumnPrivileges(String catalog, String schema, String table, String columnNamePattern)
            throws SQLException {
        database();
        return new Result("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME", "GRANTOR", "GRANTEE", "PRIVILEGE",
                "IS_GRANTABLE").done();
    }

    @Override
    public ResultSet getTablePrivileges(String catalog, String schemaPattern, String tableNamePattern)
            throws SQLException {
        database();
        return new Result("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "GRANTOR", "GRANTEE", "PRIVILEGE",
                "IS_GRANTABLE").done();
    }

    @Override
    public ResultSet getUDTs(String catalog, String schemaPattern, String typeNamePattern, int[] types)
            throws SQLException {
        database();
        return new Result("TYPE_CAT", "TYPE_SCHEM", "TYPE_NAME", "CLASS_NAME", "DATA_TYPE:i", "REMARKS",
                "BASE_TYPE:s").done();
    }

    @Override
    public ResultSet getSuperTypes(String catalog, String schemaPattern, String typeNamePattern) throws SQLException {
        database();
        return new Result("TYPE_CAT", "TYPE_SCHEM", "TYPE_NAME", "SUPERTYPE_CAT", "SUPERTYPE_SCHEM",
                "SUPERTYPE_NAME").done();
    }

    @Override
    public ResultSet getSuperTables(String catalog, String schemaPattern, String tableNamePattern)
            throws SQLException {
        database();
        return new Result("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "SUPERTABLE_NAME").done();
    }

    @Override
    public ResultSet getAttributes(String catalog, String schemaPattern, String typeNamePattern,
                                   String attributeNamePattern) throws SQLException {
        database();
        return new Result("TYPE_CAT", "TYPE_SCHEM", "TYPE_NAME", "ATTR_NAME", "DATA_TYPE:i", "ATTR_TYPE_NAME",
                "ATTR_SIZE:i", "DECIMAL_DIGITS:i", "NUM_PREC_RADIX:i", "NULLABLE:i", "REMARKS", "ATTR_DEF",
                "SQL_DATA_TYPE:i", "SQL_DATETIME_SUB:i", "CHAR_OCTET_LENGTH:i", "ORDINAL_POSITION:i", "IS_NULLABLE",
                "SCOPE_CATALOG", "SCOPE_SCHEMA", "SCOPE_TABLE", "SOURCE_DATA_TYPE:s").done();
    }

    @Override
    public ResultSet getClientInfoProperties() throws SQLException {
        database();
        return new Result("NAME", "MAX_LEN:i", "DEFAULT_VALUE", "DESCRIPTION").done();
    }

    @Override
    public ResultSet getPseudoColumns(String catalog, String schemaPattern, String tableNamePattern,
                                      String columnNamePattern) throws SQLException {
        database();
        return new Result("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME", "DATA_TYPE:i", "COLUMN_SIZE:i",
                "DECIMAL_DIGITS:i", "NUM_PREC_RADIX:i", "COLUMN_USAGE", "REMARKS", "CHAR_OCTET_LENGTH:i",
                "IS_NULLABLE").done();
    }

    // ---- product, driver, connection ----------------------------------------------------------------

    @Override
    public String getDatabaseProductName() {
        return "TernDB";
    }

    @Override
    public String getDatabaseProductVersion() {
        return TernVersion.TEXT;
    }

    @Override
    public int getDatabaseMajorVersion() {
        return TernVersion.MAJOR;
    }

    @Override
    public int getDatabaseMinorVersion() {
        return TernVersion.MINOR;
    }

    @Override
    public String getDriverName() {
        return "TernDB JDBC driver";
    }

    @Override
    public String getDriverVersion() {
        return TernVersion.TEXT;
    }

    @Override
    public int getDriverMajorVersion() {
        return TernVersion.MAJOR;
    }

    @Override
    public int getDriverMinorVersion() {
        return TernVersion.MINOR;
    }

    @Override
    public int getJDBCMajorVersion() {
        return 4;
    }

    @Override
    public int getJDBCMinorVersion() {
        return 2;
    }

    @Override
    public String getURL() throws SQLException {
        database();
        return connection.url();
    }

    /** TernDB has no users; the empty name. */
    @Override
    public String getUserName() throws SQLException {
        database();
        return "";
    }

    @Override
    public Connection getConnection() throws SQLException {
        database();
        return connection;
    }

    @Override
    public boolean isReadOnly() throws SQLException {
        return connection.isReadOnly();
    }

    @Override
    public int getSQLStateType() {
        return sqlStateSQL;
    }

    @Override
    public RowIdLifetime getRowIdLifetime() {
        return RowIdLifetime.ROWID_UNSUPPORTED;
    }

    // ---- transactions ----------------------------------------------------------------------------

    @Override
    public boolean supportsTransactions() {
        return true;
    }

    /** SERIALIZABLE, or REPEATABLE_READ (snapshot isolation) under {@code protocol=si}. */
    @Override
    public int getDefaultTransactionIsolation() throws SQLException {
        return TernConnection.isolation(database());
    }

    /** Every level is served at the protocol's level or a stronger one, except SERIALIZABLE under SI. */
    @Override
    public boolean supportsTransactionIsolationLevel(int level) throws SQLException {
        return switch (level) {
            case Connection.TRANSACTION_READ_UNCOMMITTED, Connection.TRANSACTION_READ_COMMITTED,
                 Connection.TRANSACTION_REPEATABLE_READ -> true;
            case Connection.TRANSACTION_SERIALIZABLE -> database().concurrencyControl().isSerializable();
            default -> false;
        };
    }

    @Override
    public boolean supportsMultipleTransactions() {
        return true;
    }

    /** DDL runs at once and is not part of the transaction (it neither commits nor is rolled back). */
    @Override
    public boolean supportsDataDefinitionAndDataManipulationTransactions() {
        return false;
    }

    @Override
    public boolean supportsDataManipulationTransactionsOnly() {
        return true;
    }

    @Override
    public boolean dataDefinitionCausesTransactionCommit() {
        return false;
    }

    @Override
    public boolean dataDefinitionIgnoredInTransactions() {
        return false;
    }

    @Override
    public boolean supportsSavepoints() {
        return false;
    }

    @Override
    public boolean autoCommitFailureClosesAllResultSets() {
        return false;
    }

    // ---- identifiers and syntax ------------------------------------------------------------------

    @Override
    public String getIdentifierQuoteString() {
        return "\"";
    }

    @Override
    public boolean supportsMixedCaseIdentifiers() {
        return false;
    }

    @Override
    public boolean storesUpperCaseIdentifiers() {
        return true;
    }

    @Override
    public boolean storesLowerCaseIdentifiers() {
        return false;
    }

    @Override
    public boolean storesMixedCaseIdentifiers() {
        return false;
    }

    @Override
    public boolean supportsMixedCaseQuotedIdentifiers() {
        return true;
    }

    @Override
    public boolean storesUpperCaseQuotedIdentifiers() {
        return false;
    }

    @Override
    public boolean storesLowerCaseQuotedIdentifiers() {
        return false;
    }

    /** Quoted identifiers are case-sensitive ({@link #supportsMixedCaseQuotedIdentifiers}), not folded. */
    @Override
    public boolean storesMixedCaseQuotedIdentifiers() {
        return false;
    }

    /** Words of TernDB's SQL that are not SQL:2003 keywords. */
    @Override
    public String getSQLKeywords() {
        return "CHECKPOINT,EXPLAIN,IF,LIMIT,OFFSET,PLAN";
    }

    /*
     * The function lists name the JDBC escape functions ({fn NAME(...)}) that run, with the JDBC meaning. Not listed:
     * LENGTH (it counts trailing blanks, which JDBC's does not), and every other escape function (0A000). The
     * plain SQL functions of the README (CHAR_LENGTH, TRIM, COALESCE, CASE, CAST, EXTRACT, ...) work besides.
     */

    @Override
    public String getNumericFunctions() {
        return "ABS,MOD,ROUND";
    }

    @Override
    public String getStringFunctions() {
        return "CONCAT,LCASE,LTRIM,RTRIM,SUBSTRING,UCASE";
    }

    @Override
    public String getSystemFunctions() {
        return "IFNULL";
    }

    /** Date and time functions of the JDBC escapes; CURDATE and NOW are UTC, one value per statement. */
    @Override
    public String getTimeDateFunctions() {
        return "CURDATE,DAYOFMONTH,HOUR,MINUTE,MONTH,NOW,SECOND,YEAR";
    }

    @Override
    public String getSearchStringEscape() {
        return "\\";
    }

    /** Unquoted identifiers may contain {@code $} (as in {@code a$b}) besides letters, digits and {@code _}. */
    @Override
    public String getExtraNameCharacters() {
        return "$";
    }

    @Override
    public String getSchemaTerm() {
        return "schema";
    }

    @Override
    public String getProcedureTerm() {
        return "procedure";
    }

    @Override
    public String getCatalogTerm() {
        return "catalog";
    }

    @Override
    public boolean isCatalogAtStart() {
        return true;
    }

    @Override
    public String getCatalogSeparator() {
        return ".";
    }

    // ---- SQL features (the first SQL slice: see the README) --------------------------------------

    /** There are no privileges: whoever connects can call every procedure {@link #getProcedures} lists. */
    @Override
    public boolean allProceduresAreCallable() {
        return true;
    }

    @Override
    public boolean allTablesAreSelectable() {
        return true;
    }

    /** NULL sorts below every value (as index keys order it): first in ascending order, last in descending. */
    @Override
    public boolean nullsAreSortedHigh() {
        return false;
    }

    @Override
    public boolean nullsAreSortedLow() {
        return true;
    }

    @Override
    public boolean nullsAreSortedAtStart() {
        return false;
    }

    @Override
    public boolean nullsAreSortedAtEnd() {
        return false;
    }

    /** A {@code jdbc:tern:file:} database keeps its tables in files of its directory (one log for all tables). */
    @Override
    public boolean usesLocalFiles() throws SQLException {
        return database().config().isFile();
    }

    @Override
    public boolean usesLocalFilePerTable() {
        return false;
    }

    @Override
    public boolean supportsAlterTableWithAddColumn() {
        return false;
    }

    @Override
    public boolean supportsAlterTableWithDropColumn() {
        return false;
    }

    @Override
    public boolean supportsColumnAliasing() {
        return true;
    }

    @Override
    public boolean nullPlusNonNullIsNull() {
        return true;
    }

    /** {@code {fn CONVERT(value, SQL_type)}} runs, for the pairs {@link #supportsConvert(int, int)} lists. */
    @Override
    public boolean supportsConvert() {
        return true;
    }

    /**
     * Numbers convert to numbers and text (exact numbers to BOOLEAN too); text converts to every column type;
     * BOOLEAN to text; DATE and TIMESTAMP to text, DATE and TIMESTAMP. A conversion can still fail for a value
     * (22xxx), as text that is not a number does.
     */
    @Override
    public boolean supportsConvert(int fromType, int toType) {
        int from = convertKind(fromType);
        int to = convertKind(toType);
        if (from == 0 || to == 0) {
            return false;
        }
        return switch (from) {
            case CONVERT_EXACT -> to != CONVERT_DATETIME;
            case CONVERT_APPROX -> to == CONVERT_EXACT || to == CONVERT_APPROX || to == CONVERT_TEXT;
            case CONVERT_TEXT -> true;
            case CONVERT_BOOLEAN -> to == CONVERT_TEXT || to == CONVERT_BOOLEAN;
            default -> to == CONVERT_TEXT || to == CONVERT_DATETIME; // DATE, TIMESTAMP
        };
    }

    private static final int CONVERT_EXACT = 1;
    private static final int CONVERT_APPROX = 2;
    private static final int CONVERT_TEXT = 3;
    private static final int CONVERT_BOOLEAN = 4;
    private static final int CONVERT_DATETIME = 5;

    /** The conversion family of a {@link java.sql.Types} code among TernDB's column types; 0 for the others. */
    private static int convertKind(int jdbcType) {
        return switch (jdbcType) {
            case java.sql.Types.TINYINT, java.sql.Types.SMALLINT, java.sql.Types.INTEGER, java.sql.Types.BIGINT,
                 java.sql.Types.DECIMAL, java.sql.Types.NUMERIC -> CONVERT_EXACT;
            case java.sql.Types.REAL, java.sql.Types.FLOAT, java.sql.Types.DOUBLE -> CONVERT_APPROX;
            case java.sql.Types.CHAR, java.sql.Types.VARCHAR -> CONVERT_TEXT;
            case java.sql.Types.BOOLEAN -> CONVERT_BOOLEAN;
            case java.sql.Types.DATE, java.sql.Types.TIMESTAMP -> CONVERT_DATETIME;
            default -> 0;
        };
    }

    @Override
    public boolean supportsTableCorrelationNames() {
        return true;
    }

    @Override
    public boolean supportsDifferentTableCorrelationNames() {
        return false;
    }

    @Override
    public boolean supportsExpressionsInOrderBy() {
        return true;
    }

    @Override
    public boolean supportsOrderByUnrelated() {
        return true;
    }

    @Override
    public boolean supportsGroupBy() {
        return true;
    }

    @Override
    public boolean supportsGroupByUnrelated() {
        return true;
    }

    @Override
    public boolean supportsGroupByBeyondSelect() {
        return true;
    }

    @Override
    public boolean supportsLikeEscapeClause() {
        return false;
    }

    @Override
    public boolean supportsMultipleResultSets() {
        return true; // a CALL returns each result set of its procedure (getMoreResults)
    }

    @Override
    public boolean supportsNonNullableColumns() {
        return true;
    }

    @Override
    public boolean supportsMinimumSQLGrammar() {
        return true;
    }

    @Override
    public boolean supportsCoreSQLGrammar() {
        return false;
    }

    @Override
    public boolean supportsExtendedSQLGrammar() {
        return false;
    }

    @Override
    public boolean supportsANSI92EntryLevelSQL() {
        return false;
    }

    @Override
    public boolean supportsANSI92IntermediateSQL() {
        return false;
    }

    @Override
    public boolean supportsANSI92FullSQL() {
        return false;
    }

    @Override
    public boolean supportsIntegrityEnhancementFacility() {
        return false;
    }

    @Override
    public boolean supportsOuterJoins() {
        return true; // LEFT [OUTER] JOIN; not RIGHT or FULL (0A000)
    }

    @Override
    public boolean supportsFullOuterJoins() {
        return false;
    }

    @Override
    public boolean supportsLimitedOuterJoins() {
        return true;
    }

    @Override
    public boolean supportsSchemasInDataManipulation() {
        return false;
    }

    @Override
    public boolean supportsSchemasInProcedureCalls() {
        return false;
    }

    @Override
    public boolean supportsSchemasInTableDefinitions() {
        return false;
    }

    @Override
    public boolean supportsSchemasInIndexDefinitions() {
        return false;
    }

    @Override
    public boolean supportsSchemasInPrivilegeDefinitions() {
        return false;
    }

    @Override
    public boolean supportsCatalogsInDataManipulation() {
        return false;
    }

    @Override
    public boolean supportsCatalogsInProcedureCalls() {
        return false;
    }

    @Override
    public boolean supportsCatalogsInTableDefinitions() {
        return false;
    }

    @Override
    public boolean supportsCatalogsInIndexDefinitions() {
        return false;
    }

    @Override
    public boolean supportsCatalogsInPrivilegeDefinitions() {
        return false;
    }

    @Override
    public boolean supportsPositionedDelete() {
        return false;
    }

    @Override
    public boolean supportsPositionedUpdate() {
        return false;
    }

    @Override
    public boolean supportsSelectForUpdate() {
        return true;
    }

    @Override
    public boolean supportsStoredProcedures() {
        return true;
    }

    @Override
    public boolean supportsSubqueriesInComparisons() {
        return false;
    }

    @Override
    public boolean supportsSubqueriesInExists() {
        return false;
    }

    @Override
    public boolean supportsSubqueriesInIns() {
        return false;
    }

    @Override
    public boolean supportsSubqueriesInQuantifieds() {
        return false;
    }

    @Override
    public boolean supportsCorrelatedSubqueries() {
        return false;
    }

    @Override
    public boolean supportsUnion() {
        return false;
    }

    @Override
    public boolean supportsUnionAll() {
        return true;
    }

    /** Results are materialised rows: they stay readable after commit and rollback. */
    @Override
    public boolean supportsOpenCursorsAcrossCommit() {
        return true;
    }

    @Override
    public boolean supportsOpenCursorsAcrossRollback() {
        return true;
    }

    @Override
    public boolean supportsOpenStatementsAcrossCommit() {
        return true;
    }

    @Override
    public boolean supportsOpenStatementsAcrossRollback() {
        return true;
    }

    @Override
    public boolean supportsBatchUpdates() {
        return true;
    }

    @Override
    public boolean supportsNamedParameters() {
        return false;
    }

    @Override
    public boolean supportsMultipleOpenResults() {
        return false;
    }

    @Override
    public boolean supportsGetGeneratedKeys() {
        return false;
    }

    @Override
    public boolean generatedKeyAlwaysReturned() {
        return false;
    }

    @Override
    public boolean supportsStatementPooling() {
        return false;
    }

    @Override
    public boolean supportsStoredFunctionsUsingCallSyntax() {
        return false;
    }

    @Override
    public boolean supportsRefCursors() {
        return false;
    }

    @Override
    public boolean supportsSharding() {
        return false;
    }

    @Override
    public boolean locatorsUpdateCopy() {
        return false;
    }

    @Override
    public long getMaxLogicalLobSize() {
        return 0;
    }

    // ---- result sets -----------------------------------------------------------------------------

    @Override
    public boolean supportsResultSetType(int type) {
        return type == ResultSet.TYPE_FORWARD_ONLY;
    }

    @Override
    public boolean supportsResultSetConcurrency(int type, int concurrency) {
        return type == ResultSet.TYPE_FORWARD_ONLY && concurrency == ResultSet.CONCUR_READ_ONLY;
    }

    @Override
    public boolean supportsResultSetHoldability(int holdability) {
        return holdability == ResultSet.CLOSE_CURSORS_AT_COMMIT || holdability == ResultSet.HOLD_CURSORS_OVER_COMMIT;
    }

    @Override
    public int getResultSetHoldability() {
        return ResultSet.HOLD_CURSORS_OVER_COMMIT; // result sets hold their rows: commit and rollback close none
    }

    @Override
    public boolean ownUpdatesAreVisible(int type) {
        return false;
    }

    @Override
    public boolean ownDeletesAreVisible(int type) {
        return false;
    }

    @Override
    public boolean ownInsertsAreVisible(int type) {
        return false;
    }

    @Override
    public boolean othersUpdatesAreVisible(int type) {
        return false;
    }

    @Override
    public boolean othersDeletesAreVisible(int type) {
        return false;
    }

    @Override
    public boolean othersInsertsAreVisible(int type) {
        return false;
    }

    @Override
    public boolean updatesAreDetected(int type) {
        return false;
    }

    @Override
    public boolean deletesAreDetected(int type) {
        return false;
    }

    @Override
    public boolean insertsAreDetected(int type) {
        return false;
    }

    // ---- limits (0: no limit or unknown) ---------------------------------------------------------

    @Override
    public int getMaxBinaryLiteralLength() {
        return 0;
    }

    @Override
    public int getMaxCharLiteralLength() {
        return Column.MAX_STRING_LENGTH;
    }

    @Override
    public int getMaxColumnNameLength() {
        return 0;
    }

    @Override
    public int getMaxColumnsInGroupBy() {
        return 0;
    }

    @Override
    public int getMaxColumnsInIndex() {
        return 0;
    }

    @Override
    public int getMaxColumnsInOrderBy() {
        return 0;
    }

    @Override
    public int getMaxColumnsInSelect() {
        return 0;
    }

    @Override
    public int getMaxColumnsInTable() {
        return 0;
    }

    @Override
    public int getMaxConnections() {
        return 0;
    }

    @Override
    public int getMaxCursorNameLength() {
        return 0;
    }

    @Override
    public int getMaxIndexLength() {
        return 0;
    }

    @Override
    public int getMaxSchemaNameLength() {
        return 0;
    }

    @Override
    public int getMaxProcedureNameLength() {
        return 0;
    }

    @Override
    public int getMaxCatalogNameLength() {
        return 0;
    }

    @Override
    public int getMaxRowSize() {
        return 0;
    }

    @Override
    public boolean doesMaxRowSizeIncludeBlobs() {
        return false;
    }

    @Override
    public int getMaxStatementLength() {
        return 0;
    }

    @Override
    public int getMaxStatements() {
        return 0;
    }

    @Override
    public int getMaxTableNameLength() {
        return 0;
    }

    @Override
    public int getMaxTablesInSelect() {
        return 0;
    }

    @Override
    public int getMaxUserNameLength() {
        return 0;
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
