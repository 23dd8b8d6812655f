package org.terndb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.Date;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.terndb.engine.DatabaseRegistry;
import org.terndb.planner.PlanCache;

/** The JDBC surface: URLs and options, connections, statements, prepared statements, result sets, errors. */
class JdbcSurfaceTest {
    private static final AtomicInteger NAMES = new AtomicInteger();

    private static String url(String options) {
        return "jdbc:tern:mem:surface" + NAMES.incrementAndGet() + options;
    }

    @Test
    void driverManagerFindsTheDriverThroughServiceLoading() throws SQLException {
        assertTrue(DriverManager.getDriver("jdbc:tern:mem:x") instanceof TernDriver);
    }

    @Test
    void sameNameSharesOneDatabaseUntilTheLastConnectionCloses() throws SQLException {
        String url = url("");
        String name = url.substring("jdbc:tern:mem:".length());
        try (Connection a = DriverManager.getConnection(url)) {
            a.createStatement().executeUpdate("CREATE TABLE t (id INT PRIMARY KEY)");
            a.createStatement().executeUpdate("INSERT INTO t VALUES (1)");
            try (Connection b = DriverManager.getConnection(url)) {
                ResultSet rs = b.createStatement().executeQuery("SELECT COUNT(*) FROM t");
                assertTrue(rs.next());
                assertEquals(1, rs.getInt(1));
            }
            assertTrue(DatabaseRegistry.inMemory().isOpen(name), "still open while a connection is");
        }
        assertFalse(DatabaseRegistry.inMemory().isOpen(name), "dropped with its last connection");
        try (Connection c = DriverManager.getConnection(url)) {
            SQLException e = assertThrows(SQLException.class, () -> c.createStatement().executeQuery("SELECT * FROM t"));
            assertEquals("42S02", e.getSQLState());
        }
    }

    @Test
    void emptyNameIsAPrivateDatabase() throws SQLException {
        try (Connection a = DriverManager.getConnection("jdbc:tern:mem:");
             Connection b = DriverManager.getConnection("jdbc:tern:mem:")) {
            a.createStatement().executeUpdate("CREATE TABLE p (id INT PRIMARY KEY)");
            SQLException e = assertThrows(SQLException.class, () -> b.createStatement().executeQuery("SELECT * FROM p"));
            assertEquals("42S02", e.getSQLState());
        }
    }

    @Test
    void urlOptionsAreValidated() throws SQLException {
        for (String protocol : org.terndb.txn.Protocols.names()) {
            try (Connection c = DriverManager.getConnection(url(";protocol=" + protocol + ";backoff=false"))) {
                assertEquals(protocol, c.unwrap(TernConnection.class).session().database().config().protocol());
            }
        }
        SQLException unknown = assertThrows(SQLException.class, () -> DriverManager.getConnection(url(";colour=blue")));
        assertEquals("08001", unknown.getSQLState());
        assertTrue(unknown.getMessage().contains("colour") && unknown.getMessage().contains("protocol")
                && unknown.getMessage().contains("epoch_ms"), unknown.getMessage());
        SQLException badProtocol = assertThrows(SQLException.class, () -> DriverManager.getConnection(url(";protocol=magic")));
        assertTrue(badProtocol.getMessage().contains("silo"), badProtocol.getMessage());
        SQLException badValue = assertThrows(SQLException.class, () -> DriverManager.getConnection(url(";epoch_ms=soon")));
        assertTrue(badValue.getMessage().contains("epoch_ms"), badValue.getMessage());
        // jdbc:tern:file: databases exist now (durability module): their options are validated before opening.
        SQLException file = assertThrows(SQLException.class,
                () -> DriverManager.getConnection("jdbc:tern:file:/nonexistent/tern-x;durability=maybe"));
        assertEquals("08001", file.getSQLState());
        assertTrue(file.getMessage().contains("sync, async, none"), file.getMessage());
        assertNull(new TernDriver().connect("jdbc:h2:mem:x", null), "other URLs are not ours");
    }

