package org.terndb.bench.index;

import java.io.PrintStream;
import java.util.Locale;
import org.terndb.cli.Cli;
import org.terndb.cli.JsonObject;
import org.terndb.cli.OptionCommand;
import org.terndb.cli.Options;
import org.terndb.cli.ParsedOptions;
import org.terndb.bench.index.IndexWorkload.Operation;

/**
 * {@code tern bench index}: Masstree against {@code ConcurrentSkipListMap<byte[], Object>} (unsigned
 * order) on the same keys and threads, for point gets, inserts of fresh keys and 100-entry scans.
 * Gets and scans run before inserts, and each insert round removes its keys again, so every phase
 * sees the same N loaded keys.
 */
public final class IndexBenchCommand extends OptionCommand {
    public IndexBenchCommand() {
        super("index", new Options("tern bench index",
                "Masstree vs ConcurrentSkipListMap: get, insert and scan-100 throughput on the same keys.\n\n"
                        + "Loads N random keys into both structures, then times each operation on each structure with\n"
                        + "T threads, alternating the structures, and reports ops/s and the Masstree/skip-list ratio.\n"
                        + "Progress goes to stderr; the table (or, with --json, one JSON line) to stdout.")
                .value("keys", "N", "distinct keys loaded into each structure", "1000000")
                .value("key-bytes", "B", "key length in bytes, at least 8", "8")
                .value("threads", "T", "threads running each operation", "2")
                .value("seconds", "S", "timed seconds per structure and operation (plus S/2 warm-up)", "2")
                .value("seed", "SEED", "seed of the key generator and random choices", "1")
                .json());
    }

    @Override
    protected int run(ParsedOptions args, PrintStream out, PrintStream err) {
        int keys = args.getInt("keys", 1, Integer.MAX_VALUE / 2);
        int keyBytes = args.getInt("key-bytes", 8, 4096);
        int threads = args.getInt("threads", 1, 1024);
        double seconds = args.getDouble("seconds", 0, 3600);
        long seed = args.getLong("seed", Long.MIN_VALUE, Long.MAX_VALUE);
        boolean json = args.isSet(Options.JSON);

        IndexWorkload workload = new IndexWorkload(new KeySpace(keyBytes, seed), keys, threads, seed);
        IndexUnderTest masstree = IndexUnderTest.masstree();
        IndexUnderTest skipList = IndexUnderTest.skipList();
        for (IndexUnderTest index : new IndexUnderTest[] {masstree, skipList}) {
            double took = workload.load(index);
            err.printf(Locale.ROOT, "loaded %,d keys of %d bytes into %s in %.2f s%n", keys, keyBytes,
                    index.displayName(), took);
        }

        // Inserts last: they are the only phase that changes the structures (and each round undoes itself).
        Operation[] phases = {Operation.GET, Operation.SCAN, Operation.INSERT};
        double[][] rates = new double[Operation.values().length][];
        for (Operation op : phases) {
            err.printf(Locale.ROOT, "%s: timing %s and %s with %d threads (~%.0f s)%n", op.label,
                    masstree.displayName(), skipList.displayName(), threads, 3 * seconds);
            rates[op.ordinal()] = workload.compare(op, masstree, skipList, seconds);
        }

        if (json) {
            JsonObject result = new JsonObject();
            for (Operation op : Operation.values()) {
                result.put(op.jsonName + "_ratio", ratio(rates[op.ordinal()]));
            }
            for (Operation op : Operation.values()) {
                result.put("masstree_" + op.jsonName + "_ops", Math.round(rates[op.ordinal()][0]));
                result.put("skiplist_" + op.jsonName + "_ops", Math.round(rates[op.ordinal()][1]));
            }
            result.put("keys", keys).put("key_bytes", keyBytes).put("threads", threads).put("seconds", seconds)
                    .put("seed", seed);
            out.println(result);
        } else {
            out.printf(Locale.ROOT, "Index benchmark: %,d keys of %d bytes, %d threads, %s s timed per structure"
                    + " and operation, seed %d%n%n", keys, keyBytes, threads, seconds, seed);
            String format = "%-10s %16s %16s %12s%n";
            out.printf(Locale.ROOT, format, "operation", "Masstree ops/s", "skip list ops/s", "ratio");
            for (Operation op : Operation.values()) {
                double[] r = rates[op.ordinal()];
                out.printf(Locale.ROOT, format, op.label, String.format(Locale.ROOT, "%,.0f", r[0]),
                        String.format(Locale.ROOT, "%,.0f", r[1]), String.format(Locale.ROOT, "%.2fx", ratio(r)));
            }
            out.printf(Locale.ROOT, "%nratio = Masstree ops/s / skip list ops/s (above 1: Masstree is faster)%n");
        }
        return Cli.EXIT_OK;
    }

    private static double ratio(double[] rates) {
        return Math.round(rates[0] / rates[1] * 1000) / 1000.0;
    }
}
