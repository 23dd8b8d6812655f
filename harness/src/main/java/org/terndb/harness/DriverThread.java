package org.terndb.harness;

import org.terndb.cli.CommandFailedException;

/**
 * One driver thread of a benchmark: it draws its next transaction, runs attempts until one commits or rolls back,
 * and counts what happened while the phase is {@link RunPhase#MEASURE}. A subclass says how a transaction is
 * drawn ({@link #next}) and how one attempt runs in its mode ({@link #attempt}); retries, abort accounting and
 * latency are the same for every benchmark and mode.
 *
 * <p>Every transaction is counted; its latency is recorded for one in {@code latencySampling}, chosen at random.
 * Two clock reads cost a microsecond-long transaction several percent of its time (on a virtual machine's clock
 * source), so a benchmark of such transactions times a sample, and one whose standard asks for every transaction's
 * response time (TPC-C) times them all.
 *
 * @param <T> the benchmark's transaction type
 */
public abstract class DriverThread<T extends TransactionType> {
    /** Consecutive aborts of one transaction after which the run fails instead of spinning forever. */
    public static final int MAX_ATTEMPTS = 100_000;

    /** What {@link #latencyStart} returns for a transaction that is not timed. */
    public static final long UNTIMED = Long.MIN_VALUE;

    private final TerminalStats stats;
    private String abortReason;
    private String abortDetail;
    /** {@code latencySampling - 1}: a transaction is timed when these bits of the sampler are clear. */
    private final long sampleMask;
    /** Xorshift state of the sampling, apart from the benchmark's random inputs (which stay reproducible). */
    private long sampler;

    /** Times every transaction. */
    protected DriverThread(int transactionTypes) {
        this(transactionTypes, 1);
    }

    /** @param latencySampling one transaction in this many is timed, at random; a power of two (1: all of them) */
    protected DriverThread(int transactionTypes, int latencySampling) {
        if (latencySampling < 1 || Integer.bitCount(latencySampling) != 1) {
            throw new IllegalArgumentException("latency sampling must be a power of two, not " + latencySampling);
        }
        this.stats = new TerminalStats(transactionTypes);
        this.sampleMask = latencySampling - 1;
        this.sampler = Seeds.mix(System.nanoTime(), System.identityHashCode(this)) | 1;
    }

    /**
     * The start of the next transaction's latency: {@link System#nanoTime()} if it is one of the sample, else
     * {@link #UNTIMED}: independent of the transaction's type and of the benchmark's random inputs.
     */
    final long latencyStart() {
        if (sampleMask != 0) {
            long x = sampler;
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
            sampler = x;
            if ((x & sampleMask) != 0) {
                return UNTIMED;
            }
        }
        return System.nanoTime();
    }

    /** This thread's counts of the timed window. */
    public final TerminalStats stats() {
        return stats;
    }

    /** Runs on the driver thread before the first transaction (connections, workers). */
    public void open() throws Exception {
    }

    /** Runs on the driver thread after the last transaction, also after a failure. */
    public void close() throws Exception {
    }

    /** Draws the next transaction type and prepares its input for {@link #attempt}. */
    protected abstract T next();

    /**
     * Runs one attempt of the prepared transaction: {@link Outcome#COMMITTED}, {@link Outcome#ROLLED_BACK}, or
     * {@link #aborted} for a conflict that a retry may overcome. Anything thrown ends the run.
     */
    protected abstract Outcome attempt(T type) throws Exception;

    /** Waits before a retry (a protocol worker's backoff, a random sleep over JDBC). */
    protected void backoff() {
    }

    /** After each transaction that committed or rolled back, in any phase. */
    protected void finished(T type, Outcome outcome) {
    }

    /** On this thread, before its first transaction of the timed window (snapshot per-thread counters here). */
    protected void measureStarted() {
    }

    /** On this thread, after its last transaction, if the timed window started. */
    protected void measureEnded() {
    }

    /** What {@link #attempt} returns for a conflict abort; {@code reason} is the counter's name. */
    protected final Outcome aborted(String reason, String detail) {
        this.abortReason = reason;
        this.abortDetail = detail;
        return Outcome.ABORTED;
    }

    /**
     * Counts a transaction that {@link #attempt} left {@link Outcome#PENDING} once the driver acknowledges it, as
     * the loop counts the others: if the timed window is on, with the latency from {@code start} (its
     * {@link #latencyStart}, taken before its first attempt); then {@link #finished}.
     */
    protected final void acknowledged(T type, Outcome outcome, long start) {
        RunPhase p = phase;
        if (p != null && p.get() == RunPhase.MEASURE) {
            count(type, outcome, start);
        }
        finished(type, outcome);
    }

    private void count(T type, Outcome outcome, long start) {
        boolean committed = outcome == Outcome.COMMITTED;
        if (start == UNTIMED) {
            stats.finished(type.ordinal(), committed);
        } else {
            stats.finished(type.ordinal(), committed, System.nanoTime() - start);
        }
    }

    private RunPhase phase;

    /** Runs transactions until the phase is {@link RunPhase#STOP}. */
    public final void loop(RunPhase phase) throws Exception {
        this.phase = phase;
        boolean measuring = false;
        try {
            int now;
            while ((now = phase.get()) != RunPhase.STOP) {
                if (now == RunPhase.MEASURE && !measuring) {
                    measuring = true;
                    measureStarted();
                }
                T type = next();
                long start = latencyStart();
                Outcome outcome = execute(type, phase);
                if (outcome == Outcome.ABANDONED) {
                    break;
                }
                if (outcome == Outcome.PENDING) {
                    continue; // counted by acknowledged()
                }
                if (phase.get() == RunPhase.MEASURE) {
                    count(type, outcome, start);
                }
                finished(type, outcome);
            }
        } finally {
            if (measuring) {
                measureEnded();
            }
        }
    }

    /** Attempts {@code type} until it commits or rolls back; {@link Outcome#ABANDONED} if the run stopped first. */
    final Outcome execute(T type, RunPhase phase) throws Exception {
        for (int attempt = 1; ; attempt++) {
            Outcome outcome = attempt(type);
            if (outcome != Outcome.ABORTED) {
                return outcome;
            }
            int now = phase.get();
            if (now == RunPhase.MEASURE) {
                stats.aborted(type.ordinal(), abortReason);
            } else if (now == RunPhase.STOP) {
                return Outcome.ABANDONED;
            }
            if (attempt == MAX_ATTEMPTS) {
                throw new CommandFailedException(type.title() + " aborted " + attempt + " times in a row ("
                        + abortReason + (abortDetail == null ? "" : ": " + abortDetail)
                        + "); the system under test does not make progress");
            }
            backoff();
        }
    }
}
