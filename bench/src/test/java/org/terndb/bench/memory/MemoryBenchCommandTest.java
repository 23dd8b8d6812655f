package org.terndb.bench.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;
import org.terndb.cli.Cli;
import org.terndb.cli.CommandRuns;
import org.terndb.cli.StrictJson;

/** Runs the real command on tiny sizes: checks it works end to end, never how fast anything is. */
class MemoryBenchCommandTest {
    private static String[] run(int expectedExit, String... args) {
        return CommandRuns.run(new MemoryBenchCommand(), expectedExit, args);
    }

    @Test
    void jsonHasOneFigurePerSizeAndStride() throws Exception {
        String stdout = run(Cli.EXIT_OK, "--sizes", "1, 2", "--loads", "20000", "--handoffs", "0", "--json")[0];
        String[] lines = stdout.split("\n");
        com.google.gson.JsonObject json = StrictJson.parseObject(lines[lines.length - 1]);
        assertEquals("[1,2]", json.get("sizes_mb").toString());
        for (String field : new String[] {"line_ns", "page_ns"}) {
            assertEquals(2, json.getAsJsonArray(field).size(), field + " in " + json);
            for (var figure : json.getAsJsonArray(field)) {
                assertTrue(figure.getAsDouble() > 0, field + " in " + json);
            }
        }
        assertEquals(20000, json.get("loads").getAsInt());
        assertTrue(json.get("handoff_ns").isJsonNull(), "--handoffs 0 skips the handoff: " + json);
    }

    @Test
    void theHandoffGivesOneFigurePerRound() throws Exception {
        assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "the handoff needs two processors");
        String stdout = run(Cli.EXIT_OK, "--sizes", "1", "--loads", "1000", "--handoffs", "2000", "--json")[0];
        String[] lines = stdout.split("\n");
        com.google.gson.JsonObject json = StrictJson.parseObject(lines[lines.length - 1]);
        assertEquals(2000, json.get("handoffs").getAsInt());
        assertEquals(5, json.getAsJsonArray("handoff_ns").size(), json.toString());
        for (var figure : json.getAsJsonArray("handoff_ns")) {
            assertTrue(figure.getAsDouble() > 0, json.toString());
        }
    }

    @Test
    void humanOutputIsATable() {
        String stdout = run(Cli.EXIT_OK, "--sizes", "1", "--loads", "1000", "--handoffs", "1000")[0];
        assertTrue(stdout.contains("per line (ns)"), stdout);
        assertTrue(Runtime.getRuntime().availableProcessors() < 2
                || stdout.contains("One line handed between two threads, 1,000 steps a round: ["), stdout);
        assertTrue(stdout.contains("\n         1 "), stdout);
    }

    @Test
    void badSizesAreUsageErrors() {
        assertTrue(run(Cli.EXIT_USAGE, "--sizes", "4,x")[1]
                .contains("--sizes expects whole numbers of MiB separated by commas, got '4,x'"));
        assertTrue(run(Cli.EXIT_USAGE, "--sizes", "0")[1].contains("--sizes must be between 1 and 4096 MiB each, got 0"));
    }
}
