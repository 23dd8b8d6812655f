package org.terndb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.terndb.txn.Protocols;

/**
 * What the documented isolation levels mean, shown with write skew through JDBC: two transactions each
 * read both rows, see enough money, and take it from a different row. A serializable protocol lets at
 * most one commit (the other fails with 40001, error code 0); snapshot isolation ({@code si}, reported as
 * REPEATABLE_READ) lets both commit.
 */
class IsolationTest {
    static Stream<String> protocols() {
        return Protocols.names().stream();
    }

    @ParameterizedTest
    @MethodSource("protocols")
    void writeSkewIsPreventedExactlyUnderSerializableProtocols(String protocol) throws Exception {
        String url = "jdbc:tern:mem:skew-" + protocol + ";protocol=" + protocol;
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try (Connection setup = DriverManager.getConnection(url)) {
            setup.createStatement().executeUpdate("CREATE TABLE acct (id INT PRIMARY KEY, v INT NOT NULL)");
            setup.createStatement().executeUpdate("INSERT INTO acct VALUES (1, 50), (2, 50)");
            boolean serializable = setup.getTransactionIsolation() == Connection.TRANSACTION_SERIALIZABLE;
            CyclicBarrier bothRead = new CyclicBarrier(2);
            List<Future<Boolean>> outcomes = new ArrayList<>();
            for (int own = 1; own <= 2; own++) {
                int row = own;
                outcomes.add(pool.submit(() -> withdraw(url, row, bothRead)));
            }
            int committed = 0;
            for (Future<Boolean> f : outcomes) {
                committed += f.get(60, TimeUnit.SECONDS) ? 1 : 0;
            }
            try (ResultSet rs = setup.createStatement().executeQuery("SELECT SUM(v) FROM acct")) {
                assertTrue(rs.next());
                assertEquals(100 - 100 * committed, rs.getInt(1), protocol);
            }
            if (serializable) {
                assertTrue(committed <= 1, protocol + ": write skew under a serializable protocol");
            } else {
                assertEquals(2, committed, protocol + ": snapshot isolation allows write skew");
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** Reads both rows, waits for the other transaction to have read, takes 100 from {@code row}. */
    private static boolean withdraw(String url, int row, CyclicBarrier bothRead) throws Exception {
        try (Connection c = DriverManager.getConnection(url)) {
            c.setAutoCommit(false);
            try {
                int total = 0;
                try (PreparedStatement read = c.prepareStatement("SELECT v FROM acct WHERE id = ?")) {
                    for (int id = 1; id <= 2; id++) {
                        read.setInt(1, id);
                        try (ResultSet rs = read.executeQuery()) {
                            rs.next();
                            total += rs.getInt(1);
                        }
                    }
                }
                bothRead.await(30, TimeUnit.SECONDS);
                if (total >= 100) {
                    try (PreparedStatement take = c.prepareStatement("UPDATE acct SET v = v - 100 WHERE id = ?")) {
                        take.setInt(1, row);
                        take.executeUpdate();
                    }
                }
                c.commit();
                return true;
            } catch (SQLException e) {
                assertEquals("40001", e.getSQLState(), e.toString());
                assertEquals(0, e.getErrorCode());
                c.rollback();
                return false;
            }
        }
    }
}
