package org.terndb.tpcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.terndb.cli.Cli;
import org.terndb.cli.CommandRuns;
import org.terndb.cli.StrictJson;
import org.terndb.durability.DurabilityOptions;

/**
 * {@code --mode direct --durability sync|async}: the run logs to a database folder, and what it committed (the
 * loaded population, made durable by a checkpoint, and the transactions, through the log) is there when the folder
 * is opened again, consistent.
 */
class DurableTpccTest {
    @TempDir
    Path dir;

    private static String[] run(int expectedExit, String... args) {
        return CommandRuns.run(new TpccCommand(), expectedExit, args);
    }

    private static DurableTpcc reopen(Path db) throws Exception {
        return DurableTpcc.open(db, "silo", DurabilityOptions.of(Map.of("durability", "none")), 1, 0.02);
    }

    @ParameterizedTest
    @ValueSource(strings = {"sync", "async"})
    void aDurableRunLeavesARecoverableConsistentDatabase(String mode) throws Exception {
        Path db = dir.resolve("db");
        String[] r = run(Cli.EXIT_OK, "--durability", mode, "--dir", db.toString(), "--scale", "0.02",
                "--seconds", "0.5", "--warmup", "0.1", "--json");
        String[] lines = r[0].split("\n");
        JsonObject json = StrictJson.parseObject(lines[lines.length - 1]);
        assertEquals(mode, json.get("durability").getAsString());
        assertTrue(json.getAsJsonObject("consistency").get("ok").getAsBoolean(), r[0]);
        long newOrders = json.getAsJsonObject("by_txn").getAsJsonObject("new_order").get("commits").getAsLong();
        assertTrue(newOrders > 0, r[0]);
        assertTrue(r[1].contains("checkpointed the loaded database"), r[1]);
        assertTrue(Files.exists(db.resolve("catalog.tcat")), "the folder is kept");

        try (DurableTpcc reopened = reopen(db)) {
            assertTrue(reopened.recovered(), "the population came back");
            assertTrue(reopened.recovery().logRecords() > 0, "the run's commits came back through the log");
            // A loaded order with all its lines, and the consistency conditions on the recovered database.
            assertEquals(1, reopened.verify(Set.of(DurableTpcc.orderId(1, 1, 1))));
        }
    }

    @Test
    void terminalsSharingAThreadAcknowledgeSyncCommitsOnceDurableAndLeaveARecoverableDatabase() throws Exception {
        Path db = dir.resolve("db");
        String[] r = run(Cli.EXIT_OK, "--durability", "sync", "--terminals-per-thread", "4", "--dir", db.toString(),
                "--scale", "0.02", "--seconds", "0.5", "--warmup", "0.1", "--json");
        String[] lines = r[0].split("\n");
        JsonObject json = StrictJson.parseObject(lines[lines.length - 1]);
        assertEquals(4, json.get("terminals_per_thread").getAsInt());
        assertEquals("sync", json.get("durability").getAsString());
        assertTrue(r[1].contains("8 terminals on 2 threads"), r[1]);
        assertTrue(json.getAsJsonObject("consistency").get("ok").getAsBoolean(), r[0]);
        long newOrders = json.getAsJsonObject("by_txn").getAsJsonObject("new_order").get("commits").getAsLong();
        assertTrue(newOrders > 0, "commits are counted at their acknowledgement: " + r[0]);

        try (DurableTpcc reopened = reopen(db)) {
            assertTrue(reopened.recovered(), "the population came back");
            assertTrue(reopened.recovery().logRecords() > 0, "the run's commits came back through the log");
            assertEquals(1, reopened.verify(Set.of(DurableTpcc.orderId(1, 1, 1))));
        }
    }

