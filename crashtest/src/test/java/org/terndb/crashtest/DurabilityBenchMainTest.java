package org.terndb.crashtest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.terndb.cli.Cli;

/** {@code bin/tern durability} runs every phase on a tiny scale and reports each figure (never how fast). */
class DurabilityBenchMainTest {
    @TempDir
    Path dir;

    private static double number(String json, String key) {
        Matcher m = Pattern.compile("\"" + key + "\":(-?[0-9.E]+)").matcher(json);
        assertTrue(m.find(), key + " missing in " + json);
        return Double.parseDouble(m.group(1));
    }

    @Test
    void everyPhaseRunsAndReportsItsFigures() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = new DurabilityBenchMain().execute(new String[] {"--dir", dir.toString(), "--seconds", "0.3",
                "--warmup", "0", "--dd-mb", "1", "--tpcc-seconds", "0.5", "--checkpoint-rates-kb", "4096,0", "--json"},
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        String stdout = out.toString(StandardCharsets.UTF_8);
        assertEquals(Cli.EXIT_OK, code, err.toString(StandardCharsets.UTF_8) + stdout);
        String[] lines = stdout.split("\n");
        String json = lines[lines.length - 1];
        assertTrue(number(json, "dd_mb_s") > 0, json);
        for (String key : new String[] {"insert_tps_none", "insert_tps_async", "insert_tps_sync", "log_mb_s_async",
                "recovery_log_records", "recovery_log_records_s", "recovery_log_mb_s", "checkpoint_rows",
                "checkpoint_rows_s", "checkpoint_headroom", "write_tps_without_checkpoint",
                "write_tps_with_checkpoint", "recovery_checkpoint_rows", "checkpoint_cpu_ns_per_row",
                "checkpoint_cpu_ns_per_row_during", "writer_cores_without_checkpoint",
                "writer_commits_per_cpu_ms_without_checkpoint", "process_cores_with_checkpoint"}) {
            assertTrue(number(json, key) > 0, key + " in " + json);
        }
        number(json, "checkpoint_slowdown_pct");
        number(json, "checkpoint_slowdown_pct_0kb");
        assertTrue(number(json, "log_mb_s_without_checkpoint") > 0, json);
        for (String key : new String[] {"log_mb_s_with_checkpoint", "log_fsync_ms_with_checkpoint",
                "log_fsync_ms_without_checkpoint", "log_fsyncs_s_with_checkpoint", "logger_fsync_pct_with_checkpoint",
                "logger_fsync_pct_without_checkpoint", "logger_write_pct_with_checkpoint",
                "log_fsync_ms_with_checkpoint_0kb"}) {
            assertTrue(number(json, key) >= 0, key + " in " + json);
        }
        assertEquals(4096, number(json, "checkpoint_rate_kb"), json);
        for (String key : new String[] {"tpcc_growth_rows_s", "checkpoint_headroom_tpcc", "checkpoint_rows_s_during",
                "checkpoint_rows_s_during_0kb", "checkpoint_headroom_tpcc_during"}) {
            assertTrue(number(json, key) > 0, key + " in " + json);
        }
        assertEquals(number(json, "recovery_log_records"), number(json, "checkpoint_rows"),
                "the checkpoint holds the rows the log recovered: " + json);
        try (Stream<Path> s = Files.list(dir)) {
            assertEquals(0, s.count(), "the databases and dd's file are gone");
        }
    }

    @Test
    void insertPhasesStopAtMaxRowsSoMemoryStaysBounded() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = new DurabilityBenchMain().execute(new String[] {"--dir", dir.toString(), "--seconds", "1",
                "--warmup", "0", "--dd-mb", "0", "--tpcc-seconds", "0", "--checkpoint-rates-kb", "0", "--max-rows",
                "2000", "--json"}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        String stdout = out.toString(StandardCharsets.UTF_8);
        assertEquals(Cli.EXIT_OK, code, err.toString(StandardCharsets.UTF_8) + stdout);
        String[] lines = stdout.split("\n");
        String json = lines[lines.length - 1];
        assertEquals(2000, number(json, "recovery_log_records"), "the async phase inserted 2,000 rows: " + json);
        assertEquals(2000, number(json, "checkpoint_rows"), json);
        assertTrue(stdout.contains("stopped after"), stdout);
    }
}
