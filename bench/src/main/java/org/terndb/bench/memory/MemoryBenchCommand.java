package org.terndb.bench.memory;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.terndb.cli.Cli;
import org.terndb.cli.JsonObject;
import org.terndb.cli.OptionCommand;
import org.terndb.cli.Options;
import org.terndb.cli.ParsedOptions;
import org.terndb.cli.UsageException;

/**
 * {@code tern bench memory}: what one dependent random load costs on this machine as the memory it roams grows, the
 * floor under a point read, which follows a chain of references (hash slot, record, row) each to a place the one
 * before names. Two strides per size: one load per 64-byte cache line, and one per 4 KiB page. The page stride
 * touches a 64th as many lines (4 MiB of them in 256 MiB), which stay in the caches up to a few hundred MiB, so that
 * where its loads are slow there, the time goes to translating addresses (the TLB and its page walks), not to the
 * lines themselves. Then what sharing a line costs: one line handed back and forth between two threads
 * ({@link LineHandoff}), in a few rounds, since where the machine runs the two threads may change between them.
 */
public final class MemoryBenchCommand extends OptionCommand {
    private static final int MAX_MB = 4096;
    private static final int HANDOFF_ROUNDS = 5;

    public MemoryBenchCommand() {
        super("memory", new Options("tern bench memory",
                "Latency of one dependent random load, by the size of the memory the loads roam, and of one cache\n"
                        + "line handed between two threads.\n\n"
                        + "For each size, a random cycle through one int per stride of an array of that size is\n"
                        + "followed load after load (each load's address is the value the one before read), single\n"
                        + "threaded, with the strides 64 bytes (one load per cache line) and 4096 bytes (one per page).\n"
                        + "The JVM's heap flags apply: with bin/tern, add -XX:+UseTransparentHugePages to\n"
                        + "TERN_JAVA_OPTS to measure the heap in huge pages, as the other benchmarks run it.\n"
                        + "Then one cache line is handed back and forth between two threads, " + HANDOFF_ROUNDS
                        + " rounds: a step\n"
                        + "is what a thread pays to read a line another core has just written and take it over.\n"
                        + "Progress goes to stderr; the table (or, with --json, one JSON line) to stdout.")
                .value("sizes", "MB,...", "sizes of the roamed memory in MiB, comma-separated, 1 to " + MAX_MB,
                        "4,16,64,256,1024")
                .value("loads", "N", "timed loads per size and stride (after as many untimed)", "5000000")
                .value("seed", "SEED", "seed of the random cycles", "1")
                .value("handoffs", "N", "timed steps per round of the line handoff (after as many untimed); 0 skips it",
                        "1000000")
                .json());
    }

    @Override
    protected int run(ParsedOptions args, PrintStream out, PrintStream err) {
        int[] sizes = sizes(args.getString("sizes"));
        int loads = args.getInt("loads", 1, Integer.MAX_VALUE);
        long seed = args.getLong("seed", Long.MIN_VALUE, Long.MAX_VALUE);
        int handoffs = args.getInt("handoffs", 0, Integer.MAX_VALUE - 1);
        boolean json = args.isSet(Options.JSON);

        List<Double> lineNanos = new ArrayList<>();
        List<Double> pageNanos = new ArrayList<>();
        for (int mb : sizes) {
            err.printf(Locale.ROOT, "%d MiB: following %,d loads per stride%n", mb, loads);
            RandomCycle memory = new RandomCycle(mb * (1L << 20), seed);
            lineNanos.add(round(memory.nanosPerLoad(RandomCycle.LINE, loads)));
            pageNanos.add(round(memory.nanosPerLoad(RandomCycle.PAGE, loads)));
        }
        List<Double> handoffNanos = handoffs(handoffs, err);

        if (json) {
            List<Integer> sizeList = new ArrayList<>();
            for (int mb : sizes) {
                sizeList.add(mb);
            }
            out.println(new JsonObject().put("sizes_mb", sizeList).put("line_ns", lineNanos).put("page_ns", pageNanos)
                    .put("loads", loads).put("seed", seed).put("handoffs", handoffs).put("handoff_ns", handoffNanos));
        } else {
            out.printf(Locale.ROOT, "Dependent random loads, %,d per size and stride, seed %d%n%n", loads, seed);
            String format = "%10s %16s %16s%n";
            out.printf(Locale.ROOT, format, "size MiB", "per line (ns)", "per page (ns)");
            for (int i = 0; i < sizes.length; i++) {
                out.printf(Locale.ROOT, format, sizes[i], String.format(Locale.ROOT, "%.1f", lineNanos.get(i)),
                        String.format(Locale.ROOT, "%.1f", pageNanos.get(i)));
            }
            out.printf(Locale.ROOT, "%nper line: one load per 64-byte line; per page: one per 4 KiB page, a 64th of the"
                    + " lines (in cache up to a few hundred MiB),%nso where it is slow the time goes to translating"
                    + " addresses%n");
            if (handoffNanos != null) {
                out.printf(Locale.ROOT, "%nOne line handed between two threads, %,d steps a round: %s ns a step%n",
                        handoffs, handoffNanos);
            }
        }
        return Cli.EXIT_OK;
    }

    /** The handoff's nanoseconds per step, one figure a round; null if skipped or if there is one processor. */
    private static List<Double> handoffs(int steps, PrintStream err) {
        if (steps == 0) {
            return null;
        }
        if (Runtime.getRuntime().availableProcessors() < 2) {
            err.println("one processor: the line handoff needs two, skipped");
            return null;
        }
        err.printf(Locale.ROOT, "handing a line between two threads: %d rounds of %,d steps%n", HANDOFF_ROUNDS, steps);
        List<Double> nanos = new ArrayList<>();
        try {
            for (int i = 0; i < HANDOFF_ROUNDS; i++) {
                nanos.add(round(new LineHandoff().nanosPerStep(steps)));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while handing a line between threads", e);
        }
        return nanos;
    }

    private static int[] sizes(String text) {
        String[] parts = text.split(",", -1);
        int[] sizes = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            String part = parts[i].trim();
            try {
                sizes[i] = Integer.parseInt(part);
            } catch (NumberFormatException e) {
                throw new UsageException("--sizes expects whole numbers of MiB separated by commas, got '" + text + "'");
            }
            if (sizes[i] < 1 || sizes[i] > MAX_MB) {
                throw new UsageException("--sizes must be between 1 and " + MAX_MB + " MiB each, got " + part);
            }
        }
        return sizes;
    }

    private static double round(double nanos) {
        return Math.round(nanos * 10) / 10.0;
    }
}
