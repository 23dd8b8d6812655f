package org.terndb.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** BEGIN/COMMIT/ROLLBACK through the shell, the prompt that shows them, and \stats; on one live connection. */
class ShellTransactionTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private String url;
    private Connection connection;
    private Connection other;
    private Shell shell;

    @BeforeEach
    void open() throws SQLException {
        url = "jdbc:tern:mem:txn_" + System.nanoTime();
        connection = DriverManager.getConnection(url);
        other = DriverManager.getConnection(url);
        Shell.Settings settings = new Shell.Settings();
        settings.timing = false;
        shell = new Shell(connection, settings, new PrintWriter(out, true), new PrintWriter(err, true));
        assertTrue(shell.run("CREATE TABLE acc (id INT PRIMARY KEY, bal INT); INSERT INTO acc VALUES (1, 100);",
                null, 1));
    }

    @AfterEach
    void close() throws SQLException {
        other.close();
        connection.close();
    }

    private long balanceSeenByAnotherConnection() throws SQLException {
        try (Statement s = other.createStatement(); ResultSet rs = s.executeQuery("SELECT bal FROM acc WHERE id = 1")) {
            assertTrue(rs.next());
            return rs.getLong(1);
        }
    }

    @Test
    void beginOpensATransactionThatThePromptShowsAndCommitEndsIt() throws SQLException {
        assertEquals(Shell.PROMPT, shell.prompt());
        assertTrue(shell.run("BEGIN;", null, 1));
        assertEquals(Shell.PROMPT_IN_TRANSACTION, shell.prompt());
        assertFalse(connection.getAutoCommit());
        assertTrue(shell.run("UPDATE acc SET bal = 50 WHERE id = 1;", null, 1));
        assertEquals(100, balanceSeenByAnotherConnection(), "not visible before COMMIT");
        assertTrue(shell.run("COMMIT;", null, 1));
        assertEquals(Shell.PROMPT, shell.prompt());
        assertTrue(connection.getAutoCommit());
        assertEquals(50, balanceSeenByAnotherConnection());
        assertTrue(out.toString().contains("BEGIN\n1 row affected\nCOMMIT\n"), out.toString());
    }

    @Test
    void rollbackUndoesTheTransactionAndReturnsToAutocommit() throws SQLException {
        assertTrue(shell.run("start  transaction;\nUPDATE acc SET bal = 0 WHERE id = 1;\nrollback work;", null, 1));
        assertTrue(connection.getAutoCommit());
        assertEquals(100, balanceSeenByAnotherConnection());
        assertTrue(out.toString().endsWith("ROLLBACK\n"), out.toString());
    }

    @Test
    void commitWithoutATransactionWarnsAndIsNotAnError() {
        assertTrue(shell.run("COMMIT;", null, 1));
        assertTrue(shell.run("BEGIN; BEGIN;", null, 1));
        assertEquals(0, shell.failures());
        assertTrue(err.toString().contains("WARNING: no transaction is open; COMMIT ignored"), err.toString());
        assertTrue(err.toString().contains("WARNING: a transaction is already open; BEGIN ignored"), err.toString());
    }

    @Test
    void aFailedWriteThatRolledTheTransactionBackBlocksStatementsUntilRollback() throws SQLException {
        assertTrue(shell.run("BEGIN; UPDATE acc SET bal = 1 WHERE id = 1;", null, 1));
        assertFalse(shell.run("INSERT INTO acc VALUES (1, 5);", null, 1));   // duplicate key
        assertEquals(Shell.PROMPT_FAILED_TRANSACTION, shell.prompt());
        assertTrue(err.toString().contains("ERROR 23505: "), err.toString());
        assertTrue(err.toString().contains("the open transaction was rolled back: type ROLLBACK to end it"),
                err.toString());
        assertFalse(shell.run("INSERT INTO acc VALUES (2, 5);", null, 1));
        assertTrue(err.toString().contains("ERROR 25P02: the transaction was rolled back after an error"),
                err.toString());
        assertTrue(shell.run("ROLLBACK;", null, 1));
        assertEquals(Shell.PROMPT, shell.prompt());
        assertEquals(100, balanceSeenByAnotherConnection());
        assertTrue(shell.run("SELECT COUNT(*) AS n FROM acc;", null, 1));
        assertTrue(out.toString().contains(" N\n---\n 1\n"), out.toString());
    }

    @Test
    void commitOfAFailedTransactionRollsBackAndSaysSo() throws SQLException {
        assertTrue(shell.run("BEGIN; UPDATE acc SET bal = 1 WHERE id = 1;", null, 1));
        assertFalse(shell.run("INSERT INTO acc VALUES (1, 5);", null, 1));
        assertTrue(shell.run("COMMIT;", null, 1));
        assertTrue(out.toString().endsWith("ROLLBACK\n"), out.toString());
        assertEquals(Shell.PROMPT, shell.prompt());
        assertEquals(100, balanceSeenByAnotherConnection());
    }

    @Test
    void aFailingQueryLeavesTheTransactionOpen() throws SQLException {
        assertTrue(shell.run("BEGIN; UPDATE acc SET bal = 7 WHERE id = 1;", null, 1));
        assertFalse(shell.run("SELECT * FROM missing;", null, 1));
        assertEquals(Shell.PROMPT_IN_TRANSACTION, shell.prompt());
        assertTrue(shell.run("COMMIT;", null, 1));
        assertEquals(7, balanceSeenByAnotherConnection());
    }

    @Test
    void aConflictAbortIsReportedAndCountedByStats() throws SQLException {
        assertTrue(shell.run("BEGIN; SELECT bal FROM acc WHERE id = 1;", null, 1));
        try (Statement s = other.createStatement()) {
            assertEquals(1, s.executeUpdate("UPDATE acc SET bal = 5 WHERE id = 1"));
        }
        assertTrue(shell.run("UPDATE acc SET bal = 7 WHERE id = 1;", null, 1));
        assertFalse(shell.run("COMMIT;", null, 1));
        assertTrue(err.toString().contains("ERROR 40001: "), err.toString());
        assertEquals(Shell.PROMPT, shell.prompt(), "COMMIT ends the transaction even when it fails");
        assertEquals(5, balanceSeenByAnotherConnection());

        out.getBuffer().setLength(0);
        assertTrue(shell.run("\\stats", null, 1));
        String stats = out.toString();
        assertTrue(stats.startsWith(" Counter"), stats);
        assertTrue(stats.matches("(?s).*\n aborts +\\| 1\n.*"), stats);
        assertTrue(stats.matches("(?s).*\n aborts: read_validation_failed +\\| 1\n.*"), stats);
        assertTrue(stats.matches("(?s).*\n commits +\\| [1-9]\\d*\n.*"), stats);
        assertTrue(stats.contains(" omitted writes "), stats);
    }

    @Test
    void protocolShowsTheProtocolAndDurability() {
        assertTrue(shell.run("\\protocol", null, 1));
        assertTrue(out.toString().matches("(?s).*\n protocol +\\| silo\n.*"), out.toString());
        assertTrue(out.toString().matches("(?s).*\n durability +\\| none .*"), out.toString());
        assertTrue(out.toString().matches("(?s).*\n serializable +\\| yes\n.*"), out.toString());
    }
}
