package org.terndb.harness.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.terndb.cli.StrictJson;

class ComparisonTest {
    private static final PrintStream QUIET = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

    private static Comparison measured(Map<String, Double> tpsByKey) throws Exception {
        List<CompareTarget> targets = CompareTarget.ternAndRivals("bench", "tictoc");
        return Comparison.run(targets, t -> tpsByKey.get(t.key()), QUIET);
    }

    @Test
    void runsEveryTargetInOrderWithItsOwnUrl() throws Exception {
        List<String> urls = new ArrayList<>();
        Comparison.run(CompareTarget.ternAndRivals("bench", "tictoc"), t -> {
            urls.add(t.url());
            return 1;
        }, QUIET);
        assertEquals(List.of("jdbc:tern:mem:bench;protocol=tictoc", "jdbc:h2:mem:bench",
                "jdbc:hsqldb:mem:bench;hsqldb.tx=mvcc"), urls);
    }

    @Test
    void ratiosAreReferenceOverRival() throws Exception {
        Comparison c = measured(Map.of("terndb", 1000.0, "h2", 250.0, "hsqldb", 400.0));
        assertEquals(4.0, c.ratio("h2"), 1e-9);
        assertEquals(2.5, c.ratio("hsqldb"), 1e-9);
        assertEquals(1.0, c.ratio("terndb"), 1e-9);
        assertEquals(250.0, c.tps("h2"));
        assertThrows(IllegalArgumentException.class, () -> c.tps("derby"));
    }

    @Test
    void jsonHasTpsAndRatiosAfterTheCallersFields() throws Exception {
        Comparison c = measured(Map.of("terndb", 1000.0, "h2", 300.0, "hsqldb", 0.0));
        String line = c.toJson(new org.terndb.cli.JsonObject().put("threads", 2)).toString();
        JsonObject json = StrictJson.parseObject(line);
        assertEquals(2, json.get("threads").getAsInt());
        assertEquals(1000.0, json.get("terndb_tps").getAsDouble());
        assertEquals(300.0, json.get("h2_tps").getAsDouble());
        assertEquals(0.0, json.get("hsqldb_tps").getAsDouble());
        assertEquals(3.333, json.get("h2_ratio").getAsDouble());
        assertTrue(json.get("hsqldb_ratio").isJsonNull(), "a rival that committed nothing has no finite ratio");
        assertNull(json.get("terndb_ratio"));
        assertTrue(line.indexOf("\"threads\"") < line.indexOf("\"terndb_tps\""));
    }

    @Test
    void tablePrintsOneRowPerTargetWithRatios() throws Exception {
        Comparison c = measured(Map.of("terndb", 12000.0, "h2", 1000.0, "hsqldb", 3000.0));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        c.print(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String[] lines = bytes.toString(StandardCharsets.UTF_8).split("\n");
        assertEquals(4, lines.length);
        assertTrue(lines[0].contains("terndb/x"), lines[0]);
        assertTrue(lines[1].startsWith("TernDB (tictoc)") && lines[1].contains("12,000") && lines[1].endsWith("1.00"),
                lines[1]);
        assertTrue(lines[2].startsWith("H2") && lines[2].endsWith("12.00"), lines[2]);
        assertTrue(lines[3].startsWith("HSQLDB") && lines[3].endsWith("4.00"), lines[3]);
    }

    @Test
    void roundsInterleaveTheTargetsAndReportEachOnesMedian() throws Exception {
        Map<String, List<Double>> script = Map.of(
                "terndb", new ArrayList<>(List.of(10.0, 30.0, 20.0)),
                "h2", new ArrayList<>(List.of(4.0, 1.0, 2.0)),
                "hsqldb", new ArrayList<>(List.of(5.0, 5.0, 8.0)));
        List<String> order = new ArrayList<>();
        Comparison c = Comparison.run(CompareTarget.ternAndRivals("bench", "silo"), 3, t -> {
            order.add(t.key());
            return script.get(t.key()).remove(0);
        }, QUIET);
        assertEquals(List.of("terndb", "h2", "hsqldb", "terndb", "h2", "hsqldb", "terndb", "h2", "hsqldb"), order);
        assertEquals(3, c.rounds());
        assertEquals(20.0, c.tps("terndb"));
        assertEquals(2.0, c.tps("h2"));
        assertEquals(10.0, c.ratio("h2"), 1e-9, "the ratio of the medians");
        assertEquals(4.0, c.ratio("hsqldb"), 1e-9);
        assertEquals(List.of(10.0, 30.0, 20.0), c.reference().runs());

        JsonObject json = StrictJson.parseObject(c.toJson(new org.terndb.cli.JsonObject()).toString());
        assertEquals(3, json.get("rounds").getAsInt());
        assertEquals(30.0, json.getAsJsonArray("terndb_tps_rounds").get(1).getAsDouble());
        assertEquals(20.0, json.get("terndb_tps").getAsDouble());
        assertEquals(10.0, json.get("h2_ratio").getAsDouble());

        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        c.print(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String[] lines = bytes.toString(StandardCharsets.UTF_8).split("\n");
        assertTrue(lines[0].contains("median tps") && lines[0].contains("tps per round"), lines[0]);
        assertTrue(lines[2].startsWith("H2") && lines[2].contains("10.00") && lines[2].endsWith("4 / 1 / 2"), lines[2]);

        assertThrows(IllegalArgumentException.class,
                () -> Comparison.run(CompareTarget.ternAndRivals("bench", "silo"), 0, t -> 1, QUIET));
    }

    @Test
    void oneRoundPrintsNoRoundFields() throws Exception {
        Comparison c = measured(Map.of("terndb", 1000.0, "h2", 300.0, "hsqldb", 10.0));
        assertEquals(1, c.rounds());
        JsonObject json = StrictJson.parseObject(c.toJson(new org.terndb.cli.JsonObject()).toString());
        assertNull(json.get("rounds"));
        assertNull(json.get("terndb_tps_rounds"));
    }

    @Test
    void aFailingTargetFailsTheComparisonAndIsNamed() {
        SQLException e = assertThrows(SQLException.class, () -> Comparison.run(
                CompareTarget.ternAndRivals("bench", "silo"), t -> {
                    if (t.key().equals("h2")) {
                        throw new SQLException("boom");
                    }
                    return 5;
                }, QUIET));
        assertTrue(e.getSuppressed()[0].getMessage().contains("H2"), e.getSuppressed()[0].getMessage());
    }

    @Test
    void needsAReferenceAndARivalAndValidKeys() {
        assertThrows(IllegalArgumentException.class, () -> Comparison.of(List.of(
                new Comparison.Entry(CompareTarget.h2("x"), 1))));
        assertThrows(IllegalArgumentException.class, () -> new CompareTarget("Bad Key", "t", "jdbc:h2:mem:x"));
    }
}
