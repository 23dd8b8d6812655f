package org.terndb.tpcc;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.terndb.cli.JsonObject;

/**
 * The outcome of one {@code tern tpcc}: the timed window's counts and latencies (null for {@code --check} alone)
 * and the consistency conditions (null with {@code --no-check}).
 *
 * @param database the JDBC database's product name, else null
 */
record TpccResult(TpccSettings settings, TerminalStats stats, double seconds, double loadSeconds, String database,
                  List<ConsistencyCheck.Result> checks) {

    TpccResult(TpccSettings settings, TerminalStats stats, double seconds, double loadSeconds, String database) {
        this(settings, stats, seconds, loadSeconds, database, null);
    }

    static TpccResult checkOnly(TpccSettings settings, double loadSeconds, String database) {
        return new TpccResult(settings, null, 0, loadSeconds, database, null);
    }

    TpccResult withChecks(List<ConsistencyCheck.Result> results) {
        return new TpccResult(settings, stats, seconds, loadSeconds, database, List.copyOf(results));
    }

    boolean consistent() {
        return checks == null || ConsistencyCheck.passed(checks);
    }

    double tps() {
        return stats == null || seconds <= 0 ? 0 : stats.totalCommits() / seconds;
    }

    /** New-Order commits per minute. */
    double tpmC() {
        return stats == null || seconds <= 0 ? 0 : stats.commits[TxnType.NEW_ORDER.ordinal()] * 60.0 / seconds;
    }

    /** Aborts per attempt: aborts / (commits + rollbacks + aborts). */
    double abortRatio() {
        if (stats == null) {
            return 0;
        }
        long attempts = stats.totalCommits() + stats.totalRollbacks() + stats.totalAborts();
        return attempts == 0 ? 0 : (double) stats.totalAborts() / attempts;
    }

    private String protocol() {
        return settings.mode() == TpccSettings.Mode.JDBC ? database : settings.protocol();
    }

    JsonObject toJson() {
        JsonObject json = new JsonObject()
                .put("mode", settings.mode().key())
                .put("protocol", protocol())
                .put("threads", settings.threads())
                .put("warehouses", settings.warehouses())
                .put("tps", round(tps(), 1))
                .put("tpmc", round(tpmC(), 1))
                .put("abort_ratio", round(abortRatio(), 6));
        JsonObject byTxn = new JsonObject();
        if (stats != null) {
            for (TxnType t : TxnType.values()) {
                byTxn.put(t.key(), new JsonObject()
                        .put("commits", stats.commits[t.ordinal()])
                        .put("aborts", stats.aborts(t))
                        .put("rollbacks", stats.rollbacks[t.ordinal()])
                        .put("p50_us", round(stats.percentileMicros(t, 50), 1))
                        .put("p95_us", round(stats.percentileMicros(t, 95), 1))
                        .put("p99_us", round(stats.percentileMicros(t, 99), 1)));
            }
        }
        json.put("by_txn", byTxn);
        JsonObject reasons = new JsonObject();
        if (stats != null) {
            stats.aborts.forEach((reason, counts) -> reasons.put(reason, java.util.Arrays.stream(counts).sum()));
        }
        json.put("aborts_by_reason", reasons)
                .put("seconds", round(seconds, 3))
                .put("commits", stats == null ? 0 : stats.totalCommits())
                .put("aborts", stats == null ? 0 : stats.totalAborts())
                .put("rollbacks", stats == null ? 0 : stats.totalRollbacks())
                .put("load_seconds", round(loadSeconds, 3))
                .put("seed", settings.seed())
                .put("mix", settings.mixText());
        if (settings.mode() == TpccSettings.Mode.JDBC) {
            json.put("url", settings.url());
        }
        if (!settings.scale().isSpec()) {
            json.put("scale", new JsonObject().put("items", settings.scale().items())
                    .put("customers_per_district", settings.scale().customers()));
        }
        if (checks != null) {
            List<Integer> passed = new ArrayList<>();
            List<Integer> failed = new ArrayList<>();
            List<Integer> skipped = new ArrayList<>();
            for (ConsistencyCheck.Result r : checks) {
                (switch (r.status()) {
                    case PASS -> passed;
                    case FAIL -> failed;
                    case SKIPPED -> skipped;
                }).add(r.condition());
            }
            json.put("consistency", new JsonObject().put("ok", failed.isEmpty()).put("passed", passed)
                    .put("failed", failed).put("skipped", skipped));
        }
        return json;
    }

    void print(PrintStream out) {
        out.println(settings.describe());
        if (stats != null) {
            out.println();
            String format = "%-13s %10s %8s %9s %10s %10s %10s%n";
            out.printf(Locale.ROOT, format, "transaction", "commits", "aborts", "rollbacks", "p50 us", "p95 us",
                    "p99 us");
            for (TxnType t : TxnType.values()) {
                out.printf(Locale.ROOT, format, t.title(), String.format(Locale.ROOT, "%,d", stats.commits[t.ordinal()]),
                        String.format(Locale.ROOT, "%,d", stats.aborts(t)),
                        String.format(Locale.ROOT, "%,d", stats.rollbacks[t.ordinal()]),
                        String.format(Locale.ROOT, "%.1f", stats.percentileMicros(t, 50)),
                        String.format(Locale.ROOT, "%.1f", stats.percentileMicros(t, 95)),
                        String.format(Locale.ROOT, "%.1f", stats.percentileMicros(t, 99)));
            }
            out.printf(Locale.ROOT, "%n%,.0f tps, %,.0f tpmC (New-Order commits per minute), abort ratio %.4f, over"
                    + " %.2f s%n", tps(), tpmC(), abortRatio(), seconds);
            if (!stats.aborts.isEmpty()) {
                StringBuilder sb = new StringBuilder("aborts by reason:");
                stats.aborts.forEach((reason, counts) -> sb.append(String.format(Locale.ROOT, " %s=%,d", reason,
                        java.util.Arrays.stream(counts).sum())));
                out.println(sb);
            }
            out.println("rollbacks are New-Orders with an unused item id (1%); latency from the first attempt to the"
                    + " commit or rollback, retries included");
        }
        if (checks != null) {
            out.println();
            out.println("consistency conditions (clause 3.3.2):");
            for (ConsistencyCheck.Result r : checks) {
                out.println("  " + r);
            }
            out.println(consistent() ? "consistent" : "INCONSISTENT: a consistency condition failed");
        }
    }

    static double round(double value, int decimals) {
        double scale = Math.pow(10, decimals);
        return Math.round(value * scale) / scale;
    }
}
