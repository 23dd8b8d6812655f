package org.terndb.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The interactive loop, typed into through a JLine terminal: what a user sees, keys included. */
class ReplTest {
    private static final String CTRL_D = "\u0004";

    @TempDir
    Path dir;

    private TypedSession session() throws Exception {
        return new TypedSession(dir.resolve("history"));
    }

    @Test
    void aStatementSpanningLinesRunsWhenItsSemicolonArrives() throws Exception {
        try (TypedSession s = session()) {
            s.type("SELECT 1 AS a,\n").awaitScreen(Shell.PROMPT_CONTINUATION, 1);
            assertFalse(s.screen().contains("(1 row)"), "nothing runs before the ';'");
            s.type("  2 AS b\n;\n").awaitScreen("(1 row)", 1);
            assertTrue(s.screen().contains(" A | B\n---+---\n 1 | 2\n(1 row)\n"), s.screen());
        }
    }

    @Test
    void thePromptShowsAnOpenTransaction() throws Exception {
        try (TypedSession s = session()) {
            s.awaitScreen(Shell.PROMPT, 1).type("CREATE TABLE t (k INT PRIMARY KEY);\n").awaitScreen(Shell.PROMPT, 2);
            s.type("BEGIN;\n").awaitScreen(Shell.PROMPT_IN_TRANSACTION, 1);
            s.type("INSERT INTO t VALUES (1);\n").awaitScreen(Shell.PROMPT_IN_TRANSACTION, 2);
            s.type("COMMIT;\n").awaitScreen("COMMIT\n" + Shell.PROMPT, 1);
            s.type("SELECT COUNT(*) AS n FROM t;\n").awaitScreen("(1 row)", 1);
            assertTrue(s.screen().contains(" N\n---\n 1\n"), s.screen());
        }
    }

    @Test
    void ctrlCDropsTheUnfinishedInputAndTheShellGoesOn() throws Exception {
        try (TypedSession s = session()) {
            s.type("SELECT 'dropped' AS x\n").awaitScreen(Shell.PROMPT_CONTINUATION, 1);
            s.type("  FROM t").awaitScreen("FROM t", 1);
            s.pressCtrlC().awaitScreen(Shell.PROMPT, 2);
            s.type("SELECT 'kept' AS y;\n").awaitScreen("(1 row)", 1);
            assertFalse(s.screen().contains("dropped\n") || s.screen().contains("ERROR"), s.screen());
            assertTrue(s.screen().contains(" Y\n------\n kept\n(1 row)\n"), s.screen());
        }
    }

    @Test
    void ctrlDOnAnEmptyLineLeaves() throws Exception {
        try (TypedSession s = session()) {
            s.type("SELECT 1 AS a;\n").awaitScreen("(1 row)", 1);
            s.type(CTRL_D);
            assertTrue(s.leftByItself(), s.screen());
        }
    }

    @Test
    void backslashQLeaves() throws Exception {
        try (TypedSession s = session()) {
            s.type("\\q\n");
            assertTrue(s.leftByItself(), s.screen());
        }
    }

    @Test
    void errorsPrintOneLineAndTheShellGoesOn() throws Exception {
        try (TypedSession s = session()) {
            s.type("SELECT * FROM missing;\n").awaitScreen("ERROR", 1).awaitScreen(Shell.PROMPT, 2);
            s.type("SELECT 3 AS c;\n").awaitScreen("(1 row)", 1);
            String screen = s.screen();
            assertTrue(screen.matches("(?s).*\nERROR 42S02: [^\n]*MISSING[^\n]*\n" + Shell.PROMPT.replace("*", "\\*")
                    + ".*"), screen);
            assertFalse(screen.contains("\tat org."), screen);
            assertTrue(screen.contains(" C\n---\n 3\n"), screen);
        }
    }

    @Test
    void metaCommandsRunWithoutSemicolon() throws Exception {
        try (TypedSession s = session()) {
            s.type("\\x\n").awaitScreen("Expanded display is on.\n", 1).awaitScreen(Shell.PROMPT, 2);
            s.type("SELECT 5 AS five;\n").awaitScreen("(1 row)", 1);
            assertTrue(s.screen().contains("-[ RECORD 1 ]\nFIVE | 5\n"), s.screen());
        }
    }

    @Test
    void historyIsSavedToTheFileAndKeptAcrossSessions() throws Exception {
        Path history = dir.resolve("tern_history");
        try (TypedSession s = new TypedSession(history)) {
            s.type("SELECT 1 AS a;\n").awaitScreen("(1 row)", 1).awaitScreen(Shell.PROMPT, 2);
            s.type("SELECT 2\n").awaitScreen(Shell.PROMPT_CONTINUATION, 1);
            s.type(" AS b;\n").awaitScreen("(1 row)", 2);
            assertTrue(s.finished());
        }
        String saved = Files.readString(history);
        assertTrue(saved.contains("SELECT 1 AS a;"), saved);
        assertTrue(saved.contains("SELECT 2") && saved.contains("AS b;"), "multi-line input is one entry: " + saved);
        try (TypedSession s = new TypedSession(history)) {
            s.type("SELECT 3 AS c;\n").awaitScreen("(1 row)", 1);
            assertTrue(s.finished());
        }
        String again = Files.readString(history);
        assertTrue(again.contains("SELECT 1 AS a;") && again.contains("SELECT 3 AS c;"), again);
        assertEquals(again.indexOf("SELECT 1 AS a;"), again.lastIndexOf("SELECT 1 AS a;"), again);
    }
}
