package org.terndb.txn.common.mvcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class WatermarkTest {

    @Test
    void theWatermarkIsTheOldestAnnouncedSnapshotOrNowWhenNoneRuns() {
        AtomicLong clock = new AtomicLong(10);
        Watermark wm = new Watermark(8, clock::get, 0, false);
        wm.register(0);
        wm.register(3);
        wm.scan();
        assertEquals(10, wm.safe());
        assertEquals(10, wm.enter(3));
        clock.set(20);
        assertEquals(20, wm.enter(0));
        clock.set(30);
        wm.scan();
        assertEquals(10, wm.safe());
        wm.exit(3);
        wm.scan();
        assertEquals(20, wm.safe());
        wm.exit(0);
        wm.scan();
        assertEquals(30, wm.safe());
        assertEquals(30, wm.trimHorizon());
    }

    @Test
    void theWatermarkNeverMovesBack() {
        AtomicLong clock = new AtomicLong(50);
        Watermark wm = new Watermark(4, clock::get, 0, false);
        wm.register(0);
        wm.scan();
        wm.announce(0, 40); // a conservative announcement below the published watermark
        wm.scan();
        assertEquals(50, wm.safe());
    }

    @Test
    void refreshScansAtMostOncePerInterval() {
        AtomicLong clock = new AtomicLong(1);
        Watermark wm = new Watermark(4, clock::get, 3_600_000_000L, false);
        assertTrue(wm.refresh(), "the first refresh is due");
        clock.set(5);
        assertFalse(wm.refresh());
        assertEquals(1, wm.safe());
    }

    @Test
    void theAggressiveHorizonIsNowAsOfThePreviousScan() {
        AtomicLong clock = new AtomicLong(10);
        Watermark wm = new Watermark(4, clock::get, 0, true);
        wm.register(0);
        wm.enter(0); // an old reader at 10
        clock.set(20);
        wm.scan();
        assertEquals(10, wm.safe());
        clock.set(30);
        wm.scan();
        assertEquals(10, wm.safe());
        assertEquals(20, wm.trimHorizon(), "versions superseded before the previous scan go");
    }
}
