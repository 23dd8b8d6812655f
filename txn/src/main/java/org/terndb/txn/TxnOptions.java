package org.terndb.txn;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Immutable protocol options: the shared optimisations of CCBench Table 1 and the knobs each protocol's paper
 * names. Built from {@code key=value} pairs (a JDBC URL's options, harness flags); unknown keys and bad values
 * fail with a message that lists what is valid.
 */
public final class TxnOptions {

    /** One option: its key, default, allowed values (null = any of its type) and a line of help. */
    public record Spec(String key, String defaultValue, Kind kind, String[] choices, String help) {}

    public enum Kind { BOOLEAN, INT, CHOICE }

    private static final Map<String, Spec> SPECS = new LinkedHashMap<>();

    private static void spec(String key, String def, Kind kind, String help, String... choices) {
        SPECS.put(key, new Spec(key, def, kind, choices.length == 0 ? null : choices, help));
    }

    static {
        spec("epoch_ms", "40", Kind.INT, "global epoch interval in milliseconds (TIDs, GC, group commit)");
        spec("backoff", "true", Kind.BOOLEAN, "AdaptiveBackoff: wait before retrying an aborted transaction");
        spec("no_wait", "false", Kind.BOOLEAN,
                "NoWait lock acquisition for Silo/MOCC commit: abort instead of spinning on a locked record");
        spec("read_phase_extension_us", "0", Kind.INT,
                "ReadPhaseExtension: artificial delay in microseconds at the end of the read phase");
        spec("tictoc_no_wait", "false", Kind.BOOLEAN,
                "TicToc NoWaitTT: on a locked record release all locks and retry validation after a pause");
        spec("tictoc_preemptive_abort", "true", Kind.BOOLEAN,
                "TicToc PreemptiveAbort: abort early when a locked record's rts cannot be extended");
        spec("tictoc_timestamp_history", "true", Kind.BOOLEAN,
                "TicToc TimestampHistory: keep the previous wts to validate reads of a just-overwritten record");
        spec("mocc_hot_threshold", "10", Kind.INT,
                "MOCC: record temperature at which reads take a read lock in the read phase");
        spec("mocc_reset_epochs", "1", Kind.INT,
                "MOCC: temperatures reset lazily when this many epochs passed since the record's last reset");
        spec("deadlock", "wait-die", Kind.CHOICE, "2PL-Wait deadlock policy", "wait-die", "wound-wait");
        spec("lock_timeout_ms", "1000", Kind.INT, "longest wait for a lock before aborting with TIMEOUT");
        spec("gc_interval_us", "10", Kind.INT, "RapidGC: watermark update interval for multi-version protocols");
        spec("version_reuse", "true", Kind.BOOLEAN, "AssertiveVersionReuse: per-worker version cache (MVCC)");
        spec("aggressive_gc", "false", Kind.BOOLEAN,
                "AggressiveGC: collect versions still visible to old readers, which then abort (MVCC)");
    }

    private static final TxnOptions DEFAULTS = new TxnOptions(Map.of());

    private final Map<String, String> values;

    private TxnOptions(Map<String, String> given) {
        Map<String, String> v = new LinkedHashMap<>();
        for (Spec s : SPECS.values()) {
            v.put(s.key(), s.defaultValue());
        }
        for (Map.Entry<String, String> e : given.entrySet()) {
            String key = e.getKey().toLowerCase(java.util.Locale.ROOT);
            Spec s = SPECS.get(key);
            if (s == null) {
                throw new IllegalArgumentException("unknown transaction option '" + e.getKey() + "'; valid options: "
                        + String.join(", ", SPECS.keySet()));
            }
            v.put(key, check(s, e.getValue()));
        }
        this.values = Collections.unmodifiableMap(v);
    }

    private static String check(Spec s, String raw) {
        String value = raw == null ? "" : raw.trim();
        switch (s.kind()) {
            case BOOLEAN -> {
                if (!value.equalsIgnoreCase("true") && !value.equalsIgnoreCase("false")) {
                    throw new IllegalArgumentException("option " + s.key() + " must be true or false, not '" + raw + "'");
                }
                return value.toLowerCase(java.util.Locale.ROOT);
            }
            case INT -> {
                try {
                    int n = Integer.parseInt(value);
                    if (n < 0) {
                        throw new NumberFormatException();
                    }
                    return value;
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(
                            "option " + s.key() + " must be a non-negative integer, not '" + raw + "'");
                }
            }
            default -> {
                for (String c : s.choices()) {
                    if (c.equalsIgnoreCase(value)) {
                        return c;
                    }
                }
                throw new IllegalArgumentException("option " + s.key() + " must be one of "
                        + String.join(", ", s.choices()) + ", not '" + raw + "'");
            }
        }
    }

    public static TxnOptions defaults() {
        return DEFAULTS;
    }

    /** Options from key=value pairs; keys are case-insensitive. */
    public static TxnOptions of(Map<String, String> values) {
        return new TxnOptions(values);
    }

    /** These options with some values replaced. */
    public TxnOptions with(Map<String, String> changes) {
        Map<String, String> m = new LinkedHashMap<>(values);
        m.putAll(changes);
        return new TxnOptions(m);
    }

    public TxnOptions with(String key, String value) {
        return with(Map.of(key, value));
    }

    /** Every option, for help texts. */
    public static Map<String, Spec> specs() {
        return Collections.unmodifiableMap(SPECS);
    }

    public static boolean isOption(String key) {
        return SPECS.containsKey(key.toLowerCase(java.util.Locale.ROOT));
    }

    public boolean bool(String key) {
        return Boolean.parseBoolean(get(key));
    }

    public int integer(String key) {
        return Integer.parseInt(get(key));
    }

    public String get(String key) {
        String v = values.get(key);
        if (v == null) {
            throw new IllegalArgumentException("unknown transaction option '" + key + "'");
        }
        return v;
    }

    public int epochMillis() {
        return Math.max(1, integer("epoch_ms"));
    }

    public boolean backoff() {
        return bool("backoff");
    }

    public boolean noWait() {
        return bool("no_wait");
    }

    public int readPhaseExtensionMicros() {
        return integer("read_phase_extension_us");
    }

    /** The options that differ from their defaults, sorted, for reports. */
    public Map<String, String> nonDefault() {
        Map<String, String> m = new TreeMap<>();
        for (Spec s : SPECS.values()) {
            if (!s.defaultValue().equals(values.get(s.key()))) {
                m.put(s.key(), values.get(s.key()));
            }
        }
        return m;
    }

    @Override
    public String toString() {
        return nonDefault().toString();
    }
}
