package org.terndb.jdbc;

import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import org.terndb.executor.SqlState;

/**
 * A parsed TernDB URL: {@code jdbc:tern:mem:NAME[;key=value...]} or {@code jdbc:tern:file:PATH[;key=value...]}
 * (a durable database in the directory PATH, created if missing). Options may also come as connection
 * properties (the URL wins); {@code user} and {@code password} are accepted and ignored.
 *
 * @param name    database name (empty for a private in-memory database), or the directory of a file database
 * @param options option keys (lower case) and values
 * @param file    whether this is a {@code jdbc:tern:file:} URL
 */
record JdbcUrl(String name, Map<String, String> options, boolean file) {
    static final String PREFIX = "jdbc:tern:";
    private static final String MEMORY = PREFIX + "mem:";
    private static final String FILE = PREFIX + "file:";

    static boolean accepts(String url) {
        return url != null && url.regionMatches(true, 0, PREFIX, 0, PREFIX.length());
    }

    static JdbcUrl parse(String url, Properties info) throws SQLException {
        boolean file = url.regionMatches(true, 0, FILE, 0, FILE.length());
        if (!file && !url.regionMatches(true, 0, MEMORY, 0, MEMORY.length())) {
            throw new SQLException("malformed TernDB URL '" + url + "'; expected jdbc:tern:mem:NAME[;key=value...] "
                    + "or jdbc:tern:file:PATH[;key=value...]", SqlState.CONNECTION_FAILURE);
        }
        String rest = url.substring(file ? FILE.length() : MEMORY.length());
        String[] parts = rest.split(";", -1);
        Map<String, String> options = new LinkedHashMap<>();
        if (info != null) {
            for (String key : info.stringPropertyNames()) {
                if (!key.equalsIgnoreCase("user") && !key.equalsIgnoreCase("password")) {
                    options.put(key.toLowerCase(java.util.Locale.ROOT), info.getProperty(key));
                }
            }
        }
        for (int i = 1; i < parts.length; i++) {
            if (parts[i].isBlank()) {
                continue;
            }
            int eq = parts[i].indexOf('=');
            if (eq <= 0) {
                throw new SQLException("malformed option '" + parts[i] + "' in " + url + "; options are key=value",
                        SqlState.CONNECTION_FAILURE);
            }
            options.put(parts[i].substring(0, eq).trim().toLowerCase(java.util.Locale.ROOT), parts[i].substring(eq + 1).trim());
        }
        if (file && parts[0].isBlank()) {
            throw new SQLException("jdbc:tern:file: needs a directory: jdbc:tern:file:PATH[;key=value...]",
                    SqlState.CONNECTION_FAILURE);
        }
        return new JdbcUrl(parts[0].trim(), options, file);
    }
}
