package org.terndb.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The non-interactive shell: standard input, -c, -f, \i, output formats, errors and exit status. */
class ShellScriptTest {
    private static final String ACCOUNTS = """
            CREATE TABLE acc (id INT PRIMARY KEY, name VARCHAR(40), bal DECIMAL(10,2));
            INSERT INTO acc VALUES (1, 'alice', 10.5), (2, NULL, 3), (3, 'NULL', -7.25);
            """;

    @TempDir
    Path dir;

    /** Times vary; tests compare everything else. */
    private static String untimed(String text) {
        return text.replaceAll("\\d+\\.\\d{3} ms", "T ms");
    }

    @Test
    void queryPrintsAnAlignedTableWithHeaderRowCountAndTime() {
        ShellRun run = ShellRun.run(ACCOUNTS + "SELECT * FROM acc ORDER BY id;\n");
        assertEquals(0, run.status(), run.toString());
        assertEquals("""
                OK (T ms)
                3 rows affected (T ms)
                 ID | NAME   | BAL
                ----+--------+-------
                  1 | alice  | 10.50
                  2 | <null> |  3.00
                  3 | NULL   | -7.25
                (3 rows, T ms)

                """, untimed(run.out()));
    }

    @Test
    void theDefaultDatabaseIsAPrivateInMemoryOneAndSaysSo() {
        ShellRun run = ShellRun.run("SELECT 1 AS uno;");
        assertTrue(run.err().contains("private in-memory database (jdbc:tern:mem:)"), run.toString());
        ShellRun named = ShellRun.run("SELECT 1 AS uno;", "jdbc:tern:mem:named_" + System.nanoTime());
        assertFalse(named.err().contains("in-memory database"), named.toString());
        assertTrue(named.out().contains(" UNO\n-----\n   1\n"), named.toString());
    }

    @Test
    void timingOffDropsTheTimes() {
        ShellRun run = ShellRun.run("\\timing off\nSELECT 1 AS uno;\n\\timing\nSELECT 2 AS dos;\n");
        assertTrue(run.out().startsWith("Timing is off.\n UNO\n-----\n   1\n(1 row)\n\nTiming is on.\n"), run.toString());
        assertTrue(run.out().matches("(?s).*\\(1 row, \\d+\\.\\d{3} ms\\)\n\n"), run.toString());
    }

    @Test
    void wideValuesAreCutWithAMarker() {
        ShellRun run = ShellRun.run("\\timing off\nSELECT 'abcdefghijklmnopqrstuvwxyz' AS v;", "--max-width", "10");
        assertEquals("Timing is off.\n V\n------------\n abcdefg...\n(1 row)\n\n", run.out(), run.toString());
        ShellRun uncut = ShellRun.run("\\timing off\nSELECT 'abcdefghijklmnopqrstuvwxyz' AS v;", "--max-width", "0");
        assertTrue(uncut.out().contains(" abcdefghijklmnopqrstuvwxyz\n"), uncut.toString());
    }

    @Test
    void expandedDisplayPrintsOneLinePerColumn() {
        ShellRun run = ShellRun.run(ACCOUNTS + "\\timing off\n\\x\nSELECT * FROM acc WHERE id <= 2 ORDER BY id;\n\\x off\n");
        assertEquals(0, run.status(), run.toString());
        assertTrue(run.out().contains("""
                Expanded display is on.
                -[ RECORD 1 ]
                ID   | 1
                NAME | alice
                BAL  | 10.50
                -[ RECORD 2 ]
                ID   | 2
                NAME | <null>
                BAL  | 3.00
                (2 rows)

                Expanded display is off.
                """), run.toString());
    }

    @Test
    void csvModePrintsOnlyDataWithQuotingAndNullAsEmptyField() {
        ShellRun run = ShellRun.run("""
                CREATE TABLE t (id INT PRIMARY KEY, s VARCHAR(20));
                INSERT INTO t VALUES (1, 'plain'), (2, 'a,b'), (3, 'say "hi"'), (4, ''), (5, NULL);
                SELECT id, s FROM t ORDER BY id;
                """, "--csv");
        assertEquals(0, run.status(), run.toString());
        assertEquals("ID,S\n1,plain\n2,\"a,b\"\n3,\"say \"\"hi\"\"\"\n4,\"\"\n5,\n", run.out());
    }

