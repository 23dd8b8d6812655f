package org.terndb.bench.ycsb;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.terndb.cli.Cli;
import org.terndb.cli.Command;
import org.terndb.cli.JsonObject;
import org.terndb.cli.OptionCommand;
import org.terndb.cli.Options;
import org.terndb.cli.ParsedOptions;
import org.terndb.txn.AbortReason;
import org.terndb.txn.TxnOptions;

/**
 * {@code tern ycsb}: CCBench's YCSB workload (§3–4: one table, point reads and updates, Zipf skew) over the
 * concurrency-control protocols, optionally against the same operation stream on a bare Masstree. Reports
 * committed transactions per second, the abort ratio with the reasons, and commit latency percentiles.
 *
 * <p>{@code --opt key=value} may be repeated; the shared option parser takes each option once, so repeated
 * {@code --opt}s are joined into one comma-separated value before parsing.
 */
public final class YcsbCommand implements Command {
    static final String OPT = "opt";

    private final Body body = new Body();

    @Override
    public String name() {
        return body.name();
    }

    @Override
    public String summary() {
        return body.summary();
    }

    public Options options() {
        return body.options();
    }

    @Override
    public int execute(String[] args, PrintStream out, PrintStream err) {
        return body.execute(joinRepeatedOpt(args), out, err);
    }

