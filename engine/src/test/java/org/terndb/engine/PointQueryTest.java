package org.terndb.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.terndb.planner.PreparedPlan;
import org.terndb.txn.Protocols;

/**
 * Autocommit point queries by primary key run as single-read transactions ({@link PreparedPlan#singleRead()}):
 * which plans qualify, that they return what an ordinary transaction would, and that racing writers never show
 * them a half-written or rolled-back row.
 */
class PointQueryTest {

    static Stream<String> protocols() {
        return Protocols.names().stream();
    }

    @Test
    void onlyPlansThatReadOneRecordByPrimaryKeyAreSingleReads() {
        try (Database db = Database.open(DatabaseConfig.defaults("single-plans")); Session s = db.openSession()) {
            s.execute("CREATE TABLE t (id INT PRIMARY KEY, v INT, w INT)");
            s.execute("CREATE UNIQUE INDEX t_w ON t (w)");
            assertTrue(s.prepare("SELECT v FROM t WHERE id = ?").singleRead());
            assertTrue(s.prepare("SELECT * FROM t WHERE id = 3").singleRead());
            assertTrue(s.prepare("SELECT v + 1, w FROM t WHERE id = ? AND v > 2").singleRead());
            assertFalse(s.prepare("SELECT v FROM t WHERE id = ? FOR UPDATE").singleRead(), "reads to write");
            assertFalse(s.prepare("SELECT v FROM t WHERE w = ?").singleRead(), "index entry and row: two reads");
            assertFalse(s.prepare("SELECT v FROM t WHERE id > ?").singleRead(), "a range");
            assertFalse(s.prepare("SELECT COUNT(*) FROM t").singleRead());
            assertFalse(s.prepare("UPDATE t SET v = 1 WHERE id = ?").singleRead());
            assertFalse(s.prepare("EXPLAIN SELECT v FROM t WHERE id = ?").singleRead());
        }
    }

    @Test
    void theKeyEnforcesAnIntegerEqualityAcrossIntegerTypes() {
        try (Database db = Database.open(DatabaseConfig.defaults("narrow-keys")); Session s = db.openSession()) {
            s.execute("CREATE TABLE f (s INT, t TINYINT, u SMALLINT, v INT, PRIMARY KEY (s, t, u))");
            s.execute("INSERT INTO f VALUES (1, 2, 3, 10), (1, -128, 32767, 11), (1, 2, 4, 12)");
            // INTEGER literals against TINYINT and SMALLINT key columns: the columns are widened to compare
            String get = "SELECT v FROM f WHERE s = 1 AND t = 2 AND u = 3";
            assertFalse(s.prepare(get).explainText().contains("filter"), s.prepare(get).explainText());
            assertArrayEquals(new Object[] {10L}, s.execute(get).rows().get(0));
            assertEquals(11L, s.execute("SELECT v FROM f WHERE s = 1 AND t = -128 AND u = 32767").rows().get(0)[0]);
            assertTrue(s.execute("SELECT v FROM f WHERE s = 1 AND t = 258 AND u = 3").rows().isEmpty(),
                    "no TINYINT is 258");
            assertTrue(s.execute("SELECT v FROM f WHERE s = 1 AND t = 2 AND u = 65539").rows().isEmpty(),
                    "no SMALLINT is 65539");
            String prefix = "SELECT v FROM f WHERE s = 1 AND t = 2 ORDER BY u";
            assertFalse(s.prepare(prefix).explainText().contains("filter"), s.prepare(prefix).explainText());
            assertEquals(2, s.execute(prefix).rows().size());
            assertTrue(s.execute("SELECT v FROM f WHERE s = 1 AND t = -254").rows().isEmpty(), "no TINYINT is -254");
        }
    }

    @ParameterizedTest
    @MethodSource("protocols")
    void pointQueriesReturnCommittedRowsInAutocommitAndOwnWritesInATransaction(String protocol) {
        try (Database db = Database.open(DatabaseConfig.of("single-rows", Map.of("protocol", protocol)));
             Session s = db.openSession()) {
            s.execute("CREATE TABLE t (id INT PRIMARY KEY, v INT, name VARCHAR(10))");
            s.execute("INSERT INTO t VALUES (1, 10, 'one'), (2, NULL, 'two')");
            PreparedPlan get = s.prepare("SELECT v, name FROM t WHERE id = ?");
            assertArrayEquals(new Object[] {10L, "one"}, s.execute(get, new Object[] {1}, null).rows().get(0));
            assertArrayEquals(new Object[] {null, "two"}, s.execute(get, new Object[] {2}, null).rows().get(0));
            assertTrue(s.execute(get, new Object[] {3}, null).rows().isEmpty(), "no such row");
            assertTrue(s.execute(get, new Object[] {null}, null).rows().isEmpty(), "id = NULL matches nothing");
            assertTrue(s.execute("SELECT v FROM t WHERE id = ? AND v > 10", 1).rows().isEmpty(), "filtered out");

            s.execute("DELETE FROM t WHERE id = 2");
            assertTrue(s.execute(get, new Object[] {2}, null).rows().isEmpty(), "a deleted row");
            s.execute("CREATE INDEX t_v ON t (v)"); // DDL: the plan is made again for the new catalog version
            assertArrayEquals(new Object[] {10L, "one"}, s.execute(get, new Object[] {1}, null).rows().get(0));

            s.setAutoCommit(false);
            s.execute("UPDATE t SET v = 11 WHERE id = 1");
            assertArrayEquals(new Object[] {11L, "one"}, s.execute(get, new Object[] {1}, null).rows().get(0),
                    "inside a transaction the same plan sees the transaction's own write");
            s.rollback();
            s.setAutoCommit(true);
            assertArrayEquals(new Object[] {10L, "one"}, s.execute(get, new Object[] {1}, null).rows().get(0));
        }
    }

