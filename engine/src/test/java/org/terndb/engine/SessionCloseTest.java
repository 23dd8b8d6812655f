package org.terndb.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.terndb.executor.SqlState;
import org.terndb.executor.TernSqlException;

/** {@link Session#close(Runnable)}: the task runs once, after the session closed, never under a running statement. */
class SessionCloseTest {

    @Test
    void anIdleSessionRunsTheTaskOnTheClosingThreadOnce() {
        try (Database db = Database.open(DatabaseConfig.defaults("close-idle"))) {
            Session s = db.openSession();
            s.execute("CREATE TABLE t (id INT PRIMARY KEY, v INT)");
            s.setAutoCommit(false);
            s.execute("INSERT INTO t VALUES (1, 10)");
            AtomicInteger runs = new AtomicInteger();
            AtomicReference<Thread> ranOn = new AtomicReference<>();
            s.close(() -> {
                runs.incrementAndGet();
                ranOn.set(Thread.currentThread());
                assertTrue(s.isClosed(), "the session is closed before the task runs");
            });
            assertEquals(1, runs.get());
            assertSame(Thread.currentThread(), ranOn.get());
            s.close(runs::incrementAndGet);
            s.close();
            assertEquals(1, runs.get(), "only the first task, only once");
            try (Session other = db.openSession()) {
                assertTrue(other.execute("SELECT v FROM t WHERE id = 1").rows().isEmpty(), "rolled back");
            }
        }
    }

    @Test
    void aRunningStatementsThreadRunsTheTaskAsItReturns() {
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            try (Database db = Database.open(DatabaseConfig.defaults("close-running"))) {
                Session s = db.openSession();
                s.execute("CREATE TABLE t (id INT PRIMARY KEY, v INT)");
                s.execute("INSERT INTO t VALUES (1, 10)");
                s.execute("CREATE PROCEDURE spin () BEGIN DECLARE x INT; WHILE 1 = 1 DO "
                        + "SELECT v INTO x FROM t WHERE id = 1; END WHILE; END");
                AtomicReference<Thread> ranOn = new AtomicReference<>();
                AtomicReference<Thread> statementThread = new AtomicReference<>();
                CompletableFuture<TernSqlException> spinning = CompletableFuture.supplyAsync(() -> {
                    statementThread.set(Thread.currentThread());
                    try {
                        s.call(s.prepare("CALL spin()"), new Object[0], null);
                        return null;
                    } catch (TernSqlException e) {
                        return e;
                    }
                });
                while (statementThread.get() == null) {
                    Thread.onSpinWait();
                }
                Thread.sleep(50); // let it start; closing before it does is fine too (it then fails at once)
                s.close(() -> ranOn.set(Thread.currentThread()));
                TernSqlException e = spinning.get();
                assertNotNull(e);
                assertEquals(SqlState.CONNECTION_CLOSED, e.sqlState(), e.getMessage());
                assertNotNull(ranOn.get(), "the task ran by the time the statement returned");
                assertTrue(s.isClosed());
                assertFalse(db.isClosed());
            }
        });
    }
}
