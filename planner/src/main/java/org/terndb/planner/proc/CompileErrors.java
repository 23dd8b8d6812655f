package org.terndb.planner.proc;

import org.terndb.executor.SqlState;
import org.terndb.executor.TernSqlException;
import org.terndb.sql.proc.Pos;

/** Errors found while compiling a procedure, with the line and column in the CREATE PROCEDURE text. */
final class CompileErrors {
    /** A name that is both a variable and a column or table of the statement (PostgreSQL's ambiguous reference). */
    static final String AMBIGUOUS = "42702";

    private CompileErrors() {
    }

    static TernSqlException at(Pos pos, String message) {
        return at(pos, SqlState.SYNTAX_ERROR, message);
    }

    static TernSqlException at(Pos pos, String sqlState, String message) {
        return new TernSqlException(sqlState, message + " (" + pos + ")");
    }
}
