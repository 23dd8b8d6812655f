package org.terndb.tpcc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.terndb.tpcc.TpccColumns.*;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.terndb.storage.codec.RowCodec;
import org.terndb.txn.Protocols;

/**
 * Each transaction's effects on a small two-warehouse database, checked row by row against what clauses 2.4 to 2.8
 * say, through the kernel's store and through every registered protocol (the logic is the same code).
 */
class TpccLogicTest {
    private static final RowCodec W = TpccTable.WAREHOUSE.rows();
    private static final RowCodec D = TpccTable.DISTRICT.rows();
    private static final RowCodec C = TpccTable.CUSTOMER.rows();
    private static final RowCodec H = TpccTable.HISTORY.rows();
    private static final RowCodec O = TpccTable.ORDERS.rows();
    private static final RowCodec OL = TpccTable.ORDER_LINE.rows();
    private static final RowCodec I = TpccTable.ITEM.rows();
    private static final RowCodec S = TpccTable.STOCK.rows();

    static Stream<String> systems() {
        return Stream.concat(Stream.of("kernel"), Protocols.names().stream());
    }

    private static LoadedDatabase open(String system) throws Exception {
        return LoadedDatabase.open(system, LoadedDatabase.SMALL, 2, 42);
    }

    private static void assertConsistent(LoadedDatabase db, boolean deliveriesRan) throws Exception {
        List<ConsistencyCheck.Result> results = new ConsistencyCheck(db.warehouses, db.scale, deliveriesRan)
                .run(db.consistencySource());
        assertTrue(ConsistencyCheck.passed(results), results.toString());
    }

    private static TpccInputs.NewOrder newOrder(int w, int d, int c, int[] items, int[] supply, int[] quantities) {
        TpccInputs.NewOrder in = new TpccInputs.NewOrder();
        in.warehouse = w;
        in.district = d;
        in.customer = c;
        in.lines = items.length;
        in.allLocal = true;
        for (int i = 0; i < items.length; i++) {
            in.items[i] = items[i];
            in.supplyWarehouses[i] = supply[i];
            in.quantities[i] = quantities[i];
            in.allLocal &= supply[i] == w;
        }
        in.entryMicros = 123_456_789L;
        return in;
    }

