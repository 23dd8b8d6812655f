package org.terndb.shell;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.terndb.engine.Database;
import org.terndb.engine.DatabaseConfig;
import org.terndb.jdbc.TernConnection;
import org.terndb.txn.AbortReason;
import org.terndb.txn.TxnStats;

/**
 * What only a TernDB connection can tell, read through the driver's own {@link TernConnection#session()}
 * (the one place the shell looks past the JDBC interfaces): the protocol and durability behind
 * {@code \protocol}, the protocol's counters behind {@code \stats}, and whether a transaction is open.
 */
final class TernInfo {
    private TernInfo() {
    }

    static ResultTable protocol(Connection connection) throws SQLException {
        Database db = database(connection, "\\protocol");
        DatabaseConfig config = db.config();
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"database", config.name().isEmpty() ? "(private to this connection)" : config.name()});
        rows.add(new String[] {"protocol", config.protocol()});
        rows.add(new String[] {"serializable", db.concurrencyControl().isSerializable() ? "yes" : "no"});
        rows.add(new String[] {"durability", config.path() == null ? "none (in-memory)"
                : config.durability().mode().name().toLowerCase(java.util.Locale.ROOT) + " (" + config.path() + ")"});
        for (Map.Entry<String, String> option : config.txnOptions().nonDefault().entrySet()) {
            rows.add(new String[] {option.getKey(), option.getValue()});
        }
        return ResultTable.ofPairs("Setting", "Value", rows);
    }

    /** Totals of the database's protocol since it opened: commits, aborts by reason, writes omitted (SSE). */
    static ResultTable stats(Connection connection) throws SQLException {
        TxnStats stats = database(connection, "\\stats").concurrencyControl().stats();
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"commits", Long.toString(stats.commits())});
        rows.add(new String[] {"aborts", Long.toString(stats.aborts())});
        for (AbortReason reason : AbortReason.all()) {
            long n = stats.aborts(reason);
            if (n != 0) {
                rows.add(new String[] {"aborts: " + reason.name().toLowerCase(java.util.Locale.ROOT), Long.toString(n)});
            }
        }
        rows.add(new String[] {"installed writes", Long.toString(stats.installedWrites())});
        rows.add(new String[] {"omitted writes", Long.toString(stats.omittedWrites())});
        return ResultTable.ofPairs("Counter", "Value", rows);
    }

    /** Whether the connection's explicit transaction has begun (false for other drivers, where it is unknown). */
    static boolean inTransaction(Connection connection) {
        try {
            return connection.isWrapperFor(TernConnection.class)
                    && connection.unwrap(TernConnection.class).session().inTransaction();
        } catch (SQLException e) {
            return false;
        }
    }

    private static Database database(Connection connection, String command) throws SQLException {
        if (!connection.isWrapperFor(TernConnection.class)) {
            throw new SQLFeatureNotSupportedException(command + " needs a TernDB connection (jdbc:tern:...); this is "
                    + connection.getClass().getName(), "0A000");
        }
        return connection.unwrap(TernConnection.class).session().database();
    }
}
