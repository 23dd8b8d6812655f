package org.terndb.sql.ddl;

import java.util.List;

/**
 * {@code CREATE TABLE [IF NOT EXISTS] name (columns, [PRIMARY KEY (cols)])}.
 *
 * @param primaryKey primary-key column names (from a column or a table constraint; empty if none)
 */
public record CreateTable(String name, boolean ifNotExists, List<ColumnDefinition> columns,
                          List<String> primaryKey) implements DdlStatement {

    public CreateTable {
        columns = List.copyOf(columns);
        primaryKey = List.copyOf(primaryKey);
    }
}
