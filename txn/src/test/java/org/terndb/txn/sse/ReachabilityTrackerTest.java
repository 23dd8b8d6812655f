package org.terndb.txn.sse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** The pure tracker functions that Silo+SSE (and later MVTO+SSE) build on. */
class ReachabilityTrackerTest {
    private static final long E = 7;
    private static final int A = 1 << 3;
    private static final int B = 1 << 9;

    @Test
    void layoutKeepsEpochPivotAndBothFilters() {
        long t = ReachabilityTracker.compose(E, true, A, B);
        assertEquals(E, ReachabilityTracker.epochOf(t));
        assertTrue(ReachabilityTracker.isLive(t, E));
        assertTrue(ReachabilityTracker.hasPivot(t, E));
        assertEquals(A, ReachabilityTracker.mergedRS(t, E));
        assertEquals(B, ReachabilityTracker.mergedWS(t, E));
        assertEquals(0, ReachabilityTracker.mergedRS(t, E + 1), "another epoch's tracker holds nothing");
        assertFalse(ReachabilityTracker.hasPivot(t, E + 1));
        long wrapped = ReachabilityTracker.compose((1L << 31) + E, false, 0, 0);
        assertEquals(E, ReachabilityTracker.epochOf(wrapped), "31-bit epoch field");
    }

    @Test
    void onlyTheNextEpochCountsAsNewer() {
        long t = ReachabilityTracker.compose(E + 1, false, A, 0);
        assertTrue(ReachabilityTracker.isNewer(t, E));
        assertFalse(ReachabilityTracker.isNewer(t, E + 1));
        assertFalse(ReachabilityTracker.isNewer(0, E), "a fresh tracker is old");
        assertEquals(t, ReachabilityTracker.mergeRead(t, E, B), "a newer tracker is left alone");
        assertEquals(t, ReachabilityTracker.mergeWrite(t, E, B));
        assertEquals(t, ReachabilityTracker.markPivot(t, E, B));
    }

    @Test
    void readsBeforeThePivotGoToMergedRsAndAfterItToMergedWs() {
        long before = ReachabilityTracker.mergeRead(0, E, A);
        assertEquals(ReachabilityTracker.compose(E, false, A, 0), before, "stale tracker restarts in our epoch");
        long pivot = ReachabilityTracker.markPivot(before, E, B);
        assertEquals(ReachabilityTracker.compose(E, true, A, B), pivot);
        long after = ReachabilityTracker.mergeRead(pivot, E, 1);
        assertEquals(ReachabilityTracker.compose(E, true, A, B | 1), after);
        assertEquals(after, ReachabilityTracker.mergeRead(after, E, 0), "nothing to add");
    }

    @Test
    void markingThePivotMovesEarlierWritersToMergedRs() {
        long t = ReachabilityTracker.mergeWrite(ReachabilityTracker.compose(E - 1, true, B, B), E, A);
        assertEquals(ReachabilityTracker.compose(E, false, 0, A), t, "last epoch's pivot and bits are gone");
        long p = ReachabilityTracker.markPivot(t, E, B);
        assertEquals(ReachabilityTracker.compose(E, true, A, B), p);
        assertEquals(ReachabilityTracker.compose(E, true, A, B | 1), ReachabilityTracker.markPivot(p, E, 1),
                "a second marking in the epoch only merges");
    }

    @Test
    void omissionNeedsIncomingPivotsDisjointFromOwnAndLinkedPivots() {
        assertTrue(ReachabilityTracker.omissionAllowed(0, A, -1));
        assertTrue(ReachabilityTracker.omissionAllowed(B, A, 0));
        assertFalse(ReachabilityTracker.omissionAllowed(A | B, A, 0));
        assertFalse(ReachabilityTracker.omissionAllowed(B, A, B));
        long linked = ReachabilityTracker.linkPivots(0, E, A);
        assertEquals(A, ReachabilityTracker.linkedPivots(linked, E));
        assertEquals(0, ReachabilityTracker.linkedPivots(linked, E + 1), "linked pivots last one epoch");
    }

    @Test
    void keyBitsSpreadOverAllSixteenBits() {
        int seen = 0;
        for (int k = 0; k < 256; k++) {
            int bit = ReachabilityTracker.keyBit(ByteBuffer.allocate(4).putInt(k).array());
            assertEquals(1, Integer.bitCount(bit));
            assertTrue(bit >>> ReachabilityTracker.FILTER_BITS == 0);
            seen |= bit;
        }
        assertEquals(0xFFFF, seen);
    }
}
