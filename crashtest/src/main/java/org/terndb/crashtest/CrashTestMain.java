package org.terndb.crashtest;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.terndb.cli.Cli;
import org.terndb.cli.JsonObject;
import org.terndb.cli.OptionCommand;
import org.terndb.cli.Options;
import org.terndb.cli.ParsedOptions;
import org.terndb.cli.UsageException;

/**
 * {@code bin/tern crashtest}: runs crash trials ({@link CrashTrial}) against {@code jdbc:tern:file:} databases
 * and prints how many passed; {@code --json} ends with {@code {"passed":N,"failed":M,...}}. Exit code 1 if any
 * trial failed.
 */
public final class CrashTestMain extends OptionCommand {

    public CrashTestMain() {
        super("crashtest", new Options("tern crashtest", "kill a workload on a durable database with SIGKILL at "
                + "random moments, recover, and check that every acknowledged commit is there and nothing partial is."
                + " Workloads: ledger (transfers over JDBC on jdbc:tern:file:), tpcc (TPC-C in direct mode: every "
                + "acknowledged New-Order with its lines and Payment, and the consistency conditions)")
                .value("trials", "N", "trials (each in a fresh database directory)", "5")
                .value("rounds", "N", "kill-and-recover rounds per trial", "2")
                .value("workload", "NAME", "workload: " + String.join(", ", Workloads.names()), "ledger")
                .value("protocol", "NAME", "concurrency-control protocol", "silo")
                .value("durability", "MODE", "sync (acknowledged commits must survive) or async", "sync")
                .value("connections", "N", "connections (threads) of the workload", "4")
                .value("min-ms", "MS", "earliest kill after the child's first acknowledged commit", "200")
                .value("max-ms", "MS", "latest kill after the child's first acknowledged commit", "2000")
                .value("options", "OPTS", "more URL options, e.g. ';checkpoint_interval_s=1'", ";checkpoint_interval_s=1")
                .value("dir", "PATH", "parent folder of the trial databases (default: a temporary folder)", null)
                .value("seed", "N", "random seed of the kill times", "42")
                .value("warehouses", "W", "tpcc: warehouses loaded", "1")
                .value("scale", "F", "tpcc: fraction of TPC-C's items and customers (1 = the spec; less loads faster)",
                        "0.1")
                .json());
    }

    public static void main(String[] args) {
        Cli.main(new CrashTestMain(), args);
    }

    @Override
    protected int run(ParsedOptions args, PrintStream out, PrintStream err) throws Exception {
        int trials = args.getInt("trials", 1, 1_000_000);
        String workload = args.getString("workload");
        try {
            Workloads.create(workload);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage()); // names the valid workloads
        }
        String extra = "";
        if (workload.equals("tpcc")) {
            extra = ";warehouses=" + args.getInt("warehouses", 1, 1000) + ";scale="
                    + args.getDouble("scale", 1e-9, 1);
        } else if (args.isGiven("warehouses") || args.isGiven("scale")) {
            throw new UsageException("--warehouses and --scale apply to --workload tpcc only");
        }
        String durability = args.getString("durability");
        Path parent = args.isGiven("dir") ? Path.of(args.getString("dir")) : Files.createTempDirectory("tern-crash");
        Files.createDirectories(parent);
        int passed = 0;
        int failed = 0;
        long acknowledged = 0;
        long maxRecovery = 0;
        long seed = args.getLong("seed", Long.MIN_VALUE, Long.MAX_VALUE);
        for (int i = 0; i < trials; i++) {
            Path dir = parent.resolve("trial-" + i);
            deleteTree(dir);
            CrashTrial trial = new CrashTrial(dir, ";protocol=" + args.getString("protocol") + ";durability="
                    + durability + args.getString("options") + extra, workload,
                    args.getInt("connections", 1, 256), args.getInt("rounds", 1, 1000), args.getInt("min-ms", 0, 600_000),
                    args.getInt("max-ms", 1, 600_000));
            CrashTrial.Result r = trial.run(seed + i);
            acknowledged += r.acknowledged();
            maxRecovery = Math.max(maxRecovery, r.recoveryMillis());
            if (r.passed()) {
                passed++;
                deleteTree(dir);
            } else {
                failed++;
            }
            err.println("trial " + (i + 1) + "/" + trials + ": " + (r.passed() ? "passed" : "FAILED") + " ("
                    + r.acknowledged() + " acknowledged, " + r.recovered() + " recovered, recovery " + r.recoveryMillis()
                    + " ms)" + (r.passed() ? "" : ": " + r.message() + "; database kept in " + dir));
        }
        out.println(passed + " passed, " + failed + " failed");
        if (args.isSet("json")) {
            out.println(new JsonObject().put("passed", passed).put("failed", failed).put("trials", trials)
                    .put("workload", workload).put("protocol", args.getString("protocol"))
                    .put("durability", durability).put("acknowledged", acknowledged)
                    .put("max_recovery_ms", maxRecovery));
        }
        if (!args.isGiven("dir")) {
            deleteTree(parent);
        }
        return failed == 0 ? Cli.EXIT_OK : Cli.EXIT_FAILURE;
    }

    private static void deleteTree(Path dir) throws java.io.IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
