package org.terndb.sql.ddl;

import java.util.List;

/**
 * A FOREIGN KEY (table constraint, column {@code REFERENCES}, or ALTER TABLE ... ADD FOREIGN KEY).
 *
 * @param name              the constraint name, or null if none was given
 * @param columns           the referencing columns
 * @param referencedTable   the referenced table
 * @param referencedColumns the referenced columns; empty means the referenced table's primary key
 * @param onDelete          the declared ON DELETE action (e.g. {@code CASCADE}), or null
 * @param onUpdate          the declared ON UPDATE action, or null
 */
public record ForeignKeyDefinition(String name, List<String> columns, String referencedTable,
                                   List<String> referencedColumns, String onDelete, String onUpdate) {

    public ForeignKeyDefinition {
        columns = List.copyOf(columns);
        referencedColumns = List.copyOf(referencedColumns);
    }
}
