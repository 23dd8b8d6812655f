package org.terndb.sql.ddl;

/** A DDL statement parsed by TernDB's own grammar. Names are already normalised (unquoted: upper case). */
public sealed interface DdlStatement permits CreateTable, DropTable, CreateIndex, DropIndex, AddForeignKey,
        Checkpoint {
}
