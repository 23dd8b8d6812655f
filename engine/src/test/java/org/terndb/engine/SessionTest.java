package org.terndb.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.terndb.executor.TernSqlException;
import org.terndb.planner.PreparedPlan;
import org.terndb.txn.Protocols;

class SessionTest {

    static Stream<String> protocols() {
        return Protocols.names().stream();
    }

    private static long single(Session s, String sql, Object... params) {
        StatementResult r = s.execute(sql, params);
        return ((Number) r.rows().get(0)[0]).longValue();
    }

    /** Four sessions increment one hot row in autocommit; conflicts are retried inside the engine, never seen. */
    @ParameterizedTest
    @MethodSource("protocols")
    void autocommitRetriesConflictsInsideTheEngine(String protocol) throws Exception {
        try (Database db = Database.open(DatabaseConfig.of("hot", Map.of("protocol", protocol)))) {
            try (Session setup = db.openSession()) {
                setup.execute("CREATE TABLE counter (id INT PRIMARY KEY, n BIGINT NOT NULL)");
                setup.execute("INSERT INTO counter VALUES (1, 0)");
            }
            int threads = 4;
            int increments = 200;
            ExecutorService pool = Executors.newFixedThreadPool(threads);
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                futures.add(pool.submit(() -> {
                    try (Session s = db.openSession()) {
                        PreparedPlan inc = s.prepare("UPDATE counter SET n = n + 1 WHERE id = ?");
                        for (int i = 0; i < increments; i++) {
                            assertEquals(1, s.execute(inc, new Object[] {1}, null).updateCount());
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                f.get(60, TimeUnit.SECONDS);
            }
            pool.shutdown();
            try (Session check = db.openSession()) {
                assertEquals(threads * increments, single(check, "SELECT n FROM counter WHERE id = 1"));
            }
        }
    }

    /** Silo validates reads at commit: a row read, then changed by another session, makes the commit fail with 40001. */
    @Test
    void aConflictInAnExplicitTransactionIs40001AndRollsBack() {
        try (Database db = Database.open(DatabaseConfig.defaults("conflict"));
             Session a = db.openSession(); Session b = db.openSession()) {
            a.execute("CREATE TABLE t (id INT PRIMARY KEY, v INT)");
            a.execute("INSERT INTO t VALUES (1, 10), (2, 20)");
            a.setAutoCommit(false);
            assertEquals(10, single(a, "SELECT v FROM t WHERE id = 1"));
            a.execute("UPDATE t SET v = 21 WHERE id = 2");
            b.execute("UPDATE t SET v = 11 WHERE id = 1");
            TernSqlException e = assertThrows(TernSqlException.class, a::commit);
            assertEquals("40001", e.sqlState());
            assertFalse(a.inTransaction(), "rolled back");
            assertEquals(20, single(a, "SELECT v FROM t WHERE id = 2"), "the failed transaction's write is gone");
            a.commit();
        }
    }

    @Test
    void ddlBumpsTheCatalogVersionAndPreparedPlansFollow() {
        try (Database db = Database.open(DatabaseConfig.defaults("ddl")); Session s = db.openSession()) {
            long v0 = db.catalog().version();
            s.execute("CREATE TABLE t (id INT PRIMARY KEY, v INT)");
            assertEquals(v0 + 1, db.catalog().version());
            s.execute("INSERT INTO t VALUES (1, 5)");
            PreparedPlan select = s.prepare("SELECT * FROM t WHERE id = 1");
            assertEquals(1, s.execute(select, new Object[0], null).rows().size());
            s.execute("DROP TABLE t");
            s.execute("CREATE TABLE t (id INT PRIMARY KEY, v INT, w INT)");
            assertEquals(v0 + 3, db.catalog().version());
            StatementResult r = s.execute(select, new Object[0], null);
            assertEquals(3, r.columns().size(), "an old plan is re-prepared against the new catalog");
            assertEquals(0, r.rows().size());
            assertTrue(db.planCache().size() <= 2, "plans of old versions are evicted");
        }
    }

    @Test
    void optionsAreValidatedWithTheValidListInTheMessage() {
        TernSqlException unknown = assertThrows(TernSqlException.class,
                () -> DatabaseConfig.of("x", Map.of("nosuch", "1")));
        assertTrue(unknown.getMessage().contains("autocommit_retries") && unknown.getMessage().contains("no_wait"),
                unknown.getMessage());
        assertEquals("08001", assertThrows(TernSqlException.class,
                () -> DatabaseConfig.of("x", Map.of("backoff", "maybe"))).sqlState());
        assertEquals("2pl-wait", DatabaseConfig.of("x", Map.of("PROTOCOL", "2PL-Wait")).protocol());
    }

    @Test
    void closedSessionsFailWith08003() {
        try (Database db = Database.open(DatabaseConfig.defaults("closed"))) {
            Session s = db.openSession();
            s.close();
            s.close();
            assertEquals("08003", assertThrows(TernSqlException.class, () -> s.execute("SELECT 1 FROM t")).sqlState());
        }
    }
}