    /** Protocols whose readers do not wait for a running writer (2PL and MVTO may wait or abort instead). */
    private static final Set<String> NON_BLOCKING = Set.of("silo", "mocc", "tictoc", "silo+sse", "si", "ermia");

    @ParameterizedTest
    @MethodSource("protocols")
    void anotherSessionsUncommittedWriteIsNotSeen(String protocol) {
        if (!NON_BLOCKING.contains(protocol)) {
            return; // its single read would wait for the writer on this same thread
        }
        try (Database db = Database.open(DatabaseConfig.of("single-dirty", Map.of("protocol", protocol)));
             Session writer = db.openSession(); Session reader = db.openSession()) {
            writer.execute("CREATE TABLE t (id INT PRIMARY KEY, v INT)");
            writer.execute("INSERT INTO t VALUES (1, 10)");
            writer.setAutoCommit(false);
            writer.execute("UPDATE t SET v = 11 WHERE id = 1");
            writer.execute("INSERT INTO t VALUES (2, 20)");
            assertEquals(10L, reader.execute("SELECT v FROM t WHERE id = ?", 1).rows().get(0)[0]);
            assertTrue(reader.execute("SELECT v FROM t WHERE id = ?", 2).rows().isEmpty());
            writer.commit();
            assertEquals(11L, reader.execute("SELECT v FROM t WHERE id = ?", 1).rows().get(0)[0]);
            assertEquals(20L, reader.execute("SELECT v FROM t WHERE id = ?", 2).rows().get(0)[0]);
        }
    }

    /**
     * Writers keep a == b in every row (one UPDATE changes both) and sometimes set a = -1 in a transaction they roll
     * back; readers' point queries must never see a != b or a negative value.
     */
    @ParameterizedTest
    @MethodSource("protocols")
    void pointQueriesRacingWritersSeeOnlyWholeCommittedRows(String protocol) throws Exception {
        int rows = 8;
        try (Database db = Database.open(DatabaseConfig.of("single-race", Map.of("protocol", protocol)))) {
            try (Session setup = db.openSession()) {
                setup.execute("CREATE TABLE t (id INT PRIMARY KEY, a BIGINT NOT NULL, b BIGINT NOT NULL)");
                for (int i = 0; i < rows; i++) {
                    setup.execute("INSERT INTO t VALUES (?, 0, 0)", i);
                }
            }
            long end = System.nanoTime() + 300_000_000L;
            AtomicBoolean writersDone = new AtomicBoolean();
            List<String> violations = java.util.Collections.synchronizedList(new ArrayList<>());
            ExecutorService pool = Executors.newFixedThreadPool(4);
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < 2; t++) {
                int seed = t;
                futures.add(pool.submit(() -> {
                    SplittableRandom rnd = new SplittableRandom(seed);
                    try (Session s = db.openSession()) {
                        PreparedPlan inc = s.prepare("UPDATE t SET a = a + 1, b = b + 1 WHERE id = ?");
                        PreparedPlan dirty = s.prepare("UPDATE t SET a = -1 WHERE id = ?");
                        while (System.nanoTime() < end) {
                            int id = rnd.nextInt(rows);
                            if (rnd.nextInt(4) == 0) {
                                s.setAutoCommit(false);
                                try {
                                    s.execute(dirty, new Object[] {id}, null);
                                } catch (org.terndb.executor.TernSqlException e) {
                                    // a conflict: the transaction is rolled back already
                                }
                                s.rollback();
                                s.setAutoCommit(true);
                            } else {
                                s.execute(inc, new Object[] {id}, null);
                            }
                        }
                    } finally {
                        writersDone.set(true);
                    }
                    return null;
                }));
            }
            for (int t = 0; t < 2; t++) {
                int seed = 10 + t;
                futures.add(pool.submit(() -> {
                    SplittableRandom rnd = new SplittableRandom(seed);
                    try (Session s = db.openSession()) {
                        PreparedPlan get = s.prepare("SELECT a, b FROM t WHERE id = ?");
                        int reads = 0;
                        while (!writersDone.get() || reads < 100) {
                            int id = rnd.nextInt(rows);
                            Object[] row = s.execute(get, new Object[] {id}, null).rows().get(0);
                            reads++;
                            long a = (Long) row[0];
                            long b = (Long) row[1];
                            if (a != b || a < 0) {
                                violations.add("row " + id + " read as a=" + a + ", b=" + b);
                            }
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                f.get(60, TimeUnit.SECONDS);
            }
            pool.shutdown();
            assertTrue(violations.isEmpty(), protocol + ": " + violations);
        }
    }
}
