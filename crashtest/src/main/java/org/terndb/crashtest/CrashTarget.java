package org.terndb.crashtest;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The database a crash trial kills and recovers: its directory and its options in JDBC URL form
 * ({@code ;protocol=silo;durability=sync;...}, what follows the path in {@code jdbc:tern:file:PATH}).
 *
 * @param dir        the database directory
 * @param urlOptions the options, each {@code ;key=value}
 */
public record CrashTarget(Path dir, String urlOptions) {

    /** The JDBC URL of the database. */
    public String url() {
        return "jdbc:tern:file:" + dir + urlOptions;
    }

    /** The options as an ordered map (keys in lower case). */
    public Map<String, String> options() {
        Map<String, String> m = new LinkedHashMap<>();
        for (String part : urlOptions.split(";")) {
            if (part.isBlank()) {
                continue;
            }
            int eq = part.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("option '" + part + "' is not key=value");
            }
            m.put(part.substring(0, eq).trim().toLowerCase(Locale.ROOT), part.substring(eq + 1).trim());
        }
        return m;
    }
}
