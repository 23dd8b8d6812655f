package org.terndb.tatp;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.terndb.cli.JsonObject;
import org.terndb.harness.Measurement;

/**
 * The outcome of one {@code tern tatp}: the timed window's counts and latencies ({@code run} null for
 * {@code --check} alone), the protocol's installed and omitted writes in the window (-1 over JDBC to H2 or HSQLDB,
 * whose counters are not reachable), and the
 * consistency conditions (null with {@code --no-check}).
 *
 * @param database the JDBC database's product name, else null
 * @param protocol the concurrency-control protocol (direct mode, or TernDB over JDBC), else the product name
 */
record TatpResult(TatpSettings settings, Measurement run, long omittedWrites, long installedWrites,
                  double loadSeconds, String database, String protocol, List<TatpCheck.Result> checks) {

    static TatpResult checkOnly(TatpSettings settings, double loadSeconds, String database, String protocol) {
        return new TatpResult(settings, null, -1, -1, loadSeconds, database, protocol, null);
    }

    TatpResult withChecks(List<TatpCheck.Result> results) {
        return new TatpResult(settings, run, omittedWrites, installedWrites, loadSeconds, database, protocol,
                List.copyOf(results));
    }

    boolean consistent() {
        return checks == null || TatpCheck.passed(checks);
    }

    /** Successful transactions per second (the specification's MQTh). */
    double tps() {
        return run == null ? 0 : run.tps();
    }

    double abortRatio() {
        return run == null ? 0 : run.abortRatio();
    }

    private static Object count(long n) {
        return n < 0 ? null : n;
    }

    /** {@code --options} as {@code k=v;...}, sorted. */
    private static String optionsText(Map<String, String> options) {
        StringBuilder text = new StringBuilder();
        new TreeMap<>(options).forEach((k, v) -> text.append(text.length() == 0 ? "" : ";").append(k).append('=')
                .append(v));
        return text.toString();
    }

    JsonObject toJson() {
        JsonObject json = new JsonObject()
                .put("mode", settings.mode().key())
                .put("protocol", protocol)
                .put("threads", settings.threads())
                .put("terminals_per_thread", settings.terminalsPerThread())
                .put("options", settings.options().isEmpty() ? null : optionsText(settings.options()))
                .put("subscribers", settings.subscribers())
                .put("tps", Measurement.round(tps(), 1))
                .put("abort_ratio", Measurement.round(abortRatio(), 6))
                .put("omitted_writes", count(omittedWrites))
                .put("installed_writes", count(installedWrites))
                .put("by_txn", run == null ? new JsonObject() : run.byTxn(TatpTxn.all(), "failed"))
                .put("aborts_by_reason", run == null ? new JsonObject() : run.abortsByReason())
                .put("seconds", Measurement.round(run == null ? 0 : run.seconds(), 3))
                .put("commits", run == null ? 0 : run.stats().totalCommits())
                .put("aborts", run == null ? 0 : run.stats().totalAborts())
                .put("failed", run == null ? 0 : run.stats().totalRollbacks())
                .put("ingest_percent", Measurement.round(settings.ingestPercent(), 2))
                .put("update_intensive", settings.updateIntensive())
                .put("mix", settings.mixText())
                .put("load_seconds", Measurement.round(loadSeconds, 3))
                .put("seed", settings.seed());
        if (run != null) {
            run.putWarmUp(json);
        }
        if (settings.mode() != TatpSettings.Mode.DIRECT) {
            json.put("url", settings.jdbcUrl()).put("database", database);
        }
        if (checks != null) {
            List<Integer> passed = new ArrayList<>();
            List<Integer> failed = new ArrayList<>();
            for (TatpCheck.Result r : checks) {
                (r.passed() ? passed : failed).add(r.condition());
            }
            json.put("consistency", new JsonObject().put("ok", failed.isEmpty()).put("passed", passed)
                    .put("failed", failed));
        }
        return json;
    }

    void print(PrintStream out) {
        out.println(settings.describe());
        if (run != null) {
            out.println();
            run.printTable(out, TatpTxn.all(), "failed");
            out.printf(Locale.ROOT, "%n%,.0f tps (successful transactions per second), abort ratio %.4f, over %.2f s%n",
                    tps(), abortRatio(), run.seconds());
            out.println(run.warmUpLine());
            if (omittedWrites >= 0) {
                out.printf(Locale.ROOT, "writes installed %,d, omitted %,d (write omission: silo+sse, mvto+sse)%n",
                        installedWrites, omittedWrites);
            }
            String reasons = run.abortsByReasonLine();
            if (reasons != null) {
                out.println(reasons);
            }
            out.println("failed = failed by the specification's design (no row, duplicate key), rolled back and not"
                    + " retried; latency from the first attempt to the commit or rollback, retries included");
        }
        if (checks != null) {
            out.println();
            out.println("consistency conditions:");
            for (TatpCheck.Result r : checks) {
                out.println("  " + r);
            }
            out.println(consistent() ? "consistent" : "INCONSISTENT: a consistency condition failed");
        }
    }
}
