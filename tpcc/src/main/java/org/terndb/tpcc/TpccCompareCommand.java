package org.terndb.tpcc;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import org.terndb.cli.Cli;
import org.terndb.cli.JsonObject;
import org.terndb.cli.OptionCommand;
import org.terndb.cli.Options;
import org.terndb.cli.ParsedOptions;
import org.terndb.cli.UsageException;
import org.terndb.harness.Measurement;
import org.terndb.harness.WarmUp;
import org.terndb.harness.compare.ChildJvm;
import org.terndb.harness.compare.CompareTarget;
import org.terndb.harness.compare.Comparison;
import org.terndb.harness.compare.ForwardedOptions;
import org.terndb.txn.Protocols;

/**
 * {@code tern compare tpcc}: {@code tern tpcc --mode jdbc} against TernDB, H2 and HSQLDB in one invocation, each in
 * memory, freshly loaded through JDBC and in a JVM of its own ({@link ChildJvm}), with the same client code
 * ({@link JdbcTransactions}), population, terminals, mix and duration; then the table of tps and TernDB's ratio to
 * each rival. Every run is checked for consistency (unless {@code --no-check}); a failed condition fails the
 * command.
 */
public final class TpccCompareCommand extends OptionCommand {
    /** Options passed on unchanged to each run's {@code tern tpcc --mode jdbc}. */
    private static final ForwardedOptions FORWARDED = new ForwardedOptions(
            List.of("warehouses", "threads", "seconds", "warmup", "seed", "mix", "scale"),
            List.of("no-check"));
    /** The in-memory database's name in each run's JVM. */
    private static final String DATABASE = "tpcc_compare";

    public TpccCompareCommand() {
        super("tpcc", new Options("tern compare tpcc", """
                TPC-C over JDBC on TernDB, H2 and HSQLDB: tps and TernDB's ratio to each.

                Runs 'tern tpcc --mode jdbc' three times, each in a JVM of its own, with the same client code \
                (standard SQL, one prepared statement per statement, auto-commit off), population, terminals, mix \
                and duration: TernDB in memory with --protocol, H2 in memory (MVStore), HSQLDB in memory with MVCC \
                (hsqldb.tx=mvcc). Each database is loaded through JDBC first and checked for consistency after its \
                run. With --rounds N the three run in turn N times, and each database's figure is its median. Read \
                the ratios of one invocation on a quiet machine, or the medians of several rounds on a noisy one; \
                absolute tps depend on the machine.""")
                .value("protocol", "NAME", "TernDB's concurrency-control protocol", "silo")
                .value("warehouses", "W", "warehouses loaded into each database", "1")
                .value("threads", "T", "terminals (connections), one thread each", "2")
                .value("seconds", "S", "timed seconds per database", "10")
                .value("rounds", "N", "run the databases in turn N times; tps and ratios are each database's median",
                        "1")
                .value("warmup", "auto|S", "untimed warm-up before each timed window, as tern tpcc --warmup",
                        WarmUp.AUTO)
                .value("seed", "SEED", "seed of the population, the NURand constants and every terminal's inputs",
                        "1")
                .value("mix", "NO,P,OS,D,SL", "weights of New-Order, Payment, Order-Status, Delivery, Stock-Level",
                        TpccSettings.DEFAULT_MIX)
                .flag("no-check", "skip the consistency checks after each run")
                .value("scale", "F", "NOT TPC-C, for tests: shrink items, customers and orders to this fraction",
                        "1")
                .json());
    }

    @Override
    protected int run(ParsedOptions args, PrintStream out, PrintStream err) throws Exception {
        String protocol = args.getString("protocol").toLowerCase(Locale.ROOT);
        if (!Protocols.names().contains(protocol)) {
            throw new UsageException("unknown protocol '" + protocol + "'; valid protocols: "
                    + String.join(", ", Protocols.names()));
        }
        TpccSettings reference = settings(args, CompareTarget.terndb(DATABASE, protocol).url());
        Comparison comparison = Comparison.run(CompareTarget.ternAndRivals(DATABASE, protocol),
                args.getInt("rounds", 1, Comparison.MAX_ROUNDS),
                ChildJvm.comparisonRun(TpccMain.class, target -> FORWARDED.jdbcRun(args, target.url()), err), err);
        if (args.isSet(Options.JSON)) {
            JsonObject json = new JsonObject()
                    .put("benchmark", "tpcc")
                    .put("protocol", protocol)
                    .put("warehouses", reference.warehouses())
                    .put("threads", reference.threads())
                    .put("seconds", Measurement.round(reference.seconds(), 3))
                    .put("mix", reference.mixText())
                    .put("seed", reference.seed());
            out.println(comparison.toJson(json));
        } else {
            out.printf(Locale.ROOT, "TPC-C over JDBC: %d warehouse%s, %d terminals, %s s timed, mix %s%n",
                    reference.warehouses(), reference.warehouses() == 1 ? "" : "s", reference.threads(),
                    Measurement.round(reference.seconds(), 3), reference.mixText());
            out.println();
            comparison.print(out);
        }
        return Cli.EXIT_OK;
    }

    /** The settings of one run: this command's options as {@code tern tpcc --mode jdbc --url URL}. */
    static TpccSettings settings(ParsedOptions args, String url) {
        return TpccSettings.parse(new TpccCommand().options().parse(FORWARDED.jdbcRun(args, url)));
    }
}
