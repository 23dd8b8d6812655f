package org.terndb.bench.sql;

import static org.terndb.harness.Measurement.median;

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
import org.terndb.harness.WarmUp;

/**
 * {@code tern bench sql}: TernDB against H2 (in memory, MVStore) through JDBC in one run, on the same table
 * and data: point SELECT and point UPDATE by primary key with prepared statements in autocommit mode, with
 * 1 up to T threads. A warm-up runs every workload on both databases until the JIT compilers are idle; then each
 * (operation, thread count) is timed in R rounds that alternate the two databases (the first one of a round
 * alternating too), and a figure is the median over the rounds: a ratio is the median of the rounds' ratios, so
 * that a spell of the machine slowing both databases moves it less. At the end each database's total balance must
 * equal the updates it committed.
 */
public final class SqlBenchCommand extends OptionCommand {
    public SqlBenchCommand() {
        super("sql", new Options("tern bench sql",
                "TernDB vs H2 through JDBC: point SELECT and UPDATE by primary key, ops/s and ratios.\n\n"
                        + "Loads the same N-row table into TernDB (jdbc:tern:mem:) and H2 (jdbc:h2:mem:, MVStore), then\n"
                        + "times prepared point SELECTs and point UPDATEs (autocommit) with 1..T threads in R rounds that\n"
                        + "alternate the databases, after a warm-up of all of them until the JIT compilers are idle.\n"
                        + "ratio = TernDB ops/s / H2 ops/s (above 1: TernDB is faster), the median of the rounds' ratios;\n"
                        + "ratios in the JSON are those at T threads. cpu ratio = H2 CPU time per operation / TernDB's (the\n"
                        + "benchmark threads' own CPU time: on a machine busy with other work it moves less than ops/s do).\n"
                        + "Progress goes to stderr; the table (or, with --json, one JSON line) to stdout.")
                .value("rows", "N", "rows in the table", "100000")
                .value("threads", "T", "largest thread count; every count from 1 to T is run", "2")
                .value("seconds", "S", "timed seconds per database, operation, thread count and round (plus S/4 of"
                        + " untimed running first)", "2")
                .value("rounds", "R", "rounds per operation and thread count, each timing both databases", "3")
                .value("warmup", "auto|S", "warm-up of every workload on both databases before any timing: S seconds,"
                        + " or auto: until the JIT compiler has been idle for 3 s (at least 2 s, at most 60 s)",
                        WarmUp.AUTO)
                .value("seed", "SEED", "seed of the random ids", "1")
                .json());
    }