    @Test
    void jsonModePrintsOneObjectPerStatementWithTypedValues() throws IOException {
        ShellRun run = ShellRun.run(ACCOUNTS + "SELECT id, name, bal FROM acc ORDER BY id;\n", "--json");
        assertEquals(0, run.status(), run.toString());
        String[] lines = run.out().split("\n");
        assertEquals(3, lines.length, run.toString());
        assertEquals(0, org.terndb.cli.StrictJson.parseObject(lines[0]).get("update_count").getAsLong());
        assertEquals(3, org.terndb.cli.StrictJson.parseObject(lines[1]).get("update_count").getAsLong());
        var rows = org.terndb.cli.StrictJson.parseObject(lines[2]);
        assertEquals("[\"ID\",\"NAME\",\"BAL\"]", rows.get("columns").toString());
        assertEquals("[[1,\"alice\",10.50],[2,null,3.00],[3,\"NULL\",-7.25]]", rows.get("rows").toString());
        assertEquals(3, rows.get("row_count").getAsInt());
    }

    @Test
    void anErrorPrintsSqlStateAndMessageStopsTheScriptAndExitsNonZero() {
        ShellRun run = ShellRun.run("SELECT 1 AS uno;\nSELECT * FROM missing;\nSELECT 2 AS dos;\n");
        assertEquals(1, run.status(), run.toString());
        assertTrue(run.out().contains("UNO") && !run.out().contains("DOS"), run.toString());
        assertTrue(run.err().matches("(?s).*\nERROR 42S02: table \"MISSING\" does not exist \\(line 1, column 15\\)\n"
                + "  at line 2 of standard input\n"), run.toString());
        assertFalse(run.err().contains("\tat org."), "no stack trace: " + run);
    }

    @Test
    void continueOnErrorRunsEverythingButStillExitsNonZero() {
        ShellRun run = ShellRun.run("CREATE TABLE t (x INT PRIMARY KEY);\nSELECT nope FROM t;\nSELECT 2 AS dos;\n",
                "--continue-on-error");
        assertEquals(1, run.status(), run.toString());
        assertTrue(run.out().contains("DOS"), run.toString());
        assertTrue(run.err().contains("ERROR 42S22: column \"NOPE\" does not exist"), run.toString());
    }

    @Test
    void debugAddsTheStackTrace() {
        ShellRun run = ShellRun.run("SELECT * FROM missing;", "--debug");
        assertEquals(1, run.status());
        assertTrue(run.err().contains("ERROR 42S02: ") && run.err().contains("\tat org.terndb."), run.toString());
    }

    @Test
    void commandOptionRunsSeveralStatementsAndTheLastNeedsNoSemicolon() {
        ShellRun run = ShellRun.run("", "-c", "CREATE TABLE t (k INT PRIMARY KEY); INSERT INTO t VALUES (7);"
                + " SELECT k FROM t", "--csv");
        assertEquals(0, run.status(), run.toString());
        assertEquals("K\n7\n", run.out());
    }

    @Test
    void commandOptionRunsAMetaCommand() {
        ShellRun run = ShellRun.run("", "jdbc:tern:mem:;protocol=tictoc", "-c", "\\protocol", "--csv");
        assertEquals(0, run.status(), run.toString());
        assertTrue(run.out().startsWith("Setting,Value\n"), run.toString());
        assertTrue(run.out().contains("\nprotocol,tictoc\n"), run.toString());
        assertTrue(run.out().contains("\ndurability,"), run.toString());
    }

    @Test
    void fileOptionRunsAScriptAndNamesTheFailingLine() throws IOException {
        Path script = dir.resolve("setup.sql");
        Files.writeString(script, ACCOUNTS + "\n-- now a mistake\nSELECT nope\n  FROM acc;\nSELECT 1;\n");
        ShellRun run = ShellRun.run("", "-f", script.toString());
        assertEquals(1, run.status(), run.toString());
        assertTrue(run.out().contains("3 rows affected"), run.toString());
        assertTrue(run.err().contains("ERROR 42"), run.toString());
        assertTrue(run.err().contains("  at line 5 of " + script + "\n"), run.toString());
    }

