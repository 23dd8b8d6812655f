package org.terndb.tpcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.terndb.tpcc.TpccColumns.*;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.terndb.storage.codec.RowCodec;

/** The checker passes a freshly loaded database and names exactly the conditions a corruption breaks. */
class ConsistencyCheckTest {

    private static Set<Integer> failed(LoadedDatabase db, boolean deliveriesRan) throws Exception {
        List<ConsistencyCheck.Result> results = new ConsistencyCheck(db.warehouses, db.scale, deliveriesRan)
                .run(db.consistencySource());
        assertEquals(12, results.size());
        Set<Integer> failed = new TreeSet<>();
        for (ConsistencyCheck.Result r : results) {
            if (r.status() == ConsistencyCheck.Status.FAIL) {
                failed.add(r.condition());
            }
        }
        return failed;
    }

    private static byte[] key(TpccTable table, int... values) {
        var b = table.key().newBuilder();
        for (int v : values) {
            b.addInt(v);
        }
        return b.toKey();
    }

    @Test
    void aFreshPopulationMeetsAllTwelveConditions() throws Exception {
        try (LoadedDatabase db = LoadedDatabase.open("kernel", LoadedDatabase.SMALL, 2, 5)) {
            List<ConsistencyCheck.Result> results = new ConsistencyCheck(2, db.scale, false)
                    .run(db.consistencySource());
            assertTrue(results.stream().allMatch(r -> r.status() == ConsistencyCheck.Status.PASS), results.toString());
            List<ConsistencyCheck.Result> afterDelivery = new ConsistencyCheck(2, db.scale, true)
                    .run(db.consistencySource());
            assertEquals(ConsistencyCheck.Status.SKIPPED, afterDelivery.get(10).status(), "condition 11");
        }
    }

    @Test
    void aWarehouseYtdOffByACentBreaksConditionsOneAndEight() throws Exception {
        try (LoadedDatabase db = LoadedDatabase.open("kernel", LoadedDatabase.SMALL, 2, 5)) {
            RowCodec w = TpccTable.WAREHOUSE.rows();
            byte[] row = db.row(TpccTable.WAREHOUSE, 2);
            byte[] changed = w.newBuilder().from(row).setDecimal(W_YTD, w.getDecimalUnscaled(row, W_YTD) + 1).build();
            db.run(s -> {
                s.update(TpccTable.WAREHOUSE, key(TpccTable.WAREHOUSE, 2), changed);
                return true;
            });
            assertEquals(Set.of(1, 8), failed(db, false));
        }
    }

    @Test
    void aLostOrderLineBreaksConditionsFourAndSix() throws Exception {
        try (LoadedDatabase db = LoadedDatabase.open("kernel", LoadedDatabase.SMALL, 1, 5)) {
            db.run(s -> {
                s.delete(TpccTable.ORDER_LINE, key(TpccTable.ORDER_LINE, 1, 4, 3, 1));
                return true;
            });
            assertEquals(Set.of(4, 6), failed(db, false));
        }
    }

    @Test
    void aNewOrderRowDeletedWithoutDeliveryBreaksConditionsThreeFiveAndEleven() throws Exception {
        try (LoadedDatabase db = LoadedDatabase.open("kernel", LoadedDatabase.SMALL, 1, 5)) {
            int middle = db.scale.deliveredOrders() + db.scale.newOrders() / 2;
            db.run(s -> {
                s.delete(TpccTable.NEW_ORDER, key(TpccTable.NEW_ORDER, 1, 6, middle));
                return true;
            });
            assertEquals(Set.of(3, 5, 11), failed(db, false));
        }
    }

    @Test
    void aDeliveredLineWithoutItsCustomersBalanceBreaksConditionsSevenTenAndTwelve() throws Exception {
        try (LoadedDatabase db = LoadedDatabase.open("kernel", LoadedDatabase.SMALL, 1, 5)) {
            RowCodec ol = TpccTable.ORDER_LINE.rows();
            int undelivered = db.scale.deliveredOrders() + 1;
            byte[] line = db.row(TpccTable.ORDER_LINE, 1, 2, undelivered, 1);
            byte[] delivered = ol.newBuilder().from(line).setLong(OL_DELIVERY_D, 1L).build();
            db.run(s -> {
                s.update(TpccTable.ORDER_LINE, key(TpccTable.ORDER_LINE, 1, 2, undelivered, 1), delivered);
                return true;
            });
            assertEquals(Set.of(7, 10, 12), failed(db, false));
        }
    }

    @Test
    void aDistrictYtdChangedAloneBreaksConditionsOneAndNine() throws Exception {
        try (LoadedDatabase db = LoadedDatabase.open("kernel", LoadedDatabase.SMALL, 1, 5)) {
            RowCodec d = TpccTable.DISTRICT.rows();
            byte[] row = db.row(TpccTable.DISTRICT, 1, 10);
            byte[] changed = d.newBuilder().from(row).setDecimal(D_YTD, d.getDecimalUnscaled(row, D_YTD) - 5).build();
            db.run(s -> {
                s.update(TpccTable.DISTRICT, key(TpccTable.DISTRICT, 1, 10), changed);
                return true;
            });
            assertEquals(Set.of(1, 9), failed(db, false));
        }
    }
}
