package org.terndb.sql.ddl;

/** {@code ALTER TABLE table ADD [CONSTRAINT name] FOREIGN KEY (...) REFERENCES t [(...)]}. */
public record AddForeignKey(String table, ForeignKeyDefinition foreignKey) implements DdlStatement {
}
