package org.terndb.tpcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.terndb.cli.Cli;
import org.terndb.cli.CommandRuns;
import org.terndb.cli.StrictJson;
import org.terndb.txn.Protocols;

/**
 * Runs the real command on scaled-down databases for fractions of a second: every mode and protocol must commit
 * work and leave a database that meets the consistency conditions. Never checks how fast anything is.
 */
class TpccCommandTest {
    private static final AtomicInteger DATABASES = new AtomicInteger();

    private static String[] run(int expectedExit, String... args) {
        return CommandRuns.run(new TpccCommand(), expectedExit, args);
    }

    private static JsonObject runJson(String... more) throws Exception {
        List<String> args = new ArrayList<>(List.of("--warmup", "0.1", "--json"));
        args.addAll(List.of(more));
        if (!args.contains("--scale")) {
            args.addAll(List.of("--scale", "0.02"));
        }
        if (!args.contains("--seconds")) {
            args.addAll(List.of("--seconds", "0.4"));
        }
        String stdout = run(Cli.EXIT_OK, args.toArray(new String[0]))[0];
        assertTrue(stdout.endsWith("}\n"), stdout);
        String[] lines = stdout.split("\n");
        return StrictJson.parseObject(lines[lines.length - 1]);
    }

    /** A run committed every transaction type and passed every applicable consistency condition. */
    private static void assertHealthyRun(JsonObject json) {
        assertTrue(json.get("tps").getAsDouble() > 0, json.toString());
        assertTrue(json.get("tpmc").getAsDouble() > 0, json.toString());
        JsonObject byTxn = json.getAsJsonObject("by_txn");
        long commits = 0;
        for (TxnType t : TxnType.values()) {
            JsonObject txn = byTxn.getAsJsonObject(t.key());
            commits += txn.get("commits").getAsLong();
            assertTrue(txn.get("p99_us").getAsDouble() >= txn.get("p50_us").getAsDouble(), txn.toString());
            assertTrue(txn.get("p95_us").getAsDouble() >= txn.get("p50_us").getAsDouble(), txn.toString());
            if (t != TxnType.NEW_ORDER) {
                assertEquals(0, txn.get("rollbacks").getAsLong(), "only New-Order rolls back");
            }
        }
        assertEquals(json.get("commits").getAsLong(), commits);
        assertTrue(byTxn.getAsJsonObject("new_order").get("commits").getAsLong() > 0, json.toString());
        double ratio = json.get("abort_ratio").getAsDouble();
        assertTrue(ratio >= 0 && ratio < 1, json.toString());
        JsonObject consistency = json.getAsJsonObject("consistency");
        assertTrue(consistency.get("ok").getAsBoolean(), json.toString());
        JsonArray passed = consistency.getAsJsonArray("passed");
        assertTrue(passed.size() >= 11, "conditions 1-10 and 12 at least: " + json);
    }

    static List<String> protocols() {
        return List.copyOf(Protocols.names());
    }

    @ParameterizedTest
    @MethodSource("protocols")
    void directModeUnderEveryProtocolStaysConsistent(String protocol) throws Exception {
        // Four terminals on two warehouses: same-district conflicts, remote stock and remote customers.
        JsonObject json = runJson("--mode", "direct", "--protocol", protocol, "--threads", "4", "--warehouses", "2");
        assertEquals("direct", json.get("mode").getAsString());
        assertEquals(protocol, json.get("protocol").getAsString());
        assertEquals(4, json.get("threads").getAsInt());
        assertEquals(2, json.get("warehouses").getAsInt());
        assertHealthyRun(json);
    }

    @Test
    void kernelModeRunsOneThreadAndStaysConsistent() throws Exception {
        JsonObject json = runJson("--mode", "kernel", "--warehouses", "2");
        assertEquals("kernel", json.get("mode").getAsString());
        assertEquals("none", json.get("protocol").getAsString());
        assertEquals(1, json.get("threads").getAsInt());
        assertEquals(0, json.get("aborts").getAsLong(), "nothing aborts without concurrency control");
        assertHealthyRun(json);
    }

    @Test
    void jdbcModeOnH2StaysConsistent() throws Exception {
        JsonObject json = runJson("--mode", "jdbc", "--url", "jdbc:h2:mem:tpcc" + DATABASES.incrementAndGet(),
                "--seconds", "1");
        assertEquals("H2", json.get("protocol").getAsString());
        assertHealthyRun(json);
    }

    @Test
    void jdbcModeOnHsqldbStaysConsistent() throws Exception {
        JsonObject json = runJson("--mode", "jdbc", "--url", "jdbc:hsqldb:mem:tpcc" + DATABASES.incrementAndGet(),
                "--seconds", "1");
        assertTrue(json.get("protocol").getAsString().startsWith("HSQL"), json.toString());
        assertHealthyRun(json);
    }

    @Test
    void checkAloneVerifiesAllTwelveConditionsOnTheLoadedDatabase() throws Exception {
        for (String[] mode : new String[][] {{"--mode", "kernel"}, {"--mode", "direct"},
            {"--mode", "jdbc", "--url", "jdbc:h2:mem:tpcc" + DATABASES.incrementAndGet()}, {"--mode", "jdbc"},
            {"--mode", "proc"}}) {
            List<String> args = new ArrayList<>(List.of("--scale", "0.02", "--check"));
            args.addAll(List.of(mode));
            String stdout = run(Cli.EXIT_OK, args.toArray(new String[0]))[0];
            for (int n = 1; n <= 12; n++) {
                assertTrue(stdout.contains(String.format("condition %2d  pass", n)), stdout);
            }
            assertTrue(stdout.trim().endsWith("consistent"), stdout);
        }
    }

