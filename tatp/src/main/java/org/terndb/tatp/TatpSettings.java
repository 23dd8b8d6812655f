package org.terndb.tatp;

import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.terndb.cli.ParsedOptions;
import org.terndb.cli.UsageException;
import org.terndb.harness.WarmUp;
import org.terndb.txn.Protocols;
import org.terndb.txn.TxnOptions;

/**
 * The validated settings of one {@code tern tatp} invocation.
 *
 * @param mix           weights of the seven transactions in {@link TatpTxn} order (the deck a terminal deals)
 * @param ingestPercent the share of the data-ingestion transactions (UPDATE_SUBSCRIBER_DATA + UPDATE_LOCATION) in
 *                      the mix, in percent: 16 in the standard mix
 * @param protocol      the protocol of --mode direct, or the one --protocol gives a TernDB URL of --mode jdbc or proc
 *                      (null: the URL's own, silo unless it says)
 * @param url           {@code --url} as given (see {@link #jdbcUrl()})
 * @param checkOnly     {@code --check}: load, check the consistency conditions, do not run
 * @param terminalsPerThread {@code --terminals-per-thread} of {@code --mode direct}: terminals each thread serves
 * @param options       {@code --options} of {@code --mode direct}: the protocol's transaction options as given
 */
record TatpSettings(Mode mode, String protocol, String url, int subscribers, int threads, double seconds,
                    WarmUp warmup, long seed, int[] mix, double ingestPercent, boolean updateIntensive,
                    boolean checkOnly, boolean check, int terminalsPerThread, Map<String, String> options) {

    enum Mode {
        DIRECT, JDBC, PROC;

        String key() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    static final String DEFAULT_MIX = "35,10,35,2,14,2,2";
    static final String DEFAULT_URL = "jdbc:tern:mem:tatp";
    static final String TERN_URL_PREFIX = "jdbc:tern:";
    /**
     * The data-ingestion share of {@code --update-intensive}. Seed 003 does not define its update-intensive
     * modification (Fig. 8b); the only raised share it names is the 80% of its Fig. 10, so that is the one used.
     */
    static final double UPDATE_INTENSIVE_PERCENT = 80;
    /** Cards in the deck of an {@code --ingest} mix: shares to a hundredth of a percent. */
    private static final int INGEST_CARDS = 10_000;

    static TatpSettings parse(ParsedOptions args) {
        Mode mode;
        String modeText = args.getString("mode");
        try {
            mode = Mode.valueOf(modeText.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new UsageException("--mode must be one of direct, jdbc, proc; got '" + modeText + "'");
        }
        String url = args.getString("url");
        boolean tern = url.startsWith(TERN_URL_PREFIX);
        if (mode == Mode.DIRECT && args.isGiven("url")) {
            throw new UsageException("--url applies to --mode jdbc and proc only");
        }
        if (mode == Mode.PROC && !tern) {
            throw new UsageException("--mode proc runs the transactions as TernDB stored procedures: --url must be a"
                    + " TernDB URL (" + TERN_URL_PREFIX + "...); got " + url);
        }
        String protocol = args.getString("protocol").toLowerCase(Locale.ROOT);
        if (mode != Mode.DIRECT && args.isGiven("protocol")) {
            if (!tern) {
                throw new UsageException("--protocol applies to --mode direct and to TernDB URLs (" + TERN_URL_PREFIX
                        + "...); " + url + " uses its own concurrency control");
            }
            if (url.toLowerCase(Locale.ROOT).contains(";protocol=")) {
                throw new UsageException("the URL " + url + " names a protocol already; give it once, in --url or"
                        + " with --protocol");
            }
        }
        if ((mode == Mode.DIRECT || args.isGiven("protocol")) && !Protocols.names().contains(protocol)) {
            throw new UsageException("unknown protocol '" + protocol + "'; valid protocols: "
                    + String.join(", ", Protocols.names()));
        }
        int subscribers = args.getInt("subscribers", 1, 100_000_000);
        int threads = args.getInt("threads", 1, 1024);
        double seconds = args.getDouble("seconds", 0, 86_400);
        WarmUp warmup = WarmUp.parse(args.getString("warmup"), "warmup");
        if (args.isSet("check") && args.isSet("no-check")) {
            throw new UsageException("--check and --no-check contradict each other");
        }
        boolean updateIntensive = args.isSet("update-intensive");
        if (updateIntensive && args.isGiven("ingest")) {
            throw new UsageException("--update-intensive is --ingest " + trim(UPDATE_INTENSIVE_PERCENT)
                    + "; give one of them");
        }
        int[] mix;
        double ingest;
        if (updateIntensive || args.isGiven("ingest")) {
            if (args.isGiven("mix")) {
                throw new UsageException("--mix and --ingest/--update-intensive both set the mix; give one of them");
            }
            ingest = updateIntensive ? UPDATE_INTENSIVE_PERCENT : args.getDouble("ingest", -1e-9, 100);
            mix = ingestMix(ingest);
        } else {
            mix = parseMix(args.getString("mix"));
            ingest = ingestPercent(mix);
        }
        int terminalsPerThread = args.getInt("terminals-per-thread", 1, 1024);
        if (mode != Mode.DIRECT && args.isGiven("terminals-per-thread")) {
            throw new UsageException("--terminals-per-thread applies to --mode direct only");
        }
        if (mode != Mode.DIRECT && args.isGiven("options")) {
            throw new UsageException("--options applies to --mode direct only (a TernDB URL takes its own ;key=value"
                    + " options)");
        }
        Map<String, String> options = args.getKeyValues("options", TxnOptions::isOption,
                "transaction options (epoch_ms, ...: see bin/tern ycsb --help)");
        try {
            TxnOptions.of(options);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--options: " + e.getMessage());
        }
        return new TatpSettings(mode, mode == Mode.DIRECT || args.isGiven("protocol") ? protocol : null, url,
                subscribers, threads, seconds, warmup, args.getLong("seed", Long.MIN_VALUE, Long.MAX_VALUE), mix, ingest,
                updateIntensive, args.isSet("check"), !args.isSet("no-check"),
                mode == Mode.DIRECT ? terminalsPerThread : 1, Map.copyOf(options));
    }

    /** The protocol's transaction options of {@code --mode direct}. */
    TxnOptions txnOptions() {
        return TxnOptions.of(options);
    }

    static int[] parseMix(String text) {
        String[] parts = text.split(",");
        if (parts.length != TatpTxn.count()) {
            throw new UsageException("--mix needs " + TatpTxn.count() + " comma-separated weights (in the order "
                    + TatpTxn.all().stream().map(TatpTxn::title).collect(Collectors.joining(", ")) + "), e.g. "
                    + DEFAULT_MIX + "; got '" + text + "'");
        }
        int[] mix = new int[parts.length];
        int sum = 0;
        for (int i = 0; i < parts.length; i++) {
            try {
                mix[i] = Integer.parseInt(parts[i].trim());
            } catch (NumberFormatException e) {
                throw new UsageException("--mix weights must be whole numbers; got '" + parts[i].trim() + "'");
            }
            if (mix[i] < 0 || mix[i] > 10_000) {
                throw new UsageException("--mix weights must be in 0..10000; got " + mix[i]);
            }
            sum += mix[i];
        }
        if (sum == 0) {
            throw new UsageException("--mix needs at least one positive weight");
        }
        return mix;
    }

    /**
     * The standard mix with the data-ingestion transactions raised (or lowered) to {@code percent} of it: seed
     * 003's Fig. 8d sweep. UPDATE_LOCATION and UPDATE_SUBSCRIBER_DATA keep their 14:2 ratio, the other five their
     * standard proportions of the rest. Weights are in hundredths of a percent, rounded by largest remainder so
     * they sum to exactly 100%.
     */
    static int[] ingestMix(double percent) {
        int ingestion = 0;
        int other = 0;
        for (TatpTxn t : TatpTxn.all()) {
            if (t.isIngestion()) {
                ingestion += t.standardPercent();
            } else {
                other += t.standardPercent();
            }
        }
        double[] exact = new double[TatpTxn.count()];
        int[] mix = new int[TatpTxn.count()];
        int assigned = 0;
        for (TatpTxn t : TatpTxn.all()) {
            double share = t.isIngestion() ? percent * t.standardPercent() / ingestion
                    : (100 - percent) * t.standardPercent() / other;
            exact[t.ordinal()] = share * INGEST_CARDS / 100;
            mix[t.ordinal()] = (int) Math.floor(exact[t.ordinal()]);
            assigned += mix[t.ordinal()];
        }
        while (assigned < INGEST_CARDS) {
            int best = 0;
            for (int i = 1; i < mix.length; i++) {
                if (exact[i] - mix[i] > exact[best] - mix[best]) {
                    best = i;
                }
            }
            mix[best]++;
            assigned++;
        }
        return mix;
    }

    /** The data-ingestion share of a mix, in percent. */
    static double ingestPercent(int[] mix) {
        long total = 0;
        long ingestion = 0;
        for (TatpTxn t : TatpTxn.all()) {
            total += mix[t.ordinal()];
            if (t.isIngestion()) {
                ingestion += mix[t.ordinal()];
            }
        }
        return 100.0 * ingestion / total;
    }

    /** Whether --mode jdbc or proc runs on TernDB. */
    boolean tern() {
        return mode != Mode.DIRECT && url.startsWith(TERN_URL_PREFIX);
    }

    /** The URL the connections open: {@code --url}, with {@code ;protocol=} appended when --protocol names one. */
    String jdbcUrl() {
        return mode != Mode.DIRECT && protocol != null ? url + ";protocol=" + protocol : url;
    }

    String mixText() {
        return Arrays.stream(mix).mapToObj(Integer::toString).collect(Collectors.joining("/"));
    }

    String describe() {
        String system = switch (mode) {
            case DIRECT -> "direct, protocol " + protocol + (options.isEmpty() ? "" : " " + new TreeMap<>(options));
            case JDBC -> "jdbc " + jdbcUrl();
            case PROC -> "proc " + jdbcUrl();
        };
        return String.format(Locale.ROOT, "TATP %s: %,d subscribers, %d thread%s%s, %s s timed + %s warm-up, mix %s"
                        + " (data ingestion %s%%%s), seed %d", system, subscribers, threads, threads == 1 ? "" : "s",
                terminalsPerThread == 1 ? "" : " of " + terminalsPerThread + " terminals each",
                trim(seconds), warmUpText(warmup), mixText(), trim(Math.round(ingestPercent * 100) / 100.0),
                updateIntensive ? ", update-intensive" : "", seed);
    }

    /** {@code 2 s}, or {@code an automatic} for an automatic warm-up: the warm-up in the description. */
    static String warmUpText(WarmUp warmup) {
        return warmup.untilJitIdle() ? "an automatic" : warmup.describe() + " s";
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TatpSettings s && s.mode == mode && java.util.Objects.equals(s.protocol, protocol)
                && s.url.equals(url) && s.subscribers == subscribers && s.threads == threads && s.seconds == seconds
                && s.warmup.equals(warmup) && s.seed == seed && Arrays.equals(s.mix, mix)
                && s.ingestPercent == ingestPercent && s.updateIntensive == updateIntensive
                && s.checkOnly == checkOnly && s.check == check && s.terminalsPerThread == terminalsPerThread
                && s.options.equals(options);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(mode, protocol, url, subscribers, threads, seed, Arrays.hashCode(mix));
    }

    @Override
    public String toString() {
        return describe();
    }
}
