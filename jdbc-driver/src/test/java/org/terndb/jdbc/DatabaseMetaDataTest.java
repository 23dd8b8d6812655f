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
import java.sql.Types;
import java.util.ArrayList;
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
        assertTrue(md.storesMixedCaseQuotedIdentifiers());
        assertTrue(md.supportsTransactions());
        assertTrue(md.supportsBatchUpdates());
        assertFalse(md.supportsGetGeneratedKeys());
        assertFalse(md.supportsSavepoints());
        assertTrue(md.supportsResultSetType(ResultSet.TYPE_FORWARD_ONLY));
        assertFalse(md.supportsResultSetType(ResultSet.TYPE_SCROLL_INSENSITIVE));
        assertTrue(md.nullsAreSortedHigh());
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
}
