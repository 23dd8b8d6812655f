package org.terndb.crashtest;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Crash trials of TPC-C in direct mode with durability sync: a child JVM loads a small TPC-C database (checkpointed),
 * runs the mix on two threads with checkpoints every second and is killed with SIGKILL at a random moment, twice;
 * every acknowledged New-Order (with all its order lines) and Payment must be recovered, and the TPC-C consistency
 * conditions must hold on the recovered database.
 */
class TpccCrashTest {
    @TempDir
    Path dir;

    @Test
    void acknowledgedOrdersAndPaymentsSurviveSigkillAndTheDatabaseStaysConsistent() throws Exception {
        CrashTrial trial = new CrashTrial(dir.resolve("db"), ";protocol=silo;durability=sync;checkpoint_interval_s=1"
                + ";warehouses=1;scale=0.02", "tpcc", 2, 2, 300, 1500);
        CrashTrial.Result r = trial.run(7);
        assertTrue(r.passed(), r.message());
        assertTrue(r.acknowledged() > 0, "the child acknowledged nothing");
    }
}
