package org.terndb.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.terndb.executor.SqlState;
import org.terndb.executor.TernSqlException;
import org.terndb.planner.PreparedPlan;

/**
 * {@link Session#cancel} and {@link Session#close()} from another thread, racing with the owner's operations: a
 * cancel stops only an operation it overlaps (never a later one, also when it reached an operation too late to stop
 * it), and a close returns with the session rolled back and released.
 */
class SessionSignalTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    private static Database open(String name, String protocol) {
        Database db = Database.open(DatabaseConfig.of(name, Map.of("protocol", protocol)));
        try (Session setup = db.openSession()) {
            setup.execute("CREATE TABLE t (id INT PRIMARY KEY, v BIGINT NOT NULL)");
            setup.execute("INSERT INTO t VALUES (1, 0), (2, 0)");
        }
        return db;
    }

    /**
     * The owner runs short autocommit updates; another thread cancels whatever runs, now and then. Ticks of one
     * counter order both: an update that failed with HY008 must overlap a cancel call. A cancel that arrived after
     * the update's last check would, were it not withdrawn, stop the next update, which no cancel overlaps.
     */
    @Test
    void aCancelStopsOnlyAnOperationItOverlaps() throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(1);
        try (Database db = open("signal-cancel", "silo")) {
            AtomicLong clock = new AtomicLong();
            AtomicBoolean done = new AtomicBoolean();
            Session s = db.openSession();
            int cancels = 20_000;
            long[] cancelStart = new long[cancels];
            long[] cancelEnd = new long[cancels];
            CompletableFuture<Integer> canceller = CompletableFuture.supplyAsync(() -> {
                int n = 0;
                while (!done.get() && n < cancels) {
                    cancelStart[n] = clock.incrementAndGet();
                    s.cancel(Session.ANY_OPERATION, false);
                    cancelEnd[n] = clock.incrementAndGet();
                    n++;
                    LockSupport.parkNanos(ThreadLocalRandom.current().nextLong(1_000, 30_000));
                }
                return n;
            }, threads);
            PreparedPlan update = s.prepare("UPDATE t SET v = v + 1 WHERE id = ?");
            int stopped = 0;
            long[] failures = new long[0];
            try {
                long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(500);
                while (System.nanoTime() < until) {
                    long start = clock.incrementAndGet();
                    try {
                        assertEquals(1, s.execute(update, new Object[] {1}, null).updateCount());
                    } catch (TernSqlException e) {
                        assertEquals(Session.CANCELED, e.sqlState(), e.getMessage());
                        long end = clock.incrementAndGet();
                        failures = Arrays.copyOf(failures, failures.length + 2);
                        failures[failures.length - 2] = start;
                        failures[failures.length - 1] = end;
                        stopped++;
                    }
                }
            } finally {
                done.set(true);
            }
            int n = canceller.get(30, TimeUnit.SECONDS);
            for (int f = 0; f < failures.length; f += 2) {
                long start = failures[f];
                long end = failures[f + 1];
                boolean overlapped = false;
                for (int c = 0; c < n && !overlapped; c++) {
                    overlapped = cancelStart[c] < end && cancelEnd[c] > start;
                }
                if (!overlapped) {
                    fail("an update was canceled though no cancel call overlapped it (ticks " + start + ".." + end
                            + "; " + stopped + " of the updates were canceled)");
                }
            }
            assertTrue(stopped > 0, "no update was canceled in " + n + " cancels");
            s.close();
        } finally {
            threads.shutdownNow();
        }
    }

    /**
     * The owner updates a row in an explicit 2PL transaction, statement after statement; another thread closes the
     * session meanwhile. The owner fails with 08003, and once close returns the row's lock is free.
     */
    @Test
    void closeReturnsWithTheRunningSessionRolledBackAndReleased() throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try (Database db = open("signal-close", "2pl-nowait"); Session other = db.openSession()) {
            other.setAutoCommit(false);
            for (int round = 0; round < 30; round++) {
                Session s = db.openSession();
                s.setAutoCommit(false);
                PreparedPlan update = s.prepare("UPDATE t SET v = v + 1 WHERE id = ?");
                AtomicBoolean started = new AtomicBoolean();
                CompletableFuture<String> owner = CompletableFuture.supplyAsync(() -> {
                    try {
                        while (true) {
                            s.execute(update, new Object[] {1}, null);
                            started.set(true);
                        }
                    } catch (TernSqlException e) {
                        return e.sqlState();
                    }
                }, threads);
                while (!started.get() && !owner.isDone()) {
                    Thread.onSpinWait();
                }
                LockSupport.parkNanos(ThreadLocalRandom.current().nextLong(0, 200_000));
                CompletableFuture.runAsync(s::close, threads).get(LIMIT.toSeconds(), TimeUnit.SECONDS);
                assertTrue(s.isClosed());
                // the lock of row 1 is free now: a no-wait update of it goes through
                assertEquals(1, other.execute("UPDATE t SET v = v + 1 WHERE id = ?", 1).updateCount(),
                        "round " + round);
                other.commit();
                assertEquals(SqlState.CONNECTION_CLOSED, owner.get(LIMIT.toSeconds(), TimeUnit.SECONDS));
            }
        } finally {
            threads.shutdownNow();
        }
    }
}