    @ParameterizedTest
    @MethodSource("systems")
    void newOrderAddsTheOrderItsLinesAndUpdatesStock(String system) throws Exception {
        try (LoadedDatabase db = open(system)) {
            TpccLogic logic = new TpccLogic(1);
            int next = D.getInt(db.row(TpccTable.DISTRICT, 1, 3), D_NEXT_O_ID);
            int[] items = {5, 17, 17};
            int[] supply = {1, 2, 1};
            int[] qty = {4, 10, 3};
            byte[] stock5 = db.row(TpccTable.STOCK, 1, 5);
            byte[] stock17Remote = db.row(TpccTable.STOCK, 2, 17);
            byte[] stock17 = db.row(TpccTable.STOCK, 1, 17);
            TpccInputs.NewOrder in = newOrder(1, 3, 7, items, supply, qty);

            assertTrue(db.run(s -> logic.newOrder(s, in)));

            assertEquals(next + 1, D.getInt(db.row(TpccTable.DISTRICT, 1, 3), D_NEXT_O_ID));
            byte[] order = db.row(TpccTable.ORDERS, 1, 3, next);
            assertEquals(7, O.getInt(order, O_C_ID));
            assertTrue(O.isNull(order, O_CARRIER_ID));
            assertEquals(3, O.getInt(order, O_OL_CNT));
            assertEquals(0, O.getInt(order, O_ALL_LOCAL), "a remote supply warehouse makes the order not all-local");
            assertEquals(123_456_789L, O.getLong(order, O_ENTRY_D));
            assertNotNull(db.row(TpccTable.NEW_ORDER, 1, 3, next));
            List<byte[]> lines = db.rows(TpccIndex.ORDER_LINE, 1, 3, next);
            assertEquals(3, lines.size());
            for (int i = 0; i < 3; i++) {
                byte[] line = lines.get(i);
                assertEquals(i + 1, OL.getInt(line, OL_NUMBER));
                assertEquals(items[i], OL.getInt(line, OL_I_ID));
                assertEquals(supply[i], OL.getInt(line, OL_SUPPLY_W_ID));
                assertTrue(OL.isNull(line, OL_DELIVERY_D));
                long price = I.getDecimalUnscaled(db.row(TpccTable.ITEM, items[i]), I_PRICE);
                assertEquals(qty[i] * price, OL.getDecimalUnscaled(line, OL_AMOUNT));
            }
            // OL_DIST_INFO is the supplying stock row's S_DIST_xx for the order's district (3).
            assertEquals(S.getString(stock5, S_DIST_01 + 2), OL.getString(lines.get(0), OL_DIST_INFO));
            assertEquals(S.getString(stock17Remote, S_DIST_01 + 2), OL.getString(lines.get(1), OL_DIST_INFO));

            byte[] s5 = db.row(TpccTable.STOCK, 1, 5);
            int q5 = S.getInt(stock5, S_QUANTITY);
            assertEquals(q5 >= 4 + 10 ? q5 - 4 : q5 - 4 + 91, S.getInt(s5, S_QUANTITY));
            assertEquals(4, S.getInt(s5, S_YTD));
            assertEquals(1, S.getInt(s5, S_ORDER_CNT));
            assertEquals(0, S.getInt(s5, S_REMOTE_CNT));
            byte[] s17r = db.row(TpccTable.STOCK, 2, 17);
            assertEquals(1, S.getInt(s17r, S_REMOTE_CNT), "supplied to another warehouse's order");
            assertEquals(10, S.getInt(s17r, S_YTD));
            int q17r = S.getInt(stock17Remote, S_QUANTITY);
            assertEquals(q17r >= 20 ? q17r - 10 : q17r - 10 + 91, S.getInt(s17r, S_QUANTITY));
            assertEquals(S.getInt(stock17, S_YTD) + 3, S.getInt(db.row(TpccTable.STOCK, 1, 17), S_YTD));
            assertConsistent(db, false);
        }
    }

    @ParameterizedTest
    @MethodSource("systems")
    void newOrderWithAnUnusedItemRollsBackLeavingNothing(String system) throws Exception {
        try (LoadedDatabase db = open(system)) {
            TpccLogic logic = new TpccLogic(1);
            byte[] district = db.row(TpccTable.DISTRICT, 1, 2);
            int next = D.getInt(district, D_NEXT_O_ID);
            byte[] stock = db.row(TpccTable.STOCK, 1, 9);
            int unused = db.scale.items() + 1;
            TpccInputs.NewOrder in = newOrder(1, 2, 1, new int[] {9, 10, unused}, new int[] {1, 1, 1},
                    new int[] {1, 1, 1});

            assertFalse(db.run(s -> logic.newOrder(s, in)), "an unused item id rolls the order back");

            assertArrayEquals(district, db.row(TpccTable.DISTRICT, 1, 2));
            assertArrayEquals(stock, db.row(TpccTable.STOCK, 1, 9));
            assertNull(db.row(TpccTable.ORDERS, 1, 2, next));
            assertNull(db.row(TpccTable.NEW_ORDER, 1, 2, next));
            assertTrue(db.rows(TpccIndex.ORDER_LINE, 1, 2, next).isEmpty());
            assertConsistent(db, false);
        }
    }

    private static TpccInputs.Payment payment(int w, int d, int cw, int cd, int c, String last, long cents) {
        TpccInputs.Payment in = new TpccInputs.Payment();
        in.warehouse = w;
        in.district = d;
        in.customerWarehouse = cw;
        in.customerDistrict = cd;
        in.customer = c;
        in.customerLast = last;
        in.amountCents = cents;
        in.dateMicros = 99L;
        return in;
    }

