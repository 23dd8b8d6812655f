package org.terndb.bench.memory;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class LineHandoffTest {
    /** The two threads must take turns to the end: a step taken out of turn, or one missed, leaves one waiting forever. */
    @Test
    void twoThreadsTakeTurnsToTheEnd() {
        assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "two spinning threads need two processors");
        for (int steps : new int[] {1, 2, 999, 20_000}) {
            double nanos = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> new LineHandoff().nanosPerStep(steps));
            assertTrue(nanos > 0, steps + " steps: " + nanos + " ns a step");
        }
    }
}
