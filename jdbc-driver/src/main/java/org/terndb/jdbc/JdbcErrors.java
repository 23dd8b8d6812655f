package org.terndb.jdbc;

import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLTransactionRollbackException;
import org.terndb.executor.SqlState;
import org.terndb.executor.TernSqlException;

/**
 * Turns engine errors into {@link SQLException}s. The SQLState comes from the layer that raised the error;
 * the exception subclass follows the state's class (JDBC 4 §8.5), so tools can catch by type. The vendor
 * error code is always 0.
 */
final class JdbcErrors {
    private JdbcErrors() {
    }

    static SQLException of(TernSqlException e) {
        return of(e.getMessage(), e.sqlState(), e);
    }

    static SQLException of(String message, String state, Throwable cause) {
        String text = message == null ? "error " + state : message;
        if (state.startsWith("40")) {
            return new SQLTransactionRollbackException(text, state, 0, cause);
        }
        if (state.startsWith("23")) {
            return new SQLIntegrityConstraintViolationException(text, state, 0, cause);
        }
        if (state.startsWith("42")) {
            return new SQLSyntaxErrorException(text, state, 0, cause);
        }
        if (state.startsWith("22")) {
            return new SQLDataException(text, state, 0, cause);
        }
        if (state.startsWith("0A")) {
            return new SQLFeatureNotSupportedException(text, state, 0, cause);
        }
        if (state.equals("HYT00")) { // a query timeout
            return new java.sql.SQLTimeoutException(text, state, 0, cause);
        }
        if (state.startsWith("08")) {
            return new SQLNonTransientConnectionException(text, state, 0, cause);
        }
        return new SQLException(text, state, 0, cause);
    }

    /**
     * Any failure of the engine as an SQLException; engine errors keep their state. Anything else is a
     * TernDB bug (HY000, "internal error"): the application still gets an SQLException, as JDBC promises,
     * and the database stays usable. Callers catch RuntimeException, AssertionError and StackOverflowError
     * (a bug, or a statement nested too deeply); other errors (out of memory) propagate.
     */
    static SQLException of(Throwable e) {
        if (e instanceof TernSqlException t) {
            return of(t);
        }
        return of("internal error: " + e + "; please report it with the statement that caused it",
                SqlState.GENERAL_ERROR, e);
    }

    static SQLException closed(String what) {
        return new SQLNonTransientConnectionException(what + " is closed", SqlState.CONNECTION_CLOSED, 0);
    }
}