    @ParameterizedTest
    @MethodSource("systems")
    void paymentMovesTheAmountThroughWarehouseDistrictCustomerAndHistory(String system) throws Exception {
        try (LoadedDatabase db = open(system)) {
            TpccLogic logic = new TpccLogic(1);
            byte[] w = db.row(TpccTable.WAREHOUSE, 1);
            byte[] d = db.row(TpccTable.DISTRICT, 1, 4);
            byte[] c = db.row(TpccTable.CUSTOMER, 2, 6, 11);
            int history = db.rows(TpccIndex.HISTORY).size();

            assertTrue(db.run(s -> logic.payment(s, payment(1, 4, 2, 6, 11, null, 123_45))));

            assertEquals(W.getDecimalUnscaled(w, W_YTD) + 123_45,
                    W.getDecimalUnscaled(db.row(TpccTable.WAREHOUSE, 1), W_YTD));
            assertEquals(D.getDecimalUnscaled(d, D_YTD) + 123_45,
                    D.getDecimalUnscaled(db.row(TpccTable.DISTRICT, 1, 4), D_YTD));
            byte[] after = db.row(TpccTable.CUSTOMER, 2, 6, 11);
            assertEquals(C.getDecimalUnscaled(c, C_BALANCE) - 123_45, C.getDecimalUnscaled(after, C_BALANCE));
            assertEquals(C.getDecimalUnscaled(c, C_YTD_PAYMENT) + 123_45, C.getDecimalUnscaled(after, C_YTD_PAYMENT));
            assertEquals(C.getInt(c, C_PAYMENT_CNT) + 1, C.getInt(after, C_PAYMENT_CNT));
            if (C.getString(c, C_CREDIT).equals("GC")) {
                assertEquals(C.getString(c, C_DATA), C.getString(after, C_DATA));
            }
            List<byte[]> rows = db.rows(TpccIndex.HISTORY);
            assertEquals(history + 1, rows.size());
            byte[] h = rows.get(rows.size() - 1);   // source 1 sorts after the loader's source 0
            assertEquals(11, H.getInt(h, H_C_ID));
            assertEquals(6, H.getInt(h, H_C_D_ID));
            assertEquals(2, H.getInt(h, H_C_W_ID));
            assertEquals(4, H.getInt(h, H_D_ID));
            assertEquals(1, H.getInt(h, H_W_ID));
            assertEquals(123_45, H.getDecimalUnscaled(h, H_AMOUNT));
            assertEquals(W.getString(w, W_NAME) + "    " + D.getString(d, D_NAME), H.getString(h, H_DATA));
            assertConsistent(db, false);
        }
    }

