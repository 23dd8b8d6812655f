package org.terndb.tatp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.terndb.cli.Cli;
import org.terndb.cli.CommandRuns;
import org.terndb.cli.StrictJson;
import org.terndb.txn.Protocols;

/**
 * Runs the real command on small databases for fractions of a second: every mode and protocol must commit work
 * and leave a database that meets the consistency conditions. Never checks how fast anything is.
 */
class TatpCommandTest {
    private static final AtomicInteger DATABASES = new AtomicInteger();
    private static final String[] SHORT = {"--warmup", "0.1", "--json"};

    private static String[] run(int expectedExit, String... args) {
        return CommandRuns.run(new TatpCommand(), expectedExit, args);
    }

    private static JsonObject runJson(String... more) throws Exception {
        List<String> args = new ArrayList<>(List.of(SHORT));
        args.addAll(List.of(more));
        if (!args.contains("--seconds")) {
            args.addAll(List.of("--seconds", "0.4"));
        }
        if (!args.contains("--subscribers")) {
            args.addAll(List.of("--subscribers", "2000"));
        }
        String stdout = run(Cli.EXIT_OK, args.toArray(new String[0]))[0];
        assertTrue(stdout.endsWith("}\n"), stdout);
        String[] lines = stdout.split("\n");
        return StrictJson.parseObject(lines[lines.length - 1]);
    }

    /** A run committed work of every type that can succeed and passed every consistency condition. */
    private static void assertHealthyRun(JsonObject json) {
        for (String field : List.of("mode", "protocol", "threads", "subscribers", "tps", "abort_ratio",
                "omitted_writes", "by_txn")) {
            assertTrue(json.has(field), field + " in " + json);
        }
        assertTrue(json.get("tps").getAsDouble() > 0, json.toString());
        JsonObject byTxn = json.getAsJsonObject("by_txn");
        long commits = 0;
        long failed = 0;
        for (TatpTxn t : TatpTxn.values()) {
            JsonObject txn = byTxn.getAsJsonObject(t.key());
            commits += txn.get("commits").getAsLong();
            failed += txn.get("failed").getAsLong();
            assertTrue(txn.get("p99_us").getAsDouble() >= txn.get("p50_us").getAsDouble(), txn.toString());
            if (t == TatpTxn.GET_SUBSCRIBER_DATA || t == TatpTxn.UPDATE_LOCATION) {
                assertEquals(0, txn.get("failed").getAsLong(), t + " always succeeds");
            }
        }
        assertEquals(json.get("commits").getAsLong(), commits);
        assertEquals(json.get("failed").getAsLong(), failed);
        double ratio = json.get("abort_ratio").getAsDouble();
        assertTrue(ratio >= 0 && ratio < 1, json.toString());
        JsonObject consistency = json.getAsJsonObject("consistency");
        assertTrue(consistency.get("ok").getAsBoolean(), json.toString());
        assertEquals(TatpCheck.CONDITIONS, consistency.getAsJsonArray("passed").size(), json.toString());
    }

    static List<String> protocols() {
        return List.copyOf(Protocols.names());
    }

    @ParameterizedTest
    @MethodSource("protocols")
    void directModeUnderEveryProtocolStaysConsistent(String protocol) throws Exception {
        // Four terminals on a small, skewed population with half the mix writing: conflicts on hot subscribers,
        // concurrent inserts and deletes of the same CALL_FORWARDING rows.
        JsonObject json = runJson("--protocol", protocol, "--threads", "4", "--subscribers", "500", "--ingest", "50");
        assertEquals("direct", json.get("mode").getAsString());
        assertEquals(protocol, json.get("protocol").getAsString());
        assertEquals(4, json.get("threads").getAsInt());
        assertEquals(500, json.get("subscribers").getAsInt());
        assertEquals(50.0, json.get("ingest_percent").getAsDouble());
        assertHealthyRun(json);
        if (!protocol.contains("sse")) {
            assertEquals(0, json.get("omitted_writes").getAsLong(), protocol + " installs every write");
        }
    }

    @Test
    void standardMixRunsEveryTransactionWithTheSpecificationsShares() throws Exception {
        JsonObject json = runJson("--seconds", "1");
        assertEquals(16.0, json.get("ingest_percent").getAsDouble());
        assertEquals("35/10/35/2/14/2/2", json.get("mix").getAsString());
        JsonObject byTxn = json.getAsJsonObject("by_txn");
        for (TatpTxn t : TatpTxn.values()) {
            JsonObject txn = byTxn.getAsJsonObject(t.key());
            assertTrue(txn.get("commits").getAsLong() > 0, t + " committed: " + json);
        }
        assertHealthyRun(json);
    }

