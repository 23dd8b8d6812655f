package org.terndb.executor.meta;

import java.util.Arrays;
import org.terndb.storage.codec.KeyCodec;
import org.terndb.txn.Index;

/**
 * An index of a table as the planner and the executor see it: which table columns it keys, in which
 * directions, and the codec of that key prefix. A secondary index's stored key is this prefix followed
 * by the row's primary key whenever it must be made unique (always for non-unique indexes; for unique
 * indexes when a key column is NULL, since NULLs never collide in SQL), so prefix scans find every row.
 *
 * @param name       index name ({@code PRIMARY} for the primary key)
 * @param index      the txn index it reads
 * @param columns    table column positions in key order (empty for a table keyed by a hidden row id)
 * @param descending one direction per key column
 * @param unique     whether two rows may share a (non-NULL) key
 * @param primary    whether this is the table's primary index
 * @param codec      the codec of the key columns (a hidden BIGINT for row-id tables)
 */
public record IndexMeta(String name, Index index, int[] columns, boolean[] descending, boolean unique,
                        boolean primary, KeyCodec codec) {

    public IndexMeta {
        columns = columns.clone();
        descending = descending.clone();
    }

    @Override
    public int[] columns() {
        return columns.clone();
    }

    public int columnCount() {
        return columns.length;
    }

    public int column(int keyPosition) {
        return columns[keyPosition];
    }

    public boolean isDescending(int keyPosition) {
        return descending[keyPosition];
    }

    @Override
    public boolean[] descending() {
        return descending.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof IndexMeta m && m.name.equals(name) && m.index == index;
    }

    @Override
    public int hashCode() {
        return name.hashCode();
    }

    @Override
    public String toString() {
        return name + Arrays.toString(columns);
    }
}
