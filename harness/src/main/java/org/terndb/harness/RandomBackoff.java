package org.terndb.harness;

import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * Backoff for retries outside a protocol worker (JDBC): a random wait below a ceiling that doubles per abort and
 * halves per success, as the protocols' adaptive backoff does. One per thread.
 */
public final class RandomBackoff {
    private static final long MIN_NANOS = 1_000;
    private static final long MAX_NANOS = 1_000_000;

    private final SplittableRandom random = new SplittableRandom();
    private long ceilingNanos = MIN_NANOS;

    /** After an attempt that committed or rolled back. */
    public void succeeded() {
        ceilingNanos = Math.max(MIN_NANOS, ceilingNanos >> 1);
    }

    /** After an abort: waits a random time below the raised ceiling. */
    public void pause() {
        ceilingNanos = Math.min(MAX_NANOS, ceilingNanos << 1);
        LockSupport.parkNanos(random.nextLong(ceilingNanos));
    }
}
