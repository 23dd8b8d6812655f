package org.terndb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLClientInfoException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLTransactionRollbackException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.terndb.engine.DatabaseRegistry;
import org.terndb.txn.Protocols;

/** Connection behaviour: autocommit, commit and rollback, isolation levels, read-only mode, closing. */
class ConnectionTest {
    private static final AtomicInteger NAMES = new AtomicInteger();

    private static String url(String options) {
        return "jdbc:tern:mem:connection" + NAMES.incrementAndGet() + options;
    }

    private static long count(Connection c, String table) throws SQLException {
        try (ResultSet rs = c.createStatement().executeQuery("SELECT COUNT(*) FROM " + table)) {
            assertTrue(rs.next());
            return rs.getLong(1);
        }
    }

    @Test
    void autocommitIsOnByDefaultAndEachStatementCommitsAtOnce() throws SQLException {
        String url = url("");
        try (Connection a = DriverManager.getConnection(url); Connection b = DriverManager.getConnection(url)) {
            assertTrue(a.getAutoCommit());
            a.createStatement().executeUpdate("CREATE TABLE t (id INT PRIMARY KEY)");
            a.createStatement().executeUpdate("INSERT INTO t VALUES (1)");
            assertEquals(1, count(b, "t"), "visible to another connection without a commit");
            SQLException commit = assertThrows(SQLException.class, a::commit);
            assertEquals("25000", commit.getSQLState());
            assertTrue(commit.getMessage().contains("setAutoCommit(false)"), commit.getMessage());
            assertEquals("25000", assertThrows(SQLException.class, a::rollback).getSQLState());
        }
    }

    @Test
    void conflictAbortIs40001WithErrorCodeZeroAndRollsBack() throws SQLException {
        String url = url(";protocol=silo");
        try (Connection a = DriverManager.getConnection(url); Connection b = DriverManager.getConnection(url)) {
            a.createStatement().executeUpdate("CREATE TABLE t (id INT PRIMARY KEY, v INT)");
            a.createStatement().executeUpdate("INSERT INTO t VALUES (1, 0), (2, 0)");
            a.setAutoCommit(false);
            a.createStatement().executeQuery("SELECT v FROM t WHERE id = 1").close();
            a.createStatement().executeUpdate("UPDATE t SET v = 5 WHERE id = 2");
            b.createStatement().executeUpdate("UPDATE t SET v = 7 WHERE id = 1");   // a's read is now stale
            SQLException e = assertThrows(SQLException.class, a::commit);
            assertTrue(e instanceof SQLTransactionRollbackException, e.toString());
            assertEquals("40001", e.getSQLState());
            assertEquals(0, e.getErrorCode());
            assertNotNull(e.getMessage());
            try (ResultSet rs = a.createStatement().executeQuery("SELECT v FROM t WHERE id = 2")) {
                assertTrue(rs.next());
                assertEquals(0, rs.getInt(1), "the aborted transaction's write is gone");
            }
            a.commit();
        }
    }

    static java.util.stream.Stream<String> protocols() {
        return Protocols.names().stream();
    }

    /** Serializable protocols report SERIALIZABLE; SI reports REPEATABLE_READ and warns if asked for more. */
    @ParameterizedTest
    @MethodSource("protocols")
    void isolationLevelIsTheProtocolsAndEveryJdbcLevelIsAccepted(String protocol) throws SQLException {
        try (Connection c = DriverManager.getConnection(url(";protocol=" + protocol))) {
            boolean serializable = !protocol.equals("si");
            int expected = serializable ? Connection.TRANSACTION_SERIALIZABLE : Connection.TRANSACTION_REPEATABLE_READ;
            assertEquals(expected, c.getTransactionIsolation());
            assertEquals(expected, c.getMetaData().getDefaultTransactionIsolation());
            for (int level : new int[] {Connection.TRANSACTION_READ_UNCOMMITTED, Connection.TRANSACTION_READ_COMMITTED,
                Connection.TRANSACTION_REPEATABLE_READ}) {
                c.setTransactionIsolation(level);
                assertEquals(expected, c.getTransactionIsolation(), "never weaker than asked");
                assertTrue(c.getMetaData().supportsTransactionIsolationLevel(level));
            }
            assertNull(c.getWarnings());
            c.setTransactionIsolation(Connection.TRANSACTION_SERIALIZABLE);
            assertEquals(serializable, c.getMetaData().supportsTransactionIsolationLevel(
                    Connection.TRANSACTION_SERIALIZABLE));
            SQLWarning w = c.getWarnings();
            if (serializable) {
                assertNull(w);
            } else {
                assertNotNull(w, "SI cannot give SERIALIZABLE: the connection says so");
                assertTrue(w.getMessage().contains("snapshot isolation"), w.getMessage());
                c.clearWarnings();
                assertNull(c.getWarnings());
            }
            assertFalse(c.getMetaData().supportsTransactionIsolationLevel(Connection.TRANSACTION_NONE));
            SQLException none = assertThrows(SQLFeatureNotSupportedException.class,
                    () -> c.setTransactionIsolation(Connection.TRANSACTION_NONE));
            assertEquals("0A000", none.getSQLState());
            assertThrows(SQLException.class, () -> c.setTransactionIsolation(99));
        }
    }

