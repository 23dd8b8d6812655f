package org.terndb.sql.ddl;

import java.util.List;

/** A UNIQUE constraint of CREATE TABLE (table-level or on a column); the engine makes it a unique index. */
public record UniqueDefinition(String name, List<String> columns) {

    public UniqueDefinition {
        columns = List.copyOf(columns);
    }
}
