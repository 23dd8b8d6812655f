package org.terndb.crashtest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.terndb.engine.Database;
import org.terndb.engine.DatabaseConfig;
import org.terndb.executor.TernSqlException;

/** {@code jdbc:tern:file:} through the driver: reopen, CHECKPOINT, options, one opener per directory. */
class FileDatabaseJdbcTest {
    @TempDir
    Path dir;

    private String url(String options) {
        return "jdbc:tern:file:" + dir.resolve("db") + options;
    }

    private static long count(Statement s, String sql) throws SQLException {
        try (ResultSet r = s.executeQuery(sql)) {
            r.next();
            return r.getLong(1);
        }
    }

    @Test
    void schemaRowsAndRowIdsSurviveReopenAndCheckpoint() throws Exception {
        try (Connection c = DriverManager.getConnection(url(";protocol=tictoc"));
             Statement s = c.createStatement()) {
            s.execute("CREATE TABLE T (ID INT PRIMARY KEY, NAME VARCHAR(20), N BIGINT)");
            s.execute("CREATE INDEX T_NAME ON T (NAME)");
            s.execute("CREATE TABLE LOG (MSG VARCHAR(20))"); // hidden row ids
            for (int i = 0; i < 50; i++) {
                s.executeUpdate("INSERT INTO T VALUES (" + i + ", 'n" + (i % 5) + "', " + i + ")");
                s.executeUpdate("INSERT INTO LOG VALUES ('m" + i + "')");
            }
            s.execute("CHECKPOINT");
            s.executeUpdate("UPDATE T SET N = N + 1000 WHERE ID < 10");
            s.executeUpdate("DELETE FROM T WHERE ID >= 40");
        }
        try (Connection c = DriverManager.getConnection(url(";protocol=silo"));
             Statement s = c.createStatement()) {
            assertEquals(40, count(s, "SELECT COUNT(*) FROM T"));
            assertEquals(10, count(s, "SELECT COUNT(*) FROM T WHERE N >= 1000"));
            assertEquals(8, count(s, "SELECT COUNT(*) FROM T WHERE NAME = 'n1'"));
            s.executeUpdate("INSERT INTO LOG VALUES ('after')"); // must not reuse a recovered row id
            assertEquals(51, count(s, "SELECT COUNT(*) FROM LOG"));
        }
        try (Connection c = DriverManager.getConnection(url(""));
             Statement s = c.createStatement()) {
            assertEquals(51, count(s, "SELECT COUNT(*) FROM LOG"));
        }
    }

    @Test
    void proceduresSurviveReopen() throws Exception {
        try (Connection c = DriverManager.getConnection(url(""));
             Statement s = c.createStatement()) {
            s.execute("CREATE TABLE KV (ID INT PRIMARY KEY, V BIGINT)");
            s.execute("CREATE PROCEDURE bump (IN kid INT) BEGIN UPDATE KV SET V = V + 1 WHERE ID = kid; END");
            s.executeUpdate("INSERT INTO KV VALUES (1, 10)");
        }
        try (Connection c = DriverManager.getConnection(url(""));
             Statement s = c.createStatement()) {
            s.execute("CALL bump(1)");
            assertEquals(11, count(s, "SELECT V FROM KV WHERE ID = 1"));
            s.execute("DROP PROCEDURE bump");
        }
        try (Connection c = DriverManager.getConnection(url(""));
             Statement s = c.createStatement()) {
            assertEquals(11, count(s, "SELECT V FROM KV WHERE ID = 1"));
            assertThrows(SQLException.class, () -> s.execute("CALL bump(1)"));
        }
    }

    @Test
    void badOptionsAndInMemoryDurabilityFailClearly() {
        SQLException e = assertThrows(SQLException.class,
                () -> DriverManager.getConnection(url(";durability=sometimes")));
        assertEquals("08001", e.getSQLState());
        assertTrue(e.getMessage().contains("sync, async, none"), e.getMessage());
        e = assertThrows(SQLException.class, () -> DriverManager.getConnection("jdbc:tern:mem:x;durability=sync"));
        assertEquals("08001", e.getSQLState());
        assertTrue(e.getMessage().contains("jdbc:tern:file:"), e.getMessage());
    }

    @Test
    void checkpointNeedsADurableDatabase() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:tern:mem:");
             Statement s = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> s.execute("CHECKPOINT"));
            assertEquals("0A000", e.getSQLState());
        }
    }

    @Test
    void secondOpenOfTheDirectoryInTheSameJvmFails() throws Exception {
        Path db = dir.resolve("db");
        try (Connection c = DriverManager.getConnection(url(""))) {
            // connections share the open database; opening it a second time directly is refused
            try (Connection d = DriverManager.getConnection(url(""))) {
                assertTrue(d.isValid(1));
            }
            TernSqlException e = assertThrows(TernSqlException.class,
                    () -> Database.open(DatabaseConfig.file(db, java.util.Map.of())));
            assertTrue(e.getMessage().contains("already open in this JVM"), e.getMessage());
        }
        assertTrue(Files.exists(db.resolve("catalog.tcat")) || Files.exists(db.resolve("LOCK")));
    }
}
