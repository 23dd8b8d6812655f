package org.terndb.txn;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A table: a primary index and any number of secondary indexes over the same rows. */
public final class Table {
    private final String name;
    private final int id;
    private final Index primary;
    private final List<Index> secondaries = new CopyOnWriteArrayList<>();

    Table(String name, int id, int primaryIndexId) {
        this.name = name;
        this.id = id;
        this.primary = new Index(name + "_PK", primaryIndexId, this, true, null);
    }

    public String name() {
        return name;
    }

    public int id() {
        return id;
    }

    public Index primary() {
        return primary;
    }

    /** Secondary indexes in creation order (a snapshot safe to iterate while indexes are added). */
    public List<Index> secondaries() {
        return secondaries;
    }

    Index addSecondary(String indexName, int indexId, boolean unique, SecondaryKey keyOf) {
        if (keyOf == null) {
            throw new IllegalArgumentException("secondary index " + indexName + " needs a key function");
        }
        Index index = new Index(indexName, indexId, this, unique, keyOf);
        secondaries.add(index);
        return index;
    }

    boolean removeSecondary(Index index) {
        return secondaries.remove(index);
    }

    @Override
    public String toString() {
        return name;
    }
}