    @Override
    protected int run(ParsedOptions args, PrintStream out, PrintStream err) throws Exception {
        int rows = args.getInt("rows", 1, 50_000_000);
        int maxThreads = args.getInt("threads", 1, 256);
        double seconds = args.getDouble("seconds", 0, 3600);
        int rounds = args.getInt("rounds", 1, 1000);
        WarmUp warmUp = WarmUp.parse(args.getString("warmup"), "warmup");
        long seed = args.getLong("seed", Long.MIN_VALUE, Long.MAX_VALUE);
        boolean json = args.isSet(Options.JSON);

        long id = System.nanoTime();
        List<Object> runs = new ArrayList<>();
        List<double[][]> ratesByThreads = new ArrayList<>();
        List<double[][]> cpuByThreads = new ArrayList<>();
        List<double[]> ratiosByThreads = new ArrayList<>();
        double selectLatency = 0;
        double warmedUp;
        try (SqlTarget tern = SqlTarget.tern(id); SqlTarget h2 = SqlTarget.h2(id)) {
            SqlTarget[] targets = {tern, h2};
            PointWorkload[] workloads = {new PointWorkload(rows, seed), new PointWorkload(rows, seed)};
            for (SqlTarget target : targets) {
                long start = System.nanoTime();
                target.load(rows);
                err.printf(Locale.ROOT, "loaded %,d rows into %s in %.2f s%n", rows, target.name,
                        (System.nanoTime() - start) / 1e9);
            }
            warmedUp = warmUp(warmUp, targets, workloads, maxThreads, err);
            err.printf(Locale.ROOT, "warmed up for %.1f s%n", warmedUp);
            for (int threads = 1; threads <= maxThreads; threads++) {
                // rates[op][target]; cpu[op][target]: CPU microseconds per operation; ratios[op]: rate ratio
                double[][] rates = new double[Operation.values().length][2];
                double[][] cpu = new double[Operation.values().length][2];
                double[] ratios = new double[Operation.values().length];
                long[] conflicts = new long[2];
                for (Operation op : Operation.values()) {
                    err.printf(Locale.ROOT, "%s, %d thread(s): timing TernDB and H2 in %d round(s) (~%.0f s)%n", op.label,
                            threads, rounds, rounds * 2.5 * seconds);
                    double[][] roundRates = new double[2][rounds];
                    double[][] roundCpu = new double[2][rounds];
                    double[] roundRatios = new double[rounds];
                    for (int round = 0; round < rounds; round++) {
                        for (int i = 0; i < 2; i++) {
                            int t = (round + i) % 2; // TernDB first in even rounds, H2 first in odd ones
                            Run r = workloads[t].run(targets[t], op, threads, seconds / 4, seconds);
                            roundRates[t][round] = r.opsPerSecond();
                            roundCpu[t][round] = r.cpuMicrosPerOp();
                            conflicts[t] += r.conflicts();
                        }
                        roundRatios[round] = roundRates[0][round] / roundRates[1][round];
                    }
                    for (int t = 0; t < 2; t++) {
                        rates[op.ordinal()][t] = median(roundRates[t]);
                        cpu[op.ordinal()][t] = median(roundCpu[t]);
                    }
                    ratios[op.ordinal()] = median(roundRatios);
                    if (op == Operation.SELECT && threads == 1) {
                        selectLatency = 1e6 / rates[op.ordinal()][0];
                    }
                }
                JsonObject run = new JsonObject().put("threads", threads);
                for (Operation op : Operation.values()) {
                    double[] r = rates[op.ordinal()];
                    double[] c = cpu[op.ordinal()];
                    run.put("tern_" + op.label + "_ops", Math.round(r[0])).put("h2_" + op.label + "_ops", Math.round(r[1]))
                            .put(op.label + "_ratio", round3(ratios[op.ordinal()]))
                            .put("tern_" + op.label + "_cpu_us", micros(c[0])).put("h2_" + op.label + "_cpu_us", micros(c[1]))
                            .put(op.label + "_cpu_ratio", cpuRatio(c));
                }
                run.put("tern_conflicts", conflicts[0]).put("h2_conflicts", conflicts[1]);
                runs.add(run);
                ratesByThreads.add(rates);
                cpuByThreads.add(cpu);
                ratiosByThreads.add(ratios);
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
        double[] lastRatios = ratiosByThreads.get(ratiosByThreads.size() - 1);
        double[] selectCpu = lastCpu[Operation.SELECT.ordinal()];
        double[] updateCpu = lastCpu[Operation.UPDATE.ordinal()];
        if (json) {
            JsonObject result = new JsonObject()
                    .put("select_ratio", round3(lastRatios[Operation.SELECT.ordinal()]))
                    .put("update_ratio", round3(lastRatios[Operation.UPDATE.ordinal()]))
                    .put("select_cpu_ratio", cpuRatio(selectCpu)).put("update_cpu_ratio", cpuRatio(updateCpu))
                    .put("tern_select_cpu_us", micros(selectCpu[0])).put("h2_select_cpu_us", micros(selectCpu[1]))
                    .put("tern_select_ops", Math.round(select[0])).put("h2_select_ops", Math.round(select[1]))
                    .put("tern_update_ops", Math.round(update[0])).put("h2_update_ops", Math.round(update[1]))
                    .put("tern_select_latency_us", Math.round(selectLatency * 100) / 100.0)
                    .put("rows", rows).put("threads", maxThreads).put("seconds", seconds).put("rounds", rounds)
                    .put("warmup_seconds", Math.round(warmedUp * 10) / 10.0).put("seed", seed)
                    .put("runs", runs);
            out.println(result);
        } else {
            out.printf(Locale.ROOT, "SQL point operations through JDBC: %,d rows, 1..%d threads, %d round(s) of %s s"
                    + " timed per database, operation and thread count after a %.1f s warm-up, seed %d%n%n", rows,
                    maxThreads, rounds, seconds, warmedUp, seed);
            String format = "%-8s %8s %16s %16s %10s %10s%n";
            out.printf(Locale.ROOT, format, "op", "threads", "TernDB ops/s", "H2 ops/s", "ratio", "cpu ratio");
            for (int threads = 1; threads <= ratesByThreads.size(); threads++) {
                for (Operation op : Operation.values()) {
                    double[] r = ratesByThreads.get(threads - 1)[op.ordinal()];
                    double[] c = cpuByThreads.get(threads - 1)[op.ordinal()];
                    double ratio = ratiosByThreads.get(threads - 1)[op.ordinal()];
                    out.printf(Locale.ROOT, format, op.label, threads, String.format(Locale.ROOT, "%,.0f", r[0]),
                            String.format(Locale.ROOT, "%,.0f", r[1]), String.format(Locale.ROOT, "%.2fx", ratio),
                            String.format(Locale.ROOT, "%.2fx", cpuRatio(c)));
                }
            }
            out.printf(Locale.ROOT, "%nmean latency of a cached TernDB point SELECT (1 thread, JDBC included): %.2f us%n",
                    selectLatency);
            out.printf(Locale.ROOT, "ratio = TernDB ops/s / H2 ops/s (above 1: TernDB is faster), the median of the"
                    + " rounds' ratios; ops/s and cpu ratio from the rounds' medians; cpu ratio = H2 CPU time per operation"
                    + " / TernDB's%n");
        }
        return Cli.EXIT_OK;
    }

    /**
     * Runs every workload (both operations on both databases, {@code threads} threads) in rounds of a second each
     * until the warm-up is over; returns how long it took.
     */
    private static double warmUp(WarmUp warmUp, SqlTarget[] targets, PointWorkload[] workloads, int threads,
                                 PrintStream err) throws Exception {
        WarmUp.Progress progress = warmUp.start();
        if (!progress.over()) {
            err.printf(Locale.ROOT, "warming up both databases (%s)%n", warmUp.untilJitIdle()
                    ? "until the JIT compiler is idle" : warmUp.describe() + " s");
        }
        while (!progress.over()) {
            for (Operation op : Operation.values()) {
                for (int t = 0; t < 2; t++) {
                    workloads[t].run(targets[t], op, threads, 0, 0.25);
                }
            }
        }
        return progress.seconds();
    }

    private static double round3(double v) {
        return Math.round(v * 1000) / 1000.0;
    }

    /** H2's CPU time per operation over TernDB's; 0 if the JVM measured none. */
    private static double cpuRatio(double[] cpuMicros) {
        return cpuMicros[0] <= 0 ? 0 : Math.round(cpuMicros[1] / cpuMicros[0] * 1000) / 1000.0;
    }

    private static double micros(double us) {
        return Math.round(us * 1000) / 1000.0;
    }
}
