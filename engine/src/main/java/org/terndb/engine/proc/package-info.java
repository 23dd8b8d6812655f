/**
 * Stored procedures in the engine: the catalog's {@link org.terndb.engine.proc.ProcedureRegistry} (definitions,
 * compiled programs, recompilation after DDL, statistics) and {@link org.terndb.engine.proc.ProcedureSession},
 * which runs CREATE / DROP PROCEDURE and CALL for a {@link org.terndb.engine.Session}: a call binds its
 * arguments, runs the compiled program in one transaction of the database's protocol and retries it on
 * conflict aborts. Java procedures ({@code LANGUAGE JAVA EXTERNAL NAME}) implement {@link
 * org.terndb.engine.proc.JavaProcedure} and run with the same transaction and retry rules.
 */
package org.terndb.engine.proc;
