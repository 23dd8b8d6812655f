package org.terndb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.terndb.txn.Protocols;

/**
 * CREATE [UNIQUE] INDEX and DROP INDEX while other connections insert, update and delete rows of the table (in
 * autocommit and in explicit transactions), under every protocol: afterwards each index holds exactly one entry
 * per row, with the row's current key, and a UNIQUE index enforces its constraint. A file database keeps built
 * and dropped indexes across a restart.
 */
class IndexBuildTest {
    private static final int ROWS = 600;
    private static final int WRITERS = 2;

    static Stream<String> protocols() {
        return Protocols.names().stream();
    }

    @ParameterizedTest
    @MethodSource("protocols")
    void indexesBuiltAndDroppedWhileWritersRunMatchTheRows(String protocol) throws Exception {
        String url = "jdbc:tern:mem:index-build-" + protocol + ";protocol=" + protocol;
        try (Connection ddl = DriverManager.getConnection(url)) {
            Statement s = ddl.createStatement();
            s.executeUpdate("CREATE TABLE t (id INT PRIMARY KEY, k INT, u INT, v INT)");
            ddl.setAutoCommit(false); // one transaction: protocols with group commit wait an epoch per commit
            try (PreparedStatement ps = ddl.prepareStatement("INSERT INTO t VALUES (?, ?, ?, 0)")) {
                for (int i = 0; i < ROWS; i++) {
                    ps.setInt(1, i);
                    ps.setInt(2, i % 37);
                    ps.setInt(3, i * 1000);
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            ddl.commit();
            ddl.setAutoCommit(true);
            AtomicBoolean stop = new AtomicBoolean();
            AtomicLong ops = new AtomicLong();
            ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
            List<Future<?>> writers = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                int writer = w;
                writers.add(pool.submit(() -> {
                    write(url, writer, stop, ops);
                    return null;
                }));
            }
            try {
                awaitOps(ops, 60, writers);
                s.executeUpdate("CREATE INDEX t_k ON t (k)");
                awaitOps(ops, ops.get() + 60, writers);
                s.executeUpdate("CREATE UNIQUE INDEX t_u ON t (u)");
                awaitOps(ops, ops.get() + 60, writers);
                s.executeUpdate("DROP INDEX t_u");
                awaitOps(ops, ops.get() + 30, writers);
                s.executeUpdate("CREATE UNIQUE INDEX t_u ON t (u)");
                awaitOps(ops, ops.get() + 60, writers);
            } finally {
                stop.set(true);
                for (Future<?> f : writers) {
                    f.get(120, TimeUnit.SECONDS);
                }
                pool.shutdown();
            }
            TreeMap<Integer, int[]> rows = new TreeMap<>();
            try (ResultSet rs = s.executeQuery("SELECT id, k, u FROM t")) {
                while (rs.next()) {
                    rows.put(rs.getInt(1), new int[] {rs.getInt(2), rs.getInt(3)});
                }
            }
            assertTrue(rows.size() > ROWS / 2, protocol + ": rows left " + rows.size());
            assertSameRows(ddl, "SELECT id, k FROM t WHERE k >= 0", "T_K", rows, 0, protocol);
            assertSameRows(ddl, "SELECT id, u FROM t WHERE u >= 0", "T_U", rows, 1, protocol);
            SQLException duplicate = assertThrows(SQLException.class,
                    () -> s.executeUpdate("INSERT INTO t VALUES (-1, 0, " + rows.firstEntry().getValue()[1] + ", 0)"));
            assertEquals("23505", duplicate.getSQLState(), duplicate.getMessage());
            assertTrue(duplicate.getMessage().contains("T_U"), duplicate.getMessage());
        }
    }

    /** The rows an index scan returns are exactly the table's rows (no entry missing, stale or doubled). */
    private static void assertSameRows(Connection c, String sql, String index, TreeMap<Integer, int[]> rows, int column,
                                       String protocol) throws SQLException {
        StringBuilder plan = new StringBuilder();
        try (ResultSet rs = c.createStatement().executeQuery("EXPLAIN " + sql)) {
            while (rs.next()) {
                plan.append(rs.getString(1)).append('\n');
            }
        }
        assertTrue(plan.toString().contains("index=" + index), protocol + ": " + sql + " uses " + index + ":\n" + plan);
        TreeMap<Integer, Integer> seen = new TreeMap<>();
        try (ResultSet rs = c.createStatement().executeQuery(sql)) {
            while (rs.next()) {
                Integer before = seen.put(rs.getInt(1), rs.getInt(2));
                assertEquals(null, before, protocol + ": row " + rs.getInt(1) + " twice through " + index);
            }
        }
        assertEquals(rows.keySet(), seen.keySet(), protocol + ": rows through " + index);
        for (var e : rows.entrySet()) {
            assertEquals(e.getValue()[column], seen.get(e.getKey()), protocol + ": key of row " + e.getKey());
        }
    }

    private static void awaitOps(AtomicLong ops, long target, List<Future<?>> writers) throws Exception {
        while (ops.get() < target) {
            for (Future<?> f : writers) {
                if (f.isDone()) {
                    f.get(); // a writer failed: report why
                }
            }
            Thread.sleep(1);
        }
    }

    /**
     * Inserts rows of its own id range, moves k and u of random rows, deletes and re-inserts rows; every other
     * change is two statements in one explicit transaction. Keeps u unique: u is id * 1000 plus a counter below
     * 1000. A conflict (40001) or a lost race on a key (23505 on the primary key) is part of the game.
     */
    private static void write(String url, int writer, AtomicBoolean stop, AtomicLong ops) throws SQLException {
        SplittableRandom random = new SplittableRandom(17 + writer);
        try (Connection c = DriverManager.getConnection(url)) {
            PreparedStatement insert = c.prepareStatement("INSERT INTO t VALUES (?, ?, ?, 0)");
            PreparedStatement move = c.prepareStatement("UPDATE t SET k = ?, u = ? WHERE id = ?");
            PreparedStatement touch = c.prepareStatement("UPDATE t SET v = v + 1 WHERE id = ?");
            PreparedStatement delete = c.prepareStatement("DELETE FROM t WHERE id = ?");
            int next = 0;
            while (!stop.get()) {
                int id = random.nextInt(ROWS);
                try {
                    switch (random.nextInt(5)) {
                        case 0 -> {
                            int own = ROWS * (writer + 1) * 10 + next++;
                            insert.setInt(1, own);
                            insert.setInt(2, random.nextInt(37));
                            insert.setInt(3, own * 1000);
                            insert.executeUpdate();
                        }
                        case 1 -> {
                            move.setInt(1, random.nextInt(37));
                            move.setInt(2, id * 1000 + random.nextInt(1000));
                            move.setInt(3, id);
                            move.executeUpdate();
                        }
                        case 2 -> {
                            delete.setInt(1, id);
                            if (delete.executeUpdate() == 1) {
                                insert.setInt(1, id);
                                insert.setInt(2, random.nextInt(37));
                                insert.setInt(3, id * 1000 + random.nextInt(1000));
                                insert.executeUpdate();
                            }
                        }
                        case 3 -> {
                            delete.setInt(1, id);
                            delete.executeUpdate();
                        }
                        default -> {
                            c.setAutoCommit(false);
                            try {
                                touch.setInt(1, id);
                                touch.executeUpdate();
                                move.setInt(1, random.nextInt(37));
                                move.setInt(2, id * 1000 + random.nextInt(1000));
                                move.setInt(3, id);
                                move.executeUpdate();
                                c.commit();
                            } finally {
                                if (!c.getAutoCommit()) {
                                    c.rollback();
                                    c.setAutoCommit(true);
                                }
                            }
                        }
                    }
                    ops.incrementAndGet();
                } catch (SQLException e) {
                    if (!"40001".equals(e.getSQLState()) && !"23505".equals(e.getSQLState())) {
                        throw e;
                    }
                }
            }
        }
    }

    @Test
    void builtAndDroppedIndexesSurviveRestart(@TempDir Path dir) throws SQLException {
        String url = "jdbc:tern:file:" + dir.resolve("db");
        try (Connection c = DriverManager.getConnection(url)) {
            Statement s = c.createStatement();
            s.executeUpdate("CREATE TABLE p (id INT PRIMARY KEY, email VARCHAR(20), city VARCHAR(10), "
                    + "CONSTRAINT p_city UNIQUE (city))");
            s.executeUpdate("INSERT INTO p VALUES (1, 'a@x', 'oslo'), (2, 'b@x', 'rome'), (3, 'a@x', NULL)");
            assertEquals("23505", assertThrows(SQLException.class,
                    () -> s.executeUpdate("CREATE UNIQUE INDEX p_email ON p (email)")).getSQLState());
            s.executeUpdate("DELETE FROM p WHERE id = 3"); // the duplicate goes, just before the index is built
            s.executeUpdate("CREATE UNIQUE INDEX p_email ON p (email)");
            s.executeUpdate("DROP INDEX p_city");
            s.executeUpdate("INSERT INTO p VALUES (4, 'd@x', 'oslo')");
        }
        try (Connection c = DriverManager.getConnection(url)) {
            Statement s = c.createStatement();
            SQLException dup = assertThrows(SQLException.class,
                    () -> s.executeUpdate("INSERT INTO p VALUES (5, 'a@x', 'pisa')"));
            assertEquals("23505", dup.getSQLState());
            assertTrue(dup.getMessage().contains("P_EMAIL"), dup.getMessage());
            s.executeUpdate("INSERT INTO p VALUES (5, 'e@x', 'oslo')"); // P_CITY stayed dropped
            assertTrue(c.getMetaData().usesLocalFiles(), "a file database");
            List<String> indexes = new ArrayList<>();
            try (ResultSet rs = c.getMetaData().getIndexInfo(null, null, "P", false, false)) {
                while (rs.next()) {
                    indexes.add(rs.getString("INDEX_NAME"));
                }
            }
            assertTrue(indexes.contains("P_EMAIL"), indexes.toString());
            assertFalse(indexes.contains("P_CITY"), indexes.toString());
            try (ResultSet rs = s.executeQuery("SELECT id FROM p WHERE email = 'b@x'")) {
                assertTrue(rs.next());
                assertEquals(2, rs.getInt(1));
                assertFalse(rs.next());
            }
        }
    }
}
