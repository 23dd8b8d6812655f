package org.terndb.durability;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.terndb.txn.Table;

/**
 * Durable table ids (stable across restarts, kept in the catalog file) for the protocol's tables, whose own ids
 * are assigned anew at every open. Looked up on the commit path by the table's runtime id: one array load.
 */
final class TableIds {
    private volatile int[] durableByRuntime = new int[16]; // copy on write; 0 = not durable (dropped, unknown)
    private final Map<Integer, Table> tables = new LinkedHashMap<>(); // guarded by this

    int durableId(Table table) {
        int[] a = durableByRuntime;
        int id = table.id();
        return id < a.length ? a[id] : 0;
    }

    synchronized void bind(int durableId, Table table) {
        int[] a = durableByRuntime;
        if (table.id() >= a.length) {
            a = Arrays.copyOf(a, Math.max(a.length * 2, table.id() + 1));
        } else {
            a = a.clone();
        }
        a[table.id()] = durableId;
        durableByRuntime = a; // volatile store publishes the new map
        tables.put(durableId, table);
    }

    synchronized void unbind(int durableId) {
        Table t = tables.remove(durableId);
        if (t != null && t.id() < durableByRuntime.length) {
            int[] a = durableByRuntime.clone();
            a[t.id()] = 0;
            durableByRuntime = a;
        }
    }

    synchronized Table table(int durableId) {
        return tables.get(durableId);
    }

    /** The durable tables now, by durable id (a copy). */
    synchronized Map<Integer, Table> snapshot() {
        return new LinkedHashMap<>(tables);
    }
}