    @Test
    void readOnlyConnectionsRejectWritesAndDdlWith25006() throws SQLException {
        try (Connection c = DriverManager.getConnection(url(""))) {
            Statement s = c.createStatement();
            s.executeUpdate("CREATE TABLE t (id INT PRIMARY KEY)");
            s.executeUpdate("INSERT INTO t VALUES (1)");
            assertFalse(c.isReadOnly());
            c.setReadOnly(true);
            assertTrue(c.isReadOnly());
            assertTrue(c.getMetaData().isReadOnly());
            assertEquals(1, count(c, "t"), "reads work");
            for (String write : new String[] {"INSERT INTO t VALUES (2)", "UPDATE t SET id = 3", "DELETE FROM t",
                "CREATE TABLE u (id INT PRIMARY KEY)", "DROP TABLE t"}) {
                SQLException e = assertThrows(SQLException.class, () -> s.executeUpdate(write), write);
                assertEquals("25006", e.getSQLState(), write);
                assertTrue(e.getMessage().contains("read-only"), e.getMessage());
            }
            SQLException prepared = assertThrows(SQLException.class,
                    () -> c.prepareStatement("INSERT INTO t VALUES (?)").executeUpdate());
            assertEquals("25006", prepared.getSQLState(), "checked when run, not only when prepared");
            c.setReadOnly(false);
            c.setAutoCommit(false);
            s.executeUpdate("INSERT INTO t VALUES (2)");
            SQLException inTxn = assertThrows(SQLException.class, () -> c.setReadOnly(true));
            assertEquals("25001", inTxn.getSQLState());
            c.commit();
            c.setReadOnly(true);
            assertEquals(2, count(c, "t"));
        }
    }

    @Test
    void closingRollsBackTheOpenTransactionAndIsIdempotent() throws SQLException {
        String url = url("");
        try (Connection keep = DriverManager.getConnection(url)) {
            keep.createStatement().executeUpdate("CREATE TABLE t (id INT PRIMARY KEY)");
            Connection c = DriverManager.getConnection(url);
            c.setAutoCommit(false);
            c.createStatement().executeUpdate("INSERT INTO t VALUES (1)");
            c.close();
            c.close();
            assertEquals(0, count(keep, "t"));
            Connection d = DriverManager.getConnection(url);
            d.abort(Runnable::run);
            assertTrue(d.isClosed());
            assertThrows(SQLException.class, () -> keep.abort(null), "abort needs an executor");
        }
    }

    /**
     * Under 2PL an open transaction holds its locks. Closed from another thread while its own thread is idle,
     * the connection is rolled back by the closing thread before close returns, so the lock is free at once;
     * the owner's next call fails with 08003.
     */
    @Test
    void closeFromAnotherThreadRollsTheIdleTransactionBackAtOnce() throws Exception {
        String url = url(";protocol=2pl-nowait;autocommit_retries=0");
        ExecutorService owner = Executors.newSingleThreadExecutor();
        try (Connection other = DriverManager.getConnection(url)) {
            other.createStatement().executeUpdate("CREATE TABLE t (id INT PRIMARY KEY, v INT)");
            other.createStatement().executeUpdate("INSERT INTO t VALUES (1, 0)");
            Connection c = owner.submit(() -> {
                Connection x = DriverManager.getConnection(url);
                x.setAutoCommit(false);
                x.createStatement().executeUpdate("UPDATE t SET v = 1 WHERE id = 1");
                return x;
            }).get(30, TimeUnit.SECONDS);

            c.close();   // from this thread, not the owner, which is idle: the rollback happens here, now
            assertTrue(c.isClosed());
            assertEquals(1, other.createStatement().executeUpdate("UPDATE t SET v = 2 WHERE id = 1"),
                    "the close released the lock (2pl-nowait would fail at once otherwise)");

            SQLException closed = owner.submit(() -> {
                try {
                    c.createStatement();
                    return null;
                } catch (SQLException e) {
                    return e;
                }
            }).get(30, TimeUnit.SECONDS);
            assertNotNull(closed, "the owner thread's next call fails");
            assertEquals("08003", closed.getSQLState());
            try (ResultSet rs = other.createStatement().executeQuery("SELECT v FROM t WHERE id = 1")) {
                assertTrue(rs.next());
                assertEquals(2, rs.getInt(1));
            }
        } finally {
            owner.shutdownNow();
        }
    }