    @Test
    void missingScriptFileIsAnErrorWithoutStackTrace() {
        ShellRun run = ShellRun.run("", "-f", dir.resolve("nope.sql").toString());
        assertEquals(1, run.status());
        assertTrue(run.err().contains("ERROR: cannot run ") && run.err().contains("no such file"), run.toString());
    }

    @Test
    void includeRunsAScriptInsideTheSession() throws IOException {
        Path script = dir.resolve("data.sql");
        Files.writeString(script, ACCOUNTS, StandardCharsets.UTF_8);
        ShellRun run = ShellRun.run("\\i " + script + "\nSELECT COUNT(*) AS n FROM acc;\n", "--csv");
        assertEquals(0, run.status(), run.toString());
        assertEquals("N\n3\n", run.out());
    }

    @Test
    void includeOfAMissingFileFails() {
        ShellRun run = ShellRun.run("\\i " + dir.resolve("absent.sql") + "\nSELECT 1 AS uno;\n");
        assertEquals(1, run.status());
        assertTrue(run.err().contains("ERROR: cannot run ") && !run.out().contains("UNO"), run.toString());
    }

    @Test
    void anErrorInsideAnIncludedScriptStopsTheOuterScriptToo() throws IOException {
        Path script = dir.resolve("bad.sql");
        Files.writeString(script, "SELECT 1 AS inner_one;\nSELECT * FROM missing;\nSELECT 2 AS inner_two;\n");
        ShellRun run = ShellRun.run("\\i " + script + "\nSELECT 3 AS outer_three;\n");
        assertEquals(1, run.status(), run.toString());
        assertTrue(run.out().contains("INNER_ONE"), run.toString());
        assertFalse(run.out().contains("INNER_TWO") || run.out().contains("OUTER_THREE"), run.toString());
        assertTrue(run.err().contains("  at line 2 of " + script), run.toString());
    }

    @Test
    void anIncludeThatIncludesItselfIsStopped() throws IOException {
        Path script = dir.resolve("loop.sql");
        Files.writeString(script, "\\i " + script + "\n");
        ShellRun run = ShellRun.run("\\i " + script + "\n");
        assertEquals(1, run.status());
        assertTrue(run.err().contains("nested more than 16 deep"), run.toString());
    }

    @Test
    void unknownMetaCommandIsAnError() {
        ShellRun run = ShellRun.run("\\frobnicate\n");
        assertEquals(1, run.status());
        assertTrue(run.err().contains("ERROR: unknown meta-command \\frobnicate; \\help lists them"), run.toString());
    }

    @Test
    void helpListsTheMetaCommands() {
        ShellRun run = ShellRun.run("\\help\n");
        assertEquals(0, run.status());
        for (String command : new String[] {"\\q", "\\dt", "\\d ", "\\di", "\\dp", "\\x", "\\timing", "\\i FILE",
                "\\protocol", "\\stats"}) {
            assertTrue(run.out().contains(command), command + " missing from\n" + run.out());
        }
    }

    @Test
    void quitStopsReadingInput() {
        ShellRun run = ShellRun.run("SELECT 1 AS uno;\n\\q\nSELECT * FROM missing;\n");
        assertEquals(0, run.status(), run.toString());
        assertTrue(run.out().contains("UNO") && run.err().indexOf("ERROR") < 0, run.toString());
    }

    @Test
    void commandLineMistakesAreUsageErrors() {
        assertEquals(2, ShellRun.run("", "--bogus").status());
        assertEquals(2, ShellRun.run("", "-f", "a.sql", "-c", "SELECT 1").status());
        assertEquals(2, ShellRun.run("", "--csv", "--json").status());
        ShellRun help = ShellRun.run("", "--help");
        assertEquals(0, help.status());
        assertTrue(help.out().contains("tern shell [JDBC-URL] -f FILE") && help.out().contains("--continue-on-error"),
                help.toString());
    }

    @Test
    void aBadUrlIsAConnectionErrorWithoutStackTrace() {
        ShellRun run = ShellRun.run("", "jdbc:tern:mem:x;protocol=nonsense", "-c", "SELECT 1");
        assertEquals(1, run.status());
        assertTrue(run.err().startsWith("ERROR 08001: unknown protocol 'nonsense'"), run.toString());
        assertFalse(run.err().contains("\tat "), run.toString());
    }
}