    /** TernDB's runs in the protocol sweeps: smaller than the others, they load through JDBC. */
    private static final String[] TINY = {"--scale", "0.005", "--seconds", "0.3"};

    @ParameterizedTest
    @MethodSource("protocols")
    void jdbcModeOnTernDbUnderEveryProtocolStaysConsistent(String protocol) throws Exception {
        // No --url: TernDB in memory, with --protocol appended to its URL.
        JsonObject json = runJson(concat(TINY, "--mode", "jdbc", "--protocol", protocol));
        assertEquals("jdbc", json.get("mode").getAsString());
        assertEquals(protocol, json.get("protocol").getAsString());
        assertEquals("TernDB", json.get("database").getAsString());
        assertEquals("jdbc:tern:mem:tpcc;protocol=" + protocol, json.get("url").getAsString());
        assertHealthyRun(json);
    }

    @ParameterizedTest
    @MethodSource("protocols")
    void procModeUnderEveryProtocolStaysConsistent(String protocol) throws Exception {
        JsonObject json = runJson(concat(TINY, "--mode", "proc", "--protocol", protocol));
        assertEquals("proc", json.get("mode").getAsString());
        assertEquals(protocol, json.get("protocol").getAsString());
        assertEquals("TernDB", json.get("database").getAsString());
        assertEquals("jdbc:tern:mem:tpcc;protocol=" + protocol + ";autocommit_retries=0",
                json.get("url").getAsString(), "conflicts come back to the driver loop to be counted");
        assertHealthyRun(json);
    }

    @Test
    void procModeCountsTheUnusedItemAsARollbackNotAnAbort() throws Exception {
        // New-Orders only, on two warehouses and four terminals: about 1% of them signal the unused item.
        JsonObject json = runJson("--mode", "proc", "--mix", "1,0,0,0,0", "--seconds", "1", "--threads", "4",
                "--warehouses", "2");
        JsonObject newOrder = json.getAsJsonObject("by_txn").getAsJsonObject("new_order");
        long commits = newOrder.get("commits").getAsLong();
        long rollbacks = newOrder.get("rollbacks").getAsLong();
        assertTrue(commits > 200, json.toString());
        assertTrue(rollbacks > 0 && rollbacks < commits / 20, "about 1% roll back: " + json);
        assertEquals(rollbacks, json.get("rollbacks").getAsLong());
        for (String reason : json.getAsJsonObject("aborts_by_reason").keySet()) {
            assertEquals("SQLSTATE_40001", reason, "only conflicts abort: " + json);
        }
        assertTrue(json.getAsJsonObject("consistency").get("ok").getAsBoolean(), json.toString());
    }

    private static String[] concat(String[] first, String... more) {
        List<String> all = new ArrayList<>(List.of(first));
        all.addAll(List.of(more));
        return all.toArray(new String[0]);
    }

    @Test
    void optionsThatDoNotApplyAreRejectedClearly() {
        String[] protocolOnH2 = run(Cli.EXIT_USAGE, "--mode", "jdbc", "--url", "jdbc:h2:mem:x", "--protocol", "silo");
        assertTrue(protocolOnH2[1].contains("--protocol applies to TernDB URLs only"), protocolOnH2[1]);
        String[] procOnH2 = run(Cli.EXIT_USAGE, "--mode", "proc", "--url", "jdbc:h2:mem:x");
        assertTrue(procOnH2[1].contains("--mode proc runs TernDB stored procedures"), procOnH2[1]);
        String[] contradiction = run(Cli.EXIT_USAGE, "--mode", "jdbc", "--url", "jdbc:tern:mem:x;protocol=mocc",
                "--protocol", "silo");
        assertTrue(contradiction[1].contains("--protocol silo contradicts protocol=mocc"), contradiction[1]);
        String[] kernel = run(Cli.EXIT_USAGE, "--mode", "kernel", "--protocol", "silo");
        assertTrue(kernel[1].contains("--protocol does not apply to --mode kernel"), kernel[1]);
        String[] urlDirect = run(Cli.EXIT_USAGE, "--mode", "direct", "--url", "jdbc:tern:mem:x");
        assertTrue(urlDirect[1].contains("--url applies to --mode jdbc and proc only"), urlDirect[1]);
        String[] protocol = run(Cli.EXIT_USAGE, "--protocol", "nope");
        assertTrue(protocol[1].contains("unknown protocol 'nope'"), protocol[1]);
        String[] mix = run(Cli.EXIT_USAGE, "--mix", "1,2,3");
        assertTrue(mix[1].contains("--mix needs 5"), mix[1]);
    }

    @Test
    void aTernDbUrlKeepsItsOwnProtocolAndOptions() throws Exception {
        JsonObject json = runJson(concat(TINY, "--mode", "jdbc", "--url", "jdbc:tern:mem:own"
                + DATABASES.incrementAndGet() + ";protocol=tictoc"));
        assertEquals("tictoc", json.get("protocol").getAsString());
        assertHealthyRun(json);
    }

    @Test
    void humanOutputListsEveryTransactionAndCondition() {
        String stdout = run(Cli.EXIT_OK, "--mode", "kernel", "--scale", "0.02", "--seconds", "0.2", "--warmup",
                "0")[0];
        for (TxnType t : TxnType.values()) {
            assertTrue(stdout.contains(t.title()), stdout);
        }
        assertTrue(stdout.contains("tpmC"), stdout);
        assertTrue(stdout.contains("condition 12"), stdout);
    }
}
