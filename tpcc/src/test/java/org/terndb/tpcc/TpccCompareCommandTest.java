package org.terndb.tpcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import org.junit.jupiter.api.Test;
import org.terndb.cli.Cli;
import org.terndb.cli.CommandRuns;
import org.terndb.cli.StrictJson;

/** {@code tern compare tpcc} on tiny databases: three runs, one table or one JSON line. Never checks speed. */
class TpccCompareCommandTest {
    private static String[] run(int expectedExit, String... args) {
        return CommandRuns.run(new TpccCompareCommand(), expectedExit, args);
    }

    @Test
    void comparesTernDbWithH2AndHsqldbInOneJsonLine() throws Exception {
        String[] result = run(Cli.EXIT_OK, "--scale", "0.005", "--seconds", "0.3", "--warmup", "0.1",
                "--protocol", "tictoc", "--json");
        String[] lines = result[0].split("\n");
        JsonObject json = StrictJson.parseObject(lines[lines.length - 1]);
        for (String key : new String[] {"terndb_tps", "h2_tps", "hsqldb_tps"}) {
            assertTrue(json.get(key).getAsDouble() > 0, key + ": " + json);
        }
        for (String rival : new String[] {"h2", "hsqldb"}) {
            double expected = json.get("terndb_tps").getAsDouble() / json.get(rival + "_tps").getAsDouble();
            assertEquals(expected, json.get(rival + "_ratio").getAsDouble(), expected * 0.01 + 0.001, json.toString());
        }
        assertEquals("tictoc", json.get("protocol").getAsString());
        assertEquals(1, json.get("warehouses").getAsInt());
        assertEquals(2, json.get("threads").getAsInt());
        assertEquals(0.3, json.get("seconds").getAsDouble());
        // Each database was loaded and checked; the progress names all three URLs.
        String stderr = result[1];
        assertTrue(stderr.contains("jdbc:tern:mem:tpcc_compare") && stderr.contains(";protocol=tictoc"), stderr);
        assertTrue(stderr.contains("jdbc:h2:mem:tpcc_compare"), stderr);
        assertTrue(stderr.contains("jdbc:hsqldb:mem:tpcc_compare") && stderr.contains("hsqldb.tx=mvcc"), stderr);
        assertEquals(3, stderr.split("consistent\\n", -1).length - 1, stderr);
    }

    @Test
    void printsATableForPeopleAndRejectsBadOptions() {
        String table = run(Cli.EXIT_OK, "--scale", "0.005", "--seconds", "0.2", "--warmup", "0", "--no-check")[0];
        assertTrue(table.contains("TernDB (silo)") && table.contains("H2 (in-memory, MVStore)")
                && table.contains("HSQLDB (in-memory, MVCC)") && table.contains("terndb/x"), table);
        String[] bad = run(Cli.EXIT_USAGE, "--protocol", "nope");
        assertTrue(bad[1].contains("unknown protocol 'nope'"), bad[1]);
        String help = run(Cli.EXIT_OK, "--help")[0];
        assertTrue(help.contains("tern compare tpcc") && help.contains("--warehouses"), help);
    }
}
