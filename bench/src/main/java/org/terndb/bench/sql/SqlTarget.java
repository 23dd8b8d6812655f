package org.terndb.bench.sql;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * One database under test, reached only through JDBC: a URL whose connections share one in-memory
 * database, and a keeper connection that holds it open (both TernDB and H2 drop a named in-memory
 * database with its last connection).
 */
final class SqlTarget implements AutoCloseable {
    static final String TABLE = "bench_account";

    final String name;
    final String url;
    private final Connection keeper;

    private SqlTarget(String name, String url) throws SQLException {
        this.name = name;
        this.url = url;
        this.keeper = DriverManager.getConnection(url);
    }

    static SqlTarget tern(long id) throws SQLException {
        return new SqlTarget("TernDB", "jdbc:tern:mem:bench-sql-" + id);
    }

    /** H2 2.x in memory; its storage is the MVStore. */
    static SqlTarget h2(long id) throws SQLException {
        return new SqlTarget("H2", "jdbc:h2:mem:bench-sql-" + id + ";DB_CLOSE_DELAY=0");
    }

    Connection connect() throws SQLException {
        return DriverManager.getConnection(url);
    }

    /** Creates the table and loads {@code rows} rows (id 1..rows, balance 0) in transactions of 1,000. */
    void load(int rows) throws SQLException {
        try (Statement s = keeper.createStatement()) {
            s.executeUpdate("CREATE TABLE " + TABLE + " (id INT PRIMARY KEY, balance BIGINT NOT NULL, "
                    + "name VARCHAR(40) NOT NULL)");
        }
        keeper.setAutoCommit(false);
        try (PreparedStatement ps = keeper.prepareStatement("INSERT INTO " + TABLE + " VALUES (?, ?, ?)")) {
            for (int id = 1; id <= rows; id++) {
                ps.setInt(1, id);
                ps.setLong(2, 0);
                ps.setString(3, "account-" + id);
                ps.addBatch();
                if (id % 1000 == 0 || id == rows) {
                    ps.executeBatch();
                    keeper.commit();
                }
            }
        } finally {
            keeper.setAutoCommit(true);
        }
    }

    /** SUM(balance) and COUNT(*) of the table. */
    long[] totals() throws SQLException {
        try (Statement s = keeper.createStatement();
             ResultSet rs = s.executeQuery("SELECT SUM(balance), COUNT(*) FROM " + TABLE)) {
            rs.next();
            return new long[] {rs.getLong(1), rs.getLong(2)};
        }
    }

    @Override
    public void close() throws SQLException {
        keeper.close();
    }
}
