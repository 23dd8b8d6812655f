package org.terndb.tpcc;

import java.io.PrintStream;
import org.terndb.cli.Cli;
import org.terndb.cli.OptionCommand;
import org.terndb.cli.Options;
import org.terndb.cli.ParsedOptions;
import org.terndb.harness.WarmUp;

/**
 * {@code tern tpcc}: TPC-C (revision 5.11) without keying and think times, to measure throughput. Loads the database
 * in memory, runs the five-transaction mix for a warm-up and a timed window, prints tps, tpmC, commits, aborts,
 * rollbacks and latency percentiles per transaction, then checks the consistency conditions of clause 3.3.2 and
 * exits non-zero if one fails.
 */
public final class TpccCommand extends OptionCommand {

    public TpccCommand() {
        super("tpcc", new Options("tern tpcc", """
                TPC-C (rev. 5.11) on TernDB: throughput, aborts and latency per transaction, then the consistency \
                checks.

                Modes (the same transaction logic and inputs):
                  kernel  hand-written transactions straight on Masstrees: no concurrency control, no logging,
                          one thread cycling through one terminal per warehouse (the "optimal kernel" of
                          "OLTP through the looking glass")
                  direct  the same logic through a concurrency-control protocol's transactions, one terminal per
                          thread, conflicts retried after the protocol's backoff
                  jdbc    the transactions as plain standard SQL over JDBC, one prepared statement per statement,
                          auto-commit off: TernDB in memory by default (--protocol), or H2 / HSQLDB with --url
                  proc    the transactions as TernDB stored procedures, created at setup: one CALL per
                          transaction in auto-commit; conflicts are counted and retried by the driver
                No keying or think times: every terminal submits its next transaction at once. A New-Order with
                an unused item id (1%) is a user rollback, not an abort. With no options: 1 warehouse, direct
                mode with Silo, 2 threads, 10 s.""")
                .value("mode", "kernel|direct|jdbc|proc", "how the transactions run", "direct")
                .value("protocol", "NAME", "concurrency-control protocol of --mode direct, and of TernDB in --mode"
                        + " jdbc and proc (appended to the URL as ;protocol=NAME)", "silo")
                .value("url", "URL", "JDBC URL of --mode jdbc (e.g. jdbc:h2:mem:tpcc, jdbc:hsqldb:mem:tpcc) or proc",
                        TpccSettings.DEFAULT_URL)
                .value("warehouses", "W", "warehouses loaded (scale factor)", "1")
                .value("threads", "T", "terminals, one thread each (the kernel runs one thread)", "2")
                .value("seconds", "S", "timed seconds", "10")
                .value("warmup", "auto|S", "untimed warm-up before the timed window: S seconds, or auto: until the JIT"
                        + " compiler has been idle for 3 s (at least 2 s, at most 60 s)", WarmUp.AUTO)
                .value("seed", "SEED", "seed of the population, the NURand constants and every terminal's inputs",
                        "1")
                .value("mix", "NO,P,OS,D,SL", "weights of New-Order, Payment, Order-Status, Delivery, Stock-Level",
                        TpccSettings.DEFAULT_MIX)
                .flag("check", "load, check the consistency conditions and exit without a run")
                .flag("no-check", "skip the consistency checks after the run")
                .value("durability", "none|async|sync", "--mode direct: log commits to a database folder (sync:"
                        + " acknowledge once durable; async: at once; none: memory only)", "none")
                .value("terminals-per-thread", "N", "--mode direct: terminals each thread serves in turn; a commit"
                        + " waiting for durability (sync) or for its epoch to close (mvto's group commit) is"
                        + " acknowledged later while the thread runs the other terminals (SiloR); latency counts to"
                        + " the acknowledgement", "1")
                .value("options", "K=V;...", "--mode direct: durability options (sync_advance_epoch, log_flush_ms,"
                        + " checkpoint_rate_kb, ...) and transaction options (epoch_ms, ...), e.g."
                        + " 'sync_advance_epoch=false;epoch_ms=5'", null)
                .value("dir", "PATH", "--durability sync|async: a new or empty database folder, kept afterwards"
                        + " (default: a temporary folder, deleted afterwards)", null)
                .value("scale", "F", "NOT TPC-C, for tests: shrink items, customers and orders to this fraction",
                        "1")
                .json());
    }

    @Override
    protected int run(ParsedOptions args, PrintStream out, PrintStream err) throws Exception {
        TpccSettings settings = TpccSettings.parse(args);
        err.println(settings.describe());
        TpccResult result = new TpccRunner(settings, err).run();
        if (args.isSet(Options.JSON)) {
            out.println(result.toJson());
        } else {
            result.print(out);
        }
        if (!result.consistent()) {
            err.println("tern tpcc: a consistency condition failed (see above)");
            return Cli.EXIT_FAILURE;
        }
        return Cli.EXIT_OK;
    }
}
