package org.terndb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.terndb.txn.Protocols;

/**
 * TPC-C's New-Order through JDBC: a transaction reads the district's next order id, another New-Order takes the
 * same id and commits, and the first then inserts its order. The key is taken only because the first read is stale,
 * so the insert fails with 40001 (retry), never 23505 (a unique violation the application would take as real). A
 * key committed before the transaction began stays a 23505 under every protocol.
 */
class StaleDuplicateTest {
    private static final int OTHER_ATTEMPTS = 10;

    static Stream<String> protocols() {
        return Protocols.names().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("protocols")
    void anOrderIdTakenAfterAStaleReadIsASerializationFailureNotAUniqueViolation(String protocol) throws Exception {
        String url = "jdbc:tern:mem:stale-dup-" + protocol + ";protocol=" + protocol;
        try (Connection first = DriverManager.getConnection(url); Connection other = DriverManager.getConnection(url)) {
            createTables(first);
            first.setAutoCommit(false);
            int id = nextOrderId(first);
            boolean otherCommitted = newOrder(other);
            if (!otherCommitted) {
                // 2PL: the first transaction's read lock kept the district row from moving, so its id is free.
                assertTrue(protocol.startsWith("2pl"), protocol + ": the other New-Order never committed");
                insertOrder(first, id);
                first.commit();
                return;
            }
            SQLException e = assertThrows(SQLException.class, () -> insertOrder(first, id),
                    protocol + ": the order id was taken after it was read");
            assertEquals("40001", e.getSQLState(), protocol + ": " + e.getMessage());
            assertEquals(0, e.getErrorCode());
            first.rollback();
            assertTrue(newOrder(first), protocol + ": the retried New-Order commits");
            try (ResultSet rs = first.createStatement().executeQuery("SELECT COUNT(*), MAX(id) FROM orders")) {
                assertTrue(rs.next());
                assertEquals(2, rs.getInt(1));
                assertEquals(2, rs.getInt(2));
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("protocols")
    void anOrderIdCommittedBeforeTheTransactionBeganIsAUniqueViolation(String protocol) throws Exception {
        String url = "jdbc:tern:mem:genuine-dup-" + protocol + ";protocol=" + protocol;
        try (Connection c = DriverManager.getConnection(url)) {
            createTables(c);
            assertTrue(newOrder(c));
            c.setAutoCommit(false);
            nextOrderId(c);
            SQLException e = assertThrows(SQLException.class, () -> insertOrder(c, 1));
            assertEquals("23505", e.getSQLState(), protocol + ": " + e.getMessage());
            c.rollback();
        }
    }

    private static void createTables(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.executeUpdate("CREATE TABLE district (id INT PRIMARY KEY, next_o_id INT NOT NULL)");
            s.executeUpdate("CREATE TABLE orders (id INT PRIMARY KEY, note VARCHAR(10))");
            s.executeUpdate("INSERT INTO district VALUES (1, 1)");
        }
    }

    private static int nextOrderId(Connection c) throws SQLException {
        try (ResultSet rs = c.createStatement().executeQuery("SELECT next_o_id FROM district WHERE id = 1")) {
            assertTrue(rs.next());
            return rs.getInt(1);
        }
    }

    private static void insertOrder(Connection c, int id) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("INSERT INTO orders VALUES (?, 'new')")) {
            p.setInt(1, id);
            p.executeUpdate();
        }
    }

    /** A whole New-Order in its own transaction, retried on 40001; false if every attempt failed so. */
    private static boolean newOrder(Connection c) throws SQLException {
        c.setAutoCommit(false);
        try {
            for (int attempt = 0; attempt < OTHER_ATTEMPTS; attempt++) {
                try {
                    int id = nextOrderId(c);
                    insertOrder(c, id);
                    c.createStatement().executeUpdate("UPDATE district SET next_o_id = next_o_id + 1 WHERE id = 1");
                    c.commit();
                    return true;
                } catch (SQLException e) {
                    if (!"40001".equals(e.getSQLState())) {
                        throw e;
                    }
                    c.rollback();
                }
            }
            return false;
        } finally {
            c.setAutoCommit(true);
        }
    }
}
