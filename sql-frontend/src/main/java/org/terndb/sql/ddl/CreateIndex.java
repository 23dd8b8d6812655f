package org.terndb.sql.ddl;

import java.util.List;

/** {@code CREATE [UNIQUE] INDEX [IF NOT EXISTS] name ON table (col [ASC|DESC], ...)}. */
public record CreateIndex(String name, String table, boolean unique, boolean ifNotExists, List<Key> columns)
        implements DdlStatement {

    /** One indexed column and its direction. */
    public record Key(String column, boolean descending) {
    }

    public CreateIndex {
        columns = List.copyOf(columns);
    }
}
