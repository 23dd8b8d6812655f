package org.terndb.harness;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * What one driver thread did in the timed window, per transaction type (by {@link TransactionType#ordinal()}):
 * commits, rollbacks (the benchmark's own: {@link Outcome#ROLLED_BACK}), aborts by reason (a protocol's
 * {@code AbortReason}, or {@code SQLSTATE_xxxxx} over JDBC) and latency from the first attempt to the commit or
 * rollback, retries included, of the transactions the driver timed (every one, or a random sample: see
 * {@link DriverThread}). Written by its thread only; merged after the run.
 */
public final class TerminalStats {
    /** Latencies above an hour are recorded as an hour (the histograms' range). */
    public static final long HIGHEST_LATENCY_NANOS = TimeUnit.HOURS.toNanos(1);

    private final int types;
    private final long[] commits;
    private final long[] rollbacks;
    /** Reason to aborts per type. */
    private final Map<String, long[]> aborts = new TreeMap<>();
    private final Histogram[] latency;

    public TerminalStats(int types) {
        this.types = types;
        this.commits = new long[types];
        this.rollbacks = new long[types];
        this.latency = new Histogram[types];
        for (int i = 0; i < types; i++) {
            latency[i] = new Histogram(HIGHEST_LATENCY_NANOS, 3);
        }
    }

    public int types() {
        return types;
    }

    /** Counts a transaction that committed or rolled back, without its latency (not one of the timed sample). */
    public void finished(int type, boolean committed) {
        if (committed) {
            commits[type]++;
        } else {
            rollbacks[type]++;
        }
    }

    /** Counts a transaction that committed or rolled back and records its latency. */
    public void finished(int type, boolean committed, long nanos) {
        finished(type, committed);
        latency[type].recordValue(Math.min(Math.max(nanos, 0), HIGHEST_LATENCY_NANOS));
    }

    public void aborted(int type, String reason) {
        aborts.computeIfAbsent(reason, r -> new long[types])[type]++;
    }

    /** Adds another thread's counts (of the same benchmark) into these. */
    public void add(TerminalStats other) {
        if (other.types != types) {
            throw new IllegalArgumentException("statistics of " + other.types + " transaction types cannot be added"
                    + " to statistics of " + types);
        }
        for (int i = 0; i < types; i++) {
            commits[i] += other.commits[i];
            rollbacks[i] += other.rollbacks[i];
            latency[i].add(other.latency[i]);
        }
        other.aborts.forEach((reason, counts) -> {
            long[] mine = aborts.computeIfAbsent(reason, r -> new long[types]);
            for (int i = 0; i < counts.length; i++) {
                mine[i] += counts[i];
            }
        });
    }

    public long commits(int type) {
        return commits[type];
    }

    public long rollbacks(int type) {
        return rollbacks[type];
    }

    public long aborts(int type) {
        long n = 0;
        for (long[] counts : aborts.values()) {
            n += counts[type];
        }
        return n;
    }

    /** Aborts of all types by reason, in reason order. */
    public Map<String, Long> abortsByReason() {
        Map<String, Long> byReason = new TreeMap<>();
        aborts.forEach((reason, counts) -> byReason.put(reason, java.util.Arrays.stream(counts).sum()));
        return byReason;
    }

    public long totalCommits() {
        return sum(commits);
    }

    public long totalRollbacks() {
        return sum(rollbacks);
    }

    public long totalAborts() {
        long n = 0;
        for (long[] counts : aborts.values()) {
            n += sum(counts);
        }
        return n;
    }

    /** How many transactions of the type were timed (their latencies recorded). */
    public long timed(int type) {
        return latency[type].getTotalCount();
    }

    /** The latency at {@code percentile} (0 to 100) in microseconds; 0 when no transaction of the type was timed. */
    public double percentileMicros(int type, double percentile) {
        Histogram h = latency[type];
        return h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(percentile) / 1000.0;
    }

    private static long sum(long[] values) {
        long n = 0;
        for (long v : values) {
            n += v;
        }
        return n;
    }
}
