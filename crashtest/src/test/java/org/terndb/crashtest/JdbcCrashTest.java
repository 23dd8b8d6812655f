package org.terndb.crashtest;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Crash trials through JDBC on {@code jdbc:tern:file:}: a child JVM runs the ledger on four connections with
 * background checkpoints every second and is killed with SIGKILL at a random moment, twice per trial; every
 * acknowledged commit must be recovered, nothing partial may be visible, and hidden row ids and the secondary
 * index must come back consistent.
 */
class JdbcCrashTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource({"silo, 1", "tictoc, 2", "2pl-wait, 3", "si, 4"})
    void acknowledgedCommitsSurviveSigkillAndNothingPartialIsVisible(String protocol, long seed) throws Exception {
        CrashTrial trial = new CrashTrial(dir.resolve("db"), ";protocol=" + protocol
                + ";durability=sync;checkpoint_interval_s=1", "ledger", 4, 2, 300, 1500);
        CrashTrial.Result r = trial.run(seed);
        assertTrue(r.passed(), r.message());
        assertTrue(r.acknowledged() > 0, "the child acknowledged nothing");
    }
}
