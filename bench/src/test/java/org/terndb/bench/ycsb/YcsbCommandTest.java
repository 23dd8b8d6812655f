package org.terndb.bench.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.terndb.cli.Cli;
import org.terndb.cli.CommandRuns;
import org.terndb.cli.StrictJson;
import org.terndb.txn.AbortReason;
import org.terndb.txn.Protocols;

/** Runs the real command on tiny sizes: checks it works end to end and counts, never how fast anything is. */
class YcsbCommandTest {
    private static final String[] TINY = {"--records", "10000", "--seconds", "0.3", "--warmup", "0.1"};

    private static String[] run(int expectedExit, String... args) {
        return CommandRuns.run(new YcsbCommand(), expectedExit, args);
    }

    private static String[] tiny(String... more) {
        List<String> args = new ArrayList<>(List.of(TINY));
        args.addAll(List.of(more));
        return args.toArray(new String[0]);
    }

    private static JsonObject lastLine(String stdout) throws Exception {
        assertTrue(stdout.endsWith("}\n"), stdout);
        String[] lines = stdout.split("\n");
        return StrictJson.parseObject(lines[lines.length - 1]);
    }

    private static void assertRun(JsonObject run) {
        assertTrue(run.get("commits").getAsLong() > 0, "no commits: " + run);
        assertTrue(run.get("tps").getAsDouble() > 0, run.toString());
        assertTrue(run.get("p99_us").getAsDouble() >= run.get("p50_us").getAsDouble(), run.toString());
        double ratio = run.get("abort_ratio").getAsDouble();
        assertTrue(ratio >= 0 && ratio < 1, run.toString());
        JsonObject reasons = run.getAsJsonObject("aborts_by_reason");
        long sum = 0;
        for (AbortReason r : AbortReason.all()) {
            sum += reasons.get(r.name()).getAsLong();
        }
        assertEquals(run.get("aborts").getAsLong(), sum, run.toString());
        assertTrue(run.get("omitted_writes").getAsLong() >= 0, run.toString());
    }

    @Test
    void everyRegisteredProtocolAndTheBaselineRunAndReportJson() throws Exception {
        if (Protocols.names().isEmpty()) {
            JsonObject json = lastLine(run(Cli.EXIT_OK, tiny("--protocol", "none", "--json"))[0]);
            assertEquals("none", json.get("protocol").getAsString());
            assertRun(json);
            assertEquals(0, json.get("aborts").getAsLong());
            return;
        }
        JsonObject json = lastLine(run(Cli.EXIT_OK, tiny("--protocol", "all", "--baseline", "--skew", "0.8",
                "--json"))[0]);
        assertTrue(json.get("baseline_tps").getAsDouble() > 0, json.toString());
        assertRun(json.getAsJsonObject("baseline"));
        JsonArray runs = json.getAsJsonArray("runs");
        List<String> seen = new ArrayList<>();
        for (JsonElement e : runs) {
            JsonObject run = e.getAsJsonObject();
            assertRun(run);
            // >= 0: mvto acknowledges one commit per epoch per worker, a ratio that rounds to 0 in the JSON
            assertTrue(run.get("ratio_to_baseline").getAsDouble() >= 0, run.toString());
            seen.add(run.get("protocol").getAsString());
        }
        assertEquals(new ArrayList<>(Protocols.names()), seen);
        assertEquals(10000, json.get("records").getAsInt());
        assertEquals(0.8, json.get("skew").getAsDouble());
    }

    @Test
    void oneProtocolPrintsOneFlatObjectWithTheWorkload() throws Exception {
        String protocol = Protocols.names().isEmpty() ? "none" : Protocols.names().iterator().next();
        JsonObject json = lastLine(run(Cli.EXIT_OK, tiny("--protocol", protocol, "--workload", "F", "--threads",
                "3", "--opt", "epoch_ms=5", "--long-txn-delay-us", "200", "--json"))[0]);
        assertRun(json);
        assertEquals(protocol, json.get("protocol").getAsString());
        assertEquals(3, json.get("threads").getAsInt());
        assertEquals("F", json.get("workload").getAsString());
        assertTrue(json.get("rmw").getAsBoolean());
        assertEquals("5", json.getAsJsonObject("options").get("epoch_ms").getAsString());
        assertTrue(json.get("long_txn_commits").getAsLong() > 0, json.toString());
        assertTrue(json.get("long_txn_commits").getAsLong() < json.get("commits").getAsLong(), json.toString());
    }

    @Test
    void humanOutputIsATable() {
        String stdout = run(Cli.EXIT_OK, tiny("--protocol", "none", "--workload", "B", "--threads", "1"))[0];
        assertTrue(stdout.contains("abort ratio") && stdout.contains("p99 us"), stdout);
        assertTrue(stdout.contains("\nnone "), stdout);
    }

    @Test
    void multiVersionRunsReportVersionsAliveAndEveryRunItsSecondsAndWrites() throws Exception {
        JsonObject json = lastLine(run(Cli.EXIT_OK, "--records", "10000", "--seconds", "1.3", "--warmup", "0.1",
                "--protocol", "mvto-async,silo", "--json")[0]);
        JsonObject mvto = json.getAsJsonArray("runs").get(0).getAsJsonObject();
        JsonObject silo = json.getAsJsonArray("runs").get(1).getAsJsonObject();
        for (JsonObject r : List.of(mvto, silo)) {
            assertEquals(1, r.getAsJsonArray("tps_per_second").size(), r.toString());
            assertTrue(r.get("installed_writes").getAsLong() > 0, r.toString());
        }
        assertTrue(mvto.get("versions_alive_end").getAsLong() >= 10000, "every loaded row is a version: " + mvto);
        assertTrue(mvto.get("versions_alive_max").getAsLong() >= mvto.get("versions_alive_end").getAsLong());
        assertEquals(1, mvto.getAsJsonArray("versions_alive").size(), mvto.toString());
        assertTrue(!silo.has("versions_alive_max"), "single-version protocols keep no versions: " + silo);

        String table = run(Cli.EXIT_OK, "--records", "10000", "--seconds", "1.2", "--warmup", "0.1", "--protocol",
                "mvto-async")[0];
        assertTrue(table.contains("Per second of the timed window") && table.contains("versions alive"), table);
    }

    @Test
    void invalidTxnOptionExitsWithUsageAndListsValidKeys() {
        String stderr = run(Cli.EXIT_USAGE, "--protocol", "none", "--opt", "nonsense=1")[1];
        assertTrue(stderr.contains("nonsense") && stderr.contains("valid options") && stderr.contains("backoff"),
                stderr);
    }

    @Test
    void helpListsTheTxnOptions() {
        String stdout = run(Cli.EXIT_OK, "--help")[0];
        assertTrue(stdout.contains("--skew") && stdout.contains("read_phase_extension_us"), stdout);
    }
}
