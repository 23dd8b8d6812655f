package org.terndb.tatp;

import java.sql.Connection;
import java.sql.SQLException;
import org.terndb.engine.Database;
import org.terndb.jdbc.TernConnection;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.TxnStats;

/**
 * The protocol counters of the TernDB database behind a JDBC connection ({@code --mode jdbc} and {@code proc} on a
 * {@code jdbc:tern:} URL): read through the driver's {@link TernConnection#session()} and the engine's
 * {@link Database#concurrencyControl()}, whose {@link ConcurrencyControl#stats()} sums every worker's commits,
 * aborts, installed and omitted writes since the database opened. {@link Window} turns those totals into the
 * timed window's counts.
 */
final class TernCounters {
    private TernCounters() {
    }

    /** The TernDB database of {@code c}, or null when {@code c} is another driver's connection. */
    static Database database(Connection c) throws SQLException {
        return c.isWrapperFor(TernConnection.class) ? c.unwrap(TernConnection.class).session().database() : null;
    }

    /**
     * The database-wide counters from the first driver thread's start of the timed window to the last one's end.
     * Each driver thread reports both; the boundaries are as exact as the per-thread windows of direct mode, give
     * or take the transactions other threads have in flight at the first start and last end (at most one each).
     */
    static final class Window {
        private final ConcurrencyControl cc;
        private TxnStats start;
        private TxnStats end;

        Window(Database database) {
            this.cc = database.concurrencyControl();
        }

        synchronized void started() {
            if (start == null) {
                start = cc.stats();
            }
        }

        synchronized void ended() {
            end = cc.stats();
        }

        /** The counts of the window; empty if it never started. */
        synchronized TxnStats counts() {
            return start == null || end == null ? new TxnStats() : end.minus(start);
        }
    }
}