    @Test
    void sseOmitsBlindIngestionWritesThatSiloInstalls() throws Exception {
        JsonObject sse = runJson("--protocol", "silo+sse", "--ingest", "100", "--subscribers", "1000");
        assertTrue(sse.get("omitted_writes").getAsLong() > 0, "silo+sse omitted nothing: " + sse);
        assertHealthyRun(sse);
        JsonObject silo = runJson("--protocol", "silo", "--ingest", "100", "--subscribers", "1000");
        assertEquals(0, silo.get("omitted_writes").getAsLong());
        assertTrue(silo.get("installed_writes").getAsLong() > 0, silo.toString());
        JsonObject byTxn = silo.getAsJsonObject("by_txn");
        assertEquals(0, byTxn.getAsJsonObject("get_subscriber_data").get("commits").getAsLong(), "100% ingestion");
    }

    /**
     * Many terminals per thread keep mvto's group commit (one commit per epoch per closed loop) running: commits
     * are acknowledged when their epoch closed, while the thread serves the other terminals.
     */
    @ParameterizedTest
    @ValueSource(strings = {"mvto", "mvto+sse", "silo"})
    void terminalsPerThreadAcknowledgeCommitsWhenTheirEpochClosed(String protocol) throws Exception {
        JsonObject json = runJson("--protocol", protocol, "--threads", "2", "--terminals-per-thread", "32",
                "--ingest", "50", "--options", "epoch_ms=5");
        assertEquals(32, json.get("terminals_per_thread").getAsInt());
        assertEquals("epoch_ms=5", json.get("options").getAsString());
        assertHealthyRun(json);
    }

    @Test
    void jdbcModeOnH2StaysConsistent() throws Exception {
        JsonObject json = runJson("--mode", "jdbc", "--url", "jdbc:h2:mem:tatp" + DATABASES.incrementAndGet(),
                "--seconds", "1", "--ingest", "30");
        assertEquals("H2", json.get("protocol").getAsString());
        assertTrue(json.get("omitted_writes").isJsonNull(), "no protocol counters over JDBC");
        assertHealthyRun(json);
    }

    @Test
    void jdbcModeOnHsqldbStaysConsistent() throws Exception {
        JsonObject json = runJson("--mode", "jdbc", "--url", "jdbc:hsqldb:mem:tatp" + DATABASES.incrementAndGet(),
                "--seconds", "1", "--ingest", "30");
        assertTrue(json.get("protocol").getAsString().startsWith("HSQL"), json.toString());
        assertHealthyRun(json);
    }

    @Test
    void checkAloneVerifiesEveryConditionOnTheLoadedDatabase() {
        for (String[] mode : new String[][] {{"--mode", "direct"},
            {"--mode", "jdbc", "--url", "jdbc:h2:mem:tatp" + DATABASES.incrementAndGet()},
            {"--mode", "proc", "--url", "jdbc:tern:mem:tatp" + DATABASES.incrementAndGet()}}) {
            List<String> args = new ArrayList<>(List.of("--subscribers", "1000", "--check"));
            args.addAll(List.of(mode));
            String stdout = run(Cli.EXIT_OK, args.toArray(new String[0]))[0];
            for (int n = 1; n <= TatpCheck.CONDITIONS; n++) {
                assertTrue(stdout.contains("condition " + n + "  pass"), stdout);
            }
            assertTrue(stdout.trim().endsWith("consistent"), stdout);
        }
    }

    @ParameterizedTest
    @MethodSource("protocols")
    void jdbcModeOnTernDbUnderEveryProtocolStaysConsistent(String protocol) throws Exception {
        JsonObject json = runJson("--mode", "jdbc", "--url", "jdbc:tern:mem:tatp" + DATABASES.incrementAndGet(),
                "--protocol", protocol, "--threads", "3", "--subscribers", "300", "--ingest", "50");
        assertTernRun(json, "jdbc", protocol);
    }

    @ParameterizedTest
    @MethodSource("protocols")
    void procModeUnderEveryProtocolStaysConsistent(String protocol) throws Exception {
        JsonObject json = runJson("--mode", "proc", "--url", "jdbc:tern:mem:tatp" + DATABASES.incrementAndGet(),
                "--protocol", protocol, "--threads", "3", "--subscribers", "300", "--ingest", "50");
        assertTernRun(json, "proc", protocol);
    }