    @Test
    void joiningAnOpenDatabaseWithOtherOptionsFails() throws SQLException {
        String url = url("");
        try (Connection a = DriverManager.getConnection(url + ";protocol=tictoc")) {
            try (Connection same = DriverManager.getConnection(url)) {
                assertFalse(same.isClosed());
            }
            SQLException e = assertThrows(SQLException.class, () -> DriverManager.getConnection(url + ";protocol=mocc"));
            assertTrue(e.getMessage().contains("tictoc"), e.getMessage());
        }
    }

    @Test
    void closeIsIdempotentAndClosedObjectsFailWith08003() throws SQLException {
        Connection c = DriverManager.getConnection(url(""));
        Statement s = c.createStatement();
        assertTrue(c.isValid(0));
        c.close();
        c.close();
        assertTrue(c.isClosed());
        assertFalse(c.isValid(0));
        SQLException e = assertThrows(SQLException.class, c::createStatement);
        assertEquals("08003", e.getSQLState());
        SQLException viaStatement = assertThrows(SQLException.class, () -> s.executeQuery("SELECT 1 FROM t"));
        assertEquals("08003", viaStatement.getSQLState());
        s.close();
        s.close();
    }

    @Test
    void preparedStatementsBindParametersAndHitThePlanCache() throws SQLException {
        try (Connection c = DriverManager.getConnection(url(""))) {
            c.createStatement().executeUpdate("CREATE TABLE p (id BIGINT PRIMARY KEY, name VARCHAR(20), amount DECIMAL(10,2), "
                    + "score DOUBLE, day DATE, at TIMESTAMP, ok BOOLEAN)");
            String insert = "INSERT INTO p VALUES (?, ?, ?, ?, ?, ?, ?)";
            try (PreparedStatement ps = c.prepareStatement(insert)) {
                ps.setLong(1, 1);
                ps.setString(2, "one");
                ps.setBigDecimal(3, new BigDecimal("12.34"));
                ps.setDouble(4, 0.5);
                ps.setDate(5, Date.valueOf("2020-01-02"));
                ps.setTimestamp(6, Timestamp.valueOf("2020-01-02 03:04:05.5"));
                ps.setObject(7, true);
                assertEquals(1, ps.executeUpdate());
                ps.setInt(1, 2);
                ps.setNull(2, Types.VARCHAR);
                ps.setObject(3, 7);
                ps.setNull(4, Types.DOUBLE);
                ps.setNull(5, Types.DATE);
                ps.setNull(6, Types.TIMESTAMP);
                ps.setNull(7, Types.BOOLEAN);
                assertEquals(1, ps.executeUpdate());
            }
            PlanCache cache = c.unwrap(TernConnection.class).session().database().planCache();
            long hits = cache.hits();
            try (PreparedStatement again = c.prepareStatement(insert)) {
                assertEquals(hits + 1, cache.hits(), "a second prepare of the same text is a cache hit");
                assertNotNull(again);
            }
            try (PreparedStatement q = c.prepareStatement("SELECT * FROM p WHERE id = ?")) {
                q.setInt(1, 1);
                try (ResultSet rs = q.executeQuery()) {
                    assertTrue(rs.next());
                    assertEquals(1L, rs.getLong("ID"));
                    assertEquals("one", rs.getString("name"), "labels are case-insensitive");
                    assertEquals(new BigDecimal("12.34"), rs.getBigDecimal("Amount"));
                    assertEquals(0.5, rs.getDouble(4));
                    assertEquals(Date.valueOf("2020-01-02"), rs.getDate(5));
                    assertEquals(Timestamp.valueOf("2020-01-02 03:04:05.5"), rs.getTimestamp(6));
                    assertTrue(rs.getBoolean(7));
                    assertEquals(Long.valueOf(1), rs.getObject(1));
                    assertFalse(rs.wasNull());
                    assertFalse(rs.next());
                }
                q.setInt(1, 2);
                try (ResultSet rs = q.executeQuery()) {
                    assertTrue(rs.next());
                    assertNull(rs.getString(2));
                    assertTrue(rs.wasNull());
                    assertEquals(0.0, rs.getDouble(4));
                    assertTrue(rs.wasNull());
                    assertEquals(new BigDecimal("7.00"), rs.getBigDecimal(3));
                    assertFalse(rs.wasNull());
                }
                SQLException missing = assertThrows(SQLException.class, () -> {
                    q.clearParameters();
                    q.executeQuery();
                });
                assertEquals("07001", missing.getSQLState());
                q.setString(1, "not a number");
                SQLException bad = assertThrows(SQLException.class, q::executeQuery);
                assertEquals("22018", bad.getSQLState());
            }
        }
    }

