package org.terndb.harness;

import java.util.function.LongConsumer;
import java.util.function.LongPredicate;

/**
 * The terminals one driver thread serves in turn when its commits end before they may be acknowledged (a deferred
 * commit: its epoch must still become durable, or close under a protocol's group commit), as a SiloR worker serves
 * many clients (SiloR §5). The thread goes on with the next terminal whose previous transaction was acknowledged;
 * a commit is acknowledged, and only then counted, once the driver's worker says its epoch may be; when every
 * terminal waits, the thread blocks for the oldest pending commit. Each terminal stays a closed loop: it submits
 * its next transaction only after the previous one was acknowledged. O(1) per transaction however many terminals.
 *
 * @param <T> the benchmark's transaction type
 */
public final class TerminalRing<T extends TransactionType> {
    private final DriverThread<T> driver;
    private LongPredicate acknowledgeable;
    private LongConsumer awaitAcknowledgeable;
    /** Per terminal: the epoch its pending commit waits for (0 = none pending), its type and latency start. */
    private final long[] pendingEpoch;
    private final Object[] pendingType;
    private final long[] latencyStart;
    /**
     * Terminals with a pending commit, oldest commit first (a thread's commit epochs never decrease, so the head is
     * the first to become acknowledgeable), and terminals free to submit, in the order they became free. Both are
     * rings of terminal indexes: every terminal is in exactly one of them, or is {@link #current}.
     */
    private final int[] pending;
    private int pendingHead;
    private int pendingCount;
    private final int[] ready;
    private int readyHead;
    private int readyCount;
    /** The terminal {@link #next} returned last, -1 before the first. */
    private int current = -1;
    /** Time the thread spent blocked because every terminal waited (while {@link #measuring}). */
    private long blockedNanos;
    private boolean measuring;

    /** @param driver the thread whose terminals these are: it counts the acknowledged commits */
    public TerminalRing(int terminals, DriverThread<T> driver) {
        if (terminals < 1) {
            throw new IllegalArgumentException("a ring needs a terminal, not " + terminals);
        }
        this.driver = driver;
        pendingEpoch = new long[terminals];
        pendingType = new Object[terminals];
        latencyStart = new long[terminals];
        pending = new int[terminals];
        ready = new int[terminals];
        for (int i = 0; i < terminals; i++) {
            ready[i] = i;
        }
        readyCount = terminals;
    }

    /**
     * Binds the ring to its driver's worker, before the first {@link #next}: {@code acknowledgeable} tells whether a
     * commit that named an epoch may be acknowledged now (never blocking), {@code await} blocks until it may.
     */
    public void open(LongPredicate acknowledgeable, LongConsumer await) {
        this.acknowledgeable = acknowledgeable;
        this.awaitAcknowledgeable = await;
    }

    /**
     * The terminal that became free first, after acknowledging the commits that may be: the previous terminal is
     * free again unless its commit was left {@link #pending}. Its start time is taken now.
     */
    public int next() {
        int previous = current;
        if (previous >= 0 && pendingEpoch[previous] == 0) {
            pushReady(previous); // its transaction was acknowledged at once, rolled back, or abandoned
        }
        acknowledge();
        if (readyCount == 0) {
            // Every terminal waits: block for the oldest pending commit.
            long t0 = System.nanoTime();
            awaitAcknowledgeable.accept(pendingEpoch[pending[pendingHead]]);
            if (measuring) {
                blockedNanos += System.nanoTime() - t0;
            }
            acknowledge();
        }
        int i = ready[readyHead];
        readyHead = readyHead + 1 == ready.length ? 0 : readyHead + 1;
        readyCount--;
        current = i;
        latencyStart[i] = driver.latencyStart();
        return i;
    }

    /**
     * The current terminal's commit of {@code type} ended and waits for {@code epoch}; returns {@link Outcome#COMMITTED}
     * if it may be acknowledged at once (epoch 0, or acknowledgeable already), else {@link Outcome#PENDING} (it is
     * counted when {@link #next} or {@link #drain} acknowledges it).
     */
    public Outcome committed(T type, long epoch) {
        if (epoch == 0 || acknowledgeable.test(epoch)) {
            return Outcome.COMMITTED;
        }
        pendingEpoch[current] = epoch;
        pendingType[current] = type;
        int at = pendingHead + pendingCount;
        pending[at >= pending.length ? at - pending.length : at] = current;
        pendingCount++;
        return Outcome.PENDING;
    }

    /** Awaits every commit still pending (none is left unacknowledged), oldest first. After the run. */
    public void drain() {
        while (pendingCount > 0) {
            int i = pending[pendingHead];
            awaitAcknowledgeable.accept(pendingEpoch[i]);
            popPending();
            pendingEpoch[i] = 0;
            driver.finished(type(i), Outcome.COMMITTED); // acknowledged, but after the timed window
        }
    }

    /** Starts or stops counting the time blocked (the timed window). */
    public void measuring(boolean on) {
        measuring = on;
    }

    /** Nanoseconds of the timed window the thread was blocked with every terminal waiting. */
    public long blockedNanos() {
        return blockedNanos;
    }

    /** Acknowledges pending commits from the oldest on while they may be. */
    private void acknowledge() {
        while (pendingCount > 0) {
            int i = pending[pendingHead];
            if (!acknowledgeable.test(pendingEpoch[i])) {
                return;
            }
            popPending();
            pendingEpoch[i] = 0;
            driver.acknowledged(type(i), Outcome.COMMITTED, latencyStart[i]);
            pushReady(i);
        }
    }

    @SuppressWarnings("unchecked")
    private T type(int i) {
        return (T) pendingType[i];
    }

    private void popPending() {
        pendingHead = pendingHead + 1 == pending.length ? 0 : pendingHead + 1;
        pendingCount--;
    }

    private void pushReady(int i) {
        int at = readyHead + readyCount;
        ready[at >= ready.length ? at - ready.length : at] = i;
        readyCount++;
    }
}