    /** {@code --opt a=1 --opt=b=2} becomes {@code --opt=a=1,b=2} (at the end; order of other options kept). */
    static String[] joinRepeatedOpt(String[] args) {
        List<String> rest = new ArrayList<>();
        List<String> opts = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("--" + OPT) && i + 1 < args.length) {
                opts.add(args[++i]);
            } else if (arg.startsWith("--" + OPT + "=")) {
                opts.add(arg.substring(OPT.length() + 3));
            } else {
                rest.add(arg);
            }
        }
        if (!opts.isEmpty()) {
            rest.add("--" + OPT + "=" + String.join(",", opts));
        }
        return rest.toArray(new String[0]);
    }

    private static String summaryText() {
        StringBuilder sb = new StringBuilder();
        sb.append("YCSB over the concurrency-control protocols (CCBench's workload): tps, aborts, latency.\n\n")
                .append("Loads USERTABLE (8-byte big-endian record ids, payload-byte rows; untimed), then runs T\n")
                .append("threads of transactions of K operations on Zipf-chosen records, each a read with\n")
                .append("probability R and otherwise a write (blind, or read-modify-write with --rmw). An aborted\n")
                .append("transaction is retried with the same operations until it commits. Latency is per\n")
                .append("committed transaction, retries included. Several protocols run one after the other on\n")
                .append("the same operation streams; --baseline adds the stream on a bare Masstree (no CC).\n")
                .append("Progress goes to stderr; the table (or, with --json, one JSON line) to stdout.\n\n")
                .append("Workload presets (--workload; --read-ratio and --rmw override them):\n")
                .append(YcsbPreset.helpLines())
                .append("\nTransaction options for --opt KEY=VALUE (repeatable, or comma-separated), with defaults:\n");
        int width = TxnOptions.specs().values().stream()
                .mapToInt(spec -> spec.key().length() + spec.defaultValue().length() + 1).max().orElse(0);
        for (Map.Entry<String, TxnOptions.Spec> e : TxnOptions.specs().entrySet()) {
            String keyValue = e.getKey() + "=" + e.getValue().defaultValue();
            sb.append(String.format(Locale.ROOT, "  %-" + width + "s  %s%n", keyValue, e.getValue().help()));
        }
        return sb.toString().stripTrailing();
    }

    /** The command proper, on the shared option parser. */
    private static final class Body extends OptionCommand {
        Body() {
            super("ycsb", new Options("tern ycsb", summaryText())
                    .value("protocol", "NAME[,NAME...]|all",
                            "protocols to run in order; all = every registered one, none = baseline only",
                            "silo")
                    .flag("baseline", "also run the same operation stream on a bare Masstree (protocol 'none')")
                    .value("workload", "A|B|C|F", "YCSB preset for the read ratio and write model", null)
                    .value("records", "N", "cardinality: records in USERTABLE", "1000000")
                    .value("payload", "B", "row (value) size in bytes", "100")
                    .value("ops-per-txn", "K", "transaction size: operations per transaction", "10")
                    .value("read-ratio", "R", "probability that an operation is a read, 0..1", "0.5")
                    .flag("rmw", "writes read the record first (read-modify-write); default: blind writes")
                    .value("skew", "THETA", "Zipf skew, 0 <= THETA < 1 (0 = uniform)", "0")
                    .value("threads", "T", "worker threads", "2")
                    .value("seconds", "S", "timed seconds per protocol", "10")
                    .value("warmup", "S", "untimed seconds before each timed window", "2")
                    .value("seed", "SEED", "seed of the operation streams", "1")
                    .value("backoff", "true|false", "AdaptiveBackoff before retrying an aborted transaction", "true")
                    .flag("no-wait", "NoWait: abort instead of waiting on a locked record at commit (no_wait=true)")
                    .value("read-phase-extension-us", "N", "ReadPhaseExtension: delay at the end of the read phase",
                            "0")
                    .value(OPT, "KEY=VALUE", "any transaction option (see the list above); repeatable", null)
                    .value("long-txn-delay-us", "D",
                            "worker 0 waits D us at the end of each read phase (a long transaction)",
                            "0")
                    .json());
        }

        @Override
        protected int run(ParsedOptions args, PrintStream out, PrintStream err) {
            YcsbSettings settings = YcsbSettings.parse(args);
            err.println(settings.describe());
            long start = System.nanoTime();
            ZipfGenerator zipf = new ZipfGenerator(settings.records(), settings.skew());
            YcsbData data = YcsbData.build(settings.records(), settings.payload());
            err.printf(Locale.ROOT, "built %,d keys and rows and the Zipf table in %.2f s%n", settings.records(),
                    (System.nanoTime() - start) / 1e9);

            YcsbRunner runner = new YcsbRunner(settings, data, zipf, err);
            YcsbResult baseline = null;
            if (settings.baseline()) {
                baseline = runner.runBaseline();
                progress(baseline, null, err);
            }
            List<YcsbResult> runs = new ArrayList<>();
            for (String protocol : settings.protocols()) {
                YcsbResult result = runner.runProtocol(protocol);
                runs.add(result);
                progress(result, baseline, err);
            }

            if (args.isSet(Options.JSON)) {
                out.println(json(settings, runs, baseline));
            } else {
                printTable(settings, runs, baseline, out);
            }
            return Cli.EXIT_OK;
        }
    }

    private static void progress(YcsbResult r, YcsbResult baseline, PrintStream err) {
        err.printf(Locale.ROOT, "%s: %,.0f tps, abort ratio %.4f, p50 %.1f us, p99 %.1f us%s%n", r.system(), r.tps(),
                r.abortRatio(), r.percentileMicros(50), r.percentileMicros(99),
                baseline == null ? "" : String.format(Locale.ROOT, ", %.3fx baseline", r.ratioTo(baseline.tps())));
    }

    /**
     * One protocol (or only the baseline): the run's fields with the workload's. Otherwise
     * {@code {"runs":[...], "baseline_tps":..., "baseline":{...}, workload...}}.
     */
    static JsonObject json(YcsbSettings settings, List<YcsbResult> runs, YcsbResult baseline) {
        Double baselineTps = baseline == null ? null : YcsbResult.round(baseline.tps(), 1);
        if (runs.size() + (baseline == null ? 0 : 1) == 1) {
            JsonObject json = (baseline != null ? baseline : runs.get(0)).toJson(new JsonObject(), null);
            settings.putWorkload(json);
            return json;
        }
        List<JsonObject> items = new ArrayList<>();
        for (YcsbResult r : runs) {
            items.add(r.toJson(new JsonObject(), baselineTps));
        }
        JsonObject json = new JsonObject().put("runs", items);
        if (baseline != null) {
            json.put("baseline_tps", baselineTps).put("baseline", baseline.toJson(new JsonObject(), null));
        }
        settings.putWorkload(json);
        return json;
    }

    /** Commits per second and (multi-version protocols) versions alive once per second of the timed window. */
    private static void printSeries(List<YcsbResult> all, PrintStream out) {
        boolean header = false;
        for (YcsbResult r : all) {
            YcsbResult.Series s = r.series();
            if (s == null || (s.commitsPerSecond().isEmpty() && s.versionsAlive() == null)) {
                continue;
            }
            if (!header) {
                out.printf(Locale.ROOT, "%nPer second of the timed window:%n");
                header = true;
            }
            out.printf(Locale.ROOT, "  %-12s tps           %s%n", r.system(), joined(s.commitsPerSecond()));
            if (s.versionsAlive() != null) {
                out.printf(Locale.ROOT, "  %-12s versions alive %s (max %,d, at the end %,d)%n", "",
                        joined(s.versionsAlive()), s.versionsAliveMax(), s.versionsAliveEnd());
            }
        }
    }

    private static String joined(List<Long> values) {
        StringBuilder sb = new StringBuilder();
        for (long v : values) {
            sb.append(sb.length() == 0 ? "" : " ").append(String.format(Locale.ROOT, "%,d", v));
        }
        return sb.length() == 0 ? "-" : sb.toString();
    }

    private static void printTable(YcsbSettings settings, List<YcsbResult> runs, YcsbResult baseline,
                                   PrintStream out) {
        out.println(settings.describe());
        out.println();
        String format = "%-12s %12s %10s %14s %11s %10s %10s %10s%n";
        out.printf(Locale.ROOT, format, "protocol", "commits", "aborts", "tps", "abort ratio", "p50 us", "p99 us",
                "vs none");
        List<YcsbResult> all = new ArrayList<>();
        if (baseline != null) {
            all.add(baseline);
        }
        all.addAll(runs);
        for (YcsbResult r : all) {
            out.printf(Locale.ROOT, format, r.system(), String.format(Locale.ROOT, "%,d", r.commits()),
                    String.format(Locale.ROOT, "%,d", r.aborts()), String.format(Locale.ROOT, "%,.0f", r.tps()),
                    String.format(Locale.ROOT, "%.4f", r.abortRatio()),
                    String.format(Locale.ROOT, "%.1f", r.percentileMicros(50)),
                    String.format(Locale.ROOT, "%.1f", r.percentileMicros(99)),
                    baseline == null ? "-" : String.format(Locale.ROOT, "%.3fx", r.ratioTo(baseline.tps())));
        }
        boolean header = false;
        for (YcsbResult r : runs) {
            StringBuilder reasons = new StringBuilder();
            for (AbortReason reason : AbortReason.all()) {
                long n = r.abortsByReason()[reason.ordinal()];
                if (n != 0) {
                    reasons.append(String.format(Locale.ROOT, " %s=%,d", reason.name(), n));
                }
            }
            if (r.omittedWrites() != 0) {
                reasons.append(String.format(Locale.ROOT, "  (omitted writes: %,d, installed: %,d)", r.omittedWrites(),
                        r.installedWrites()));
            }
            if (reasons.length() > 0) {
                if (!header) {
                    out.printf(Locale.ROOT, "%nAborts by reason:%n");
                    header = true;
                }
                out.printf(Locale.ROOT, "  %-12s%s%n", r.system(), reasons);
            }
        }
        if (settings.longTxnDelayMicros() > 0) {
            out.printf(Locale.ROOT, "%nWorker 0 (long transactions, +%d us each):%n", settings.longTxnDelayMicros());
            for (YcsbResult r : all) {
                out.printf(Locale.ROOT, "  %-12s %,d commits, %,d aborts; other workers %,.0f tps%n", r.system(),
                        r.longTxn().commits(), r.longTxn().aborts(), r.longTxn().shortTps());
            }
        }
        printSeries(all, out);
        out.printf(Locale.ROOT, "%nabort ratio = aborts / (commits + aborts); latency from first begin to commit,"
                + " retries included%n");
    }
}
