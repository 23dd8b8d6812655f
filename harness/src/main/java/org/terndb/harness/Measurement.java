package org.terndb.harness;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.terndb.cli.JsonObject;

/**
 * The merged counts of a timed window and its length, with the parts of a benchmark's result that every benchmark
 * prints the same way: throughput, abort ratio, the per-transaction table and its {@code by_txn} JSON object.
 *
 * <p>Benchmarks name the {@link Outcome#ROLLED_BACK} column themselves ({@code rollbacks} in TPC-C, {@code failed}
 * in TATP), since what it means is theirs.
 *
 * @param warmupSeconds how long the warm-up before the window lasted
 * @param jitMillis     how long the JIT compilers compiled during the window, in milliseconds (-1: not known); a
 *                      figure near the window's length says the window measured code still being compiled
 */
public record Measurement(TerminalStats stats, double seconds, double warmupSeconds, long jitMillis) {

    /** A window whose warm-up and compilation time are not known. */
    public Measurement(TerminalStats stats, double seconds) {
        this(stats, seconds, 0, -1);
    }

    /** Committed transactions per second. */
    public double tps() {
        return seconds <= 0 ? 0 : stats.totalCommits() / seconds;
    }

    /** Committed transactions of one type per second. */
    public double tps(TransactionType type) {
        return seconds <= 0 ? 0 : stats.commits(type.ordinal()) / seconds;
    }

    /** Aborts per attempt: aborts / (commits + rollbacks + aborts). */
    public double abortRatio() {
        long attempts = stats.totalCommits() + stats.totalRollbacks() + stats.totalAborts();
        return attempts == 0 ? 0 : (double) stats.totalAborts() / attempts;
    }

    /** One object per type: commits, aborts, rollbacks (named {@code rollbackKey}), p50/p95/p99 latency in µs. */
    public JsonObject byTxn(List<? extends TransactionType> types, String rollbackKey) {
        JsonObject byTxn = new JsonObject();
        for (TransactionType t : types) {
            int i = t.ordinal();
            byTxn.put(t.key(), new JsonObject()
                    .put("commits", stats.commits(i))
                    .put("aborts", stats.aborts(i))
                    .put(rollbackKey, stats.rollbacks(i))
                    .put("p50_us", round(stats.percentileMicros(i, 50), 1))
                    .put("p95_us", round(stats.percentileMicros(i, 95), 1))
                    .put("p99_us", round(stats.percentileMicros(i, 99), 1)));
        }
        return byTxn;
    }

    /** Aborts of all types by reason. */
    public JsonObject abortsByReason() {
        JsonObject reasons = new JsonObject();
        stats.abortsByReason().forEach(reasons::put);
        return reasons;
    }

    /** The per-type table (commits, aborts, rollbacks under {@code rollbackTitle}, latency percentiles). */
    public void printTable(PrintStream out, List<? extends TransactionType> types, String rollbackTitle) {
        int nameWidth = "transaction".length() + 2;
        for (TransactionType t : types) {
            nameWidth = Math.max(nameWidth, t.title().length() + 1);
        }
        String format = "%-" + nameWidth + "s %10s %8s %" + Math.max(9, rollbackTitle.length()) + "s %10s %10s %10s%n";
        out.printf(Locale.ROOT, format, "transaction", "commits", "aborts", rollbackTitle, "p50 us", "p95 us",
                "p99 us");
        for (TransactionType t : types) {
            int i = t.ordinal();
            out.printf(Locale.ROOT, format, t.title(), String.format(Locale.ROOT, "%,d", stats.commits(i)),
                    String.format(Locale.ROOT, "%,d", stats.aborts(i)),
                    String.format(Locale.ROOT, "%,d", stats.rollbacks(i)),
                    String.format(Locale.ROOT, "%.1f", stats.percentileMicros(i, 50)),
                    String.format(Locale.ROOT, "%.1f", stats.percentileMicros(i, 95)),
                    String.format(Locale.ROOT, "%.1f", stats.percentileMicros(i, 99)));
        }
    }

    /** Adds {@code warmup_seconds} and {@code jit_ms} (null when not known) to a result's JSON object. */
    public JsonObject putWarmUp(JsonObject json) {
        return json.put("warmup_seconds", round(warmupSeconds, 2)).put("jit_ms", jitMillis < 0 ? null : jitMillis);
    }

    /** {@code warm-up 12.3 s; the JIT compiled for 40 ms during the timed window}, for a result's report. */
    public String warmUpLine() {
        return String.format(Locale.ROOT, "warm-up %.1f s; the JIT compiled for %s during the timed window",
                warmupSeconds, jitMillis < 0 ? "an unknown time" : String.format(Locale.ROOT, "%,d ms", jitMillis));
    }

    /** {@code aborts by reason: A=1 B=2}, or null when nothing aborted. */
    public String abortsByReasonLine() {
        if (stats.totalAborts() == 0) {
            return null;
        }
        StringBuilder sb = new StringBuilder("aborts by reason:");
        stats.abortsByReason().forEach((reason, n) -> sb.append(String.format(Locale.ROOT, " %s=%,d", reason, n)));
        return sb.toString();
    }

    /**
     * The middle value of {@code values}, or the mean of the two middle values of an even count; {@code values} is
     * left as it was.
     *
     * @throws IllegalArgumentException if there are no values
     */
    public static double median(double... values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("the median of no values");
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    public static double round(double value, int decimals) {
        double scale = Math.pow(10, decimals);
        return Math.round(value * scale) / scale;
    }
}
