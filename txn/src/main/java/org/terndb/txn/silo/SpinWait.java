package org.terndb.txn.silo;

/**
 * A bounded busy wait for a lock or a stable record word: spins, yields the core now and then (two cores and
 * more threads than cores are normal here), and gives up after the {@code lock_timeout_ms} option's time.
 * Reused across waits by one worker; no allocation.
 */
public final class SpinWait {
    private static final int SPINS_PER_YIELD = 256;

    private final long timeoutNanos;
    private int spins;
    private long deadline;

    public SpinWait(long timeoutMillis) {
        this.timeoutNanos = Math.max(1, timeoutMillis) * 1_000_000L;
    }

    /** Starts a new wait. */
    public void start() {
        spins = 0;
        deadline = 0;
    }

    /** Waits a little; returns false once the wait has lasted longer than the timeout. */
    public boolean pause() {
        if (++spins % SPINS_PER_YIELD != 0) {
            Thread.onSpinWait();
            return true;
        }
        long now = System.nanoTime();
        if (deadline == 0) {
            deadline = now + timeoutNanos;
        } else if (now - deadline > 0) {
            return false;
        }
        Thread.yield();
        return true;
    }
}
