package org.terndb.tpcc;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * What one driver thread's terminals did in the timed window, per transaction type: commits, user rollbacks,
 * aborts by reason (a protocol's {@code AbortReason}, or {@code SQLSTATE_xxxxx} in JDBC mode) and latency from the
 * first attempt to the commit or rollback, retries included. Written by its thread only; merged after the run.
 */
final class TerminalStats {
    /** Latencies above an hour are recorded as an hour (the histograms' range). */
    static final long HIGHEST_LATENCY_NANOS = TimeUnit.HOURS.toNanos(1);

    final long[] commits = new long[TxnType.count()];
    final long[] rollbacks = new long[TxnType.count()];
    /** Reason to aborts per type. */
    final Map<String, long[]> aborts = new TreeMap<>();
    final Histogram[] latency = new Histogram[TxnType.count()];
    /** Deliveries committed at any time since the load (warm-up included): condition 11 stops applying. */
    long deliveriesSinceLoad;

    TerminalStats() {
        for (int i = 0; i < latency.length; i++) {
            latency[i] = new Histogram(HIGHEST_LATENCY_NANOS, 3);
        }
    }

    void finished(TxnType type, boolean committed, long nanos) {
        if (committed) {
            commits[type.ordinal()]++;
        } else {
            rollbacks[type.ordinal()]++;
        }
        latency[type.ordinal()].recordValue(Math.min(Math.max(nanos, 0), HIGHEST_LATENCY_NANOS));
    }

    void aborted(TxnType type, String reason) {
        aborts.computeIfAbsent(reason, r -> new long[TxnType.count()])[type.ordinal()]++;
    }

    void add(TerminalStats other) {
        for (int i = 0; i < commits.length; i++) {
            commits[i] += other.commits[i];
            rollbacks[i] += other.rollbacks[i];
            latency[i].add(other.latency[i]);
        }
        other.aborts.forEach((reason, counts) -> {
            long[] mine = aborts.computeIfAbsent(reason, r -> new long[TxnType.count()]);
            for (int i = 0; i < counts.length; i++) {
                mine[i] += counts[i];
            }
        });
        deliveriesSinceLoad += other.deliveriesSinceLoad;
    }

    long aborts(TxnType type) {
        long n = 0;
        for (long[] counts : aborts.values()) {
            n += counts[type.ordinal()];
        }
        return n;
    }

    long totalCommits() {
        long n = 0;
        for (long c : commits) {
            n += c;
        }
        return n;
    }

    long totalRollbacks() {
        long n = 0;
        for (long c : rollbacks) {
            n += c;
        }
        return n;
    }

    long totalAborts() {
        long n = 0;
        for (TxnType t : TxnType.values()) {
            n += aborts(t);
        }
        return n;
    }

    double percentileMicros(TxnType type, double percentile) {
        Histogram h = latency[type.ordinal()];
        return h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(percentile) / 1000.0;
    }
}
