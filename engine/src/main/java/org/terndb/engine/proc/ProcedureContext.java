package org.terndb.engine.proc;

import java.util.List;

/**
 * What a {@link JavaProcedure} sees of its call: its parameters, and SQL statements run in the call's
 * transaction. Statements are planned once per text and catalog version (the database's plan cache), so a
 * procedure should pass values as {@code ?} parameters, not build SQL text. Valid during the call only.
 */
public interface ProcedureContext {

    /** The value of IN or INOUT parameter {@code index} (1-based), in its declared type (internal values). */
    Object parameter(int index);

    /** Sets OUT or INOUT parameter {@code index} (1-based); the value is converted to its declared type. */
    void setParameter(int index, Object value);

    /** Runs a query; returns its rows (internal values). */
    List<Object[]> query(String sql, Object... parameters);

    /** Runs a query that returns at most one row: the row, or null when there is none (NOT FOUND). */
    Object[] queryRow(String sql, Object... parameters);

    /** Runs INSERT, UPDATE or DELETE; returns the number of rows it changed. */
    long update(String sql, Object... parameters);

    /** Runs a query whose rows become a result set of the call. */
    void returnRows(String sql, Object... parameters);

    /** Ends the call with a user abort: the transaction rolls back and the caller gets this SQLState and message. */
    RuntimeException signal(String sqlState, String message);
}