    @Test
    void resultSetMetaDataDescribesColumns() throws SQLException {
        try (Connection c = DriverManager.getConnection(url(""))) {
            c.createStatement().executeUpdate("CREATE TABLE m (id INT PRIMARY KEY, name VARCHAR(7), d DECIMAL(9,3))");
            ResultSet rs = c.createStatement().executeQuery("SELECT id, name AS label, d FROM m");
            ResultSetMetaData md = rs.getMetaData();
            assertEquals(3, md.getColumnCount());
            assertEquals("ID", md.getColumnLabel(1));
            assertEquals("LABEL", md.getColumnLabel(2));
            assertEquals(Types.INTEGER, md.getColumnType(1));
            assertEquals(Types.VARCHAR, md.getColumnType(2));
            assertEquals(7, md.getPrecision(2));
            assertEquals(Types.DECIMAL, md.getColumnType(3));
            assertEquals(9, md.getPrecision(3));
            assertEquals(3, md.getScale(3));
            assertEquals(ResultSetMetaData.columnNoNulls, md.isNullable(1));
            assertEquals(ResultSetMetaData.columnNullable, md.isNullable(2));
            assertEquals("java.lang.Integer", md.getColumnClassName(1));
            SQLException e = assertThrows(SQLException.class, () -> rs.getString("nosuch"));
            assertNotNull(e.getMessage());
        }
    }

    @Test
    void statementReportsRowsOrCountsAndClosesItsResult() throws SQLException {
        try (Connection c = DriverManager.getConnection(url(""))) {
            Statement s = c.createStatement();
            assertFalse(s.execute("CREATE TABLE t (id INT PRIMARY KEY)"));
            assertEquals(0, s.getUpdateCount());
            assertFalse(s.execute("INSERT INTO t VALUES (1), (2)"));
            assertEquals(2, s.getUpdateCount());
            assertTrue(s.execute("SELECT id FROM t"));
            ResultSet first = s.getResultSet();
            assertEquals(-1, s.getUpdateCount());
            ResultSet second = s.executeQuery("SELECT id FROM t");
            assertTrue(first.isClosed(), "a new execution closes the previous result");
            s.close();
            assertTrue(second.isClosed(), "closing the statement closes its result");
            Statement u = c.createStatement();
            u.setMaxRows(1);
            ResultSet limited = u.executeQuery("SELECT id FROM t ORDER BY id");
            assertTrue(limited.next());
            assertFalse(limited.next());
            SQLException e = assertThrows(SQLException.class, () -> u.executeUpdate("SELECT id FROM t"));
            assertNotNull(e.getSQLState());
            // Like other drivers, executeQuery runs the statement before it finds there are no rows.
            SQLException q = assertThrows(SQLException.class, () -> u.executeQuery("DELETE FROM t"));
            assertNotNull(q.getSQLState());
        }
    }

