package org.terndb.cli;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Option values after parsing, read through typed getters that fall back to the declared default.
 * A malformed or out-of-range value throws {@link UsageException} naming the option.
 * Numbers may use underscores as digit separators ({@code 1_000_000}).
 */
public final class ParsedOptions {
    private final Options options;
    private final Map<String, String> values;
    private final boolean helpRequested;

    ParsedOptions(Options options, Map<String, String> values, boolean helpRequested) {
        this.options = options;
        this.values = Map.copyOf(values);
        this.helpRequested = helpRequested;
    }

    public boolean helpRequested() {
        return helpRequested;
    }

    /** True when the option was given on the command line (whatever its default). */
    public boolean isGiven(String name) {
        options.spec(name);
        return values.containsKey(name);
    }

    /** A flag's value: true when given. */
    public boolean isSet(String name) {
        if (!options.spec(name).isFlag()) {
            throw new IllegalArgumentException("--" + name + " is not a flag");
        }
        return values.containsKey(name);
    }

    public String getString(String name) {
        Options.Spec spec = options.spec(name);
        if (spec.isFlag()) {
            throw new IllegalArgumentException("--" + name + " is a flag");
        }
        String value = values.getOrDefault(name, spec.defaultValue());
        if (value == null) {
            throw new UsageException("--" + name + " " + spec.valueName() + " is required");
        }
        return value;
    }

    public long getLong(String name, long min, long max) {
        String text = getString(name);
        long value;
        try {
            value = Long.parseLong(text.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new UsageException("--" + name + " expects a whole number, got '" + text + "'");
        }
        if (value < min || value > max) {
            throw new UsageException("--" + name + " must be between " + min + " and " + max + ", got " + text);
        }
        return value;
    }

    public int getInt(String name, int min, int max) {
        return (int) getLong(name, min, max);
    }

    /** A decimal value in {@code (minExclusive, max]}. */
    public double getDouble(String name, double minExclusive, double max) {
        String text = getString(name);
        double value;
        try {
            value = Double.parseDouble(text.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new UsageException("--" + name + " expects a number, got '" + text + "'");
        }
        if (!(value > minExclusive && value <= max)) {
            throw new UsageException("--" + name + " must be greater than " + minExclusive + " and at most " + max
                    + ", got " + text);
        }
        return value;
    }

    /**
     * A list of {@code key=value} pairs separated by {@code ;} (or {@code ,}), in the order given, keys in lower
     * case; empty if the option was not given. A pair without {@code =}, or whose key {@code allowed} rejects, fails
     * with a message naming the option, {@code expected} (what the keys may be) and the pair.
     */
    public Map<String, String> getKeyValues(String name, Predicate<String> allowed, String expected) {
        Map<String, String> pairs = new LinkedHashMap<>();
        if (!isGiven(name)) {
            return pairs;
        }
        for (String pair : getString(name).split("[;,]")) {
            if (pair.isBlank()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String key = eq < 0 ? "" : pair.substring(0, eq).trim().toLowerCase(Locale.ROOT);
            if (eq < 0 || !allowed.test(key)) {
                throw new UsageException("--" + name + " takes key=value pairs separated by ';' of " + expected
                        + "; got '" + pair.trim() + "'");
            }
            pairs.put(key, pair.substring(eq + 1).trim());
        }
        return pairs;
    }
}