    @ParameterizedTest
    @MethodSource("systems")
    void paymentByLastNamePaysTheMiddleCustomerSortedByFirstName(String system) throws Exception {
        try (LoadedDatabase db = open(system)) {
            TpccLogic logic = new TpccLogic(1);
            // Find a last name shared by several customers of district 1/5.
            List<byte[]> customers = db.rows(TpccIndex.CUSTOMER, 1, 5);
            String last = customers.stream().map(r -> C.getString(r, C_LAST))
                    .filter(n -> customers.stream().filter(r -> C.getString(r, C_LAST).equals(n)).count() >= 2)
                    .findFirst().orElse(C.getString(customers.get(0), C_LAST));
            List<byte[]> named = new ArrayList<>(customers.stream().filter(r -> C.getString(r, C_LAST).equals(last))
                    .sorted(Comparator.comparing((byte[] r) -> C.getString(r, C_FIRST))
                            .thenComparingInt(r -> C.getInt(r, C_ID))).toList());
            byte[] chosen = named.get((named.size() + 1) / 2 - 1);   // position ceil(n/2), 1-based
            int id = C.getInt(chosen, C_ID);

            assertTrue(db.run(s -> logic.payment(s, payment(1, 5, 1, 5, 0, last, 100))));

            for (byte[] r : named) {
                int cid = C.getInt(r, C_ID);
                assertEquals(cid == id ? 2 : 1, C.getInt(db.row(TpccTable.CUSTOMER, 1, 5, cid), C_PAYMENT_CNT),
                        "customer " + cid + " of " + named.size() + " named " + last);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("systems")
    void paymentOfABadCreditCustomerPrependsToCData(String system) throws Exception {
        try (LoadedDatabase db = open(system)) {
            TpccLogic logic = new TpccLogic(1);
            byte[] bad = db.rows(TpccIndex.CUSTOMER, 2).stream().filter(r -> C.getString(r, C_CREDIT).equals("BC"))
                    .findFirst().orElseThrow();
            int d = C.getInt(bad, C_D_ID);
            int id = C.getInt(bad, C_ID);

            assertTrue(db.run(s -> logic.payment(s, payment(1, 8, 2, d, id, null, 5_000_00))));

            String data = C.getString(db.row(TpccTable.CUSTOMER, 2, d, id), C_DATA);
            String prefix = id + " " + d + " 2 8 1 5000.00 | ";
            assertTrue(data.startsWith(prefix), data);
            assertEquals(Math.min(500, prefix.length() + C.getString(bad, C_DATA).length()), data.length());
        }
    }

    @ParameterizedTest
    @MethodSource("systems")
    void orderStatusShowsTheCustomersMostRecentOrderAndItsLines(String system) throws Exception {
        try (LoadedDatabase db = open(system)) {
            TpccLogic logic = new TpccLogic(1);
            TpccInputs.OrderStatus in = new TpccInputs.OrderStatus();
            in.warehouse = 1;
            in.district = 9;
            in.customer = 13;
            // The loaded order of customer 13 is the only one.
            byte[] loaded = db.rows(TpccIndex.ORDERS, 1, 9).stream().filter(r -> O.getInt(r, O_C_ID) == 13)
                    .findFirst().orElseThrow();
            assertTrue(db.run(s -> logic.orderStatus(s, in)));
            assertEquals(O.getInt(loaded, O_ID), logic.shownOrderId);
            assertEquals(O.getInt(loaded, O_OL_CNT), logic.shownOrderLines);

            int next = D.getInt(db.row(TpccTable.DISTRICT, 1, 9), D_NEXT_O_ID);
            assertTrue(db.run(s -> logic.newOrder(s, newOrder(1, 9, 13, new int[] {1, 2}, new int[] {1, 1},
                    new int[] {1, 1}))));
            assertTrue(db.run(s -> logic.orderStatus(s, in)));
            assertEquals(next, logic.shownOrderId, "the new order is now the most recent");
            assertEquals(2, logic.shownOrderLines);
        }
    }

    @ParameterizedTest
    @MethodSource("systems")
    void deliveryDeliversEachDistrictsOldestNewOrder(String system) throws Exception {
        try (LoadedDatabase db = open(system)) {
            TpccLogic logic = new TpccLogic(1);
            int first = db.scale.deliveredOrders() + 1;
            long[] balances = new long[TpccScale.DISTRICTS + 1];
            int[] customers = new int[TpccScale.DISTRICTS + 1];
            long[] sums = new long[TpccScale.DISTRICTS + 1];
            for (int d = 1; d <= TpccScale.DISTRICTS; d++) {
                customers[d] = O.getInt(db.row(TpccTable.ORDERS, 2, d, first), O_C_ID);
                balances[d] = C.getDecimalUnscaled(db.row(TpccTable.CUSTOMER, 2, d, customers[d]), C_BALANCE);
                sums[d] = db.rows(TpccIndex.ORDER_LINE, 2, d, first).stream()
                        .mapToLong(r -> OL.getDecimalUnscaled(r, OL_AMOUNT)).sum();
            }
            TpccInputs.Delivery in = new TpccInputs.Delivery();
            in.warehouse = 2;
            in.carrier = 7;
            in.dateMicros = 777L;

            assertTrue(db.run(s -> logic.delivery(s, in)));

            for (int d = 1; d <= TpccScale.DISTRICTS; d++) {
                assertNull(db.row(TpccTable.NEW_ORDER, 2, d, first));
                assertEquals(db.scale.newOrders() - 1, db.rows(TpccIndex.NEW_ORDER, 2, d).size());
                assertEquals(7, O.getInt(db.row(TpccTable.ORDERS, 2, d, first), O_CARRIER_ID));
                for (byte[] line : db.rows(TpccIndex.ORDER_LINE, 2, d, first)) {
                    assertEquals(777L, OL.getLong(line, OL_DELIVERY_D));
                }
                byte[] c = db.row(TpccTable.CUSTOMER, 2, d, customers[d]);
                assertEquals(balances[d] + sums[d], C.getDecimalUnscaled(c, C_BALANCE));
                assertEquals(1, C.getInt(c, C_DELIVERY_CNT));
                assertTrue(O.isNull(db.row(TpccTable.ORDERS, 2, d, first + 1), O_CARRIER_ID), "only the oldest");
            }
            assertEquals(0, logic.skippedDeliveries);
            assertConsistent(db, true);
        }
    }

    @ParameterizedTest
    @MethodSource("systems")
    void deliverySkipsDistrictsWithoutNewOrders(String system) throws Exception {
        try (LoadedDatabase db = open(system)) {
            TpccLogic logic = new TpccLogic(1);
            TpccInputs.Delivery in = new TpccInputs.Delivery();
            in.warehouse = 1;
            in.carrier = 1;
            for (int i = 0; i < db.scale.newOrders(); i++) {
                assertTrue(db.run(s -> logic.delivery(s, in)));
            }
            assertEquals(0, logic.skippedDeliveries);
            assertTrue(db.rows(TpccIndex.NEW_ORDER, 1).isEmpty());
            assertTrue(db.run(s -> logic.delivery(s, in)));
            assertEquals(TpccScale.DISTRICTS, logic.skippedDeliveries);
            assertConsistent(db, true);
        }
    }

    @ParameterizedTest
    @MethodSource("systems")
    void stockLevelCountsDistinctItemsOfTheLastTwentyOrdersBelowTheThreshold(String system) throws Exception {
        try (LoadedDatabase db = open(system)) {
            TpccLogic logic = new TpccLogic(1);
            // Make item 3 appear twice among the last orders, with low stock, to exercise DISTINCT.
            for (int i = 0; i < 2; i++) {
                assertTrue(db.run(s -> logic.newOrder(s, newOrder(2, 10, 1, new int[] {3}, new int[] {2},
                        new int[] {1}))));
            }
            for (int threshold = 10; threshold <= 20; threshold += 5) {
                int next = D.getInt(db.row(TpccTable.DISTRICT, 2, 10), D_NEXT_O_ID);
                TreeSet<Integer> items = new TreeSet<>();
                for (int o = next - 20; o < next; o++) {
                    db.rows(TpccIndex.ORDER_LINE, 2, 10, o).forEach(r -> items.add(OL.getInt(r, OL_I_ID)));
                }
                int t = threshold;
                long expected = items.stream().filter(i -> S.getInt(db.row(TpccTable.STOCK, 2, i), S_QUANTITY) < t)
                        .count();
                TpccInputs.StockLevel in = new TpccInputs.StockLevel();
                in.warehouse = 2;
                in.district = 10;
                in.threshold = threshold;
                assertTrue(db.run(s -> logic.stockLevel(s, in)));
                assertEquals(expected, logic.shownLowStock, "threshold " + threshold);
            }
        }
    }
}
