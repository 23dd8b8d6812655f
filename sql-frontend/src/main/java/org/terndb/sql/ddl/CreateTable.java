package org.terndb.sql.ddl;

import java.util.List;

/**
 * {@code CREATE TABLE [IF NOT EXISTS] name (columns, [constraints])}.
 *
 * @param primaryKey  primary-key column names (from a column or a table constraint; empty if none)
 * @param uniques     UNIQUE constraints (column-level ones as one-column constraints), in declaration order
 * @param foreignKeys FOREIGN KEY constraints and column REFERENCES, in declaration order
 */
public record CreateTable(String name, boolean ifNotExists, List<ColumnDefinition> columns,
                          List<String> primaryKey, List<UniqueDefinition> uniques,
                          List<ForeignKeyDefinition> foreignKeys) implements DdlStatement {

    public CreateTable {
        columns = List.copyOf(columns);
        primaryKey = List.copyOf(primaryKey);
        uniques = List.copyOf(uniques);
        foreignKeys = List.copyOf(foreignKeys);
    }

    /** A table without UNIQUE or FOREIGN KEY constraints. */
    public CreateTable(String name, boolean ifNotExists, List<ColumnDefinition> columns, List<String> primaryKey) {
        this(name, ifNotExists, columns, primaryKey, List.of(), List.of());
    }
}
