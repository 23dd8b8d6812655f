package org.terndb.durability;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Immutable durability settings of a file database, from {@code key=value} pairs (a JDBC URL's options). Unknown
 * keys and bad values fail with a message that lists what is valid.
 *
 * <p>{@code durability}: {@code sync} (the default for files) acknowledges a commit once its epoch is durable
 * (group commit); {@code async} acknowledges at once and loses at most the commits of the last
 * {@code epoch_ms + log_flush_ms} (plus one fsync) before a crash, as long as no transaction stays open longer
 * (an open transaction holds the epoch back, as in Silo); {@code none} writes nothing (the data on disk is
 * recovered at open, changes are lost at close).
 */
public final class DurabilityOptions {

    /** How commits are made durable. */
    public enum Mode { SYNC, ASYNC, NONE }

    /** One option: key, default, help; {@code choices} null for a non-negative integer. */
    public record Spec(String key, String defaultValue, String[] choices, String help) {}

    private static final Map<String, Spec> SPECS = new LinkedHashMap<>();

    private static void spec(String key, String def, String help, String... choices) {
        SPECS.put(key, new Spec(key, def, choices.length == 0 ? null : choices, help));
    }

    static {
        spec("durability", "sync", "sync: acknowledge commits once durable (group commit); async: at once, "
                + "losing at most epoch_ms + log_flush_ms at a crash; none: write nothing", "sync", "async", "none");
        spec("log_flush_ms", "10", "async: longest time between log fsyncs (a worker's buffer passing half full is "
                + "written sooner); sync writes as soon as commits wait");
        spec("log_threads", "1", "logger threads, each writing its own log files (1 per disk is SiloR's advice)");
        spec("log_buffer_kb", "1024", "each worker's log buffer (rounded up to a power of two, at least 64)");
        spec("log_direct_io", "true", "write log files with direct I/O (O_DIRECT), not through the page cache, "
                + "where the file system allows it (else through the page cache)", "true", "false");
        spec("log_file_mb", "64", "a log file is closed and a new one started past this size (at most 1024)");
        spec("checkpoint_interval_s", "60", "seconds between background checkpoints (0: only when the CHECKPOINT statement asks)");
        spec("checkpoint_rate_kb", "262144", "checkpoint write rate limit in KiB/s (0: unlimited); the default, "
                + "256 MiB/s (about 2M rows/s of 100 bytes), keeps a checkpoint to a fifth of a core or so while it "
                + "still outpaces TPC-C's growth more than five times");
        spec("sync_advance_epoch", "true", "sync: commits waiting for durability advance the epoch instead of "
                + "waiting up to epoch_ms for the epoch timer (false: SiloR's latency, epochs untouched)",
                "true", "false");
        spec("group_commit_us", "2000", "sync: while another transaction is running, a waiting commit's fsync "
                + "starts at most this long after the previous one began, so more commits share it (fewer fsyncs); "
                + "with nobody else running it starts at once (0: always at once)");
    }

    private static final DurabilityOptions DEFAULTS = new DurabilityOptions(Map.of());

    private final Map<String, String> values;

    private DurabilityOptions(Map<String, String> given) {
        Map<String, String> v = new LinkedHashMap<>();
        for (Spec s : SPECS.values()) {
            v.put(s.key(), s.defaultValue());
        }
        for (Map.Entry<String, String> e : given.entrySet()) {
            String key = e.getKey().trim().toLowerCase(Locale.ROOT);
            Spec s = SPECS.get(key);
            if (s == null) {
                throw new IllegalArgumentException("unknown durability option '" + e.getKey() + "'; valid options: "
                        + String.join(", ", SPECS.keySet()));
            }
            v.put(key, check(s, e.getValue()));
        }
        this.values = Collections.unmodifiableMap(v);
    }

    private static String check(Spec s, String raw) {
        String value = raw == null ? "" : raw.trim().toLowerCase(Locale.ROOT);
        if (s.choices() != null) {
            for (String c : s.choices()) {
                if (c.equals(value)) {
                    return c;
                }
            }
            throw new IllegalArgumentException("option " + s.key() + " must be one of " + String.join(", ", s.choices())
                    + ", not '" + raw + "'");
        }
        try {
            int n = Integer.parseInt(value);
            if (s.key().equals("log_file_mb") && n > 1024) {
                throw new IllegalArgumentException("option log_file_mb must be at most 1024 (a log file is read "
                        + "as one mapping), not '" + raw + "'");
            }
            if (n >= 0 && !(n == 0 && (s.key().equals("log_threads") || s.key().equals("log_file_mb")))) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("option " + s.key() + " must be a "
                + (s.key().equals("log_threads") || s.key().equals("log_file_mb") ? "positive" : "non-negative")
                + " integer, not '" + raw + "'");
    }

    public static DurabilityOptions defaults() {
        return DEFAULTS;
    }

    /** Options from key=value pairs (keys case-insensitive). */
    public static DurabilityOptions of(Map<String, String> values) {
        return new DurabilityOptions(values);
    }

    /** Whether {@code key} is a durability option. */
    public static boolean isOption(String key) {
        return SPECS.containsKey(key.trim().toLowerCase(Locale.ROOT));
    }

    public static Map<String, Spec> specs() {
        return Collections.unmodifiableMap(SPECS);
    }

    public Mode mode() {
        return Mode.valueOf(values.get("durability").toUpperCase(Locale.ROOT));
    }

    public int logFlushMillis() {
        return Math.max(1, integer("log_flush_ms"));
    }

    public int logThreads() {
        return integer("log_threads");
    }

    /** Each worker's ring capacity in bytes: a power of two, at least 64 KiB. */
    public int logBufferBytes() {
        long kb = Math.max(64, Math.min(integer("log_buffer_kb"), 1 << 20));
        return Integer.highestOneBit((int) (kb * 1024 - 1)) << 1;
    }

    public long logFileBytes() {
        return integer("log_file_mb") * 1024L * 1024L;
    }

    public int checkpointIntervalSeconds() {
        return integer("checkpoint_interval_s");
    }

    /** Bytes per second, 0 = unlimited. */
    public long checkpointRateBytes() {
        return integer("checkpoint_rate_kb") * 1024L;
    }

    /** group_commit_us in nanoseconds (0: an fsync for waiting commits starts at once). */
    public long groupCommitNanos() {
        return integer("group_commit_us") * 1_000L;
    }

    public boolean logDirectIo() {
        return Boolean.parseBoolean(values.get("log_direct_io"));
    }

    public boolean syncAdvanceEpoch() {
        return Boolean.parseBoolean(values.get("sync_advance_epoch"));
    }

    private int integer(String key) {
        return Integer.parseInt(values.get(key));
    }

    /** The options that differ from their defaults, sorted (for comparing and reports). */
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
