package org.terndb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Point queries by primary key in autocommit fill arrays their statement reuses: a result set of an earlier
 * execution is closed before the array is written again, and statements never share one.
 */
class PointResultReuseTest {
    private static final AtomicInteger NAMES = new AtomicInteger();
    private Connection c;

    @BeforeEach
    void open() throws SQLException {
        c = DriverManager.getConnection("jdbc:tern:mem:pointreuse" + NAMES.incrementAndGet());
        try (Statement s = c.createStatement()) {
            s.executeUpdate("CREATE TABLE t (id INT PRIMARY KEY, balance BIGINT NOT NULL, name VARCHAR(10))");
            s.executeUpdate("INSERT INTO t VALUES (1, 100, 'one'), (2, 200, 'two'), (3, 300, NULL)");
        }
    }

    @AfterEach
    void close() throws SQLException {
        c.close();
    }

    @Test
    void reExecutingClosesThePreviousResultSetWhichKeepsNoRow() throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT balance, name FROM t WHERE id = ?")) {
            ps.setInt(1, 1);
            ResultSet first = ps.executeQuery();
            assertTrue(first.next());
            Object firstName = first.getObject(2);
            ps.setInt(1, 2);
            ResultSet second = ps.executeQuery();
            assertNotSame(first, second);
            assertTrue(first.isClosed());
            SQLException e = assertThrows(SQLException.class, () -> first.getLong(1));
            assertEquals("08003", e.getSQLState());
            assertThrows(SQLException.class, first::next);
            assertEquals("one", firstName, "values read before stay as they were");
            assertTrue(second.next());
            assertEquals(200, second.getLong(1));
            assertEquals("two", second.getString(2));
            assertFalse(second.next());
            assertFalse(second.isClosed());
        }
    }

    @Test
    void aResultSetStaysReadableUntilItsStatementRunsAgain() throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT balance, name FROM t WHERE id = ?")) {
            ps.setLong(1, 3);
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next());
                try (PreparedStatement other = c.prepareStatement("SELECT balance, name FROM t WHERE id = ?")) {
                    other.setInt(1, 1);
                    try (ResultSet o = other.executeQuery()) { // same plan, same session: its own row
                        assertTrue(o.next());
                        assertEquals(100, o.getLong(1));
                    }
                }
                try (Statement plain = c.createStatement();
                     ResultSet p = plain.executeQuery("SELECT balance, name FROM t WHERE id = 2")) {
                    assertTrue(p.next());
                    assertEquals("two", p.getString(2));
                }
                assertEquals(300, rs.getLong(1));
                assertNull(rs.getString(2));
                assertTrue(rs.wasNull());
            }
        }
    }

    @Test
    void twoOpenStatementsOfOneConnectionKeepTheirOwnRows() throws SQLException {
        try (PreparedStatement a = c.prepareStatement("SELECT balance FROM t WHERE id = ?");
             PreparedStatement b = c.prepareStatement("SELECT balance FROM t WHERE id = ?")) {
            a.setInt(1, 1);
            b.setInt(1, 2);
            ResultSet ra = a.executeQuery();
            ResultSet rb = b.executeQuery();
            assertTrue(ra.next());
            assertTrue(rb.next());
            for (int id = 1; id <= 3; id++) { // b runs again and again while a's result is open
                b.setInt(1, id);
                try (ResultSet r = b.executeQuery()) {
                    assertTrue(r.next());
                    assertEquals(100L * id, r.getLong(1));
                }
                assertEquals(100, ra.getLong(1));
            }
            assertTrue(rb.isClosed());
            ra.close();
        }
    }

    @Test
    void aMissingRowBetweenFoundRowsReadsAsEmpty() throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT balance FROM t WHERE id = ?")) {
            int[] ids = {1, 9, 2, -1, 3};
            long[] expected = {100, -1, 200, -1, 300};
            for (int i = 0; i < ids.length; i++) {
                ps.setInt(1, ids[i]);
                try (ResultSet rs = ps.executeQuery()) {
                    assertEquals(expected[i] >= 0, rs.next(), "id " + ids[i]);
                    if (expected[i] >= 0) {
                        assertEquals(expected[i], rs.getLong(1));
                        assertTrue(rs.isLast());
                        assertEquals(1, rs.getRow());
                        assertFalse(rs.next());
                        assertTrue(rs.isAfterLast());
                    } else {
                        assertFalse(rs.isBeforeFirst());
                    }
                }
            }
        }
    }

    @Test
    void integerSettersBindToEveryParameterTypeAsBefore() throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT id FROM t WHERE name = ? OR balance = ?")) {
            ps.setShort(1, (short) 7); // a VARCHAR parameter given an integer: compared as the string '7'
            ps.setByte(2, (byte) 100);
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next());
                assertEquals(1, rs.getInt(1));
                assertFalse(rs.next());
            }
        }
        try (PreparedStatement ps = c.prepareStatement("SELECT balance FROM t WHERE id = ?")) {
            ps.setInt(1, Integer.MAX_VALUE);
            try (ResultSet rs = ps.executeQuery()) {
                assertFalse(rs.next());
            }
        }
    }

    @Test
    void insideATransactionPointQueriesSeeOwnWritesAndReuseNothingOpen() throws SQLException {
        c.setAutoCommit(false);
        try (PreparedStatement ps = c.prepareStatement("SELECT balance FROM t WHERE id = ?");
             Statement s = c.createStatement()) {
            ps.setInt(1, 1);
            ResultSet before = ps.executeQuery();
            assertTrue(before.next());
            s.executeUpdate("UPDATE t SET balance = 111 WHERE id = 1");
            assertEquals(100, before.getLong(1));
            try (ResultSet after = ps.executeQuery()) {
                assertTrue(before.isClosed());
                assertTrue(after.next());
                assertEquals(111, after.getLong(1));
            }
            c.rollback();
        }
    }
}
