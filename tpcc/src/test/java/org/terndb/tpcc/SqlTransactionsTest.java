package org.terndb.tpcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Test;
import org.terndb.harness.JdbcConnections;

/**
 * The transactions over SQL on TernDB, one at a time: the stored procedures ({@link ProcTransactions}, one call per
 * transaction in auto-commit) and the client's statements ({@link JdbcTransactions}) leave the same rows, and
 * New-Order's unused item rolls everything back in both. One database for all tests (loading is the slow part): each
 * test works in districts of its own and compares with what it read first.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SqlTransactionsTest {
    private static final TpccScale SCALE = TpccScale.of(0.005);
    private static final long SEED = 7;

    private String url;
    private Connection admin;
    private Connection procConnection;
    private Connection jdbcConnection;
    private ProcTransactions proc;
    private JdbcTransactions jdbc;

    @BeforeAll
    void load() throws Exception {
        url = "jdbc:tern:mem:sqltxn;protocol=silo";
        admin = JdbcConnections.connect(url, "tpcc");
        JdbcDatabase.createSchema(admin);
        ProcTransactions.createProcedures(admin);
        admin.commit();
        new TpccLoader(SCALE, 2, SEED, TpccRandom.Constants.fromSeed(SEED), 1_000_000L)
                .load(2, () -> new JdbcDatabase.LoadSink(url));
        procConnection = JdbcConnections.connect(url, "tpcc");
        procConnection.setAutoCommit(true);
        proc = new ProcTransactions(procConnection);
        jdbcConnection = JdbcConnections.connect(url, "tpcc");
        jdbc = new JdbcTransactions(jdbcConnection);
    }

    @AfterAll
    void close() throws Exception {
        proc.close();
        jdbc.close();
        procConnection.close();
        jdbcConnection.close();
        admin.close();
    }

    private long scalar(String sql, Object... params) throws SQLException {
        try (PreparedStatement ps = admin.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                ps.setObject(i + 1, params[i]);
            }
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next(), sql);
                long v = rs.getLong(1);
                admin.commit();
                return v;
            }
        }
    }

    private boolean viaJdbc(TxnType type, TpccInputs in) throws SQLException {
        boolean commit = jdbc.run(type, in);
        if (commit) {
            jdbcConnection.commit();
        } else {
            jdbcConnection.rollback();
        }
        return commit;
    }

    private static TpccInputs.NewOrder newOrder(TpccInputs.NewOrder in, int w, int d, int c, int[] items, int[] supply,
                                                int[] qty) {
        in.warehouse = w;
        in.district = d;
        in.customer = c;
        in.lines = items.length;
        in.allLocal = true;
        for (int i = 0; i < items.length; i++) {
            in.items[i] = items[i];
            in.supplyWarehouses[i] = supply[i];
            in.quantities[i] = qty[i];
            in.allLocal &= supply[i] == w;
        }
        in.entryMicros = 123_456_789L;
        return in;
    }

    private TpccInputs inputs() {
        return new TpccInputs(1, 1, 2, SCALE, TpccRandom.Constants.fromSeed(SEED), 1, new int[] {1, 1, 1, 1, 1});
    }

    @Test
    void newOrderByProcedureWritesWhatTheStatementsWrite() throws Exception {
        TpccInputs in = inputs();
        newOrder(in.newOrder, 1, 3, 4, new int[] {5, 17, 17}, new int[] {1, 2, 1}, new int[] {4, 10, 3});
        long next = scalar("SELECT D_NEXT_O_ID FROM DISTRICT WHERE D_W_ID = 1 AND D_ID = 3");
        long remoteYtd = scalar("SELECT S_YTD FROM STOCK WHERE S_W_ID = 2 AND S_I_ID = 17");
        assertTrue(proc.run(TxnType.NEW_ORDER, in));
        assertTrue(viaJdbc(TxnType.NEW_ORDER, in));

        assertEquals(next + 2, scalar("SELECT D_NEXT_O_ID FROM DISTRICT WHERE D_W_ID = 1 AND D_ID = 3"));
        for (long order : new long[] {next, next + 1}) {
            assertEquals(3, scalar("SELECT COUNT(*) FROM ORDER_LINE WHERE OL_W_ID = 1 AND OL_D_ID = 3 AND OL_O_ID = ?",
                    order));
            assertEquals(0, scalar("SELECT O_ALL_LOCAL FROM ORDERS WHERE O_W_ID = 1 AND O_D_ID = 3 AND O_ID = ?",
                    order));
            assertEquals(1, scalar("SELECT COUNT(*) FROM NEW_ORDER WHERE NO_W_ID = 1 AND NO_D_ID = 3 AND NO_O_ID = ?",
                    order));
        }
        // Both orders' lines carry the same amounts and district info.
        assertEquals(0, scalar("SELECT COUNT(*) FROM ORDER_LINE A, ORDER_LINE B WHERE A.OL_W_ID = 1 AND A.OL_D_ID = 3"
                + " AND A.OL_O_ID = ? AND B.OL_W_ID = 1 AND B.OL_D_ID = 3 AND B.OL_O_ID = ?"
                + " AND A.OL_NUMBER = B.OL_NUMBER"
                + " AND (A.OL_AMOUNT <> B.OL_AMOUNT OR A.OL_DIST_INFO <> B.OL_DIST_INFO OR A.OL_I_ID <> B.OL_I_ID)",
                next, next + 1));
        assertEquals(remoteYtd + 20, scalar("SELECT S_YTD FROM STOCK WHERE S_W_ID = 2 AND S_I_ID = 17"));
        assertEquals(2, scalar("SELECT S_REMOTE_CNT FROM STOCK WHERE S_W_ID = 2 AND S_I_ID = 17"));
    }

    @Test
    void newOrderWithAnUnusedItemRollsBackLeavingNothingInBothForms() throws Exception {
        TpccInputs in = inputs();
        int unused = SCALE.items() + 1;
        newOrder(in.newOrder, 1, 2, 1, new int[] {9, 10, unused}, new int[] {1, 1, 1}, new int[] {1, 1, 1});
        long next = scalar("SELECT D_NEXT_O_ID FROM DISTRICT WHERE D_W_ID = 1 AND D_ID = 2");
        long stockYtd = scalar("SELECT S_YTD FROM STOCK WHERE S_W_ID = 1 AND S_I_ID = 9");
        long lines = scalar("SELECT COUNT(*) FROM ORDER_LINE");

        assertFalse(proc.run(TxnType.NEW_ORDER, in), "the procedure's SIGNAL is a user rollback");
        assertFalse(viaJdbc(TxnType.NEW_ORDER, in), "the statements' rollback");

        assertEquals(next, scalar("SELECT D_NEXT_O_ID FROM DISTRICT WHERE D_W_ID = 1 AND D_ID = 2"));
        assertEquals(stockYtd, scalar("SELECT S_YTD FROM STOCK WHERE S_W_ID = 1 AND S_I_ID = 9"));
        assertEquals(0, scalar("SELECT COUNT(*) FROM ORDERS WHERE O_W_ID = 1 AND O_D_ID = 2 AND O_ID = ?", next));
        assertEquals(lines, scalar("SELECT COUNT(*) FROM ORDER_LINE"));
    }

    @Test
    void paymentByLastNamePaysTheSameMiddleCustomerInBothForms() throws Exception {
        TpccInputs in = inputs();
        TpccInputs.Payment p = in.payment;
        p.warehouse = 1;
        p.district = 4;
        p.customerWarehouse = 2;
        p.customerDistrict = 5;
        p.customer = 0;
        p.customerLast = TpccRandom.lastName(0);
        p.amountCents = 1234;
        p.dateMicros = 99;
        long named = scalar("SELECT COUNT(*) FROM CUSTOMER WHERE C_W_ID = 2 AND C_D_ID = 5 AND C_LAST = ?",
                p.customerLast);
        assertTrue(named >= 1, "the loader gives every district customers of last name 0");
        long wYtd = scalar("SELECT W_YTD * 100 FROM WAREHOUSE WHERE W_ID = 1");

        assertTrue(proc.run(TxnType.PAYMENT, in));
        assertTrue(viaJdbc(TxnType.PAYMENT, in));

        assertEquals(wYtd + 2 * 1234, scalar("SELECT W_YTD * 100 FROM WAREHOUSE WHERE W_ID = 1"));
        assertEquals(2, scalar("SELECT COUNT(*) FROM HISTORY WHERE H_W_ID = 1 AND H_D_ID = 4 AND H_C_W_ID = 2"
                + " AND H_AMOUNT = 12.34"));
        // Both paid the one customer at position ceil(n/2) by C_FIRST.
        assertEquals(1, scalar("SELECT COUNT(DISTINCT H_C_ID) FROM HISTORY WHERE H_W_ID = 1 AND H_D_ID = 4"
                + " AND H_C_W_ID = 2 AND H_AMOUNT = 12.34"));
        long paid = scalar("SELECT MIN(H_C_ID) FROM HISTORY WHERE H_W_ID = 1 AND H_D_ID = 4 AND H_C_W_ID = 2"
                + " AND H_AMOUNT = 12.34");
        assertEquals(2, scalar("SELECT C_PAYMENT_CNT - 1 FROM CUSTOMER WHERE C_W_ID = 2 AND C_D_ID = 5 AND C_ID = ?",
                paid), "the loader's payment plus two");
    }

    @Test
    void deliveryOrderStatusAndStockLevelRunAsOneCallEach() throws Exception {
        TpccInputs in = inputs();
        long newOrders = scalar("SELECT COUNT(*) FROM NEW_ORDER WHERE NO_W_ID = 1");
        long carried = scalar("SELECT COUNT(*) FROM ORDERS WHERE O_W_ID = 1 AND O_CARRIER_ID = 3");
        in.delivery.warehouse = 1;
        in.delivery.carrier = 3;
        in.delivery.dateMicros = 5_000_000L;
        assertTrue(proc.run(TxnType.DELIVERY, in));
        assertEquals(newOrders - 10, scalar("SELECT COUNT(*) FROM NEW_ORDER WHERE NO_W_ID = 1"),
                "one order per district");
        assertEquals(0, proc.skippedDeliveries);
        assertEquals(carried + 10, scalar("SELECT COUNT(*) FROM ORDERS WHERE O_W_ID = 1 AND O_CARRIER_ID = 3"));

        in.orderStatus.warehouse = 1;
        in.orderStatus.district = 1;
        in.orderStatus.customer = 1;
        long before = proc.outputDigest;
        assertTrue(proc.run(TxnType.ORDER_STATUS, in));
        assertTrue(proc.outputDigest != before, "the procedure's OUT values and result set were read");

        in.stockLevel.warehouse = 1;
        in.stockLevel.district = 1;
        in.stockLevel.threshold = 101;   // every stock row is below 101: counts the distinct items of 20 orders
        before = proc.outputDigest;
        assertTrue(proc.run(TxnType.STOCK_LEVEL, in));
        long next = scalar("SELECT D_NEXT_O_ID FROM DISTRICT WHERE D_W_ID = 1 AND D_ID = 1");
        long distinct = scalar("SELECT COUNT(DISTINCT OL_I_ID) FROM ORDER_LINE WHERE OL_W_ID = 1 AND OL_D_ID = 1"
                + " AND OL_O_ID >= ? AND OL_O_ID < ?", next - 20, next);
        assertEquals(distinct, proc.outputDigest - before);
    }

    @Test
    void theProceduresAreListedWithTheirSignatures() throws Exception {
        List<String> names = List.of("TPCC_NEW_ORDER", "TPCC_PAYMENT", "TPCC_ORDER_STATUS", "TPCC_DELIVERY",
                "TPCC_STOCK_LEVEL");
        try (ResultSet rs = admin.getMetaData().getProcedures(null, null, "TPCC_%")) {
            int n = 0;
            while (rs.next()) {
                assertTrue(names.contains(rs.getString("PROCEDURE_NAME")), rs.getString("PROCEDURE_NAME"));
                n++;
            }
            assertEquals(5, n);
        }
    }
}
