package org.terndb.bench.jmh;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.terndb.cli.Cli;
import org.terndb.cli.Command;
import org.terndb.cli.JsonObject;
import org.terndb.cli.UsageException;

/**
 * {@code tern jmh [JMH options]}: runs the JMH benchmarks of this module with JMH's own command line
 * ({@code -h} lists it). Adds the house {@code --help} and {@code --json}; with {@code --json} JMH
 * prints its usual report and then one JSON line with every result.
 */
public final class JmhMain implements Command {
    private static final String PROGRAM = "tern jmh";

    public static void main(String[] args) {
        Cli.main(new JmhMain(), args);
    }

    @Override
    public String name() {
        return "jmh";
    }

    @Override
    public String summary() {
        return "Run the JMH benchmarks (Masstree vs skip list) with JMH's own options";
    }

    @Override
    public int execute(String[] args, PrintStream out, PrintStream err) {
        List<String> jmhArgs = new ArrayList<>(Arrays.asList(args));
        if (jmhArgs.contains("--help")) {
            out.print(help());
            return Cli.EXIT_OK;
        }
        boolean json = jmhArgs.remove("--json");
        try {
            if (!json) {
                org.openjdk.jmh.Main.main(jmhArgs.toArray(String[]::new));   // exits on its own errors
                return Cli.EXIT_OK;
            }
            CommandLineOptions options;
            try {
                options = new CommandLineOptions(jmhArgs.toArray(String[]::new));
            } catch (Exception e) {
                throw new UsageException("JMH rejected the options: " + e.getMessage());
            }
            Collection<RunResult> results = new Runner(options).run();
            out.println(toJson(results));
            return Cli.EXIT_OK;
        } catch (UsageException e) {
            err.println(PROGRAM + ": " + e.getMessage());
            err.println("Run '" + PROGRAM + " --help' for usage.");
            return Cli.EXIT_USAGE;
        } catch (Exception e) {
            err.println(PROGRAM + ": error: " + e.getMessage());
            return Cli.EXIT_FAILURE;
        }
    }

    static JsonObject toJson(Collection<RunResult> results) {
        List<JsonObject> rows = new ArrayList<>();
        for (RunResult run : results) {
            BenchmarkParams params = run.getParams();
            JsonObject values = new JsonObject();
            for (String key : params.getParamsKeys()) {
                values.put(key, params.getParam(key));
            }
            Result<?> primary = run.getPrimaryResult();
            rows.add(new JsonObject()
                    .put("benchmark", params.getBenchmark())
                    .put("params", values)
                    .put("threads", params.getThreads())
                    .put("mode", params.getMode().shortLabel())
                    .put("score", primary.getScore())
                    .put("error", primary.getScoreError())
                    .put("unit", primary.getScoreUnit()));
        }
        return new JsonObject().put("benchmarks", rows);
    }

    private static String help() {
        return """
                Usage: tern jmh [JMH options] [benchmark regexp...] [--json]

                Runs this module's JMH benchmarks: Masstree against ConcurrentSkipListMap<byte[],Object>
                (unsigned order) for get, insert and scan100, with index=masstree|skiplist,
                keyBytes=8|24 and keys=1000000 as parameters, on 1 thread (IndexSingleThread)
                and 2 threads (IndexTwoThreads). With no regexp, all of them run (about 5 minutes).

                Examples:
                  tern jmh -l                                  list the benchmarks
                  tern jmh IndexTwoThreads.get -p keyBytes=8   one benchmark, both structures
                  tern jmh -h                                  JMH's own options

                Options:
                  --json   after JMH's report, print all results as one JSON object on the last line
                  --help   show this help and exit
                """;
    }
}