    /**
     * A healthy run on TernDB over JDBC whose counters were read through the engine. The ingestion UPDATEs are
     * partial blind writes (see the README), which only the write-omitting protocols may omit.
     */
    private static void assertTernRun(JsonObject json, String mode, String protocol) {
        assertEquals(mode, json.get("mode").getAsString());
        assertEquals(protocol, json.get("protocol").getAsString(), "the protocol the database runs");
        assertEquals("TernDB", json.get("database").getAsString());
        assertTrue(json.get("url").getAsString().endsWith(";protocol=" + protocol), json.toString());
        assertHealthyRun(json);
        assertTrue(json.get("failed").getAsLong() > 0, "failures by design are counted: " + json);
        assertTrue(json.get("installed_writes").getAsLong() > 0, json.toString());
        if (!protocol.contains("+sse")) {
            assertEquals(0, json.get("omitted_writes").getAsLong(), protocol + " omits nothing: " + json);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"jdbc", "proc"})
    void sseOmitsThePartialBlindIngestionWritesOfTheSpecificationsSql(String mode) throws Exception {
        JsonObject sse = runJson("--mode", mode, "--url", "jdbc:tern:mem:tatp" + DATABASES.incrementAndGet(),
                "--protocol", "silo+sse", "--ingest", "100", "--subscribers", "1000", "--seconds", "1");
        assertTernRun(sse, mode, "silo+sse");
        assertTrue(sse.get("omitted_writes").getAsLong() > 0, "silo+sse omitted nothing: " + sse);
        JsonObject silo = runJson("--mode", mode, "--url", "jdbc:tern:mem:tatp" + DATABASES.incrementAndGet(),
                "--protocol", "silo", "--ingest", "100", "--subscribers", "1000", "--seconds", "1");
        assertTernRun(silo, mode, "silo");
    }

    @Test
    void jdbcModeDefaultsToTernDbInMemoryWithSilo() throws Exception {
        JsonObject json = runJson("--mode", "jdbc", "--subscribers", "200");
        assertEquals("silo", json.get("protocol").getAsString());
        assertEquals("jdbc:tern:mem:tatp", json.get("url").getAsString());
        assertHealthyRun(json);
    }

    @Test
    void badOptionsAreRejectedClearly() {
        String[] proc = run(Cli.EXIT_USAGE, "--mode", "proc", "--url", "jdbc:h2:mem:x");
        assertTrue(proc[1].contains("--mode proc runs the transactions as TernDB stored procedures"), proc[1]);
        String[] h2Protocol = run(Cli.EXIT_USAGE, "--mode", "jdbc", "--url", "jdbc:h2:mem:x", "--protocol", "mvto");
        assertTrue(h2Protocol[1].contains("--protocol applies to --mode direct and to TernDB URLs"), h2Protocol[1]);
        String[] twice = run(Cli.EXIT_USAGE, "--mode", "jdbc", "--url", "jdbc:tern:mem:x;protocol=silo",
                "--protocol", "mvto");
        assertTrue(twice[1].contains("names a protocol already"), twice[1]);
        String[] unknown = run(Cli.EXIT_USAGE, "--mode", "proc", "--protocol", "nope");
        assertTrue(unknown[1].contains("unknown protocol 'nope'"), unknown[1]);
        String[] directUrl = run(Cli.EXIT_USAGE, "--url", "jdbc:tern:mem:x");
        assertTrue(directUrl[1].contains("--url applies to --mode jdbc and proc only"), directUrl[1]);
        String[] protocol = run(Cli.EXIT_USAGE, "--protocol", "nope");
        assertTrue(protocol[1].contains("unknown protocol 'nope'"), protocol[1]);
        String[] mix = run(Cli.EXIT_USAGE, "--mix", "1,2,3");
        assertTrue(mix[1].contains("--mix needs 7"), mix[1]);
        String[] both = run(Cli.EXIT_USAGE, "--ingest", "50", "--update-intensive");
        assertTrue(both[1].contains("--update-intensive is --ingest 80"), both[1]);
        String[] mixAndIngest = run(Cli.EXIT_USAGE, "--ingest", "50", "--mix", "1,1,1,1,1,1,1");
        assertTrue(mixAndIngest[1].contains("give one of them"), mixAndIngest[1]);
        String[] perThread = run(Cli.EXIT_USAGE, "--mode", "jdbc", "--terminals-per-thread", "4");
        assertTrue(perThread[1].contains("--terminals-per-thread applies to --mode direct only"), perThread[1]);
        String[] jdbcOptions = run(Cli.EXIT_USAGE, "--mode", "jdbc", "--options", "epoch_ms=5");
        assertTrue(jdbcOptions[1].contains("--options applies to --mode direct only"), jdbcOptions[1]);
        String[] badOption = run(Cli.EXIT_USAGE, "--options", "epoch_ms=soon");
        assertTrue(badOption[1].contains("epoch_ms"), badOption[1]);
        String[] range = run(Cli.EXIT_USAGE, "--ingest", "101");
        assertTrue(range[1].contains("--ingest"), range[1]);
    }

    @Test
    void humanOutputListsEveryTransactionWritesAndCondition() {
        String stdout = run(Cli.EXIT_OK, "--subscribers", "1000", "--seconds", "0.2", "--warmup", "0",
                "--update-intensive")[0];
        for (TatpTxn t : TatpTxn.values()) {
            assertTrue(stdout.contains(t.title()), stdout);
        }
        assertTrue(stdout.contains("data ingestion 80%, update-intensive"), stdout);
        assertTrue(stdout.contains("writes installed"), stdout);
        assertTrue(stdout.contains("condition 6"), stdout);
    }
}
