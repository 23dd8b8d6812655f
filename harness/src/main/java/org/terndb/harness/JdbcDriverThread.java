package org.terndb.harness;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * A driver thread of a JDBC mode: a connection of its own with auto-commit off; an attempt that fails with a
 * retryable SQLState ({@link JdbcConnections#retryable}) is rolled back, counted as {@code SQLSTATE_xxxxx} and
 * retried after a {@link RandomBackoff}.
 */
public abstract class JdbcDriverThread<T extends TransactionType> extends DriverThread<T> {
    private final String url;
    private final String benchmark;
    private final RandomBackoff backoff = new RandomBackoff();
    private Connection connection;

    /**
     * Times every transaction.
     *
     * @param benchmark the command's name, for error messages
     */
    protected JdbcDriverThread(int transactionTypes, String url, String benchmark) {
        this(transactionTypes, 1, url, benchmark);
    }

    /** @param latencySampling as {@link DriverThread#DriverThread(int, int)} */
    protected JdbcDriverThread(int transactionTypes, int latencySampling, String url, String benchmark) {
        super(transactionTypes, latencySampling);
        this.url = url;
        this.benchmark = benchmark;
    }

    /** Prepares the statements on the thread's new connection. */
    protected abstract void prepare(Connection connection) throws SQLException;

    /** Runs the prepared transaction's statements once: true to commit, false for the benchmark's rollback. */
    protected abstract boolean run(T type) throws SQLException;

    /** Closes the statements (the connection is closed afterwards). */
    protected abstract void release() throws SQLException;

    @Override
    public final void open() throws SQLException {
        connection = JdbcConnections.connect(url, benchmark);
        prepare(connection);
    }

    @Override
    public final void close() throws SQLException {
        try {
            release();
        } finally {
            if (connection != null) {
                connection.rollback();
                connection.close();
            }
        }
    }

    @Override
    protected final Outcome attempt(T type) throws SQLException {
        try {
            boolean commit = run(type);
            if (commit) {
                connection.commit();
            } else {
                connection.rollback();
            }
            backoff.succeeded();
            return commit ? Outcome.COMMITTED : Outcome.ROLLED_BACK;
        } catch (SQLException e) {
            try {
                connection.rollback();
            } catch (SQLException suppressed) {
                e.addSuppressed(suppressed);
            }
            if (!JdbcConnections.retryable(e)) {
                throw e;
            }
            return aborted("SQLSTATE_" + e.getSQLState(), e.getMessage());
        }
    }

    @Override
    protected final void backoff() {
        backoff.pause();
    }
}
