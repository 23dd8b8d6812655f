package org.terndb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Where result columns come from: table and column behind an alias, through joins, and "" for expressions. */
class ResultSetMetaDataTest {
    private Connection c;

    @BeforeEach
    void open() throws SQLException {
        c = DriverManager.getConnection("jdbc:tern:mem:");
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE customer (id INT PRIMARY KEY, name VARCHAR(30) NOT NULL, city CHAR(8), "
                    + "balance DECIMAL(12, 2))");
            s.execute("CREATE TABLE orders (o_id BIGINT PRIMARY KEY, cust INT NOT NULL, total DECIMAL(9, 3))");
            s.execute("INSERT INTO customer VALUES (1, 'ann', 'oslo', 10.50), (2, 'bo', NULL, NULL)");
            s.execute("INSERT INTO orders VALUES (7, 1, 3.250)");
        }
    }

    @AfterEach
    void close() throws SQLException {
        c.close();
    }

    private static void assertOrigin(ResultSetMetaData md, int i, String table, String column, String label)
            throws SQLException {
        assertEquals(table, md.getTableName(i), "table of column " + i);
        assertEquals(column, md.getColumnName(i), "name of column " + i);
        assertEquals(label, md.getColumnLabel(i), "label of column " + i);
        assertEquals("", md.getSchemaName(i));
        assertEquals("", md.getCatalogName(i));
        assertFalse(md.isAutoIncrement(i));
        boolean fromTable = !table.isEmpty();
        assertEquals(!fromTable, md.isReadOnly(i), "read-only column " + i);
        assertEquals(fromTable, md.isWritable(i), "writable column " + i);
        assertFalse(md.isDefinitelyWritable(i));
    }

    @Test
    void aliasedColumnsNameTheirTableAndUnderlyingColumn() throws SQLException {
        try (ResultSet rs = c.createStatement().executeQuery(
                "SELECT x.name AS who, x.city, id AS \"key\", balance * 2 AS twice, 'lit' AS tag FROM customer x "
                        + "WHERE id > 0 ORDER BY who")) {
            ResultSetMetaData md = rs.getMetaData();
            assertOrigin(md, 1, "CUSTOMER", "NAME", "WHO");
            assertOrigin(md, 2, "CUSTOMER", "CITY", "CITY");
            assertOrigin(md, 3, "CUSTOMER", "ID", "key");
            assertOrigin(md, 4, "", "TWICE", "TWICE");
            assertOrigin(md, 5, "", "TAG", "TAG");
            assertEquals(ResultSetMetaData.columnNoNulls, md.isNullable(1));
            assertEquals(ResultSetMetaData.columnNullable, md.isNullable(2));
            assertEquals(30, md.getPrecision(1));
            assertEquals(Types.CHAR, md.getColumnType(2));
            assertEquals(8, md.getPrecision(2));
            assertEquals("java.lang.Integer", md.getColumnClassName(3));
            assertEquals(Types.DECIMAL, md.getColumnType(4));
            assertEquals(2, md.getScale(4));
            assertTrue(rs.next());
            assertEquals(md.getColumnClassName(4), rs.getObject(4).getClass().getName());
        }
    }

    @Test
    void joinColumnsComeFromTheirOwnTables() throws SQLException {
        try (ResultSet rs = c.createStatement().executeQuery(
                "SELECT c.name, o.o_id, o.total, COUNT(*) AS n FROM customer c LEFT JOIN orders o ON o.cust = c.id "
                        + "GROUP BY c.name, o.o_id, o.total")) {
            ResultSetMetaData md = rs.getMetaData();
            assertOrigin(md, 1, "CUSTOMER", "NAME", "NAME");
            assertOrigin(md, 2, "ORDERS", "O_ID", "O_ID");
            assertOrigin(md, 3, "ORDERS", "TOTAL", "TOTAL");
            assertOrigin(md, 4, "", "N", "N");
            assertEquals(ResultSetMetaData.columnNullable, md.isNullable(2), "the outer side of a LEFT JOIN");
            assertEquals(ResultSetMetaData.columnNoNulls, md.isNullable(4));
            assertEquals("java.lang.Long", md.getColumnClassName(2));
            assertEquals(9, md.getPrecision(3));
            assertEquals(3, md.getScale(3));
        }
    }

    @Test
    void selectStarAndPreparedStatementsReportOriginsBeforeAndAfterExecution() throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT * FROM orders WHERE o_id = ?")) {
            ResultSetMetaData before = ps.getMetaData();
            assertOrigin(before, 1, "ORDERS", "O_ID", "O_ID");
            assertOrigin(before, 3, "ORDERS", "TOTAL", "TOTAL");
            ps.setLong(1, 7);
            try (ResultSet rs = ps.executeQuery()) {
                assertOrigin(rs.getMetaData(), 2, "ORDERS", "CUST", "CUST");
            }
        }
        try (PreparedStatement again = c.prepareStatement("SELECT * FROM orders WHERE o_id = ?")) {
            assertOrigin(again.getMetaData(), 2, "ORDERS", "CUST", "CUST"); // a plan-cache hit keeps them
        }
    }
}
