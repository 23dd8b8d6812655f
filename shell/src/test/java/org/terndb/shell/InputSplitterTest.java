package org.terndb.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class InputSplitterTest {

    private static List<String> texts(String input) {
        return InputSplitter.split(input).items().stream().map(InputSplitter.Item::text).toList();
    }

    @Test
    void statementsEndAtSemicolonsAndMayShareALineOrSpanLines() {
        assertEquals(List.of("SELECT 1", "SELECT\n  2"), texts("SELECT 1; SELECT\n  2;"));
    }

    @Test
    void semicolonsInsideLiteralsIdentifiersAndCommentsDoNotEndAStatement() {
        String input = "INSERT INTO t VALUES ('a;b', 'it''s;'); -- x; y\nSELECT \"odd;name\" /* ; */ FROM t;";
        assertEquals(List.of("INSERT INTO t VALUES ('a;b', 'it''s;')", "SELECT \"odd;name\" /* ; */ FROM t"),
                texts(input));
    }

    @Test
    void inputIsIncompleteUntilTheSemicolonArrives() {
        assertFalse(InputSplitter.isComplete("SELECT *\nFROM t"));
        assertFalse(InputSplitter.isComplete("SELECT 'unclosed;"));
        assertFalse(InputSplitter.isComplete("SELECT 1 /* unclosed comment"));
        assertTrue(InputSplitter.isComplete("SELECT *\nFROM t;"));
        assertTrue(InputSplitter.isComplete("SELECT 1; -- trailing comment"));
        assertTrue(InputSplitter.isComplete("   "));
    }

    @Test
    void aBackslashLineIsAMetaCommandWithoutSemicolon() {
        InputSplitter.Split split = InputSplitter.split("\\dt\nSELECT 1;\n  \\d accounts\n");
        assertEquals(List.of(
                new InputSplitter.Item(InputSplitter.Kind.META, "\\dt", 1),
                new InputSplitter.Item(InputSplitter.Kind.STATEMENT, "SELECT 1", 2),
                new InputSplitter.Item(InputSplitter.Kind.META, "\\d accounts", 3)), split.items());
        assertTrue(InputSplitter.isComplete("\\x"));
    }

    @Test
    void aBackslashInsideAStatementIsNotAMetaCommand() {
        assertEquals(List.of("SELECT 'a\\b'"), texts("SELECT 'a\\b';"));
        assertFalse(InputSplitter.isComplete("SELECT 1\n\\dt"));
    }

    @Test
    void itemsKnowTheLineTheyStartOn() {
        InputSplitter.Split split = InputSplitter.split("-- header\n\nSELECT 1;\n\nSELECT\n2;", 10);
        assertEquals(12, split.items().get(0).line());
        assertEquals(14, split.items().get(1).line());
    }

    @Test
    void theUnfinishedRestIsReportedWithItsLine() {
        InputSplitter.Split split = InputSplitter.split("SELECT 1;\nSELECT 2\n");
        assertEquals(List.of("SELECT 1"), split.items().stream().map(InputSplitter.Item::text).toList());
        assertTrue(split.restHasContent());
        assertEquals("SELECT 2", split.rest());
        assertEquals(2, split.restLine());
    }

    @Test
    void emptyStatementsAreSkipped() {
        assertEquals(List.of("SELECT 1"), texts(";; SELECT 1;;"));
    }

    @Test
    void aProcedureBodyKeepsItsSemicolonsUntilTheBlockCloses() {
        String body = """
                CREATE OR REPLACE PROCEDURE pay(IN id INT)
                BEGIN
                  DECLARE n INT;
                  IF id > 0 THEN
                    SET n = CASE WHEN id > 10 THEN 1 ELSE 2 END;
                  END IF;
                  WHILE n > 0 DO
                    SET n = n - 1;
                  END WHILE;
                  BEGIN
                    UPDATE t SET x = x + 1 WHERE k = id;
                  END;
                END;
                SELECT 1;""";
        List<String> items = texts(body);
        assertEquals(2, items.size(), items.toString());
        assertTrue(items.get(0).startsWith("CREATE OR REPLACE PROCEDURE") && items.get(0).endsWith("END"));
        assertEquals("SELECT 1", items.get(1));
        assertFalse(InputSplitter.isComplete("CREATE PROCEDURE p() BEGIN SELECT 1;"));
    }

    @Test
    void beginOutsideARoutineIsAnOrdinaryStatement() {
        assertEquals(List.of("BEGIN", "INSERT INTO t VALUES (1)", "COMMIT"),
                texts("BEGIN; INSERT INTO t VALUES (1); COMMIT;"));
    }
}