    @Test
    void anOpenTransactionStaysWithItsThreadAndOtherThreadsGet25000() throws Exception {
        String url = url("");
        ExecutorService owner = Executors.newSingleThreadExecutor();
        try (Connection c = owner.submit(() -> DriverManager.getConnection(url)).get(30, TimeUnit.SECONDS)) {
            owner.submit(() -> {
                c.createStatement().executeUpdate("CREATE TABLE t (id INT PRIMARY KEY)");
                c.setAutoCommit(false);
                return c.createStatement().executeUpdate("INSERT INTO t VALUES (1)");
            }).get(30, TimeUnit.SECONDS);
            for (String what : new String[] {"query", "commit", "rollback", "autocommit"}) {
                SQLException e = assertThrows(SQLException.class, () -> {
                    switch (what) {
                        case "query" -> c.createStatement().executeQuery("SELECT * FROM t");
                        case "commit" -> c.commit();
                        case "rollback" -> c.rollback();
                        default -> c.setAutoCommit(true);
                    }
                }, what);
                assertEquals("25000", e.getSQLState(), what);
                assertTrue(e.getMessage().contains("belongs to thread"), e.getMessage());
            }
            owner.submit(() -> {
                c.commit();
                return null;
            }).get(30, TimeUnit.SECONDS);
            assertEquals(1, count(c, "t"), "after the commit the connection may move to this thread");
        } finally {
            owner.shutdownNow();
        }
    }

    @Test
    void closeFromAnotherThreadWhenTheOwnerHasEndedReleasesAtOnce() throws Exception {
        String url = url("");
        String name = url.substring("jdbc:tern:mem:".length());
        Connection[] made = new Connection[1];
        Thread t = new Thread(() -> {
            try {
                Connection x = DriverManager.getConnection(url);
                x.createStatement().executeUpdate("CREATE TABLE t (id INT PRIMARY KEY)");
                x.setAutoCommit(false);
                x.createStatement().executeUpdate("INSERT INTO t VALUES (1)");
                made[0] = x;
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        }, "short-lived owner");
        t.start();
        t.join(30_000);
        Connection c = made[0];
        assertNotNull(c);
        c.close();
        assertFalse(DatabaseRegistry.inMemory().isOpen(name), "the last connection's close dropped the database");
    }

    @Test
    void validityWarningsClientInfoAndSettings() throws SQLException {
        Connection c = DriverManager.getConnection(url(""));
        assertTrue(c.isValid(1));
        assertThrows(SQLException.class, () -> c.isValid(-1));
        assertEquals("SELECT 1", c.nativeSQL("SELECT 1"));
        assertNull(c.getCatalog());
        assertNull(c.getSchema());
        c.setSchema("ignored");
        assertEquals(0, c.getNetworkTimeout());
        assertEquals(ResultSet.HOLD_CURSORS_OVER_COMMIT, c.getHoldability());
        c.setHoldability(ResultSet.HOLD_CURSORS_OVER_COMMIT);
        assertThrows(SQLException.class, () -> c.setHoldability(42));
        assertTrue(c.getTypeMap().isEmpty());
        c.setClientInfo("ApplicationName", "test");
        assertNotNull(c.getWarnings(), "an unknown client info property is a warning");
        assertNull(c.getClientInfo("ApplicationName"));
        assertThrows(SQLFeatureNotSupportedException.class,
                () -> c.createStatement(ResultSet.TYPE_SCROLL_INSENSITIVE, ResultSet.CONCUR_READ_ONLY));
        assertThrows(SQLFeatureNotSupportedException.class,
                () -> c.prepareStatement("SELECT 1", Statement.RETURN_GENERATED_KEYS));
        assertNotNull(c.prepareStatement("VALUES 1", Statement.NO_GENERATED_KEYS));
        assertEquals(c, c.getMetaData().getConnection());
        assertTrue(c.isWrapperFor(TernConnection.class));
        c.close();
        assertFalse(c.isValid(0));
        SQLClientInfoException e = assertThrows(SQLClientInfoException.class, () -> c.setClientInfo("a", "b"));
        assertEquals("08003", e.getSQLState());
    }
}
