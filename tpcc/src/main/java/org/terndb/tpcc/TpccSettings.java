package org.terndb.tpcc;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import org.terndb.cli.ParsedOptions;
import org.terndb.cli.UsageException;
import org.terndb.harness.WarmUp;
import org.terndb.txn.Protocols;

/**
 * The validated settings of one {@code tern tpcc} invocation.
 *
 * @param threads     driver threads; each runs one terminal (the kernel runs one thread with one terminal per
 *                    warehouse)
 * @param mix         weights of New-Order, Payment, Order-Status, Delivery, Stock-Level
 * @param checkOnly   {@code --check}: load, check the consistency conditions, do not run
 * @param durability  {@code --durability} and {@code --dir} of {@code --mode direct} ({@link DurableTpcc})
 * @param terminalsPerThread {@code --terminals-per-thread} of {@code --mode direct}: terminals each thread serves
 *                    in turn, acknowledging commits once durable ({@link TerminalRotation}); 1 elsewhere
 */
record TpccSettings(Mode mode, String protocol, String url, int warehouses, int threads, double seconds,
                    WarmUp warmup, long seed, int[] mix, TpccScale scale, boolean checkOnly, boolean check,
                    DurableTpcc.Settings durability, int terminalsPerThread) {

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
        String protocol = args.getString("protocol").toLowerCase(Locale.ROOT);
        if (mode != Mode.KERNEL && !Protocols.names().contains(protocol)) {
            throw new UsageException("unknown protocol '" + protocol + "'; valid protocols: "
                    + String.join(", ", Protocols.names()));
        }
        if (mode == Mode.KERNEL && args.isGiven("protocol")) {
            throw new UsageException("--protocol does not apply to --mode kernel: the kernel has no concurrency"
                    + " control");
        }
        if ((mode == Mode.KERNEL || mode == Mode.DIRECT) && args.isGiven("url")) {
            throw new UsageException("--url applies to --mode jdbc and proc only");
        }
        String url = args.getString("url");
        boolean tern = isTernUrl(url);
        if (mode == Mode.PROC && !tern) {
            throw new UsageException("--mode proc runs TernDB stored procedures: --url must be a TernDB URL"
                    + " (jdbc:tern:...); got " + url);
        }
        if (mode == Mode.JDBC || mode == Mode.PROC) {
            if (!tern && args.isGiven("protocol")) {
                throw new UsageException("--protocol applies to TernDB URLs only (jdbc:tern:...); " + url
                        + " uses its own concurrency control");
            }
            if (tern) {
                url = withProtocol(url, protocol, args.isGiven("protocol"));
            }
            if (mode == Mode.PROC && option(url, "autocommit_retries") == null) {
                // Conflicts come back to the driver loop, which counts them as the other modes do, and retries.
                url += ";autocommit_retries=0";
            }
        }
        int warehouses = args.getInt("warehouses", 1, 10_000);
        int threads = args.getInt("threads", 1, 1024);
        double seconds = args.getDouble("seconds", 0, 86_400);
        WarmUp warmup = WarmUp.parse(args.getString("warmup"), "warmup");
        if (args.isSet("check") && args.isSet("no-check")) {
            throw new UsageException("--check and --no-check contradict each other");
        }
        double scale = args.getDouble("scale", 0, 1);
        int terminalsPerThread = args.getInt("terminals-per-thread", 1, 1024);
        if (mode != Mode.DIRECT && args.isGiven("terminals-per-thread")) {
            throw new UsageException("--terminals-per-thread applies to --mode direct only");
        }
        String effectiveProtocol = switch (mode) {
            case KERNEL -> "none";
            case DIRECT, PROC -> protocol;
            case JDBC -> tern ? protocolOf(url) : null;
        };
        return new TpccSettings(mode, effectiveProtocol, url, warehouses, mode == Mode.KERNEL ? 1 : threads, seconds,
                warmup, args.getLong("seed", Long.MIN_VALUE, Long.MAX_VALUE), parseMix(args.getString("mix")),
                TpccScale.of(scale), args.isSet("check"), !args.isSet("no-check"),
                DurableTpcc.Settings.parse(args, mode), mode == Mode.DIRECT ? terminalsPerThread : 1);
    }

    static boolean isTernUrl(String url) {
        return url.regionMatches(true, 0, "jdbc:tern:", 0, "jdbc:tern:".length());
    }

    /**
     * A TernDB URL with {@code ;protocol=P} appended, unless it names a protocol already: then {@code --protocol}
     * must not be given as well (or must agree).
     */
    static String withProtocol(String url, String protocol, boolean protocolGiven) {
        String inUrl = protocolOf(url);
        if (inUrl == null) {
            return url + ";protocol=" + protocol;
        }
        if (protocolGiven && !inUrl.equals(protocol)) {
            throw new UsageException("--protocol " + protocol + " contradicts protocol=" + inUrl + " in --url " + url);
        }
        return url;
    }

    /** The {@code protocol=} option of a TernDB URL (lower case), or null if it has none. */
    static String protocolOf(String url) {
        String protocol = option(url, "protocol");
        return protocol == null ? null : protocol.toLowerCase(Locale.ROOT);
    }

    /** The value of option {@code key} of a TernDB URL ({@code ;key=value}), or null if it has none. */
    static String option(String url, String key) {
        String[] parts = url.split(";");
        for (int i = 1; i < parts.length; i++) {
            int eq = parts[i].indexOf('=');
            if (eq > 0 && parts[i].substring(0, eq).trim().equalsIgnoreCase(key)) {
                return parts[i].substring(eq + 1).trim();
            }
        }
        return null;
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

    /**
     * The terminals: one per thread (or {@code --terminals-per-thread}), except the kernel's one thread that cycles
     * through one per warehouse.
     */
    int terminals() {
        return mode == Mode.KERNEL ? warehouses : threads * terminalsPerThread;
    }

    String describe() {
        String system = switch (mode) {
            case KERNEL -> "kernel (Masstrees, no concurrency control, one thread)";
            case DIRECT -> "direct, protocol " + protocol + ", " + durability.describe();
            case JDBC -> "jdbc " + url;
            case PROC -> "proc (stored procedures) " + url;
        };
        return String.format(Locale.ROOT, "TPC-C %s: %d warehouse%s, %d terminal%s on %d thread%s, %s s timed + %s"
                        + " warm-up, mix %s, seed %d%s", system, warehouses, warehouses == 1 ? "" : "s", terminals(),
                terminals() == 1 ? "" : "s", threads, threads == 1 ? "" : "s", trim(seconds), warmup.untilJitIdle() ? "an automatic" : warmup.describe() + " s",
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
                && s.warmup.equals(warmup) && s.seed == seed && Arrays.equals(s.mix, mix) && s.scale.equals(scale)
                && s.checkOnly == checkOnly && s.check == check
                && s.durability.equals(durability) && s.terminalsPerThread == terminalsPerThread;
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
