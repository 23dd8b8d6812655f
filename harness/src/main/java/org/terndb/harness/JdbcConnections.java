package org.terndb.harness;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Properties;
import org.terndb.cli.CommandFailedException;

/**
 * Connections of a benchmark's JDBC mode: the driver found through {@link DriverManager}, HSQLDB's default user,
 * auto-commit off, and the one database-specific setting the benchmarks need (HSQLDB's MVCC).
 */
public final class JdbcConnections {
    private JdbcConnections() {
    }

    /**
     * Opens a connection with auto-commit off, or fails with a message saying which driver is missing.
     *
     * @param benchmark the command's name, for the example URLs of the message ({@code tpcc}, {@code tatp})
     */
    public static Connection connect(String url, String benchmark) throws SQLException {
        Driver driver;
        try {
            driver = DriverManager.getDriver(url);
        } catch (SQLException e) {
            String hint = url.startsWith("jdbc:tern:")
                    ? "; TernDB's JDBC driver is not on the classpath yet (the SQL engine is under construction):"
                    + " use --url jdbc:h2:mem:" + benchmark + " or --url jdbc:hsqldb:mem:" + benchmark + " meanwhile"
                    : "; the harness ships H2 (jdbc:h2:...) and HSQLDB (jdbc:hsqldb:...)";
            throw new CommandFailedException("no JDBC driver accepts the URL " + url + hint);
        }
        Properties props = new Properties();
        if (url.startsWith("jdbc:hsqldb:") && !url.toLowerCase(Locale.ROOT).contains("user=")) {
            props.setProperty("user", "SA");
            props.setProperty("password", "");
        }
        Connection c = driver.connect(url, props);
        if (c == null) {
            throw new CommandFailedException("the JDBC driver " + driver.getClass().getName() + " refused " + url);
        }
        c.setAutoCommit(false);
        return c;
    }

    /** Database-specific setup before the schema: HSQLDB's multi-version concurrency control. */
    public static void configure(Connection c, String url) throws SQLException {
        if (url.startsWith("jdbc:hsqldb:")) {
            try (Statement s = c.createStatement()) {
                s.execute("SET DATABASE TRANSACTION CONTROL MVCC");
            }
            c.commit();
        }
    }

    /** Closes every statement, even after one failed to close; the first failure is thrown, the others suppressed. */
    public static void closeAll(Iterable<? extends Statement> statements) throws SQLException {
        SQLException first = null;
        for (Statement s : statements) {
            try {
                s.close();
            } catch (SQLException e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }

    /** SQLState class 40 (transaction rollback: serialization failure, deadlock) and H2's lock timeout. */
    public static boolean retryable(SQLException e) {
        String state = e.getSQLState();
        return state != null && (state.startsWith("40") || state.equals("HYT00"));
    }
}
