package org.terndb.txn.common;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * AdaptiveBackoff (CCBench Table 1, after Cicada §3.7): before retrying an aborted transaction, wait a random
 * time below a per-worker ceiling. The ceiling doubles while aborts keep coming and halves on each commit, so
 * contended workers spread out and uncontended ones pay nothing. Cicada tunes one global ceiling by hill
 * climbing on throughput; a per-worker ceiling avoids a shared cache line on two cores, at the cost of
 * reacting per worker rather than globally.
 */
public final class Backoff {
    private static final long MIN_NANOS = 1_000;
    private static final long MAX_NANOS = 1_000_000;

    private final boolean enabled;
    private long ceilingNanos = MIN_NANOS;

    public Backoff(boolean enabled) {
        this.enabled = enabled;
    }

    public void onCommit() {
        ceilingNanos = Math.max(MIN_NANOS, ceilingNanos >> 1);
    }

    public void onAbort() {
        ceilingNanos = Math.min(MAX_NANOS, ceilingNanos << 1);
    }

    /** Waits before a retry. */
    public void pause() {
        if (!enabled) {
            return;
        }
        long nanos = ThreadLocalRandom.current().nextLong(ceilingNanos);
        if (nanos < 20_000) {
            long end = System.nanoTime() + nanos;
            while (System.nanoTime() < end) {
                Thread.onSpinWait();
            }
        } else {
            LockSupport.parkNanos(nanos);
        }
    }

    /** Busy-waits about the given number of microseconds (ReadPhaseExtension). */
    public static void spinMicros(int micros) {
        if (micros <= 0) {
            return;
        }
        long end = System.nanoTime() + micros * 1_000L;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
    }
}