    @Test
    void explicitTransactionsCommitAndRollBack() throws SQLException {
        String url = url("");
        try (Connection c = DriverManager.getConnection(url); Connection other = DriverManager.getConnection(url)) {
            c.createStatement().executeUpdate("CREATE TABLE t (id INT PRIMARY KEY, v INT)");
            assertTrue(c.getAutoCommit());
            assertThrows(SQLException.class, c::commit, "commit needs autocommit off");
            c.setAutoCommit(false);
            c.createStatement().executeUpdate("INSERT INTO t VALUES (1, 10)");
            ResultSet own = c.createStatement().executeQuery("SELECT v FROM t WHERE id = 1");
            assertTrue(own.next(), "a transaction sees its own writes");
            assertFalse(other.createStatement().executeQuery("SELECT v FROM t WHERE id = 1").next(),
                    "others do not see uncommitted writes");
            c.rollback();
            assertFalse(c.createStatement().executeQuery("SELECT v FROM t WHERE id = 1").next(), "rolled back");
            c.createStatement().executeUpdate("INSERT INTO t VALUES (2, 20)");
            c.commit();
            ResultSet rs = other.createStatement().executeQuery("SELECT v FROM t WHERE id = 2");
            assertTrue(rs.next());
            assertEquals(20, rs.getInt(1));
            c.createStatement().executeUpdate("INSERT INTO t VALUES (3, 30)");
            c.setAutoCommit(true);
            assertTrue(other.createStatement().executeQuery("SELECT v FROM t WHERE id = 3").next(),
                    "switching autocommit on commits");
            assertEquals(Connection.TRANSACTION_SERIALIZABLE, c.getTransactionIsolation());
        }
    }

    @Test
    void aWriteErrorInAnExplicitTransactionRollsItBack() throws SQLException {
        try (Connection c = DriverManager.getConnection(url(""))) {
            c.createStatement().executeUpdate("CREATE TABLE t (id INT PRIMARY KEY)");
            c.setAutoCommit(false);
            c.createStatement().executeUpdate("INSERT INTO t VALUES (1)");
            SQLException e = assertThrows(SQLException.class,
                    () -> c.createStatement().executeUpdate("INSERT INTO t VALUES (2), (1)"));
            assertEquals("23505", e.getSQLState());
            assertTrue(e.getMessage().contains("rolled back"), e.getMessage());
            c.commit();
            ResultSet rs = c.createStatement().executeQuery("SELECT COUNT(*) FROM t");
            assertTrue(rs.next());
            assertEquals(0, rs.getInt(1));
        }
    }

    @Test
    void explainShowsThePhysicalPlan() throws SQLException {
        try (Connection c = DriverManager.getConnection(url(""))) {
            Statement s = c.createStatement();
            s.executeUpdate("CREATE TABLE t (id INT PRIMARY KEY, a INT NOT NULL, b VARCHAR(5))");
            s.executeUpdate("CREATE INDEX t_a ON t (a)");
            assertEquals("Project(B)\n  IndexGet(table=T, index=PRIMARY, key=[ID = ?0])",
                    explain(s, "EXPLAIN SELECT b FROM t WHERE id = ?"));
            String range = explain(s, "EXPLAIN PLAN FOR SELECT * FROM t WHERE a > 5 AND a <= ? AND b = 'x'");
            assertTrue(range.contains("IndexRangeScan(table=T, index=T_A, lower=A > 5, upper=A <= ?0, forward, "
                    + "filter=B = 'x')"), range);
            String top = explain(s, "EXPLAIN SELECT id FROM t ORDER BY id DESC LIMIT 3");
            assertTrue(top.contains("backward") && !top.contains("Sort"), top);
            String update = explain(s, "EXPLAIN UPDATE t SET a = a + 1 WHERE id = 7");
            assertTrue(update.startsWith("Update(table=T") && update.contains("for update"), update);
        }
    }

    private static String explain(Statement s, String sql) throws SQLException {
        StringBuilder out = new StringBuilder();
        try (ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                out.append(out.length() == 0 ? "" : "\n").append(rs.getString("PLAN"));
            }
        }
        return out.toString();
    }
}
