package org.terndb.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.terndb.cli.UsageException;

class WarmUpTest {

    @Test
    void autoWaitsForTheJitBetweenItsShortestAndLongestTime() {
        WarmUp auto = WarmUp.parse("auto", "warmup");
        assertTrue(auto.untilJitIdle());
        assertEquals(WarmUp.AUTO_MIN_SECONDS, auto.seconds());
        assertEquals(WarmUp.AUTO_MAX_SECONDS, auto.maxSeconds());
        assertEquals("auto", auto.describe());
    }

    @Test
    void secondsAreAFixedWarmUp() {
        WarmUp fixed = WarmUp.parse("2.5", "warmup");
        assertFalse(fixed.untilJitIdle());
        assertEquals(2.5, fixed.maxSeconds());
        assertEquals("2.5", fixed.describe());
        assertEquals("0", WarmUp.parse("0", "warmup").describe());
    }

    @Test
    void anythingElseIsAUsageErrorNamingTheOption() {
        for (String bad : new String[] {"-1", "soon", "3601", "NaN", ""}) {
            UsageException e = assertThrows(UsageException.class, () -> WarmUp.parse(bad, "warmup"), bad);
            assertTrue(e.getMessage().contains("--warmup is auto"), e.getMessage());
        }
    }

    @Test
    void aWarmUpEndsNoSoonerThanItsSecondsAndNoLaterThanItsLongestTime() {
        assertThrows(IllegalArgumentException.class, () -> new WarmUp(2, 1));
        assertThrows(IllegalArgumentException.class, () -> new WarmUp(-1, 1));
    }
}
