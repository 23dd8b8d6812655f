package org.terndb.tatp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.terndb.harness.JdbcConnections;

/**
 * The three ways of running a transaction do the same thing: one stream of inputs, run one transaction at a time
 * on three copies of one population (direct mode's {@link TatpLogic}, the specification's SQL on TernDB, the stored
 * procedures on TernDB), succeeds or fails alike for every transaction, returns the same data over JDBC, and leaves
 * the same rows in every table.
 */
class TatpModesAgreeTest {
    private static final AtomicInteger DATABASES = new AtomicInteger();
    private static final int SUBSCRIBERS = 300;
    private static final long SEED = 11;

    /** A loaded TernDB database over JDBC: its admin connection, and a terminal connection. */
    private record Loaded(Connection admin, Connection terminal) implements AutoCloseable {
        static Loaded open(boolean procedures) throws Exception {
            String url = "jdbc:tern:mem:tatp-agree" + DATABASES.incrementAndGet();
            Connection admin = JdbcConnections.connect(url, "tatp");
            JdbcDatabase.createSchema(admin);
            if (procedures) {
                ProcTransactions.createProcedures(admin);
            }
            new TatpLoader(SUBSCRIBERS, SEED).load(2, () -> new JdbcDatabase.LoadSink(url));
            return new Loaded(admin, JdbcConnections.connect(url, "tatp"));
        }

        void end(boolean commit) throws SQLException {
            if (commit) {
                terminal.commit();
            } else {
                terminal.rollback();
            }
        }

        @Override
        public void close() throws SQLException {
            terminal.close();
            admin.close();
        }
    }

    private static List<Object[]> rows(TatpSource source, TatpTable table) throws Exception {
        List<Object[]> rows = new ArrayList<>();
        source.rows(table, v -> rows.add(v.clone()));
        return rows;
    }

    @Test
    void directSqlAndProceduresAgreeOnEveryTransactionAndTheFinalRows() throws Exception {
        int[] counts = new int[TatpTxn.count()];
        int[] failures = new int[TatpTxn.count()];
        try (LoadedTatp direct = new LoadedTatp("silo", SUBSCRIBERS, SEED);
             Loaded sqlDb = Loaded.open(false);
             Loaded procDb = Loaded.open(true);
             JdbcTransactions sql = new JdbcTransactions(sqlDb.terminal());
             ProcTransactions proc = new ProcTransactions(procDb.terminal())) {
            TatpLogic logic = new TatpLogic(direct.db);
            // Writes weighted up so that rows are inserted, deleted and updated many times over.
            TatpInputs inputs = new TatpInputs(SUBSCRIBERS, SEED, new int[] {10, 15, 10, 20, 15, 15, 15});
            for (int i = 0; i < 3_000; i++) {
                TatpTxn txn = inputs.next();
                boolean byDirect = direct.run(t -> logic.run(txn, t, inputs));
                boolean bySql = sql.run(txn, inputs);
                sqlDb.end(bySql);
                boolean byProc = proc.run(txn, inputs);
                procDb.end(byProc);
                assertEquals(byDirect, bySql, "transaction " + i + " " + txn + ": direct vs SQL");
                assertEquals(bySql, byProc, "transaction " + i + " " + txn + ": SQL vs procedure");
                assertEquals(sql.outputDigest, proc.outputDigest, "transaction " + i + " " + txn + " returned other data");
                counts[txn.ordinal()]++;
                failures[txn.ordinal()] += byProc ? 0 : 1;
            }
            try (JdbcDatabase.Source sqlRows = new JdbcDatabase.Source(sqlDb.admin());
                 JdbcDatabase.Source procRows = new JdbcDatabase.Source(procDb.admin())) {
                for (TatpTable table : TatpTable.values()) {
                    List<Object[]> expected = rows(direct.source(), table);
                    List<Object[]> bySql = rows(sqlRows, table);
                    List<Object[]> byProc = rows(procRows, table);
                    assertEquals(expected.size(), bySql.size(), table + " rows, direct vs SQL");
                    assertEquals(expected.size(), byProc.size(), table + " rows, direct vs procedures");
                    for (int r = 0; r < expected.size(); r++) {
                        assertArrayEquals(expected.get(r), bySql.get(r), table + " row " + r + ", direct vs SQL");
                        assertArrayEquals(expected.get(r), byProc.get(r), table + " row " + r + ", direct vs procedures");
                    }
                }
            }
        }
        for (TatpTxn t : TatpTxn.values()) {
            assertTrue(counts[t.ordinal()] > 100, t + " ran " + counts[t.ordinal()] + " times");
            boolean alwaysSucceeds = t == TatpTxn.GET_SUBSCRIBER_DATA || t == TatpTxn.UPDATE_LOCATION;
            assertEquals(alwaysSucceeds, failures[t.ordinal()] == 0,
                    t + " failed " + failures[t.ordinal()] + " of " + counts[t.ordinal()] + " times");
        }
    }
}
