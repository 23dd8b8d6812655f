package org.terndb.engine;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.terndb.durability.DurabilityOptions;
import org.terndb.executor.SqlState;
import org.terndb.executor.TernSqlException;
import org.terndb.txn.Protocols;
import org.terndb.txn.TxnOptions;

/**
 * How a database is opened: its name, concurrency-control protocol, transaction options and engine
 * settings. Built from {@code key=value} options (a JDBC URL's); unknown keys and bad values fail with a
 * message listing every valid option.
 *
 * @param name              the database name
 * @param protocol          one of {@link Protocols#names()}
 * @param txnOptions        protocol options ({@link TxnOptions} keys)
 * @param autocommitRetries how often an autocommit statement aborted by a conflict is retried
 * @param planCacheSize     most plans the plan cache keeps
 * @param path              the database directory of a {@code jdbc:tern:file:} database; null in memory
 * @param durability        how a file database makes commits durable ({@code durability=none} in memory)
 * @param compileProcedures whether SQL procedures' bodies are compiled to JVM code (else their steps are
 *                          interpreted; both do the same)
 */
public record DatabaseConfig(String name, String protocol, TxnOptions txnOptions, int autocommitRetries,
                             int planCacheSize, Path path, DurabilityOptions durability, boolean compileProcedures) {

    /** An in-memory database's settings. */
    public DatabaseConfig(String name, String protocol, TxnOptions txnOptions, int autocommitRetries,
                          int planCacheSize) {
        this(name, protocol, txnOptions, autocommitRetries, planCacheSize, null,
                DurabilityOptions.of(Map.of("durability", "none")), true);
    }

    /** Whether this is a file database (its data survives the process). */
    public boolean isFile() {
        return path != null;
    }
    public static final String PROTOCOL = "protocol";
    public static final String AUTOCOMMIT_RETRIES = "autocommit_retries";
    public static final String PLAN_CACHE_SIZE = "plan_cache_size";
    public static final String COMPILE_PROCEDURES = "compile_procedures";
    private static final String DEFAULT_PROTOCOL = "silo";
    private static final int DEFAULT_RETRIES = 100;
    private static final int DEFAULT_PLAN_CACHE = 1024;

    public static DatabaseConfig defaults(String name) {
        return new DatabaseConfig(name, DEFAULT_PROTOCOL, TxnOptions.defaults(), DEFAULT_RETRIES, DEFAULT_PLAN_CACHE);
    }

    /**
     * Parses options; keys are case-insensitive.
     *
     * @throws TernSqlException (08001) naming the bad option and listing the valid ones
     */
    public static DatabaseConfig of(String name, Map<String, String> options) {
        return of(name, null, options);
    }

    /**
     * A file database's settings ({@code jdbc:tern:file:PATH}): {@code durability} defaults to sync, and every
     * {@link DurabilityOptions} key is accepted. The name is the directory's absolute path.
     */
    public static DatabaseConfig file(Path path, Map<String, String> options) {
        Path dir = path.toAbsolutePath().normalize();
        return of(dir.toString(), dir, options);
    }

    private static DatabaseConfig of(String name, Path path, Map<String, String> options) {
        Map<String, String> durable = new LinkedHashMap<>();
        String protocol = DEFAULT_PROTOCOL;
        int retries = DEFAULT_RETRIES;
        int planCache = DEFAULT_PLAN_CACHE;
        boolean compileProcedures = true;
        Map<String, String> txn = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : options.entrySet()) {
            String key = e.getKey().trim().toLowerCase(Locale.ROOT);
            String value = e.getValue() == null ? "" : e.getValue().trim();
            switch (key) {
                case PROTOCOL -> {
                    protocol = value.toLowerCase(Locale.ROOT);
                    if (!Protocols.names().contains(protocol)) {
                        throw bad("unknown protocol '" + value + "'; valid protocols: "
                                + String.join(", ", Protocols.names()));
                    }
                }
                case AUTOCOMMIT_RETRIES -> retries = nonNegative(key, value);
                case PLAN_CACHE_SIZE -> planCache = Math.max(1, nonNegative(key, value));
                case COMPILE_PROCEDURES -> {
                    String v = value.toLowerCase(Locale.ROOT);
                    if (!v.equals("true") && !v.equals("false")) {
                        throw bad("option " + key + " must be true or false, not '" + value + "'");
                    }
                    compileProcedures = v.equals("true");
                }
                default -> {
                    if (DurabilityOptions.isOption(key)) {
                        durable.put(key, value);
                        continue;
                    }
                    if (!TxnOptions.isOption(key)) {
                        throw bad("unknown option '" + e.getKey() + "'; valid options: " + String.join(", ", validKeys()));
                    }
                    txn.put(key, value);
                }
            }
        }
        TxnOptions txnOptions;
        try {
            txnOptions = TxnOptions.of(txn);
        } catch (IllegalArgumentException e) {
            throw bad(e.getMessage());
        }
        DurabilityOptions durability;
        try {
            durability = DurabilityOptions.of(durable);
        } catch (IllegalArgumentException e) {
            throw bad(e.getMessage());
        }
        if (path == null) {
            if (!durable.isEmpty() && (durable.size() > 1 || durability.mode() != DurabilityOptions.Mode.NONE)) {
                throw bad("options " + durable.keySet() + " need a durable database: use jdbc:tern:file:PATH (an "
                        + "in-memory database writes nothing)");
            }
            durability = DurabilityOptions.of(Map.of("durability", "none"));
        }
        return new DatabaseConfig(name, protocol, txnOptions, retries, planCache, path, durability, compileProcedures);
    }

    /** Every option key a database accepts. */
    public static List<String> validKeys() {
        List<String> keys = new ArrayList<>(List.of(PROTOCOL, AUTOCOMMIT_RETRIES, PLAN_CACHE_SIZE, COMPILE_PROCEDURES));
        keys.addAll(TxnOptions.specs().keySet());
        keys.addAll(DurabilityOptions.specs().keySet());
        return keys;
    }

    private static int nonNegative(String key, String value) {
        try {
            int n = Integer.parseInt(value);
            if (n >= 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw bad("option " + key + " must be a non-negative integer, not '" + value + "'");
    }

    private static TernSqlException bad(String message) {
        return new TernSqlException(SqlState.CONNECTION_FAILURE, message);
    }
}
