package org.terndb.tatp;

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
 * {@code tern compare tatp}: {@code tern tatp --mode jdbc} against TernDB, H2 and HSQLDB in one invocation, each in
 * memory, freshly loaded and in a JVM of its own ({@link ChildJvm}), with the same client code
 * ({@link JdbcTransactions}), population, terminals, mix and duration; then the table of successful transactions per
 * second and TernDB's ratio to each rival. Every run is checked for consistency; a failed check fails the command.
 */
public final class TatpCompareCommand extends OptionCommand {
    /** Options passed on unchanged to each run's {@code tern tatp --mode jdbc}. */
    private static final ForwardedOptions FORWARDED = new ForwardedOptions(
            List.of("subscribers", "threads", "seconds", "warmup", "seed", "mix", "ingest"),
            List.of("update-intensive", "no-check"));
    /** The in-memory database's name in each run's JVM. */
    private static final String DATABASE = "tatp_compare";

    public TatpCompareCommand() {
        super("tatp", new Options("tern compare tatp", """
                TATP over JDBC on TernDB, H2 and HSQLDB: successful transactions per second and TernDB's ratio to each.

                Runs 'tern tatp --mode jdbc' three times, each in a JVM of its own, with the same client code (the \
                specification's SQL, one prepared statement per statement), population, terminals, mix and \
                duration: TernDB in memory with --protocol, H2 in memory (MVStore), HSQLDB in memory with MVCC \
                (hsqldb.tx=mvcc). Each database is loaded through JDBC first and checked for consistency after its \
                run. With --rounds N the three run in turn N times, and each database's figure is its median. Ratios \
                measured in one invocation on a quiet machine, or the medians of several rounds on a noisy one, are \
                the figures to read; absolute tps depend on the machine.""")
                .value("protocol", "NAME", "TernDB's concurrency-control protocol", "silo")
                .value("subscribers", "N", "subscribers loaded into each database", "100000")
                .value("threads", "T", "terminals (connections), one thread each", "2")
                .value("seconds", "S", "timed seconds per database", "10")
                .value("rounds", "N", "run the databases in turn N times; tps and ratios are each database's median",
                        "1")
                .value("warmup", "auto|S", "untimed warm-up before each timed window, as tern tatp --warmup",
                        WarmUp.AUTO)
                .value("seed", "SEED", "seed of the population and of every terminal's inputs", "1")
                .value("mix", "W1,...,W7", "transaction weights, as tern tatp --mix", TatpSettings.DEFAULT_MIX)
                .value("ingest", "P", "data-ingestion share in percent, as tern tatp --ingest", null)
                .flag("update-intensive", "the update-intensive mix: --ingest 80")
                .flag("no-check", "skip the consistency checks after each run")
                .json());
    }

    @Override
    protected int run(ParsedOptions args, PrintStream out, PrintStream err) throws Exception {
        String protocol = args.getString("protocol").toLowerCase(Locale.ROOT);
        if (!Protocols.names().contains(protocol)) {
            throw new UsageException("unknown protocol '" + protocol + "'; valid protocols: "
                    + String.join(", ", Protocols.names()));
        }
        TatpSettings reference = settings(args, CompareTarget.terndb(DATABASE, protocol).url());
        Comparison comparison = Comparison.run(CompareTarget.ternAndRivals(DATABASE, protocol),
                args.getInt("rounds", 1, Comparison.MAX_ROUNDS),
                ChildJvm.comparisonRun(TatpMain.class, target -> FORWARDED.jdbcRun(args, target.url()), err), err);
        if (args.isSet(Options.JSON)) {
            JsonObject json = new JsonObject()
                    .put("benchmark", "tatp")
                    .put("protocol", protocol)
                    .put("subscribers", reference.subscribers())
                    .put("threads", reference.threads())
                    .put("seconds", Measurement.round(reference.seconds(), 3))
                    .put("ingest_percent", Measurement.round(reference.ingestPercent(), 2))
                    .put("mix", reference.mixText())
                    .put("seed", reference.seed());
            out.println(comparison.toJson(json));
        } else {
            out.println("TATP over JDBC: " + reference.describe().replaceFirst("^TATP jdbc \\S+: ", ""));
            out.println();
            comparison.print(out);
        }
        return Cli.EXIT_OK;
    }

    /** The settings of one run: this command's options as {@code tern tatp --mode jdbc --url URL}. */
    static TatpSettings settings(ParsedOptions args, String url) {
        return TatpSettings.parse(new TatpCommand().options().parse(FORWARDED.jdbcRun(args, url)));
    }
}
