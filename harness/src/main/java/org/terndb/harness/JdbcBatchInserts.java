package org.terndb.harness;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.function.IntFunction;

/**
 * A loader's rows as batched INSERTs on one connection (auto-commit off): one statement per table, prepared on first
 * use, executed every {@value #BATCH} rows and committed every {@value #COMMIT_EVERY}. {@link #close()} flushes,
 * commits and closes the statements and the connection.
 */
public final class JdbcBatchInserts implements AutoCloseable {
    private static final int BATCH = 500;
    private static final int COMMIT_EVERY = 10_000;

    /** Binds the value of one column as a statement parameter. */
    @FunctionalInterface
    public interface Binder {
        void bind(PreparedStatement statement, int parameter, int column, Object value) throws SQLException;
    }

    private final Connection connection;
    private final IntFunction<String> insertSql;
    private final PreparedStatement[] inserts;
    private final int[] pending;
    private int uncommitted;

    /** @param insertSql the INSERT of table number t, with a parameter per column in column order */
    public JdbcBatchInserts(Connection connection, int tables, IntFunction<String> insertSql) {
        this.connection = connection;
        this.insertSql = insertSql;
        this.inserts = new PreparedStatement[tables];
        this.pending = new int[tables];
    }

    /** Adds a row of table number {@code table}; {@code values} may be reused after the call. */
    public void insert(int table, Object[] values, Binder binder) throws SQLException {
        PreparedStatement ps = inserts[table];
        if (ps == null) {
            ps = inserts[table] = connection.prepareStatement(insertSql.apply(table));
        }
        for (int i = 0; i < values.length; i++) {
            binder.bind(ps, i + 1, i, values[i]);
        }
        ps.addBatch();
        if (++pending[table] == BATCH) {
            ps.executeBatch();
            pending[table] = 0;
        }
        if (++uncommitted == COMMIT_EVERY) {
            flush();
        }
    }

    private void flush() throws SQLException {
        for (int t = 0; t < inserts.length; t++) {
            if (pending[t] > 0) {
                inserts[t].executeBatch();
                pending[t] = 0;
            }
        }
        connection.commit();
        uncommitted = 0;
    }

    @Override
    public void close() throws SQLException {
        try {
            flush();
        } finally {
            for (PreparedStatement ps : inserts) {
                if (ps != null) {
                    ps.close();
                }
            }
            connection.close();
        }
    }
}
