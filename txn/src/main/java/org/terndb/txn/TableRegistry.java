package org.terndb.txn;

import java.util.Collection;
import java.util.Collections;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** The tables of one {@link ConcurrencyControl}, with the ids that order indexes for commit-time locking. */
public final class TableRegistry {
    private final ConcurrentHashMap<String, Table> tables = new ConcurrentHashMap<>();
    private final AtomicInteger tableIds = new AtomicInteger();
    private final AtomicInteger indexIds = new AtomicInteger();

    public Table create(String name) {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("table name must not be empty");
        }
        Table t = new Table(name, tableIds.incrementAndGet(), indexIds.incrementAndGet());
        if (tables.putIfAbsent(name, t) != null) {
            throw new IllegalArgumentException("table " + name + " already exists");
        }
        return t;
    }

    public Index addIndex(Table table, String name, boolean unique, SecondaryKey keyOf) {
        for (Index i : table.secondaries()) {
            if (i.name().equalsIgnoreCase(name)) {
                throw new IllegalArgumentException("index " + name + " already exists on " + table.name());
            }
        }
        return table.addSecondary(name, indexIds.incrementAndGet(), unique, keyOf);
    }

    /** Marks a secondary index retired ({@link Index#isRetired}: its readers abort) or, with false, not. */
    public void retireIndex(Index index, boolean retired) {
        requireSecondary(index);
        index.retire(retired);
    }

    /** Removes a secondary index from its table: writers stop maintaining it. Returns false if it was not there. */
    public boolean removeIndex(Index index) {
        requireSecondary(index);
        return index.table().removeSecondary(index);
    }

    private static void requireSecondary(Index index) {
        if (index.isPrimary()) {
            throw new IllegalArgumentException("the primary index " + index + " cannot be removed from its table");
        }
    }

    public void drop(Table table) {
        tables.remove(table.name(), table);
    }

    /** The table with this name (names are case-sensitive), or null. */
    public Table get(String name) {
        return tables.get(name);
    }

    public Collection<Table> all() {
        return Collections.unmodifiableCollection(tables.values());
    }
}
