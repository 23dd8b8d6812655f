package org.terndb.bench.sql;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.terndb.bench.sql.PointWorkload.Operation;
import org.terndb.bench.sql.PointWorkload.Run;
import org.terndb.cli.Cli;
import org.terndb.cli.CommandFailedException;
import org.terndb.cli.JsonObject;
import org.terndb.cli.OptionCommand;
import org.terndb.cli.Options;
import org.terndb.cli.ParsedOptions;

/**
 * {@code tern bench sql}: TernDB against H2 (in memory, MVStore) through JDBC in one run, on the same table
 * and data: point SELECT and point UPDATE by primary key with prepared statements in autocommit mode, with
 * 1 up to T threads. Each measurement alternates the two databases and is preceded by an untimed warm-up.
 * At the end each database's total balance must equal the updates it committed.
 */
public final class SqlBenchCommand extends OptionCommand {
    public SqlBenchCommand() {
        super("sql", new Options("tern bench sql",
                "TernDB vs H2 through JDBC: point SELECT and UPDATE by primary key, ops/s and ratios.\n\n"
                        + "Loads the same N-row table into TernDB (jdbc:tern:mem:) and H2 (jdbc:h2:mem:, MVStore), then\n"
                        + "times prepared point SELECTs and point UPDATEs (autocommit) with 1..T threads, alternating the\n"
                        + "databases. ratio = TernDB ops/s / H2 ops/s (above 1: TernDB is faster); ratios in the JSON are\n"
                        + "those at T threads. cpu ratio = H2 CPU time per operation / TernDB's (the benchmark threads' own\n"
                        + "CPU time: on a machine busy with other work it moves less than ops/s do).\n"
                        + "Progress goes to stderr; the table (or, with --json, one JSON line) to stdout.")
                .value("rows", "N", "rows in the table", "100000")
                .value("threads", "T", "largest thread count; every count from 1 to T is run", "2")
                .value("seconds", "S", "timed seconds per database, operation and thread count (plus S/2 warm-up)", "2")
                .value("seed", "SEED", "seed of the random ids", "1")
                .json());
    }

