package org.terndb.engine;

import java.util.HashMap;
import java.util.Map;
import java.util.function.LongConsumer;
import org.terndb.engine.proc.ProcedureRegistry;
import org.terndb.executor.meta.CatalogView;
import org.terndb.executor.meta.IndexMeta;
import org.terndb.executor.meta.TableMeta;

/**
 * The database's tables (names, columns, types, nullability, defaults, primary key, indexes) and the
 * catalog version, which every DDL statement bumps. Readers take an immutable {@link #snapshot()} (one
 * volatile read); DDL is serialised and publishes a new snapshot.
 */
public final class Catalog {
    private volatile CatalogSnapshot current = new CatalogSnapshot(1, Map.of());
    private final LongConsumer onChange;
    private final ProcedureRegistry procedures;

    /** @param compileProcedures whether SQL procedures' bodies are compiled to JVM code */
    Catalog(LongConsumer onChange, boolean compileProcedures) {
        this.onChange = onChange;
        this.procedures = new ProcedureRegistry(compileProcedures);
    }

    /** The stored procedures (their DDL does not change the catalog version; see {@link ProcedureRegistry}). */
    public ProcedureRegistry procedures() {
        return procedures;
    }

    /** The current version of the catalog. */
    public CatalogView snapshot() {
        return current;
    }

    public long version() {
        return current.version();
    }

    /** The table with exactly this (normalised) name, or null. */
    public TableMeta table(String name) {
        return current.table(name);
    }

    /** The index with this name on any table, or null. */
    public IndexMeta index(String name) {
        for (TableMeta t : current.tables()) {
            for (IndexMeta i : t.secondaryIndexes()) {
                if (i.name().equals(name)) {
                    return i;
                }
            }
        }
        return null;
    }

    /** Replaces or adds a table (null {@code table}: removes {@code name}) and bumps the version. */
    synchronized void publish(String name, TableMeta table) {
        Map<String, TableMeta> tables = new HashMap<>(current.asMap());
        if (table == null) {
            tables.remove(name);
        } else {
            tables.put(name, table);
        }
        CatalogSnapshot next = new CatalogSnapshot(current.version() + 1, tables);
        current = next;
        onChange.accept(next.version());
    }
}
