package org.terndb.executor;

/**
 * An error a SQL statement reports to its user, carrying the standard SQLState the JDBC driver hands on
 * unchanged. Every layer below JDBC (executor, planner, engine) throws this type for user-visible errors,
 * so the driver maps nothing itself: the layer that knows what went wrong picks the state.
 */
public class TernSqlException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String sqlState;

    public TernSqlException(String sqlState, String message) {
        this(sqlState, message, null);
    }

    public TernSqlException(String sqlState, String message, Throwable cause) {
        super(message, cause);
        this.sqlState = sqlState;
    }

    /** The five-character SQLState, e.g. {@link SqlState#SYNTAX_ERROR}. */
    public String sqlState() {
        return sqlState;
    }
}
