package org.terndb.bench.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RandomCycleTest {
    private static final int BYTES = 256 * 1024;

    /** The walk must visit every linked int once before it returns, so that it roams the whole size. */
    private static void assertOneCycle(int stride, long seed) {
        RandomCycle cycle = new RandomCycle(BYTES, seed);
        int start = cycle.link(stride);
        int positions = BYTES / stride;
        Set<Integer> seen = new HashSet<>();
        int at = start;
        for (int i = 0; i < positions; i++) {
            assertEquals(0, at % (stride / Integer.BYTES), "one linked int per stride");
            assertTrue(seen.add(at), "position " + at + " visited twice within one cycle");
            at = cycle.walk(at, 1);
        }
        assertEquals(start, at, "the walk comes back after every position");
        assertEquals(positions, seen.size());
    }

    @Test
    void linesAndPagesEachFormOneCycle() {
        assertOneCycle(RandomCycle.LINE, 1);
        assertOneCycle(RandomCycle.PAGE, 1);
        assertOneCycle(RandomCycle.LINE, -7);
    }

    @Test
    void theOrderIsRandomNotSequential() {
        RandomCycle cycle = new RandomCycle(BYTES, 3);
        int at = cycle.link(RandomCycle.LINE);
        int sequentialSteps = 0;
        for (int i = 0; i < 1000; i++) {
            int next = cycle.walk(at, 1);
            if (next == at + RandomCycle.LINE / Integer.BYTES) {
                sequentialSteps++;
            }
            at = next;
        }
        assertTrue(sequentialSteps < 10, sequentialSteps + " of 1000 steps went to the next line");
    }

    @Test
    void timesAWalk() {
        double nanos = new RandomCycle(BYTES, 1).nanosPerLoad(RandomCycle.PAGE, 10_000);
        assertFalse(Double.isNaN(nanos));
        assertTrue(nanos > 0, "a load takes some time: " + nanos);
    }

    @Test
    void tooSmallAMemoryIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new RandomCycle(4096, 1));
    }
}
