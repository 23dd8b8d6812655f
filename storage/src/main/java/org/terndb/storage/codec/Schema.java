package org.terndb.storage.codec;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An immutable ordered list of {@link Column}s: a table's row shape for {@link RowCodec}, or an
 * index's key shape for {@link KeyCodec}. Column positions are the indexes every codec method takes,
 * so a name is looked up once (at planning time), never on a hot path.
 */
public final class Schema {
    private final List<Column> columns;
    private final Map<String, Integer> positions;

    private Schema(List<Column> columns) {
        this.columns = List.copyOf(columns);
        if (this.columns.isEmpty()) {
            throw new IllegalArgumentException("a schema needs at least one column");
        }
        Map<String, Integer> byName = new HashMap<>();
        for (int i = 0; i < this.columns.size(); i++) {
            if (byName.putIfAbsent(this.columns.get(i).name(), i) != null) {
                throw new IllegalArgumentException("duplicate column name '" + this.columns.get(i).name() + "'");
            }
        }
        this.positions = Map.copyOf(byName);
    }

    public static Schema of(Column... columns) {
        return new Schema(List.of(columns));
    }

    public static Schema of(List<Column> columns) {
        return new Schema(columns);
    }

    public int size() {
        return columns.size();
    }

    public Column column(int index) {
        return columns.get(index);
    }

    /** The columns in order (unmodifiable). */
    public List<Column> columns() {
        return columns;
    }

    /** Position of the column with exactly this name, or -1. */
    public int indexOf(String name) {
        Integer i = positions.get(name);
        return i == null ? -1 : i;
    }

    /** The column with exactly this name; the exception lists the names that exist. */
    public Column column(String name) {
        int i = indexOf(name);
        if (i < 0) {
            throw new IllegalArgumentException("no column '" + name + "'; columns are " + columns.stream()
                    .map(Column::name).toList());
        }
        return columns.get(i);
    }

    /** A schema of the given columns of this one, in the given order (e.g. an index's key columns). */
    public Schema select(int... indexes) {
        Column[] picked = new Column[indexes.length];
        for (int i = 0; i < indexes.length; i++) {
            picked[i] = columns.get(indexes[i]);
        }
        return new Schema(List.of(picked));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Schema s && s.columns.equals(columns);
    }

    @Override
    public int hashCode() {
        return columns.hashCode();
    }

    @Override
    public String toString() {
        return columns.toString();
    }
}
