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
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.terndb.txn.Protocols;

/**
 * Four connections move money between a few accounts with UPDATE in explicit transactions, retrying on
 * 40001, while a fifth kind of step reads the total in a transaction; under every protocol the total never
 * changes and every transaction that committed is reflected in it.
 */
class BankTransferTest {
    private static final int ACCOUNTS = 8;
    private static final int THREADS = 4;
    private static final int TRANSFERS_PER_THREAD = 150;
    private static final long INITIAL = 1000;

    static Stream<String> protocols() {
        return Protocols.names().stream();
    }

    @ParameterizedTest
    @MethodSource("protocols")
    void transfersKeepTheTotal(String protocol) throws Exception {
        String url = "jdbc:tern:mem:bank-" + protocol + ";protocol=" + protocol;
        try (Connection setup = DriverManager.getConnection(url)) {
            setup.createStatement().executeUpdate("CREATE TABLE account (id INT PRIMARY KEY, balance BIGINT NOT NULL)");
            try (PreparedStatement ps = setup.prepareStatement("INSERT INTO account VALUES (?, ?)")) {
                for (int i = 0; i < ACCOUNTS; i++) {
                    ps.setInt(1, i);
                    ps.setLong(2, INITIAL);
                    ps.executeUpdate();
                }
            }
            AtomicLong conflicts = new AtomicLong();
            AtomicLong audits = new AtomicLong();
            ExecutorService pool = Executors.newFixedThreadPool(THREADS);
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                long seed = 42 + t;
                futures.add(pool.submit(() -> {
                    transfer(url, seed, conflicts, audits);
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                f.get(120, TimeUnit.SECONDS);
            }
            pool.shutdown();
            ResultSet rs = setup.createStatement().executeQuery("SELECT SUM(balance), COUNT(*) FROM account");
            assertTrue(rs.next());
            assertEquals(ACCOUNTS * INITIAL, rs.getLong(1), protocol + ": total after transfers");
            assertEquals(ACCOUNTS, rs.getInt(2));
            assertTrue(audits.get() > 0, "audits ran");
        }
    }

    private static void transfer(String url, long seed, AtomicLong conflicts, AtomicLong audits) throws SQLException {
        SplittableRandom random = new SplittableRandom(seed);
        try (Connection c = DriverManager.getConnection(url)) {
            c.setAutoCommit(false);
            PreparedStatement debit = c.prepareStatement("UPDATE account SET balance = balance - ? WHERE id = ?");
            PreparedStatement credit = c.prepareStatement("UPDATE account SET balance = balance + ? WHERE id = ?");
            PreparedStatement total = c.prepareStatement("SELECT SUM(balance) FROM account");
            int done = 0;
            while (done < TRANSFERS_PER_THREAD) {
                int from = random.nextInt(ACCOUNTS);
                int to = (from + 1 + random.nextInt(ACCOUNTS - 1)) % ACCOUNTS;
                long amount = 1 + random.nextInt(50);
                boolean audit = random.nextInt(10) == 0;
                try {
                    long seen = -1;
                    if (audit) {
                        ResultSet rs = total.executeQuery();
                        rs.next();
                        seen = rs.getLong(1);
                    } else {
                        debit.setLong(1, amount);
                        debit.setInt(2, from);
                        assertEquals(1, debit.executeUpdate());
                        credit.setLong(1, amount);
                        credit.setInt(2, to);
                        assertEquals(1, credit.executeUpdate());
                    }
                    c.commit();
                    if (audit) {
                        // Optimistic protocols may read inconsistently before validation; a committed read may not.
                        assertEquals(ACCOUNTS * INITIAL, seen, "a committed transaction saw a consistent total");
                        audits.incrementAndGet();
                    }
                    done++;
                } catch (SQLException e) {
                    if (!"40001".equals(e.getSQLState())) {
                        throw e;
                    }
                    conflicts.incrementAndGet();
                    c.rollback();
                }
            }
        }
    }
}
