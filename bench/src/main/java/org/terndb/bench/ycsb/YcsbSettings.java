package org.terndb.bench.ycsb;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.terndb.cli.JsonObject;
import org.terndb.cli.ParsedOptions;
import org.terndb.cli.UsageException;
import org.terndb.txn.Protocols;
import org.terndb.txn.TxnOptions;

/**
 * One {@code tern ycsb} invocation's parameters: CCBench's seven workload parameters (Table 2: skew,
 * cardinality, payload, transaction size, read ratio, write model, threads), the protocols to run with their
 * {@link TxnOptions}, and the run lengths. Everything is checked here, before any data is loaded.
 *
 * @param protocols protocol names in run order (without {@code none})
 * @param baseline also run the operation stream on a bare Masstree (protocol {@code none})
 */
record YcsbSettings(List<String> protocols, boolean baseline, int records, int payload, int opsPerTxn,
                    double readRatio, boolean readModifyWrite, double skew, int threads, double seconds,
                    double warmup, long seed, YcsbPreset preset, int longTxnDelayMicros, TxnOptions txnOptions) {

    /** The protocol name of the no-concurrency-control baseline. */
    static final String BASELINE = "none";
    static final String ALL = "all";

    static YcsbSettings parse(ParsedOptions args) {
        YcsbPreset preset = args.isGiven("workload") ? YcsbPreset.parse(args.getString("workload")) : null;
        double readRatio = preset != null && !args.isGiven("read-ratio") ? preset.readRatio
                : nonNegative(args, "read-ratio", 1);
        boolean rmw = args.isSet("rmw") || (preset != null && preset.readModifyWrite);

        Set<String> names = new LinkedHashSet<>();
        boolean baseline = args.isSet("baseline");
        for (String raw : args.getString("protocol").split(",")) {
            String name = raw.trim().toLowerCase(Locale.ROOT);
            if (name.equals(ALL)) {
                if (Protocols.names().isEmpty()) {
                    throw new UsageException("--protocol all: no protocol is registered yet; use --protocol "
                            + BASELINE + " for the bare Masstree baseline");
                }
                names.addAll(Protocols.names());
            } else if (name.equals(BASELINE)) {
                baseline = true;
            } else if (Protocols.names().contains(name)) {
                names.add(name);
            } else {
                throw new UsageException("--protocol: unknown protocol '" + raw.trim() + "'; valid protocols are "
                        + validProtocols());
            }
        }

        return new YcsbSettings(List.copyOf(names), baseline,
                args.getInt("records", 1, Integer.MAX_VALUE - 16),
                args.getInt("payload", 1, 1 << 20),
                args.getInt("ops-per-txn", 1, 100_000),
                readRatio, rmw,
                skew(args),
                args.getInt("threads", 1, 1024),
                args.getDouble("seconds", 0, 86_400),
                nonNegative(args, "warmup", 86_400),
                args.getLong("seed", Long.MIN_VALUE, Long.MAX_VALUE),
                preset,
                args.getInt("long-txn-delay-us", 0, 60_000_000),
                txnOptions(args));
    }

    private static String validProtocols() {
        List<String> valid = new ArrayList<>(Protocols.names());
        valid.add(BASELINE);
        valid.add(ALL);
        return String.join(", ", valid);
    }

    private static double nonNegative(ParsedOptions args, String name, double max) {
        double value = args.getDouble(name, -1, max);
        if (value < 0) {
            throw new UsageException("--" + name + " must be between 0 and " + max + ", got " + args.getString(name));
        }
        return value;
    }

    private static double skew(ParsedOptions args) {
        double theta = nonNegative(args, "skew", 1);
        if (theta >= 1) {
            throw new UsageException("--skew must be at least 0 and below 1 (Gray's Zipf generator), got "
                    + args.getString("skew"));
        }
        return theta;
    }

    /**
     * {@code --opt key=value} pairs (comma-separated, the option may be repeated), then the dedicated switches,
     * which win over {@code --opt}. Unknown keys and bad values are usage errors that list what is valid.
     */
    private static TxnOptions txnOptions(ParsedOptions args) {
        Map<String, String> values = new LinkedHashMap<>();
        if (args.isGiven("opt")) {
            for (String pair : args.getString("opt").split(",")) {
                if (pair.isBlank()) {
                    continue;
                }
                int eq = pair.indexOf('=');
                if (eq <= 0) {
                    throw new UsageException("--opt expects key=value, got '" + pair + "'; valid keys are "
                            + String.join(", ", TxnOptions.specs().keySet()));
                }
                values.put(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
            }
        }
        if (args.isGiven("backoff")) {
            values.put("backoff", args.getString("backoff"));
        }
        if (args.isSet("no-wait")) {
            values.put("no_wait", "true");
        }
        if (args.isGiven("read-phase-extension-us")) {
            values.put("read_phase_extension_us", args.getString("read-phase-extension-us"));
        }
        try {
            return TxnOptions.of(values);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** The workload parameters as JSON fields (added to {@code json}). */
    void putWorkload(JsonObject json) {
        json.put("records", records).put("payload", payload).put("ops_per_txn", opsPerTxn)
                .put("read_ratio", readRatio).put("rmw", readModifyWrite).put("skew", skew)
                .put("threads", threads).put("seconds", seconds).put("warmup", warmup).put("seed", seed)
                .put("workload", preset == null ? null : preset.name())
                .put("long_txn_delay_us", longTxnDelayMicros);
        JsonObject options = new JsonObject();
        txnOptions.nonDefault().forEach(options::put);
        json.put("options", options);
    }

    /** One line describing the workload, for people. */
    String describe() {
        return String.format(Locale.ROOT, "YCSB%s: %,d records, %d-byte payload, %d ops/txn, %.0f%% reads, %s writes,"
                        + " skew %s, %d threads, %s s timed after %s s warm-up, seed %d%s%s",
                preset == null ? "" : "-" + preset.name(), records, payload, opsPerTxn, readRatio * 100,
                readModifyWrite ? "read-modify-write" : "blind", skew, threads, seconds, warmup, seed,
                txnOptions.nonDefault().isEmpty() ? "" : ", options " + txnOptions.nonDefault(),
                longTxnDelayMicros == 0 ? "" : ", worker 0 long transactions (+" + longTxnDelayMicros + " us)");
    }
}
