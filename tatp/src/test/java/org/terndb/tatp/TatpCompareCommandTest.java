package org.terndb.tatp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import org.junit.jupiter.api.Test;
import org.terndb.cli.Cli;
import org.terndb.cli.CommandRuns;
import org.terndb.cli.StrictJson;

/** {@code tern compare tatp} on a tiny population for fractions of a second: its shape, never its figures. */
class TatpCompareCommandTest {

    private static String[] run(int expectedExit, String... args) {
        return CommandRuns.run(new TatpCompareCommand(), expectedExit, args);
    }

    @Test
    void comparesTernDbWithH2AndHsqldbOnTheSameRunAndChecksEach() throws Exception {
        String[] result = run(Cli.EXIT_OK, "--subscribers", "200", "--seconds", "0.3", "--warmup", "0.1",
                "--protocol", "tictoc", "--ingest", "30", "--json");
        String[] lines = result[0].split("\n");
        JsonObject json = StrictJson.parseObject(lines[lines.length - 1]);
        for (String key : new String[] {"terndb", "h2", "hsqldb"}) {
            assertTrue(json.get(key + "_tps").getAsDouble() > 0, json.toString());
        }
        for (String rival : new String[] {"h2", "hsqldb"}) {
            assertEquals(json.get("terndb_tps").getAsDouble() / json.get(rival + "_tps").getAsDouble(),
                    json.get(rival + "_ratio").getAsDouble(), 0.01, json.toString());
        }
        assertEquals(200, json.get("subscribers").getAsInt());
        assertEquals(2, json.get("threads").getAsInt());
        assertEquals(0.3, json.get("seconds").getAsDouble());
        assertEquals(30.0, json.get("ingest_percent").getAsDouble());
        assertEquals("tictoc", json.get("protocol").getAsString());
        // every database was loaded, run with the same settings, and checked
        for (String database : new String[] {"TernDB", "H2", "HSQL"}) {
            assertTrue(result[1].contains("created the TATP schema in " + database), result[1]);
        }
        assertEquals(3, result[1].split("consistent\n", -1).length - 1, result[1]);
        assertTrue(result[1].contains("protocol tictoc"), result[1]);
    }

    @Test
    void humanOutputIsATableOfTpsAndRatiosOverRounds() {
        String[] result = run(Cli.EXIT_OK, "--subscribers", "300", "--seconds", "0.2", "--warmup", "0",
                "--no-check", "--rounds", "2");
        String stdout = result[0];
        assertTrue(stdout.contains("terndb/x") && stdout.contains("median tps") && stdout.contains("tps per round"),
                stdout);
        assertTrue(result[1].contains("== round 2 of 2: HSQLDB"), result[1]);
        for (String title : new String[] {"TernDB (silo)", "H2 (in-memory", "HSQLDB (in-memory, MVCC)"}) {
            assertTrue(stdout.contains(title), stdout);
        }
    }

    @Test
    void helpAndBadOptions() {
        assertTrue(run(Cli.EXIT_OK, "--help")[0].contains("tern compare tatp"));
        assertTrue(run(Cli.EXIT_USAGE, "--protocol", "nope")[1].contains("unknown protocol 'nope'"));
        assertTrue(run(Cli.EXIT_USAGE, "--rounds", "0")[1].contains("rounds"));
        assertTrue(run(Cli.EXIT_USAGE, "--ingest", "50", "--update-intensive")[1].contains("give one of them"));
    }
}
