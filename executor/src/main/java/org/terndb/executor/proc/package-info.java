/**
 * The stored-procedure runtime: a compiled procedure is a {@link org.terndb.executor.proc.Program}, a tree of
 * {@link org.terndb.executor.proc.Step}s over a {@link org.terndb.executor.proc.Frame} of variable slots.
 * Embedded SQL statements are executor plans made once, when the procedure was compiled
 * ({@link org.terndb.executor.proc.EmbeddedStatement}); their parameters are read from slots. Running a
 * program parses and plans nothing. Knows nothing of Calcite or of how programs are compiled.
 */
package org.terndb.executor.proc;