    @Test
    void manyTerminalsPerThreadWithEpochsLeftToTheTimerStillAcknowledgeEveryCommit() throws Exception {
        Path db = dir.resolve("db");
        String[] r = run(Cli.EXIT_OK, "--durability", "sync", "--terminals-per-thread", "64", "--options",
                "sync_advance_epoch=false;epoch_ms=5", "--dir", db.toString(), "--scale", "0.02", "--seconds", "0.5",
                "--warmup", "0.1", "--json");
        String[] lines = r[0].split("\n");
        JsonObject json = StrictJson.parseObject(lines[lines.length - 1]);
        assertTrue(r[1].contains("options {epoch_ms=5, sync_advance_epoch=false}"), r[1]);
        assertTrue(r[1].contains("128 terminals on 2 threads"), r[1]);
        assertTrue(r[1].contains("every terminal waiting for durability"), r[1]);
        assertTrue(json.getAsJsonObject("consistency").get("ok").getAsBoolean(), r[0]);
        assertTrue(json.getAsJsonObject("by_txn").getAsJsonObject("payment").get("commits").getAsLong() > 0, r[0]);
        try (DurableTpcc reopened = reopen(db)) {
            assertTrue(reopened.recovery().logRecords() > 0, "the run's commits came back through the log");
            assertEquals(1, reopened.verify(Set.of(DurableTpcc.orderId(1, 1, 1))));
        }
    }

    @Test
    void noDurabilityWritesNothingAndIsTheDefault() throws Exception {
        String[] r = run(Cli.EXIT_OK, "--scale", "0.02", "--seconds", "0.2", "--warmup", "0", "--json");
        String[] lines = r[0].split("\n");
        assertEquals("none", StrictJson.parseObject(lines[lines.length - 1]).get("durability").getAsString());
        assertFalse(r[1].contains("checkpointed"), r[1]);
    }

    @Test
    void badCombinationsAreUsageErrors() throws Exception {
        assertTrue(run(Cli.EXIT_USAGE, "--mode", "kernel", "--durability", "sync")[1]
                .contains("--durability applies to --mode direct only"));
        assertTrue(run(Cli.EXIT_USAGE, "--dir", dir.toString())[1].contains("--dir needs --durability sync or async"));
        assertTrue(run(Cli.EXIT_USAGE, "--mode", "kernel", "--terminals-per-thread", "2")[1]
                .contains("--terminals-per-thread applies to --mode direct only"));
        assertTrue(run(Cli.EXIT_USAGE, "--terminals-per-thread", "0")[1].contains("terminals-per-thread"));
        assertTrue(run(Cli.EXIT_USAGE, "--durability", "fast")[1].contains("none, async, sync"));
        assertTrue(run(Cli.EXIT_USAGE, "--durability", "sync", "--options", "speed=11")[1]
                .contains("--options takes key=value pairs"));
        assertTrue(run(Cli.EXIT_USAGE, "--durability", "sync", "--options", "log_flush_ms=-1")[1]
                .contains("log_flush_ms must be a non-negative integer"));
        assertTrue(run(Cli.EXIT_USAGE, "--options", "sync_advance_epoch=false")[1]
                .contains("sync_advance_epoch needs --durability sync or async"));
        assertTrue(run(Cli.EXIT_USAGE, "--mode", "kernel", "--options", "epoch_ms=5")[1]
                .contains("--options applies to --mode direct only"));
        Files.writeString(dir.resolve("something"), "x");
        assertTrue(run(Cli.EXIT_FAILURE, "--durability", "sync", "--dir", dir.toString(), "--scale", "0.02")[1]
                .contains("is not empty"));
    }

    @Test
    void acknowledgedIdsOfAnotherDatabaseAreReportedMissing() throws Exception {
        Path db = dir.resolve("db");
        try (DurableTpcc t = DurableTpcc.open(db, "silo", DurabilityOptions.of(Map.of("durability", "sync")), 1,
                0.02)) {
            t.populateIfEmpty(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        }
        try (DurableTpcc reopened = reopen(db)) {
            assertTrue(reopened.recovered());
            AssertionError e = assertThrows(AssertionError.class,
                    () -> reopened.verify(Set.of(DurableTpcc.orderId(1, 3, 1_000_000))));
            assertTrue(e.getMessage().contains("acknowledged New-Order (1, 3, 1000000) was lost"), e.getMessage());
            e = assertThrows(AssertionError.class, () -> reopened.verify(Set.of(DurableTpcc.paymentId(7, 5))));
            assertTrue(e.getMessage().contains("acknowledged Payment (HISTORY 7/5) was lost"), e.getMessage());
        }
    }
}
