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

    private TernSqlException(String sqlState, String message, Throwable cause, boolean stackTrace) {
        super(message, cause, true, stackTrace);
        this.sqlState = sqlState;
    }

    /**
     * An error without a stack trace: for outcomes a workload meets in normal operation (a duplicate primary key),
     * where the place that noticed says nothing the state and message do not, and for re-reports of an error that
     * is their {@code cause} (which keeps its own trace). The JDBC driver's exception carries the caller's trace.
     */
    public static TernSqlException withoutStackTrace(String sqlState, String message, Throwable cause) {
        return new TernSqlException(sqlState, message, cause, false);
    }

    /** The five-character SQLState, e.g. {@link SqlState#SYNTAX_ERROR}. */
    public String sqlState() {
        return sqlState;
    }
}
