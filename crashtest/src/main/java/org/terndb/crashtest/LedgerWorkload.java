package org.terndb.crashtest;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.LongConsumer;

/**
 * Transfers between accounts over JDBC. One transaction per transfer: two UPDATEs of ACCOUNT, two INSERTs into
 * ENTRY (primary key and a secondary index) and one into AUDIT (no primary key: hidden row ids, which must go on
 * past the recovered ones). Verification: each transfer's three rows are all there or none is; each balance is
 * its opening balance plus its entries; the index and a full scan agree; every acknowledged transfer is there.
 */
final class LedgerWorkload extends JdbcCrashWorkload {
    static final int ACCOUNTS = 16;
    static final long OPENING = 1_000;

    @Override
    public String name() {
        return "ledger";
    }

    @Override
    void setUp(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS ACCOUNT (ID INT PRIMARY KEY, BALANCE BIGINT NOT NULL)");
            s.execute("CREATE TABLE IF NOT EXISTS ENTRY (TXN BIGINT, SIDE INT, ACCOUNT INT NOT NULL, "
                    + "DELTA BIGINT NOT NULL, PRIMARY KEY (TXN, SIDE))");
            s.execute("CREATE INDEX IF NOT EXISTS ENTRY_ACCOUNT ON ENTRY (ACCOUNT)");
            s.execute("CREATE TABLE IF NOT EXISTS AUDIT (TXN BIGINT NOT NULL)");
            try (ResultSet r = s.executeQuery("SELECT COUNT(*) FROM ACCOUNT")) {
                r.next();
                if (r.getLong(1) > 0) {
                    return;
                }
            }
        }
        c.setAutoCommit(false);
        try (PreparedStatement p = c.prepareStatement("INSERT INTO ACCOUNT VALUES (?, ?)")) {
            for (int a = 0; a < ACCOUNTS; a++) {
                p.setInt(1, a);
                p.setLong(2, OPENING);
                p.executeUpdate();
            }
        }
        c.commit();
        c.setAutoCommit(true);
    }

    @Override
    void run(Connection c, long firstId, LongConsumer acknowledged) throws SQLException {
        c.setAutoCommit(false);
        SplittableRandom random = new SplittableRandom(firstId);
        try (PreparedStatement debit = c.prepareStatement("UPDATE ACCOUNT SET BALANCE = BALANCE - ? WHERE ID = ?");
             PreparedStatement credit = c.prepareStatement("UPDATE ACCOUNT SET BALANCE = BALANCE + ? WHERE ID = ?");
             PreparedStatement entry = c.prepareStatement("INSERT INTO ENTRY VALUES (?, ?, ?, ?)");
             PreparedStatement audit = c.prepareStatement("INSERT INTO AUDIT VALUES (?)")) {
            for (long id = firstId; ; id++) {
                int from = random.nextInt(ACCOUNTS);
                int to = (from + 1 + random.nextInt(ACCOUNTS - 1)) % ACCOUNTS;
                long amount = 1 + random.nextInt(99);
                while (true) {
                    try {
                        debit.setLong(1, amount);
                        debit.setInt(2, from);
                        debit.executeUpdate();
                        credit.setLong(1, amount);
                        credit.setInt(2, to);
                        credit.executeUpdate();
                        insertEntry(entry, id, 0, from, -amount);
                        insertEntry(entry, id, 1, to, amount);
                        audit.setLong(1, id);
                        audit.executeUpdate();
                        c.commit();
                        break;
                    } catch (SQLException e) {
                        if (!"40001".equals(e.getSQLState())) {
                            throw e;
                        }
                        c.rollback(); // a conflict: the engine rolled back already; try the transfer again
                    }
                }
                acknowledged.accept(id);
            }
        }
    }

    private static void insertEntry(PreparedStatement p, long txn, int side, int account, long delta)
            throws SQLException {
        p.setLong(1, txn);
        p.setInt(2, side);
        p.setInt(3, account);
        p.setLong(4, delta);
        p.executeUpdate();
    }

    @Override
    long verify(Connection c, Set<Long> acknowledged) throws SQLException {
        Map<Long, List<long[]>> byTxn = new HashMap<>();
        long[] balances = new long[ACCOUNTS];
        long[] entriesPerAccount = new long[ACCOUNTS];
        Set<Long> audited = new HashSet<>();
        try (Statement s = c.createStatement()) {
            try (ResultSet r = s.executeQuery("SELECT TXN, SIDE, ACCOUNT, DELTA FROM ENTRY")) {
                while (r.next()) {
                    byTxn.computeIfAbsent(r.getLong(1), x -> new ArrayList<>())
                            .add(new long[] {r.getInt(3), r.getLong(4)});
                    entriesPerAccount[r.getInt(3)]++;
                }
            }
            try (ResultSet r = s.executeQuery("SELECT ID, BALANCE FROM ACCOUNT")) {
                int n = 0;
                while (r.next()) {
                    balances[r.getInt(1)] = r.getLong(2);
                    n++;
                }
                if (n != ACCOUNTS) {
                    throw new AssertionError(n + " accounts recovered, not " + ACCOUNTS);
                }
            }
            try (ResultSet r = s.executeQuery("SELECT TXN FROM AUDIT")) {
                while (r.next()) {
                    if (!audited.add(r.getLong(1))) {
                        throw new AssertionError("transfer " + r.getLong(1) + " has two AUDIT rows");
                    }
                }
            }
        }
        try (PreparedStatement p = c.prepareStatement("SELECT COUNT(*) FROM ENTRY WHERE ACCOUNT = ?")) {
            for (int a = 0; a < ACCOUNTS; a++) {
                p.setInt(1, a);
                try (ResultSet r = p.executeQuery()) {
                    r.next();
                    if (r.getLong(1) != entriesPerAccount[a]) {
                        throw new AssertionError("the index finds " + r.getLong(1) + " entries of account " + a
                                + ", the table has " + entriesPerAccount[a]);
                    }
                }
            }
        }
        long[] expected = new long[ACCOUNTS];
        java.util.Arrays.fill(expected, OPENING);
        for (Map.Entry<Long, List<long[]>> e : byTxn.entrySet()) {
            if (e.getValue().size() != 2 || !audited.contains(e.getKey())) {
                throw new AssertionError("transfer " + e.getKey() + " is there in part: " + e.getValue().size()
                        + " of 2 entries, audit row " + (audited.contains(e.getKey()) ? "present" : "missing"));
            }
            for (long[] x : e.getValue()) {
                expected[(int) x[0]] += x[1];
            }
        }
        if (!audited.equals(byTxn.keySet())) {
            throw new AssertionError("AUDIT has transfers without entries");
        }
        for (int a = 0; a < ACCOUNTS; a++) {
            if (expected[a] != balances[a]) {
                throw new AssertionError("account " + a + " has balance " + balances[a] + " but its entries say "
                        + expected[a]);
            }
        }
        for (long id : acknowledged) {
            if (!byTxn.containsKey(id)) {
                throw new AssertionError("acknowledged transfer " + id + " was lost (" + byTxn.size()
                        + " recovered, " + acknowledged.size() + " acknowledged)");
            }
        }
        return byTxn.size();
    }
}
