package org.terndb.executor.expr;

import org.terndb.executor.ExprType;

/**
 * A scalar expression compiled once, at planning time, into a small tree of evaluator objects; evaluating
 * it reads only the current row and the bound parameters (no reflection, no code generation). Values are
 * in the internal representation of {@link Values}; SQL's NULL is {@code null}, and boolean expressions
 * return {@code null} for UNKNOWN.
 */
public interface Expr {

    Object eval(Object[] row, Object[] params);

    /** The SQL type of the result. */
    ExprType type();

    /** The expression as text for EXPLAIN, e.g. {@code (BALANCE + ?0)}. */
    String explain();

    /** True if the expression evaluates to TRUE (not FALSE or UNKNOWN): the WHERE-clause test. */
    static boolean isTrue(Expr condition, Object[] row, Object[] params) {
        return condition.eval(row, params) == Boolean.TRUE;
    }
}
