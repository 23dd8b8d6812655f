package org.terndb.durability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Kills a child JVM (SIGKILL) running the kernel-level {@link Ledger} at a random moment, reopens the database and
 * checks that every acknowledged transfer is there and nothing partial is. Two kill-and-reopen rounds per trial,
 * so recovery of a recovered database (a second generation) is covered too.
 */
class KernelCrashTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"silo", "tictoc", "2pl-wait", "ermia", "silo+sse"})
    void acknowledgedTransfersSurviveSigkill(String protocol) throws Exception {
        SplittableRandom random = new SplittableRandom(protocol.hashCode());
        Set<Long> acknowledged = new HashSet<>();
        for (int round = 0; round < 2; round++) {
            try (ChildProcess child = ChildProcess.start(CrashChild.class, dir, dir.toString(), protocol, "3", "sync",
                    "ledger", Long.toString(1_000_000_000L * (round + 1)))) {
                assertTrue(child.await("READY", 60_000), () -> "child did not start: " + child.stderr());
                Thread.sleep(300 + random.nextInt(900));
                child.kill();
                acknowledged.addAll(child.acknowledged);
                assertFalse(child.acknowledged.isEmpty(), () -> "nothing was acknowledged: " + child.stderr());
            }
            try (KernelDb db = KernelDb.open(dir, protocol, Map.of("checkpoint_interval_s", "0"))) {
                Set<Long> present = Ledger.check(db.cc, db.table("ACCOUNT"), db.table("ENTRY"), acknowledged);
                assertTrue(present.size() >= acknowledged.size());
            }
        }
    }

    @Test
    void killDuringCheckpointRecoversFromThePreviousOne() throws Exception {
        try (ChildProcess child = ChildProcess.start(CrashChild.class, dir, dir.toString(), "silo", "1", "sync",
                "checkpoint", "1", "32")) {
            assertTrue(child.await("CKPT2-WRITING", 120_000), () -> "no second checkpoint: " + child.lines + "\n"
                    + child.stderr());
            Thread.sleep(200);
            assertNotNull(child.line("CKPT1 "));
            assertEquals(null, child.line("CKPT2-DONE"), "the slow checkpoint must still be running");
            child.kill();
            String first = child.line("CKPT1 ").substring(6);
            boolean half;
            try (var s = Files.list(dir)) {
                half = s.anyMatch(p -> p.getFileName().toString().endsWith(".tckp.tmp"));
            }
            assertTrue(half, "the killed checkpoint left its temporary file");
            try (KernelDb db = KernelDb.open(dir, "silo", Map.of("checkpoint_interval_s", "0"))) {
                assertEquals(first, db.recovery.checkpoint(), "recovery must use the previous checkpoint");
                Ledger.check(db.cc, db.table("ACCOUNT"), db.table("ENTRY"), child.acknowledged);
            }
            try (var s = Files.list(dir)) {
                assertFalse(s.anyMatch(p -> p.getFileName().toString().endsWith(".tmp")), "open deletes it");
            }
        }
    }
}
