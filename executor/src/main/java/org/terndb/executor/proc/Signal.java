package org.terndb.executor.proc;

import org.terndb.executor.TernSqlException;
import org.terndb.executor.expr.Expr;
import org.terndb.executor.expr.Values;

/**
 * {@code SIGNAL SQLSTATE 'xxxxx' [SET MESSAGE_TEXT = m]}: a user abort. The call's transaction rolls back and
 * the caller gets the SQLSTATE and message; it is never retried.
 */
public final class Signal extends Step {
    private final String sqlState;
    private final Expr message;

    /** @param message the MESSAGE_TEXT, or null */
    public Signal(int line, String sqlState, Expr message) {
        super(line);
        this.sqlState = sqlState;
        this.message = message;
    }

    @Override
    public int run(Frame frame) {
        String text = null;
        if (message != null) {
            try {
                Object m = message.eval(null, frame.slots());
                text = m == null ? null : Values.asString(m);
            } catch (TernSqlException e) {
                throw located(e, frame);
            }
        }
        if (text == null) {
            text = "SIGNAL SQLSTATE '" + sqlState + "' in procedure " + frame.program().name() + " at line " + line();
        }
        throw ProcedureException.signal(sqlState, text, frame.program().name(), line());
    }

    @Override
    public String describe() {
        return "Signal(" + sqlState + (message == null ? "" : ", " + message.explain()) + ")";
    }
}
