package org.terndb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** DatabaseMetaData as tools read it: tables, columns, keys, indexes, types, product and capabilities. */
class DatabaseMetaDataTest {
    private static final AtomicInteger NAMES = new AtomicInteger();
    private Connection c;
    private DatabaseMetaData md;

    @BeforeEach
    void open() throws SQLException {
        c = DriverManager.getConnection("jdbc:tern:mem:metadata" + NAMES.incrementAndGet());
        c.createStatement().executeUpdate("CREATE TABLE orders (w_id INT NOT NULL, o_id BIGINT NOT NULL, "
                + "note VARCHAR(40) DEFAULT 'none', amount DECIMAL(12,2), placed TIMESTAMP, PRIMARY KEY (w_id, o_id))");
        c.createStatement().executeUpdate("CREATE UNIQUE INDEX orders_note ON orders (note DESC)");
        c.createStatement().executeUpdate("CREATE INDEX orders_amount ON orders (amount, placed)");
        c.createStatement().executeUpdate("CREATE TABLE \"MixedCase\" (a INT)");
        c.createStatement().executeUpdate("CREATE TABLE order_line (id INT PRIMARY KEY)");
        md = c.getMetaData();
    }

    @AfterEach
    void close() throws SQLException {
        c.close();
    }

    /** Every row as strings, columns in order. */
    private static List<List<String>> rows(ResultSet rs) throws SQLException {
        List<List<String>> out = new ArrayList<>();
        try (rs) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<String> row = new ArrayList<>();
                for (int i = 1; i <= n; i++) {
                    row.add(rs.getString(i));
                }
                out.add(row);
            }
        }
        return out;
    }

    private static List<String> column(ResultSet rs, String label) throws SQLException {
        List<String> out = new ArrayList<>();
        try (rs) {
            while (rs.next()) {
                out.add(rs.getString(label));
            }
        }
        return out;
    }

    private static List<String> labels(ResultSet rs) throws SQLException {
        ResultSetMetaData m = rs.getMetaData();
        List<String> out = new ArrayList<>();
        for (int i = 1; i <= m.getColumnCount(); i++) {
            out.add(m.getColumnLabel(i));
        }
        return out;
    }

    @Test
    void productDriverAndIdentifierFacts() throws SQLException {
        assertEquals("TernDB", md.getDatabaseProductName());
        assertTrue(md.getDatabaseProductVersion().matches("\\d+\\.\\d+.*"), md.getDatabaseProductVersion());
        assertEquals(md.getDatabaseProductVersion(), md.getDriverVersion());
        assertEquals(new TernDriver().getMajorVersion(), md.getDriverMajorVersion());
        assertEquals(new TernDriver().getMinorVersion(), md.getDriverMinorVersion());
        assertEquals(4, md.getJDBCMajorVersion());
        assertEquals("\"", md.getIdentifierQuoteString());
        assertTrue(md.storesUpperCaseIdentifiers());
        assertFalse(md.storesMixedCaseQuotedIdentifiers());
        assertTrue(md.supportsMixedCaseQuotedIdentifiers());
        assertTrue(md.supportsTransactions());
        assertTrue(md.supportsBatchUpdates());
        assertFalse(md.supportsGetGeneratedKeys());
        assertFalse(md.supportsSavepoints());
        assertTrue(md.supportsResultSetType(ResultSet.TYPE_FORWARD_ONLY));
        assertFalse(md.supportsResultSetType(ResultSet.TYPE_SCROLL_INSENSITIVE));
        assertTrue(md.nullsAreSortedLow());
        assertEquals(DatabaseMetaData.sqlStateSQL, md.getSQLStateType());
        assertTrue(md.getURL().startsWith("jdbc:tern:mem:metadata"));
        assertEquals(c, md.getConnection());
        assertEquals(List.of("TABLE"), column(md.getTableTypes(), "TABLE_TYPE"));
        assertTrue(rows(md.getCatalogs()).isEmpty());
        assertTrue(rows(md.getSchemas()).isEmpty());
        assertEquals(List.of("TABLE_SCHEM", "TABLE_CATALOG"), labels(md.getSchemas()));
    }

    @Test
    void getTablesListsTablesByPatternInNameOrder() throws SQLException {
        ResultSet all = md.getTables(null, null, "%", null);
        assertEquals(List.of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "TABLE_TYPE", "REMARKS", "TYPE_CAT",
                "TYPE_SCHEM", "TYPE_NAME", "SELF_REFERENCING_COL_NAME", "REF_GENERATION"), labels(all));
        assertEquals(List.of("MixedCase", "ORDERS", "ORDER_LINE"), column(all, "TABLE_NAME"));
        assertEquals(List.of("TABLE"), column(md.getTables(null, null, "MixedCase", null), "table_type"));
        assertEquals(List.of("ORDERS", "ORDER_LINE"), column(md.getTables(null, null, "ORDER%", new String[] {"TABLE"}),
                "TABLE_NAME"));
        assertEquals(List.of("ORDER_LINE"), column(md.getTables("", "", "ORDER\\_LINE", null), "TABLE_NAME"),
                "\\ escapes the _ wildcard");
        assertEquals(List.of("ORDERS"), column(md.getTables(null, null, "ORDER_", null), "TABLE_NAME"));
        assertTrue(rows(md.getTables(null, null, "%", new String[] {"VIEW"})).isEmpty());
        assertTrue(rows(md.getTables("OTHER", null, "%", null)).isEmpty(), "there are no catalogs");
        assertTrue(rows(md.getTables(null, "PUBLIC", "%", null)).isEmpty(), "there are no schemas");
        try (ResultSet rs = md.getTables(null, null, "ORDERS", null)) {
            assertTrue(rs.next());
            assertNull(rs.getString("TABLE_CAT"));
            assertTrue(rs.wasNull());
            assertNull(rs.getStatement(), "a metadata result has no statement");
        }
    }

    @Test
    void getColumnsFollowsTheJdbcColumnSetInOrdinalOrder() throws SQLException {
        ResultSet rs = md.getColumns(null, null, "ORDERS", "%");
        assertEquals(List.of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME", "DATA_TYPE", "TYPE_NAME",
                "COLUMN_SIZE", "BUFFER_LENGTH", "DECIMAL_DIGITS", "NUM_PREC_RADIX", "NULLABLE", "REMARKS", "COLUMN_DEF",
                "SQL_DATA_TYPE", "SQL_DATETIME_SUB", "CHAR_OCTET_LENGTH", "ORDINAL_POSITION", "IS_NULLABLE",
                "SCOPE_CATALOG", "SCOPE_SCHEMA", "SCOPE_TABLE", "SOURCE_DATA_TYPE", "IS_AUTOINCREMENT",
                "IS_GENERATEDCOLUMN"), labels(rs));
        assertEquals(Types.INTEGER, rs.getMetaData().getColumnType(5));
        assertEquals(Types.SMALLINT, rs.getMetaData().getColumnType(22));
        List<String> names = new ArrayList<>();
        while (rs.next()) {
            names.add(rs.getString("COLUMN_NAME"));
            assertEquals(names.size(), rs.getInt("ORDINAL_POSITION"));
            switch (rs.getString("COLUMN_NAME")) {
                case "W_ID" -> {
                    assertEquals(Types.INTEGER, rs.getInt("DATA_TYPE"));
                    assertEquals("INTEGER", rs.getString("TYPE_NAME"));
                    assertEquals(10, rs.getInt("COLUMN_SIZE"));
                    assertEquals(DatabaseMetaData.columnNoNulls, rs.getInt("NULLABLE"));
                    assertEquals("NO", rs.getString("IS_NULLABLE"));
                }
                case "NOTE" -> {
                    assertEquals(Types.VARCHAR, rs.getInt("DATA_TYPE"));
                    assertEquals(40, rs.getInt("COLUMN_SIZE"));
                    assertEquals("'none'", rs.getString("COLUMN_DEF"));
                    assertEquals(160, rs.getInt("CHAR_OCTET_LENGTH"));
                    assertEquals("YES", rs.getString("IS_NULLABLE"));
                }
                case "AMOUNT" -> {
                    assertEquals(Types.DECIMAL, rs.getInt("DATA_TYPE"));
                    assertEquals("DECIMAL(12,2)", rs.getString("TYPE_NAME"));
                    assertEquals(12, rs.getInt("COLUMN_SIZE"));
                    assertEquals(2, rs.getInt("DECIMAL_DIGITS"));
                    assertEquals(10, rs.getInt("NUM_PREC_RADIX"));
                    assertNull(rs.getString("COLUMN_DEF"));
                }
                case "PLACED" -> assertEquals(Types.TIMESTAMP, rs.getObject("DATA_TYPE"));
                default -> assertEquals("O_ID", rs.getString("COLUMN_NAME"));
            }
            assertEquals("NO", rs.getString("IS_AUTOINCREMENT"));
        }
        assertEquals(List.of("W_ID", "O_ID", "NOTE", "AMOUNT", "PLACED"), names);
        assertEquals(List.of("NOTE"), column(md.getColumns(null, null, "ORD%", "N%"), "COLUMN_NAME"));
        assertEquals(List.of("A", "W_ID", "O_ID", "NOTE", "AMOUNT", "PLACED", "ID"),
                column(md.getColumns(null, null, null, null), "COLUMN_NAME"), "tables in name order");
    }

    @Test
    void primaryKeysAndIndexes() throws SQLException {
        ResultSet pk = md.getPrimaryKeys(null, null, "ORDERS");
        assertEquals(List.of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME", "KEY_SEQ", "PK_NAME"), labels(pk));
        List<List<String>> keys = rows(pk);
        assertEquals(2, keys.size());
        assertEquals(List.of("O_ID", "2"), keys.get(0).subList(3, 5), "ordered by COLUMN_NAME, KEY_SEQ from 1");
        assertEquals(List.of("W_ID", "1"), keys.get(1).subList(3, 5));
        assertTrue(rows(md.getPrimaryKeys(null, null, "MixedCase")).isEmpty(), "no primary key");
        assertTrue(rows(md.getPrimaryKeys(null, null, "NOSUCH")).isEmpty());

        List<List<String>> indexes = rows(md.getIndexInfo(null, null, "ORDERS", false, true));
        List<String> described = new ArrayList<>();
        for (List<String> row : indexes) {
            described.add(row.get(3) + " " + row.get(5) + " " + row.get(7) + " " + row.get(8) + " " + row.get(9));
        }
        String primary = keysIndexName();
        assertEquals(List.of("false ORDERS_NOTE 1 NOTE D", "false " + primary + " 1 W_ID A",
                "false " + primary + " 2 O_ID A", "true ORDERS_AMOUNT 1 AMOUNT A", "true ORDERS_AMOUNT 2 PLACED A"),
                described, "JDBC order: NON_UNIQUE, INDEX_NAME, ORDINAL_POSITION");
        assertEquals(3, rows(md.getIndexInfo(null, null, "ORDERS", true, true)).size(), "unique indexes only");
        try (ResultSet rs = md.getIndexInfo(null, null, "ORDERS", false, false)) {
            assertTrue(rs.next());
            assertEquals(DatabaseMetaData.tableIndexOther, rs.getShort("TYPE"));
            assertEquals(Short.class, rs.getObject("ORDINAL_POSITION").getClass());
            assertEquals(Boolean.class, rs.getObject("NON_UNIQUE").getClass());
        }
        List<List<String>> best = rows(md.getBestRowIdentifier(null, null, "ORDERS", DatabaseMetaData.bestRowSession,
                true));
        assertEquals(List.of("W_ID", "O_ID"), best.stream().map(r -> r.get(1)).toList());
    }

    private String keysIndexName() throws SQLException {
        try (ResultSet rs = md.getPrimaryKeys(null, null, "ORDERS")) {
            rs.next();
            return rs.getString("PK_NAME");
        }
    }

    @Test
    void foreignKeyResultsAreWellFormed() throws SQLException {
        for (ResultSet rs : new ResultSet[] {md.getImportedKeys(null, null, "ORDERS"),
            md.getExportedKeys(null, null, "ORDERS"), md.getCrossReference(null, null, "ORDERS", null, null, "ORDER_LINE")}) {
            assertEquals(List.of("PKTABLE_CAT", "PKTABLE_SCHEM", "PKTABLE_NAME", "PKCOLUMN_NAME", "FKTABLE_CAT",
                    "FKTABLE_SCHEM", "FKTABLE_NAME", "FKCOLUMN_NAME", "KEY_SEQ", "UPDATE_RULE", "DELETE_RULE", "FK_NAME",
                    "PK_NAME", "DEFERRABILITY"), labels(rs));
            assertFalse(rs.next());
            rs.close();
        }
    }

    @Test
    void typeInfoListsEveryColumnTypeByDataType() throws SQLException {
        ResultSet rs = md.getTypeInfo();
        assertEquals(18, rs.getMetaData().getColumnCount());
        List<String> names = new ArrayList<>();
        int last = Integer.MIN_VALUE;
        while (rs.next()) {
            names.add(rs.getString("TYPE_NAME"));
            int type = rs.getInt("DATA_TYPE");
            assertTrue(type >= last, "ordered by DATA_TYPE");
            last = type;
            assertEquals(DatabaseMetaData.typeNullable, rs.getShort("NULLABLE"));
            if (rs.getString("TYPE_NAME").equals("DECIMAL")) {
                assertEquals("precision,scale", rs.getString("CREATE_PARAMS"));
                assertEquals(18, rs.getInt("PRECISION"));
            }
            if (rs.getString("TYPE_NAME").equals("VARCHAR")) {
                assertEquals("'", rs.getString("LITERAL_PREFIX"));
                assertTrue(rs.getBoolean("CASE_SENSITIVE"));
            }
        }
        assertEquals(List.of("TINYINT", "BIGINT", "CHAR", "DECIMAL", "INTEGER", "SMALLINT", "REAL", "DOUBLE", "VARCHAR",
                "BOOLEAN", "DATE", "TIMESTAMP"), names);
    }

    @Test
    void metadataFollowsDdl() throws SQLException {
        c.createStatement().executeUpdate("DROP TABLE order_line");
        c.createStatement().executeUpdate("CREATE TABLE later (x INT PRIMARY KEY)");
        assertEquals(List.of("LATER", "MixedCase", "ORDERS"), column(md.getTables(null, null, null, null),
                "TABLE_NAME"));
    }

    @Test
    void emptyResultsForWhatTernDbDoesNotHaveAreWellFormed() throws SQLException {
        for (ResultSet rs : new ResultSet[] {md.getProcedures(null, null, "%"),
            md.getProcedureColumns(null, null, "%", "%"), md.getFunctions(null, null, "%"),
            md.getFunctionColumns(null, null, "%", "%"), md.getUDTs(null, null, "%", null),
            md.getTablePrivileges(null, null, "%"), md.getColumnPrivileges(null, null, "ORDERS", "%"),
            md.getVersionColumns(null, null, "ORDERS"), md.getSuperTables(null, null, "%"),
            md.getSuperTypes(null, null, "%"), md.getAttributes(null, null, "%", "%"), md.getClientInfoProperties(),
            md.getPseudoColumns(null, null, "%", "%")}) {
            assertTrue(rs.getMetaData().getColumnCount() >= 4);
            assertFalse(rs.next());
        }
    }

    /** Each capability a tool may act on is checked against what the engine does when asked. */
    @Test
    void capabilitiesMatchWhatTheEngineDoes() throws SQLException {
        Statement s = c.createStatement();
        s.executeUpdate("CREATE TABLE cap (id INT PRIMARY KEY, n INT, d DOUBLE, t VARCHAR(10), day DATE, "
                + "ts TIMESTAMP, ok BOOLEAN)");
        s.executeUpdate("INSERT INTO cap VALUES (1, 5, 2.5, 'Ab', DATE '2024-03-04', TIMESTAMP '2024-03-04 05:06:07', "
                + "TRUE), (2, NULL, NULL, NULL, NULL, NULL, NULL)");
        // NULL sorts low: first ascending, last descending
        assertTrue(md.nullsAreSortedLow());
        assertFalse(md.nullsAreSortedHigh() || md.nullsAreSortedAtStart() || md.nullsAreSortedAtEnd());
        assertEquals(List.of(List.of("2"), List.of("1")), rows(s.executeQuery("SELECT id FROM cap ORDER BY n")));
        assertEquals(List.of(List.of("1"), List.of("2")), rows(s.executeQuery("SELECT id FROM cap ORDER BY n DESC")));
        assertTrue(md.nullPlusNonNullIsNull());
        assertEquals(List.of(Arrays.asList((String) null)), rows(s.executeQuery("SELECT n + 1 FROM cap WHERE id = 2")));
        // identifiers
        assertTrue(md.storesUpperCaseIdentifiers() && !md.supportsMixedCaseIdentifiers());
        assertEquals("$", md.getExtraNameCharacters());
        s.executeUpdate("CREATE TABLE cap$x (a$b INT PRIMARY KEY)");
        assertEquals(List.of(), rows(s.executeQuery("SELECT a$b FROM CAP$X")));
        // joins, unions, subqueries, LIKE escapes
        assertTrue(md.supportsOuterJoins() && md.supportsLimitedOuterJoins());
        assertEquals(2, rows(s.executeQuery("SELECT a.id FROM cap a LEFT JOIN cap b ON a.n = b.id")).size());
        assertFalse(md.supportsFullOuterJoins());
        assertEquals("0A000", state(() -> s.executeQuery("SELECT a.id FROM cap a FULL JOIN cap b ON a.n = b.id")));
        assertTrue(md.supportsUnionAll());
        assertFalse(md.supportsUnion());
        assertEquals("0A000", state(() -> s.executeQuery("SELECT id FROM cap UNION SELECT id FROM cap")));
        assertFalse(md.supportsSubqueriesInIns() || md.supportsSubqueriesInExists()
                || md.supportsCorrelatedSubqueries());
        assertEquals("0A000", state(() -> s.executeQuery("SELECT id FROM cap WHERE id IN (SELECT n FROM cap)")));
        assertFalse(md.supportsLikeEscapeClause());
        assertEquals("0A000", state(() -> s.executeQuery("SELECT id FROM cap WHERE t LIKE 'a!%' ESCAPE '!'")));
        assertTrue(md.supportsExpressionsInOrderBy() && md.supportsOrderByUnrelated() && md.supportsGroupByUnrelated());
        assertEquals(2, rows(s.executeQuery("SELECT t FROM cap GROUP BY t, d ORDER BY d * 2")).size());
        assertFalse(md.supportsAlterTableWithAddColumn());
        assertEquals("42000", state(() -> s.executeUpdate("ALTER TABLE cap ADD COLUMN z INT")));
        // every listed JDBC escape function runs
        String[][] functions = {
            {md.getNumericFunctions(), "ABS(-1)", "MOD(n, 2)", "ROUND(d, 0)"},
            {md.getStringFunctions(), "CONCAT(t, 'c')", "LCASE(t)", "LTRIM(t)", "RTRIM(t)", "SUBSTRING(t, 1, 1)",
                "UCASE(t)"},
            {md.getSystemFunctions(), "IFNULL(n, 0)"},
            {md.getTimeDateFunctions(), "CURDATE()", "DAYOFMONTH(day)", "HOUR(ts)", "MINUTE(ts)", "MONTH(day)",
                "NOW()", "SECOND(ts)", "YEAR(day)"}};
        for (String[] group : functions) {
            List<String> listed = List.of(group[0].split(","));
            assertEquals(group.length - 1, listed.size(), group[0]);
            for (int i = 1; i < group.length; i++) {
                String call = group[i];
                assertTrue(listed.contains(call.substring(0, call.indexOf('('))), call + " in " + group[0]);
                assertEquals(1, rows(s.executeQuery("SELECT {fn " + call + "} FROM cap WHERE id = 1")).size(), call);
            }
        }
        assertEquals(List.of(List.of("3")), rows(s.executeQuery("SELECT {fn ROUND(d, 0)} FROM cap WHERE id = 1"))
                .stream().map(r -> List.of(r.get(0).replace(".0", ""))).toList());
        assertEquals("0A000", state(() -> s.executeQuery("SELECT {fn POWER(n, 2)} FROM cap")));
        // CONVERT: the pairs it claims run; the ones it denies fail
        assertTrue(md.supportsConvert());
        int[] types = {Types.INTEGER, Types.DOUBLE, Types.VARCHAR, Types.BOOLEAN, Types.DATE, Types.TIMESTAMP};
        String[] columns = {"n", "d", "t", "ok", "day", "ts"};
        String[] targets = {"SQL_INTEGER", "SQL_DOUBLE", "SQL_VARCHAR", "SQL_BOOLEAN", "SQL_DATE", "SQL_TIMESTAMP"};
        for (int from = 0; from < types.length; from++) {
            for (int to = 0; to < types.length; to++) {
                String sql = "SELECT {fn CONVERT(" + columns[from] + ", " + targets[to] + ")} FROM cap WHERE id = 1";
                boolean claimed = md.supportsConvert(types[from], types[to]);
                String failure = state(() -> rows(s.executeQuery(sql)));
                // a claimed conversion may still reject a value ('Ab' is no number); a denied one never runs
                assertEquals(claimed, failure == null || claimed && failure.startsWith("22"),
                        sql + ": claimed " + claimed + ", failed with " + failure);
            }
        }
        assertFalse(md.supportsConvert(Types.BLOB, Types.VARCHAR));
        // transactions and result sets
        assertTrue(md.supportsTransactionIsolationLevel(Connection.TRANSACTION_SERIALIZABLE));
        assertEquals(Connection.TRANSACTION_SERIALIZABLE, md.getDefaultTransactionIsolation());
        assertFalse(md.supportsSavepoints());
        assertEquals("0A000", state(() -> c.setSavepoint()));
        assertFalse(md.supportsGetGeneratedKeys());
        assertTrue(md.supportsBatchUpdates());
        assertTrue(md.supportsSelectForUpdate());
        assertEquals(1, rows(s.executeQuery("SELECT id FROM cap WHERE id = 1 FOR UPDATE")).size());
        assertFalse(md.dataDefinitionCausesTransactionCommit());
        assertEquals(ResultSet.HOLD_CURSORS_OVER_COMMIT, md.getResultSetHoldability());
        assertTrue(md.supportsOpenCursorsAcrossCommit() && md.supportsOpenCursorsAcrossRollback());
        c.setAutoCommit(false);
        ResultSet held = c.createStatement().executeQuery("SELECT id FROM cap ORDER BY id");
        assertTrue(held.next());
        c.commit();
        assertTrue(held.next(), "a result set survives commit");
        assertEquals(2, held.getInt(1));
        c.setAutoCommit(true);
        assertTrue(md.supportsMultipleResultSets());
        s.executeUpdate("CREATE PROCEDURE two_sets () BEGIN SELECT id FROM cap; SELECT n FROM cap; END");
        assertTrue(s.execute("CALL two_sets()"));
        assertTrue(s.getMoreResults(), "a CALL's second result set");
        assertFalse(md.usesLocalFiles(), "an in-memory database");
        assertTrue(md.allProceduresAreCallable());
    }

    interface SqlAction {
        void run() throws SQLException;
    }

    /** The SQLState the action fails with, or null if it succeeds. */
    private static String state(SqlAction action) {
        try {
            action.run();
            return null;
        } catch (SQLException e) {
            return e.getSQLState();
        }
    }
}