    @Override
    protected int run(ParsedOptions args, PrintStream out, PrintStream err) throws Exception {
        int rows = args.getInt("rows", 1, 50_000_000);
        int maxThreads = args.getInt("threads", 1, 256);
        double seconds = args.getDouble("seconds", 0, 3600);
        long seed = args.getLong("seed", Long.MIN_VALUE, Long.MAX_VALUE);
        boolean json = args.isSet(Options.JSON);

        long id = System.nanoTime();
        List<Object> runs = new ArrayList<>();
        List<double[][]> ratesByThreads = new ArrayList<>();
        List<double[][]> cpuByThreads = new ArrayList<>();
        double selectLatency = 0;
        try (SqlTarget tern = SqlTarget.tern(id); SqlTarget h2 = SqlTarget.h2(id)) {
            SqlTarget[] targets = {tern, h2};
            PointWorkload[] workloads = {new PointWorkload(rows, seed), new PointWorkload(rows, seed)};
            for (SqlTarget target : targets) {
                long start = System.nanoTime();
                target.load(rows);
                err.printf(Locale.ROOT, "loaded %,d rows into %s in %.2f s%n", rows, target.name,
                        (System.nanoTime() - start) / 1e9);
            }
            for (int threads = 1; threads <= maxThreads; threads++) {
                // rates[op][target]; cpu[op][target]: CPU microseconds per operation
                double[][] rates = new double[Operation.values().length][2];
                double[][] cpu = new double[Operation.values().length][2];
                long[] conflicts = new long[2];
                for (Operation op : Operation.values()) {
                    err.printf(Locale.ROOT, "%s, %d thread(s): timing TernDB and H2 (~%.0f s)%n", op.label, threads,
                            3 * seconds);
                    for (int t = 0; t < 2; t++) {
                        Run r = workloads[t].run(targets[t], op, threads, seconds / 2, seconds);
                        rates[op.ordinal()][t] = r.opsPerSecond();
                        cpu[op.ordinal()][t] = r.cpuMicrosPerOp();
                        conflicts[t] += r.conflicts();
                        if (t == 0 && op == Operation.SELECT && threads == 1) {
                            selectLatency = r.meanLatencyMicros(1);
                        }
                    }
                }
                JsonObject run = new JsonObject().put("threads", threads);
                for (Operation op : Operation.values()) {
                    double[] r = rates[op.ordinal()];
                    double[] c = cpu[op.ordinal()];
                    run.put("tern_" + op.label + "_ops", Math.round(r[0])).put("h2_" + op.label + "_ops", Math.round(r[1]))
                            .put(op.label + "_ratio", ratio(r))
                            .put("tern_" + op.label + "_cpu_us", micros(c[0])).put("h2_" + op.label + "_cpu_us", micros(c[1]))
                            .put(op.label + "_cpu_ratio", cpuRatio(c));
                }
                run.put("tern_conflicts", conflicts[0]).put("h2_conflicts", conflicts[1]);
                runs.add(run);
                ratesByThreads.add(rates);
                cpuByThreads.add(cpu);
            }
            for (int t = 0; t < 2; t++) {
                long[] totals = targets[t].totals();
                long expected = workloads[t].committedUpdates();
                if (totals[0] != expected || totals[1] != rows) {
                    throw new CommandFailedException(String.format(Locale.ROOT, "%s holds %,d rows with total "
                            + "balance %,d, expected %,d rows and %,d (the updates it committed)", targets[t].name,
                            totals[1], totals[0], rows, expected));
                }
            }
        }

        double[][] last = ratesByThreads.get(ratesByThreads.size() - 1);
        double[] select = last[Operation.SELECT.ordinal()];
        double[] update = last[Operation.UPDATE.ordinal()];
        double[][] lastCpu = cpuByThreads.get(cpuByThreads.size() - 1);
        double[] selectCpu = lastCpu[Operation.SELECT.ordinal()];
        double[] updateCpu = lastCpu[Operation.UPDATE.ordinal()];
        if (json) {
            JsonObject result = new JsonObject()
                    .put("select_ratio", ratio(select)).put("update_ratio", ratio(update))
                    .put("select_cpu_ratio", cpuRatio(selectCpu)).put("update_cpu_ratio", cpuRatio(updateCpu))
                    .put("tern_select_cpu_us", micros(selectCpu[0])).put("h2_select_cpu_us", micros(selectCpu[1]))
                    .put("tern_select_ops", Math.round(select[0])).put("h2_select_ops", Math.round(select[1]))
                    .put("tern_update_ops", Math.round(update[0])).put("h2_update_ops", Math.round(update[1]))
                    .put("tern_select_latency_us", Math.round(selectLatency * 100) / 100.0)
                    .put("rows", rows).put("threads", maxThreads).put("seconds", seconds).put("seed", seed)
                    .put("runs", runs);
            out.println(result);
        } else {
            out.printf(Locale.ROOT, "SQL point operations through JDBC: %,d rows, 1..%d threads, %s s timed per "
                    + "database, operation and thread count, seed %d%n%n", rows, maxThreads, seconds, seed);
            String format = "%-8s %8s %16s %16s %10s %10s%n";
            out.printf(Locale.ROOT, format, "op", "threads", "TernDB ops/s", "H2 ops/s", "ratio", "cpu ratio");
            for (int threads = 1; threads <= ratesByThreads.size(); threads++) {
                for (Operation op : Operation.values()) {
                    double[] r = ratesByThreads.get(threads - 1)[op.ordinal()];
                    double[] c = cpuByThreads.get(threads - 1)[op.ordinal()];
                    out.printf(Locale.ROOT, format, op.label, threads, String.format(Locale.ROOT, "%,.0f", r[0]),
                            String.format(Locale.ROOT, "%,.0f", r[1]), String.format(Locale.ROOT, "%.2fx", ratio(r)),
                            String.format(Locale.ROOT, "%.2fx", cpuRatio(c)));
                }
            }
            out.printf(Locale.ROOT, "%nmean latency of a cached TernDB point SELECT (1 thread, JDBC included): %.2f us%n",
                    selectLatency);
            out.printf(Locale.ROOT, "ratio = TernDB ops/s / H2 ops/s (above 1: TernDB is faster); cpu ratio = H2 CPU time "
                    + "per operation / TernDB's%n");
        }
        return Cli.EXIT_OK;
    }

    private static double ratio(double[] rates) {
        return Math.round(rates[0] / rates[1] * 1000) / 1000.0;
    }

    /** H2's CPU time per operation over TernDB's; 0 if the JVM measured none. */
    private static double cpuRatio(double[] cpuMicros) {
        return cpuMicros[0] <= 0 ? 0 : Math.round(cpuMicros[1] / cpuMicros[0] * 1000) / 1000.0;
    }

    private static double micros(double us) {
        return Math.round(us * 1000) / 1000.0;
    }
}
