package org.terndb.sql.ddl;

/** {@code CHECKPOINT}: a file database writes a checkpoint now (the engine runs it; it changes no schema). */
public record Checkpoint() implements DdlStatement {
}
