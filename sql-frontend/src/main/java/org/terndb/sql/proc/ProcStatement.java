package org.terndb.sql.proc;

/** A statement of the procedure language: CREATE [OR REPLACE] PROCEDURE, DROP PROCEDURE or CALL. */
public sealed interface ProcStatement permits CreateProcedure, DropProcedure, CallProcedure {

    /** The procedure's (normalised) name. */
    String name();
}
