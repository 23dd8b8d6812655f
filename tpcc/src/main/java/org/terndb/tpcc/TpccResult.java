package org.terndb.tpcc;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.terndb.cli.JsonObject;
import org.terndb.harness.Measurement;

/**
 * The outcome of one {@code tern tpcc}: the timed window's counts and latencies ({@code run} null for {@code --check}
 * alone) and the consistency conditions (null with {@code --no-check}).
 *
 * @param database the JDBC database's product name, else null
 */
record TpccResult(TpccSettings settings, Measurement run, double loadSeconds, String database,
                  List<ConsistencyCheck.Result> checks) {

    TpccResult(TpccSettings settings, Measurement run, double loadSeconds, String database) {
        this(settings, run, loadSeconds, database, null);
    }

    static TpccResult checkOnly(TpccSettings settings, double loadSeconds, String database) {
        return new TpccResult(settings, null, loadSeconds, database, null);
    }

    TpccResult withChecks(List<ConsistencyCheck.Result> results) {
        return new TpccResult(settings, run, loadSeconds, database, List.copyOf(results));
    }

    boolean consistent() {
        return checks == null || ConsistencyCheck.passed(checks);
    }

    double tps() {
        return run == null ? 0 : run.tps();
    }

    /** New-Order commits per minute. */
    double tpmC() {
        return run == null ? 0 : run.tps(TxnType.NEW_ORDER) * 60.0;
    }

    /** Aborts per attempt: aborts / (commits + rollbacks + aborts). */
    double abortRatio() {
        return run == null ? 0 : run.abortRatio();
    }

    private String protocol() {
        return settings.protocol() != null ? settings.protocol() : database;
    }

    JsonObject toJson() {
        JsonObject json = new JsonObject()
                .put("mode", settings.mode().key())
                .put("protocol", protocol())
                .put("threads", settings.threads())
                .put("terminals_per_thread", settings.terminalsPerThread())
                .put("warehouses", settings.warehouses())
                .put("tps", round(tps(), 1))
                .put("tpmc", round(tpmC(), 1))
                .put("abort_ratio", round(abortRatio(), 6));
        json.put("by_txn", run == null ? new JsonObject() : run.byTxn(TxnType.all(), "rollbacks"));
        json.put("aborts_by_reason", run == null ? new JsonObject() : run.abortsByReason())
                .put("seconds", round(run == null ? 0 : run.seconds(), 3))
                .put("commits", run == null ? 0 : run.stats().totalCommits())
                .put("aborts", run == null ? 0 : run.stats().totalAborts())
                .put("rollbacks", run == null ? 0 : run.stats().totalRollbacks())
                .put("load_seconds", round(loadSeconds, 3))
                .put("seed", settings.seed())
                .put("mix", settings.mixText())
                .put("durability", settings.durability().mode());
        if (run != null) {
            run.putWarmUp(json);
        }
        if (settings.mode() == TpccSettings.Mode.JDBC || settings.mode() == TpccSettings.Mode.PROC) {
            json.put("url", settings.url()).put("database", database);
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
        if (run != null) {
            out.println();
            run.printTable(out, TxnType.all(), "rollbacks");
            out.printf(Locale.ROOT, "%n%,.0f tps, %,.0f tpmC (New-Order commits per minute), abort ratio %.4f, over"
                    + " %.2f s%n", tps(), tpmC(), abortRatio(), run.seconds());
            out.println(run.warmUpLine());
            String reasons = run.abortsByReasonLine();
            if (reasons != null) {
                out.println(reasons);
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
        return Measurement.round(value, decimals);
    }
}
