package org.terndb.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.sql.Array;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLSyntaxErrorException;
import java.sql.Statement;
import java.sql.Types;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Stored procedures through JDBC: CallableStatement, PreparedStatement and Statement. */
class CallableStatementTest {
    private Connection c;

    @BeforeEach
    void open() throws SQLException {
        c = DriverManager.getConnection("jdbc:tern:mem:");
        try (Statement s = c.createStatement()) {
            s.executeUpdate("CREATE TABLE item (id INT PRIMARY KEY, name VARCHAR(20) NOT NULL, price DECIMAL(8,2))");
            s.executeUpdate("INSERT INTO item VALUES (1, 'apple', 0.50), (2, 'pear', 0.75), (3, 'plum', NULL)");
            s.executeUpdate("""
                    CREATE PROCEDURE quote (IN ids INT ARRAY, OUT total DECIMAL(10,2), OUT missing INT,
                                            INOUT note VARCHAR(40), OUT prices DECIMAL(8,2) ARRAY)
                    BEGIN
                      DECLARE i INT DEFAULT 1;
                      DECLARE p DECIMAL(8,2);
                      SET total = 0;
                      SET missing = 0;
                      WHILE i <= CARDINALITY(ids) DO
                        SELECT price INTO p FROM item WHERE id = ids[i];
                        IF ROW_COUNT() = 0 THEN
                          SET missing = missing + 1;
                        ELSE
                          SET total = total + COALESCE(p, 0);
                          SET prices[i] = p;
                        END IF;
                        SET i = i + 1;
                      END WHILE;
                      SET note = note || ' ' || CARDINALITY(ids);
                      SELECT id, name FROM item WHERE id IN (1, 2) ORDER BY id;
                      SELECT COUNT(*) AS n FROM item;
                    END""");
        }
    }

    @AfterEach
    void close() throws SQLException {
        c.close();
    }

    @Test
    void callEscapeWithInOutAndInoutParametersAndResultSets() throws SQLException {
        try (CallableStatement cs = c.prepareCall("{call quote(?, ?, ?, ?, ?)}")) {
            cs.setArray(1, c.createArrayOf("INTEGER", new Object[] {1, 3, 9}));
            cs.registerOutParameter(2, Types.DECIMAL);
            cs.registerOutParameter(3, Types.INTEGER);
            cs.setString(4, "ids:");
            cs.registerOutParameter(4, Types.VARCHAR);
            cs.registerOutParameter(5, Types.ARRAY);
            assertTrue(cs.execute(), "the first result is a result set");
            assertEquals(new BigDecimal("0.50"), cs.getBigDecimal(2));
            assertEquals(1, cs.getInt(3));
            assertEquals("ids: 3", cs.getString(4));
            assertFalse(cs.wasNull());
            Array prices = cs.getArray(5);
            assertEquals(Types.DECIMAL, prices.getBaseType());
            assertArrayEquals(new Object[] {new BigDecimal("0.50"), null}, (Object[]) prices.getArray());
            assertInstanceOf(Integer.class, cs.getObject(3), "getObject follows the registered type");

            ResultSet first = cs.getResultSet();
            assertTrue(first.next());
            assertEquals("apple", first.getString("name"));
            assertTrue(first.next());
            assertFalse(first.next());
            assertTrue(cs.getMoreResults(), "the second SELECT");
            ResultSet second = cs.getResultSet();
            assertTrue(first.isClosed(), "moving on closes the previous result");
            assertTrue(second.next());
            assertEquals(3, second.getInt(1));
            assertFalse(cs.getMoreResults());
            assertNull(cs.getResultSet());
            assertEquals(-1, cs.getUpdateCount(), "no more results");
        }
    }

    @Test
    void twoStatementsCallingOneProcedureKeepTheirOwnOutValues() throws SQLException {
        String sql = "{call quote(?, ?, ?, ?, ?)}";
        try (CallableStatement a = c.prepareCall(sql); CallableStatement b = c.prepareCall(sql)) {
            for (CallableStatement cs : new CallableStatement[] {a, b}) {
                cs.registerOutParameter(2, Types.DECIMAL);
                cs.registerOutParameter(3, Types.INTEGER);
                cs.setString(4, "n");
            }
            a.setObject(1, new int[] {1});
            b.setObject(1, new int[] {2, 9});
            for (int round = 0; round < 3; round++) {
                a.execute();
                b.execute();
                assertEquals(new BigDecimal("0.50"), a.getBigDecimal(2), "round " + round);
                assertEquals(0, a.getInt(3));
                assertEquals(new BigDecimal("0.75"), b.getBigDecimal(2));
                assertEquals(1, b.getInt(3));
            }
            a.execute();
            a.execute(); // the same OUT values again
            assertEquals(new BigDecimal("0.50"), a.getBigDecimal(2));
            assertEquals("n 1", a.getString(4));
            assertFalse(a.wasNull());
        }
    }

