package org.terndb.executor.proc;

import org.terndb.executor.TernSqlException;

/**
 * An error raised while a procedure ran, with the procedure and the line of the statement that raised it:
 * a SIGNAL (the user's SQLSTATE and message), or an error of an embedded statement or expression (its SQLSTATE,
 * with "procedure P, line L" added to the message).
 */
public final class ProcedureException extends TernSqlException {
    private static final long serialVersionUID = 1L;

    private final String procedure;
    private final int line;
    private final boolean signalled;

    private ProcedureException(String sqlState, String message, Throwable cause, String procedure, int line,
                               boolean signalled) {
        super(sqlState, message, cause);
        this.procedure = procedure;
        this.line = line;
        this.signalled = signalled;
    }

    /** A SIGNAL statement's condition: the message is the user's, as given. */
    public static ProcedureException signal(String sqlState, String message, String procedure, int line) {
        return new ProcedureException(sqlState, message, null, procedure, line, true);
    }

    /** {@code e} with the place it happened; an error located already (in a nested step) is kept. */
    static TernSqlException at(TernSqlException e, String procedure, int line) {
        if (e instanceof ProcedureException) {
            return e;
        }
        return new ProcedureException(e.sqlState(), e.getMessage() + " (procedure " + procedure + ", line " + line + ")",
                e, procedure, line, false);
    }

    public String procedure() {
        return procedure;
    }

    /** The line of the statement that raised it, in the CREATE PROCEDURE text. */
    public int line() {
        return line;
    }

    /** True for a user abort by SIGNAL. */
    public boolean signalled() {
        return signalled;
    }
}
