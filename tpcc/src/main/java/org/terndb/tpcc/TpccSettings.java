package org.terndb.tpcc;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import org.terndb.cli.ParsedOptions;
import org.terndb.cli.UsageException;
import org.terndb.txn.Protocols;

/**
 * The validated settings of one {@code tern tpcc} invocation.
 *
 * @param threads     driver threads; each runs one terminal (the kernel runs one thread with one terminal per
 *                    warehouse)
 * @param mix         weights of New-Order, Payment, Order-Status, Delivery, Stock-Level
 * @param checkOnly   {@code --check}: load, check the consistency conditions, do not run
 */
record TpccSettings(Mode mode, String protocol, String url, int warehouses, int threads, double seconds,
                    double warmup, long seed, int[] mix, TpccScale scale, boolean checkOnly, boolean check) {

    enum Mode {
        KERNEL, DIRECT, JDBC, PROC;

        String key() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    static final String DEFAULT_MIX = "45,43,4,4,4";
    static final String DEFAULT_URL = "jdbc:tern:mem:tpcc";

    static TpccSettings parse(ParsedOptions args) {
        Mode mode;
        String modeText = args.getString("mode");
        try {
            mode = Mode.valueOf(modeText.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new UsageException("--mode must be one of kernel, direct, jdbc, proc; got '" + modeText + "'");
        }
        if (mode == Mode.PROC) {
            throw new UsageException("--mode proc is not available yet: it runs the transactions as TernDB stored"
                    + " procedures, which come with the SQL engine; use --mode direct, kernel or jdbc for now");
        }
        String protocol = args.getString("protocol").toLowerCase(Locale.ROOT);
        if (mode == Mode.DIRECT && !Protocols.names().contains(protocol)) {
            throw new UsageException("unknown protocol '" + protocol + "'; valid protocols: "
                    + String.join(", ", Protocols.names()));
        }
        if (mode != Mode.DIRECT && args.isGiven("protocol")) {
            throw new UsageException("--protocol applies to --mode direct only (the kernel has no concurrency"
                    + " control; a JDBC database uses its own)");
        }
        if (mode != Mode.JDBC && args.isGiven("url")) {
            throw new UsageException("--url applies to --mode jdbc only");
        }
        int warehouses = args.getInt("warehouses", 1, 10_000);
        int threads = args.getInt("threads", 1, 1024);
        double seconds = args.getDouble("seconds", 0, 86_400);
        double warmup = args.getDouble("warmup", -1e-9, 3_600);
        if (args.isSet("check") && args.isSet("no-check")) {
            throw new UsageException("--check and --no-check contradict each other");
        }
        double scale = args.getDouble("scale", 0, 1);
        return new TpccSettings(mode, mode == Mode.DIRECT ? protocol : mode == Mode.KERNEL ? "none" : null,
                args.getString("url"), warehouses, mode == Mode.KERNEL ? 1 : threads, seconds, warmup,
                args.getLong("seed", Long.MIN_VALUE, Long.MAX_VALUE), parseMix(args.getString("mix")),
                TpccScale.of(scale), args.isSet("check"), !args.isSet("no-check"));
    }

    static int[] parseMix(String text) {
        String[] parts = text.split(",");
        if (parts.length != TxnType.count()) {
            throw new UsageException("--mix needs " + TxnType.count() + " comma-separated weights (New-Order, Payment,"
                    + " Order-Status, Delivery, Stock-Level), e.g. " + DEFAULT_MIX + "; got '" + text + "'");
        }
        int[] mix = new int[parts.length];
        int sum = 0;
        for (int i = 0; i < parts.length; i++) {
            try {
                mix[i] = Integer.parseInt(parts[i].trim());
            } catch (NumberFormatException e) {
                throw new UsageException("--mix weights must be whole numbers; got '" + parts[i].trim() + "'");
            }
            if (mix[i] < 0 || mix[i] > 1000) {
                throw new UsageException("--mix weights must be in 0..1000; got " + mix[i]);
            }
            sum += mix[i];
        }
        if (sum == 0) {
            throw new UsageException("--mix needs at least one positive weight");
        }
        return mix;
    }

    String mixText() {
        return Arrays.stream(mix).mapToObj(Integer::toString).collect(Collectors.joining("/"));
    }

    /** The terminals: one per thread, except the kernel's one thread that cycles through one per warehouse. */
    int terminals() {
        return mode == Mode.KERNEL ? warehouses : threads;
    }

    String describe() {
        String system = switch (mode) {
            case KERNEL -> "kernel (Masstrees, no concurrency control, one thread)";
            case DIRECT -> "direct, protocol " + protocol;
            case JDBC -> "jdbc " + url;
            case PROC -> "proc";
        };
        return String.format(Locale.ROOT, "TPC-C %s: %d warehouse%s, %d terminal%s on %d thread%s, %s s timed + %s s"
                        + " warm-up, mix %s, seed %d%s", system, warehouses, warehouses == 1 ? "" : "s", terminals(),
                terminals() == 1 ? "" : "s", threads, threads == 1 ? "" : "s", trim(seconds), trim(warmup),
                mixText(), seed, scale.isSpec() ? "" : String.format(Locale.ROOT,
                        " [scaled, not TPC-C: %d items, %d customers per district]", scale.items(),
                        scale.customers()));
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TpccSettings s && s.mode == mode && java.util.Objects.equals(s.protocol, protocol)
                && s.url.equals(url) && s.warehouses == warehouses && s.threads == threads && s.seconds == seconds
                && s.warmup == warmup && s.seed == seed && Arrays.equals(s.mix, mix) && s.scale.equals(scale)
                && s.checkOnly == checkOnly && s.check == check;
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(mode, protocol, url, warehouses, threads, seed, Arrays.hashCode(mix));
    }

    @Override
    public String toString() {
        return describe();
    }
}
