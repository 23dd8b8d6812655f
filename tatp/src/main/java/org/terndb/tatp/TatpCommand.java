package org.terndb.tatp;

import java.io.PrintStream;
import org.terndb.cli.Cli;
import org.terndb.cli.OptionCommand;
import org.terndb.cli.Options;
import org.terndb.cli.ParsedOptions;
import org.terndb.harness.WarmUp;

/**
 * {@code tern tatp}: TATP (Telecom Application Transaction Processing benchmark, v1.0). Loads the database in
 * memory, runs the seven-transaction mix for a warm-up and a timed window, prints successful transactions per
 * second, commits, failures by design, aborts and latency percentiles per transaction and the writes the protocol
 * installed or omitted, then checks the consistency conditions and exits non-zero if one fails.
 */
public final class TatpCommand extends OptionCommand {

    public TatpCommand() {
        super("tatp", new Options("tern tatp", """
                TATP (v1.0) on TernDB: throughput, failures, aborts and latency per transaction, written and \
                omitted writes, then the consistency checks.

                Modes (the same transactions and inputs):
                  direct  the transactions through a concurrency-control protocol's transactions, one terminal per
                          thread (or --terminals-per-thread), conflicts retried after the protocol's backoff; the
                          data-ingestion updates (UPDATE_LOCATION, UPDATE_SUBSCRIBER_DATA) are blind writes, which
                          silo+sse and mvto+sse may omit
                  jdbc    the specification's SQL over JDBC, one prepared statement per statement: TernDB (the default
                          URL, in memory), H2 or HSQLDB (--url jdbc:h2:mem:tatp, jdbc:hsqldb:mem:tatp)
                  proc    the seven transactions as TernDB stored procedures, one CALL per transaction
                On TernDB, jdbc and proc report the protocol's installed and omitted writes too; their ingestion
                UPDATEs are partial blind writes (patches of single columns), which silo+sse may omit.
                A transaction that fails by the specification's design (no such row, a duplicate key) is rolled
                back and counted as failed, not retried. Data ingestion is 16% of the standard mix; --ingest P
                raises it to P% (the Scheduling Space Expander paper's Fig. 8d sweep) and --update-intensive is
                --ingest 80. With no options: 100,000 subscribers, direct mode with Silo, 2 threads, 10 s.""")
                .value("mode", "direct|jdbc|proc", "how the transactions run", "direct")
                .value("protocol", "NAME", "concurrency-control protocol of --mode direct, or of a TernDB URL"
                        + " (appended as ;protocol=NAME)", "silo")
                .value("url", "URL", "JDBC URL of --mode jdbc (TernDB, or e.g. jdbc:h2:mem:tatp,"
                        + " jdbc:hsqldb:mem:tatp) or --mode proc (TernDB only)", TatpSettings.DEFAULT_URL)
                .value("subscribers", "N", "subscribers loaded (the scale)", "100000")
                .value("threads", "T", "driver threads, one terminal each (unless --terminals-per-thread)", "2")
                .value("terminals-per-thread", "N", "--mode direct: terminals each thread serves in turn; a commit"
                        + " that waits for its epoch to close (mvto's group commit) is acknowledged later while the"
                        + " thread runs the other terminals; latency counts to the acknowledgement", "1")
                .value("seconds", "S", "timed seconds", "10")
                .value("warmup", "auto|S", "untimed warm-up before the timed window: S seconds, or auto: until the JIT"
                        + " compiler has been idle for 3 s (at least 2 s, at most 60 s)", WarmUp.AUTO)
                .value("seed", "SEED", "seed of the population and of every terminal's inputs", "1")
                .value("mix", "W1,...,W7", "weights of GET_SUBSCRIBER_DATA, GET_NEW_DESTINATION, GET_ACCESS_DATA,"
                        + " UPDATE_SUBSCRIBER_DATA, UPDATE_LOCATION, INSERT_CALL_FORWARDING, DELETE_CALL_FORWARDING",
                        TatpSettings.DEFAULT_MIX)
                .value("ingest", "P", "data-ingestion share in percent (0-100): UPDATE_LOCATION and"
                        + " UPDATE_SUBSCRIBER_DATA 14:2, the rest in standard proportions", null)
                .flag("update-intensive", "the update-intensive mix: --ingest 80")
                .value("options", "K=V;...", "--mode direct: the protocol's transaction options (epoch_ms, ...: see"
                        + " bin/tern ycsb --help), e.g. 'epoch_ms=5'", null)
                .flag("check", "load, check the consistency conditions and exit without a run")
                .flag("no-check", "skip the consistency checks after the run")
                .json());
    }

    @Override
    protected int run(ParsedOptions args, PrintStream out, PrintStream err) throws Exception {
        TatpSettings settings = TatpSettings.parse(args);
        err.println(settings.describe());
        TatpResult result = new TatpRunner(settings, err).run();
        if (args.isSet(Options.JSON)) {
            out.println(result.toJson());
        } else {
            result.print(out);
        }
        if (!result.consistent()) {
            err.println("tern tatp: a consistency condition failed (see above)");
            return Cli.EXIT_FAILURE;
        }
        return Cli.EXIT_OK;
    }
}
