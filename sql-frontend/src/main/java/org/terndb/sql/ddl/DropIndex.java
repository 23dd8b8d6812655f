package org.terndb.sql.ddl;

/** {@code DROP INDEX [IF EXISTS] name [ON table]}. */
public record DropIndex(String name, boolean ifExists, String table) implements DdlStatement {
}
