package org.terndb.executor.meta;

import java.util.List;

/**
 * A FOREIGN KEY as the catalog records it. Metadata only: TernDB does not enforce foreign keys yet (no
 * check on insert, update or delete, no cascades), so tools and JDBC metadata can see them but a violating
 * row is accepted.
 *
 * @param name              the constraint name (generated as {@code FK_<table>_<n>} when none was given)
 * @param columns           the referencing columns of this table, in order
 * @param referencedTable   the referenced table
 * @param referencedColumns the referenced columns, in order (the referenced primary key if none were named)
 * @param onDelete          the declared ON DELETE action ({@code NO ACTION} if none was declared)
 * @param onUpdate          the declared ON UPDATE action ({@code NO ACTION} if none was declared)
 */
public record ForeignKeyMeta(String name, List<String> columns, String referencedTable, List<String> referencedColumns,
                             String onDelete, String onUpdate) {

    public ForeignKeyMeta {
        columns = List.copyOf(columns);
        referencedColumns = List.copyOf(referencedColumns);
    }
}