    @Test
    void outValuesOfNullAndWasNull() throws SQLException {
        try (CallableStatement cs = c.prepareCall("CALL quote(?, ?, ?, ?, ?)")) {
            cs.setObject(1, new int[] {3});
            cs.setNull(4, Types.VARCHAR);
            cs.registerOutParameter(2, Types.DECIMAL);
            cs.execute();
            assertEquals(0, cs.getBigDecimal(2).signum());
            assertNull(cs.getString(4), "NULL || ' ' || 1 is NULL");
            assertTrue(cs.wasNull());
            assertEquals(0, cs.getInt(4));
            assertTrue(cs.wasNull());
            SQLException in = assertThrows(SQLException.class, () -> cs.getInt(1));
            assertEquals("07009", in.getSQLState(), "parameter 1 is IN: " + in.getMessage());
        }
    }

    @Test
    void preparedStatementAndStatementRunCallsToo() throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("CALL quote(?, ?, ?, ?, ?)")) {
            assertInstanceOf(CallableStatement.class, ps, "a CALL prepares as a CallableStatement");
            ps.setObject(1, c.createArrayOf("INT", new Integer[] {2}));
            ps.setString(4, "x");
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next());
            }
            assertTrue(ps.getMoreResults());
        }
        c.createStatement().executeUpdate("CREATE PROCEDURE names () BEGIN SELECT name FROM item ORDER BY id; "
                + "SELECT price FROM item ORDER BY id; END");
        try (Statement s = c.createStatement()) {
            SQLException literalInout = assertThrows(SQLException.class,
                    () -> s.execute("CALL quote(ARRAY[1, 2], ?, ?, 'lit', ?)"));
            assertTrue(literalInout.getMessage().contains("must be a ? marker"), literalInout.getMessage());
            assertTrue(s.execute("{call names()}"));
            assertTrue(s.getResultSet().next());
            assertTrue(s.getMoreResults());
            assertTrue(s.getResultSet().next());
            assertFalse(s.getMoreResults());
        }
    }

    @Test
    void aSignalReachesTheCallerWithItsStateAndRollsBack() throws SQLException {
        try (Statement s = c.createStatement()) {
            s.executeUpdate("""
                    CREATE PROCEDURE reprice (IN k INT, IN p DECIMAL(8,2))
                    BEGIN
                      UPDATE item SET price = p WHERE id = k;
                      IF p < 0 THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'negative price'; END IF;
                    END""");
        }
        try (CallableStatement cs = c.prepareCall("{call reprice(?, ?)}")) {
            cs.setInt(1, 1);
            cs.setBigDecimal(2, new BigDecimal("-1"));
            SQLException e = assertThrows(SQLException.class, cs::execute);
            assertEquals("45000", e.getSQLState());
            assertEquals("negative price", e.getMessage());
            cs.setBigDecimal(2, new BigDecimal("0.55"));
            assertFalse(cs.execute());
            assertEquals(0, cs.getUpdateCount());
        }
        try (ResultSet rs = c.createStatement().executeQuery("SELECT price FROM item WHERE id = 1")) {
            assertTrue(rs.next());
            assertEquals(new BigDecimal("0.55"), rs.getBigDecimal(1));
        }
    }

    @Test
    void createErrorsAreSqlExceptionsWithPositions() throws SQLException {
        try (Statement s = c.createStatement()) {
            SQLSyntaxErrorException e = assertThrows(SQLSyntaxErrorException.class, () -> s.executeUpdate(
                    "CREATE PROCEDURE bad (IN k INT)\nBEGIN\n  DELETE FROM item WHERE idd = k;\nEND"));
            assertEquals("42S22", e.getSQLState());
            assertTrue(e.getMessage().contains("line 3, column 26"), e.getMessage());
        }
        SQLFeatureNotSupportedException function = assertThrows(SQLFeatureNotSupportedException.class,
                () -> c.prepareCall("{? = call quote(?)}"));
        assertEquals("0A000", function.getSQLState());
    }

    @Test
    void theDriverListsProceduresAndTheirParameters() throws SQLException {
        ResultSet procs = c.getMetaData().getProcedures(null, null, "QUO%");
        assertTrue(procs.next());
        assertEquals("QUOTE", procs.getString("PROCEDURE_NAME"));
        assertTrue(procs.getString("REMARKS").endsWith("; compiled to JVM code"), procs.getString("REMARKS"));
        assertFalse(procs.next());
        ResultSet cols = c.getMetaData().getProcedureColumns(null, null, "QUOTE", null);
        int n = 0;
        while (cols.next()) {
            n++;
            if (cols.getString("COLUMN_NAME").equals("TOTAL")) {
                assertEquals(java.sql.DatabaseMetaData.procedureColumnOut, cols.getShort("COLUMN_TYPE"));
                assertEquals(Types.DECIMAL, cols.getInt("DATA_TYPE"));
                assertEquals(2, cols.getInt("ORDINAL_POSITION"));
            }
            if (cols.getString("COLUMN_NAME").equals("IDS")) {
                assertEquals(Types.ARRAY, cols.getInt("DATA_TYPE"));
            }
        }
        assertEquals(5, n);
    }
}
