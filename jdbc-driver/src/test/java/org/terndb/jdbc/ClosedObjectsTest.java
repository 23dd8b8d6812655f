package org.terndb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * JDBC objects once closed: every method of Connection, Statement, PreparedStatement and ResultSet (found
 * by reflection, so a method added later is covered too) fails with SQLState 08003 and a message, except
 * the few JDBC allows on closed objects; {@code close()} is idempotent everywhere. Objects are closed by
 * their own {@code close()} or by closing what made them.
 */
class ClosedObjectsTest {
    private static final AtomicInteger NAMES = new AtomicInteger();
    /** Methods JDBC allows on a closed object (the enquote methods are pure string functions). */
    private static final Set<String> ALLOWED = Set.of("close", "isClosed", "isValid", "unwrap", "isWrapperFor", "abort",
            "enquoteLiteral", "enquoteIdentifier", "enquoteNCharLiteral", "isSimpleIdentifier");

    private static Connection open() throws SQLException {
        Connection c = DriverManager.getConnection("jdbc:tern:mem:closed" + NAMES.incrementAndGet());
        c.createStatement().executeUpdate("CREATE TABLE t (id INT PRIMARY KEY, v VARCHAR(5))");
        c.createStatement().executeUpdate("INSERT INTO t VALUES (1, 'a')");
        return c;
    }

    @Test
    void closedConnectionRejectsEveryMethod() throws Exception {
        Connection c = open();
        c.close();
        c.close();
        assertTrue(c.isClosed());
        assertFalse(c.isValid(0));
        assertEveryMethodFails(Connection.class, c);
    }

    @Test
    void closedStatementRejectsEveryMethod() throws Exception {
        try (Connection c = open()) {
            Statement s = c.createStatement();
            s.close();
            s.close();
            assertTrue(s.isClosed());
            assertEveryMethodFails(Statement.class, s);
        }
    }

    @Test
    void closedPreparedStatementRejectsEveryMethod() throws Exception {
        try (Connection c = open()) {
            PreparedStatement ps = c.prepareStatement("SELECT v FROM t WHERE id = ?");
            ps.close();
            ps.close();
            assertEveryMethodFails(PreparedStatement.class, ps);
        }
    }

    @Test
    void closedResultSetRejectsEveryMethod() throws Exception {
        try (Connection c = open()) {
            ResultSet rs = c.createStatement().executeQuery("SELECT id, v FROM t");
            assertTrue(rs.next());
            rs.close();
            rs.close();
            assertTrue(rs.isClosed());
            assertEveryMethodFails(ResultSet.class, rs);
        }
    }

    @Test
    void closingAConnectionClosesItsStatementsResultsAndMetadataResults() throws Exception {
        Connection c = open();
        Statement s = c.createStatement();
        PreparedStatement ps = c.prepareStatement("SELECT v FROM t WHERE id = ?");
        ResultSet rs = s.executeQuery("SELECT id FROM t");
        DatabaseMetaData md = c.getMetaData();
        ResultSet tables = md.getTables(null, null, "%", null);
        c.close();
        assertTrue(s.isClosed() && ps.isClosed() && rs.isClosed() && tables.isClosed());
        assertEveryMethodFails(Statement.class, s);
        assertEveryMethodFails(PreparedStatement.class, ps);
        assertEveryMethodFails(ResultSet.class, rs);
        assertEveryMethodFails(ResultSet.class, tables);
        for (Method m : DatabaseMetaData.class.getMethods()) {
            if (m.getReturnType() == ResultSet.class || m.getName().equals("getConnection")) {
                assertFails(m, md);
            }
        }
        s.close();
        ps.close();
        rs.close();
    }

    @Test
    void closingAStatementClosesItsResult() throws Exception {
        try (Connection c = open()) {
            Statement s = c.createStatement();
            ResultSet rs = s.executeQuery("SELECT id FROM t");
            s.close();
            assertTrue(rs.isClosed());
            assertEveryMethodFails(ResultSet.class, rs);
        }
    }

    private static void assertEveryMethodFails(Class<?> api, Object target) throws Exception {
        List<String> checked = new ArrayList<>();
        for (Method m : api.getMethods()) {
            if (Modifier.isStatic(m.getModifiers()) || ALLOWED.contains(m.getName())) {
                continue;
            }
            assertFails(m, target);
            checked.add(m.getName());
        }
        assertTrue(checked.size() > 20, api.getSimpleName() + ": only " + checked);
    }

    private static void assertFails(Method m, Object target) throws IllegalAccessException {
        Object[] args = new Object[m.getParameterCount()];
        Class<?>[] types = m.getParameterTypes();
        for (int i = 0; i < args.length; i++) {
            args[i] = defaultValue(types[i]);
        }
        try {
            m.invoke(target, args);
            fail(m + " succeeded on a closed object");
        } catch (InvocationTargetException e) {
            Throwable t = e.getCause();
            if (!(t instanceof SQLException sql)) {
                throw new AssertionError(m + " threw " + t + " instead of an SQLException", t);
            }
            assertEquals("08003", sql.getSQLState(), m + ": " + sql);
            assertNotNull(sql.getMessage(), m.toString());
            assertEquals(0, sql.getErrorCode(), m.toString());
        }
    }

    private static Object defaultValue(Class<?> type) {
        if (type == int.class) {
            return 1;
        }
        if (type == long.class) {
            return 1L;
        }
        if (type == short.class) {
            return (short) 1;
        }
        if (type == byte.class) {
            return (byte) 1;
        }
        if (type == double.class) {
            return 1.0;
        }
        if (type == float.class) {
            return 1.0f;
        }
        if (type == boolean.class) {
            return false;
        }
        return null;
    }
}
