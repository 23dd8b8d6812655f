package org.terndb.bench.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.terndb.cli.Cli;
import org.terndb.cli.CommandRuns;
import org.terndb.cli.StrictJson;

/** Runs the real command on tiny sizes: checks it works end to end, never how fast anything is. */
class IndexBenchCommandTest {
    private static final List<String> FIELDS = List.of("get_ratio", "insert_ratio", "scan_ratio",
            "masstree_get_ops", "skiplist_get_ops", "masstree_insert_ops", "skiplist_insert_ops",
            "masstree_scan_ops", "skiplist_scan_ops", "keys", "key_bytes", "threads", "seconds");

    private static String[] run(int expectedExit, String... args) {
        return CommandRuns.run(new IndexBenchCommand(), expectedExit, args);
    }

    @Test
    void jsonResultIsTheLastLineAndHasEveryField() throws Exception {
        String stdout = run(Cli.EXIT_OK, "--keys", "10000", "--key-bytes", "12", "--seconds", "0.2", "--json")[0];
        assertTrue(stdout.endsWith("}\n"), stdout);
        String[] lines = stdout.split("\n");
        com.google.gson.JsonObject json = StrictJson.parseObject(lines[lines.length - 1]);
        for (String field : FIELDS) {
            assertTrue(json.has(field), "missing " + field + " in " + json);
            assertTrue(json.get(field).getAsDouble() > 0, field + " in " + json);
        }
        assertEquals(10000, json.get("keys").getAsInt());
        assertEquals(12, json.get("key_bytes").getAsInt());
        assertEquals(2, json.get("threads").getAsInt());
    }

    @Test
    void humanOutputIsATable() {
        String stdout = run(Cli.EXIT_OK, "--keys", "2000", "--threads", "1", "--seconds", "0.05")[0];
        assertTrue(stdout.contains("Masstree ops/s"), stdout);
        for (String row : List.of("\nget ", "\ninsert ", "\nscan-100 ")) {
            assertTrue(stdout.contains(row), stdout);
        }
    }

    @Test
    void shortKeysAreAUsageError() {
        String stderr = run(Cli.EXIT_USAGE, "--key-bytes", "4")[1];
        assertTrue(stderr.contains("--key-bytes must be between 8 and 4096, got 4"), stderr);
    }
}
