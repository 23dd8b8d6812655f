package org.terndb.bench.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.terndb.cli.Cli;
import org.terndb.cli.CommandRuns;
import org.terndb.cli.StrictJson;

/** Runs the real command on tiny sizes: checks it works end to end and what it prints, never how fast it is. */
class SqlBenchCommandTest {
    private static final List<String> FIELDS = List.of("select_ratio", "update_ratio", "tern_select_ops",
            "h2_select_ops", "tern_update_ops", "h2_update_ops", "tern_select_latency_us", "rows", "threads", "seconds",
            "select_cpu_ratio", "update_cpu_ratio", "tern_select_cpu_us", "h2_select_cpu_us");
    private static final List<String> RUN_FIELDS = List.of("threads", "tern_select_ops", "h2_select_ops",
            "select_ratio", "tern_update_ops", "h2_update_ops", "update_ratio", "select_cpu_ratio", "update_cpu_ratio",
            "tern_select_cpu_us", "h2_select_cpu_us", "tern_update_cpu_us", "h2_update_cpu_us");

    private static String[] run(int expectedExit, String... args) {
        return CommandRuns.run(new SqlBenchCommand(), expectedExit, args);
    }

    @Test
    void jsonResultIsTheLastLineWithRatiosRawFiguresAndOneRunPerThreadCount() throws Exception {
        String stdout = run(Cli.EXIT_OK, "--rows", "2000", "--threads", "2", "--seconds", "0.2", "--rounds", "2",
                "--warmup", "0.3", "--json")[0];
        assertTrue(stdout.endsWith("}\n"), stdout);
        String[] lines = stdout.split("\n");
        com.google.gson.JsonObject json = StrictJson.parseObject(lines[lines.length - 1]);
        for (String field : FIELDS) {
            assertTrue(json.has(field), "missing " + field + " in " + json);
            assertTrue(json.get(field).getAsDouble() > 0, field + " in " + json);
        }
        assertEquals(2000, json.get("rows").getAsInt());
        assertEquals(2, json.get("rounds").getAsInt());
        assertTrue(json.get("warmup_seconds").getAsDouble() >= 0.3, json.toString());
        JsonArray runs = json.getAsJsonArray("runs");
        assertEquals(2, runs.size(), "1 and 2 threads");
        for (int i = 0; i < runs.size(); i++) {
            JsonElement r = runs.get(i);
            assertEquals(i + 1, r.getAsJsonObject().get("threads").getAsInt());
            for (String field : RUN_FIELDS) {
                assertTrue(r.getAsJsonObject().get(field).getAsDouble() > 0, field + " in " + r);
            }
        }
        assertEquals(runs.get(1).getAsJsonObject().get("select_ratio").getAsDouble(),
                json.get("select_ratio").getAsDouble(), "the top-level ratios are the largest thread count's");
    }

    @Test
    void humanOutputIsATable() {
        String stdout = run(Cli.EXIT_OK, "--rows", "500", "--threads", "1", "--seconds", "0.05", "--rounds", "1",
                "--warmup", "0")[0];
        assertTrue(stdout.contains("TernDB ops/s") && stdout.contains("H2 ops/s") && stdout.contains("cpu ratio"), stdout);
        assertTrue(stdout.contains("\nselect ") && stdout.contains("\nupdate "), stdout);
        assertTrue(stdout.contains("mean latency of a cached TernDB point SELECT"), stdout);
    }

    @Test
    void aWarmUpIsAutoOrSeconds() {
        String stderr = run(Cli.EXIT_USAGE, "--warmup", "later")[1];
        assertTrue(stderr.contains("--warmup is auto"), stderr);
    }

    @Test
    void zeroThreadsIsAUsageError() {
        String stderr = run(Cli.EXIT_USAGE, "--threads", "0")[1];
        assertTrue(stderr.contains("--threads must be between 1 and 256, got 0"), stderr);
    }
}
