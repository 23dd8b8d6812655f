/**
 * Compiles stored procedures ({@code CREATE PROCEDURE}, parsed by {@code org.terndb.sql.proc}) into executor
 * {@link org.terndb.executor.proc.Program}s: variables and parameters become slots, procedure expressions
 * become executor expressions over the slots, and every embedded SQL statement is rewritten (variables become
 * {@code ?} parameters bound from slots) and planned once by the same {@link org.terndb.planner.Planner} as
 * any other statement. Errors carry the line and column in the CREATE PROCEDURE text.
 */
package org.terndb.planner.proc;
