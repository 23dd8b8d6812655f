package org.terndb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.terndb.engine.DatabaseRegistry;

/**
 * Stopping work from another thread: {@code Statement.cancel()} (HY008), query timeouts (HYT00) and
 * {@code Connection.close()} of a connection whose statement runs or whose transaction is open on another thread.
 * The long-running statements are a procedure that loops forever reading a row (every read is an operation
 * boundary) and a 2PL lock wait; without the feature they never end, and the bounded waits below fail.
 */
class CancelTest {
    private static final Duration LIMIT = Duration.ofSeconds(30);
    private static final AtomicInteger DATABASES = new AtomicInteger();

    private static String url(String options) {
        return "jdbc:tern:mem:cancel" + DATABASES.incrementAndGet() + options;
    }

    private static void setUp(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE t (id INT PRIMARY KEY, v INT)");
            s.execute("INSERT INTO t VALUES (1, 10), (2, 20), (3, 30)");
            s.execute("CREATE PROCEDURE spin () BEGIN DECLARE x INT; WHILE 1 = 1 DO "
                    + "SELECT v INTO x FROM t WHERE id = 1; END WHILE; END");
        }
    }

    private static int value(Connection c, int id) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT v FROM t WHERE id = " + id)) {
            assertTrue(rs.next());
            return rs.getInt(1);
        }
    }

    /** Runs {@code sql} on another thread and returns the SQLException it ends with (null if it succeeded). */
    private static CompletableFuture<SQLException> runAsync(Statement s, String sql) {
        return on(ForkJoinPool.commonPool(), () -> s.execute(sql));
    }

    /** Runs {@code action} on {@code thread} (an explicit transaction stays on its thread); its SQLException or null. */
    private static CompletableFuture<SQLException> on(Executor thread, SqlAction action) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                action.run();
                return null;
            } catch (SQLException e) {
                return e;
            }
        }, thread);
    }

    /** Calls {@code action} until {@code running} completes (the first calls may come before it started). */
    private static SQLException repeatUntilDone(CompletableFuture<SQLException> running, SqlAction action)
            throws Exception {
        while (true) {
            action.run();
            try {
                return running.get(10, TimeUnit.MILLISECONDS);
            } catch (TimeoutException notYet) {
                // still running: ask again
            } catch (ExecutionException e) {
                throw new AssertionError("the statement failed with a non-SQL exception", e.getCause());
            }
        }
    }

    private interface SqlAction {
        void run() throws SQLException;
    }

    @Test
    void cancelStopsARunningStatementWithHY008AndTheConnectionStaysUsable() {
        assertTimeoutPreemptively(LIMIT, () -> {
            try (Connection c = DriverManager.getConnection(url(""))) {
                setUp(c);
                Statement spin = c.createStatement();
                SQLException e = repeatUntilDone(runAsync(spin, "CALL spin()"), spin::cancel);
                assertNotNull(e, "the statement was never canceled");
                assertEquals("HY008", e.getSQLState(), e.getMessage());
                assertEquals(10, value(c, 1), "the connection runs statements after a cancel");
                spin.cancel(); // nothing runs: no effect
                assertEquals(20, value(c, 2));
            }
        });
    }

    @Test
    void aSecondThreadsStatementFailsWhileOneRunsAndTheConnectionStaysUsable() {
        assertTimeoutPreemptively(LIMIT, () -> {
            try (Connection c = DriverManager.getConnection(url(""))) {
                setUp(c);
                Statement spin = c.createStatement();
                CompletableFuture<SQLException> running = on(ForkJoinPool.commonPool(), () -> {
                    while (true) {
                        try {
                            spin.execute("CALL spin()");
                            return;
                        } catch (SQLException e) {
                            // 25000: a SELECT below held the session as the CALL began, so the CALL was refused
                            if (!"25000".equals(e.getSQLState())) {
                                throw e;
                            }
                        }
                    }
                });
                SQLException refused = null;
                try (Statement other = c.createStatement()) {
                    while (refused == null && !running.isDone()) {
                        try {
                            other.executeQuery("SELECT v FROM t WHERE id = 2").close(); // before spin started
                        } catch (SQLException e) {
                            refused = e;
                        }
                    }
                }
                assertNotNull(refused, () -> "the spinning statement ended: " + running.join());
                assertEquals("25000", refused.getSQLState(), refused.getMessage());
                SQLException e = repeatUntilDone(running, spin::cancel);
                assertEquals("HY008", e.getSQLState(), e.getMessage());
                assertEquals(20, value(c, 2), "the connection runs statements after both");
            }
        });
    }

    @Test
    void queryTimeoutCancelsWithSQLTimeoutException() {
        assertTimeoutPreemptively(LIMIT, () -> {
            try (Connection c = DriverManager.getConnection(url(""))) {
                setUp(c);
                try (Statement spin = c.createStatement()) {
                    spin.setQueryTimeout(1);
                    assertEquals(1, spin.getQueryTimeout());
                    SQLException e = runAsync(spin, "CALL spin()").get();
                    assertInstanceOf(SQLTimeoutException.class, e);
                    assertEquals("HYT00", e.getSQLState());
                    spin.execute("UPDATE t SET v = 11 WHERE id = 1"); // the timeout covers only what ran too long
                    assertEquals(1, spin.getUpdateCount());
                }
                assertEquals(11, value(c, 1));
            }
        });
    }

    @Test
    void cancelEndsA2plLockWaitAndRollsTheWholeTransactionBack() {
        assertTimeoutPreemptively(LIMIT, () -> {
            String url = url(";protocol=2pl-wait;lock_timeout_ms=600000");
            ExecutorService waiterThread = Executors.newSingleThreadExecutor();
            try (Connection waiter = DriverManager.getConnection(url);
                 Connection holder = DriverManager.getConnection(url)) {
                setUp(waiter);
                waiter.setAutoCommit(false);
                holder.setAutoCommit(false);
                Statement w = waiter.createStatement();
                // The waiter begins first, so it is the older transaction, which wait-die lets wait.
                assertEquals(null, on(waiterThread, () -> w.executeUpdate("UPDATE t SET v = 31 WHERE id = 3")).get());
                holder.createStatement().executeUpdate("UPDATE t SET v = 12 WHERE id = 1");
                SQLException e = repeatUntilDone(on(waiterThread, () -> w.executeUpdate("UPDATE t SET v = 13 WHERE id = 1")),
                        w::cancel);
                assertNotNull(e, "the lock wait was never canceled");
                assertEquals("HY008", e.getSQLState(), e.getMessage());
                holder.commit();
                waiter.commit(); // nothing open: the cancel rolled the transaction back
                assertEquals(12, value(waiter, 1));
                assertEquals(30, value(waiter, 3), "the waiter's earlier update was rolled back");
                assertEquals(1, w.executeUpdate("UPDATE t SET v = 14 WHERE id = 1"), "the connection stays usable");
                waiter.commit();
                assertEquals(14, value(holder, 1));
            } finally {
                waiterThread.shutdown();
            }
        });
    }

    @Test
    void closeFromAnotherThreadRollsBackAnIdleTransactionAndFreesItsLocks() {
        assertTimeoutPreemptively(LIMIT, () -> {
            String url = url(";protocol=2pl-wait;lock_timeout_ms=600000");
            ExecutorService waiterThread = Executors.newSingleThreadExecutor();
            try (Connection waiter = DriverManager.getConnection(url)) {
                setUp(waiter);
                Connection holder = DriverManager.getConnection(url);
                waiter.setAutoCommit(false);
                holder.setAutoCommit(false);
                Statement w = waiter.createStatement();
                // The waiter begins first, so it is the older transaction, which wait-die lets wait.
                assertEquals(null, on(waiterThread, () -> w.executeQuery("SELECT v FROM t WHERE id = 2").close()).get());
                holder.createStatement().executeUpdate("UPDATE t SET v = 32 WHERE id = 3");
                holder.createStatement().executeUpdate("UPDATE t SET v = 12 WHERE id = 1");
                CompletableFuture<SQLException> waiting = on(waiterThread,
                        () -> w.executeUpdate("UPDATE t SET v = 13 WHERE id = 1"));
                // The holder's thread (this one) is idle; another thread closes its connection.
                CompletableFuture.runAsync(() -> {
                    try {
                        holder.close();
                    } catch (SQLException e) {
                        throw new AssertionError(e);
                    }
                }).get();
                assertTrue(holder.isClosed());
                assertEquals(null, waiting.get(), "the waiter got the lock once the holder was rolled back");
                assertEquals(null, on(waiterThread, waiter::commit).get());
                assertEquals(13, value(waiter, 1));
                assertEquals(30, value(waiter, 3), "the closed connection's update was rolled back");
                SQLException closed = org.junit.jupiter.api.Assertions.assertThrows(SQLException.class,
                        () -> holder.createStatement());
                assertEquals("08003", closed.getSQLState());
            } finally {
                waiterThread.shutdown();
            }
        });
    }

    @Test
    void closeFromAnotherThreadAbortsTheRunningStatement() {
        assertTimeoutPreemptively(LIMIT, () -> {
            String url = url("");
            try (Connection keep = DriverManager.getConnection(url)) {
                setUp(keep);
                Connection c = DriverManager.getConnection(url);
                c.setAutoCommit(false);
                Statement s = c.createStatement();
                CompletableFuture<SQLException> spinning = on(ForkJoinPool.commonPool(), () -> {
                    s.executeUpdate("UPDATE t SET v = 21 WHERE id = 2");
                    s.execute("CALL spin()");
                });
                while (!spinning.isDone() && !c.isClosed()) {
                    Thread.sleep(20); // let it start; closing earlier is fine too (it then fails with 08003 at once)
                    c.close();
                }
                SQLException e = spinning.get();
                assertNotNull(e);
                assertEquals("08003", e.getSQLState(), e.getMessage());
                assertTrue(c.isClosed());
                assertEquals(20, value(keep, 2), "the closed connection's transaction was rolled back");
                assertFalse(keep.isClosed());
            }
        });
    }

    @Test
    void theLastConnectionClosedWhileItsStatementRunsDropsTheDatabaseAsTheStatementReturns() {
        assertTimeoutPreemptively(LIMIT, () -> {
            String url = url("");
            String name = url.substring("jdbc:tern:mem:".length());
            Connection c = DriverManager.getConnection(url);
            setUp(c);
            Statement s = c.createStatement();
            CompletableFuture<SQLException> spinning = runAsync(s, "CALL spin()");
            Thread.sleep(20); // let it start; closing earlier is fine too (it then fails with 08003 at once)
            c.close();
            SQLException e = spinning.get();
            assertNotNull(e);
            assertEquals("08003", e.getSQLState(), e.getMessage());
            assertFalse(DatabaseRegistry.inMemory().isOpen(name), "the statement's thread released the database");
            try (Connection again = DriverManager.getConnection(url); Statement q = again.createStatement()) {
                SQLException missing = assertThrows(SQLException.class, () -> q.executeQuery("SELECT v FROM t"));
                assertEquals("42S02", missing.getSQLState(), "a new database of the name starts empty");
            }
        });
    }
}
