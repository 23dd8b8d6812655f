package org.terndb.bench.ycsb;

import java.util.List;
import org.HdrHistogram.Histogram;
import org.terndb.cli.JsonObject;
import org.terndb.txn.AbortReason;

/**
 * What one system did in the timed window. Latency is per committed transaction from its first begin to its
 * commit, retries and backoff included.
 *
 * @param system the protocol name, or {@code none} for the baseline
 * @param seconds the measured window's wall-clock length
 * @param abortsByReason indexed by {@link AbortReason#ordinal()}
 * @param latencyNanos committed transactions' latencies in nanoseconds
 * @param longTxn worker 0's numbers when it ran long transactions, else null
 */
record YcsbResult(String system, int threads, double seconds, long commits, long[] abortsByReason,
                  Histogram latencyNanos, long omittedWrites, long installedWrites, LongTxn longTxn,
                  Series series) {

    /** Worker 0's long transactions and the other workers' throughput. */
    record LongTxn(long commits, long aborts, double shortTps) {}

    /**
     * Samples of the timed window: commits in each full second, and the versions alive at the end of each full
     * second and of the window ({@link org.terndb.txn.common.mvcc.VersionGauge}; multi-version protocols only,
     * {@code versionsAlive} is null otherwise).
     */
    record Series(List<Long> commitsPerSecond, List<Long> versionsAlive, long versionsAliveEnd) {
        long versionsAliveMax() {
            return Math.max(versionsAliveEnd, versionsAlive.stream().mapToLong(Long::longValue).max().orElse(0));
        }
    }

    long aborts() {
        long sum = 0;
        for (long a : abortsByReason) {
            sum += a;
        }
        return sum;
    }

    double tps() {
        return commits / seconds;
    }

    /** Aborts per attempt: aborts / (commits + aborts). */
    double abortRatio() {
        long attempts = commits + aborts();
        return attempts == 0 ? 0 : (double) aborts() / attempts;
    }

    double percentileMicros(double percentile) {
        return latencyNanos.getTotalCount() == 0 ? 0 : latencyNanos.getValueAtPercentile(percentile) / 1000.0;
    }

    /** The per-run JSON fields; {@code baselineTps} (null if no baseline ran) adds {@code ratio_to_baseline}. */
    JsonObject toJson(JsonObject json, Double baselineTps) {
        JsonObject reasons = new JsonObject();
        for (AbortReason r : AbortReason.all()) {
            reasons.put(r.name(), abortsByReason[r.ordinal()]);
        }
        json.put("protocol", system).put("threads", threads).put("tps", round(tps(), 1))
                .put("abort_ratio", round(abortRatio(), 6))
                .put("p50_us", round(percentileMicros(50), 1)).put("p99_us", round(percentileMicros(99), 1))
                .put("aborts_by_reason", reasons).put("commits", commits).put("aborts", aborts())
                .put("omitted_writes", omittedWrites).put("installed_writes", installedWrites);
        if (baselineTps != null) {
            json.put("ratio_to_baseline", round(ratioTo(baselineTps), 4));
        }
        if (longTxn != null) {
            json.put("long_txn_commits", longTxn.commits()).put("long_txn_aborts", longTxn.aborts())
                    .put("short_txn_tps", round(longTxn.shortTps(), 1));
        }
        if (series != null) {
            json.put("tps_per_second", series.commitsPerSecond());
            if (series.versionsAlive() != null) {
                json.put("versions_alive_max", series.versionsAliveMax())
                        .put("versions_alive_end", series.versionsAliveEnd())
                        .put("versions_alive", series.versionsAlive());
            }
        }
        return json;
    }

    double ratioTo(double baselineTps) {
        return baselineTps == 0 ? Double.NaN : tps() / baselineTps;
    }

    static double round(double value, int decimals) {
        double scale = Math.pow(10, decimals);
        return Math.round(value * scale) / scale;
    }
}
