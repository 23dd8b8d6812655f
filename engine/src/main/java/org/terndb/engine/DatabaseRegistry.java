package org.terndb.engine;

import java.util.HashMap;
import java.util.Map;
import org.terndb.executor.SqlState;
import org.terndb.executor.TernSqlException;

/**
 * Named in-memory databases of this JVM, counted by their users (connections). {@code acquire} of a name
 * opens the database if it is not open, else shares the open one; when the last user {@code release}s it,
 * the database is closed and its data dropped (H2's default for {@code jdbc:h2:mem:NAME}). Options given
 * when joining an open database must agree with the ones it was opened with, or be absent.
 */
public final class DatabaseRegistry {
    private static final DatabaseRegistry IN_MEMORY = new DatabaseRegistry();
    private static final DatabaseRegistry FILES = new DatabaseRegistry();

    private final Map<String, Entry> open = new HashMap<>();

    private static final class Entry {
        final Database database;
        int users;

        Entry(Database database) {
            this.database = database;
        }
    }

    /** The JVM-wide registry of {@code jdbc:tern:mem:} databases. */
    public static DatabaseRegistry inMemory() {
        return IN_MEMORY;
    }

    /**
     * The JVM-wide registry of {@code jdbc:tern:file:} databases, by absolute directory: connections to one
     * directory share its open database; the last one to close closes it (its data stays on disk).
     */
    public static DatabaseRegistry files() {
        return FILES;
    }

    /**
     * The open database of this name, opened with {@code config} if there is none. Every acquire must be
     * paired with one {@link #release}.
     */
    public synchronized Database acquire(DatabaseConfig config, boolean optionsGiven) {
        Entry e = open.get(config.name());
        if (e == null) {
            e = new Entry(Database.open(config));
            open.put(config.name(), e);
        } else if (optionsGiven && !sameSettings(e.database.config(), config)) {
            throw new TernSqlException(SqlState.CONNECTION_FAILURE, "database " + config.name()
                    + " is already open with protocol=" + e.database.config().protocol() + " "
                    + e.database.config().txnOptions() + "; connect without options or with the same ones");
        }
        e.users++;
        return e.database;
    }

    /** Ends one use; the last one closes the database and drops its data. */
    public synchronized void release(Database database) {
        Entry e = open.get(database.name());
        if (e == null || e.database != database) {
            return;
        }
        if (--e.users == 0) {
            open.remove(database.name());
            database.close();
        }
    }

    /** Whether a database of this name is open. */
    public synchronized boolean isOpen(String name) {
        return open.containsKey(name);
    }

    private static boolean sameSettings(DatabaseConfig a, DatabaseConfig b) {
        return a.protocol().equals(b.protocol()) && a.txnOptions().nonDefault().equals(b.txnOptions().nonDefault())
                && a.autocommitRetries() == b.autocommitRetries() && a.planCacheSize() == b.planCacheSize()
                && a.durability().nonDefault().equals(b.durability().nonDefault());
    }
}
