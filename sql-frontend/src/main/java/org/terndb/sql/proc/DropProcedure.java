package org.terndb.sql.proc;

/** {@code DROP PROCEDURE [IF EXISTS] name}. */
public record DropProcedure(String name, boolean ifExists) implements ProcStatement {
}
