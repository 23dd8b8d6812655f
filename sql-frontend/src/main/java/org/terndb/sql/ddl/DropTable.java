package org.terndb.sql.ddl;

/** {@code DROP TABLE [IF EXISTS] name}. */
public record DropTable(String name, boolean ifExists) implements DdlStatement {
}
