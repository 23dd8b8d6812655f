package org.terndb.tpcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.terndb.tpcc.TpccColumns.*;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.terndb.storage.codec.RowCodec;

class TpccLoaderTest {

    /** Clause 4.3.3.1 at full scale for one warehouse (about 4 s: the only spec-size load among the tests). */
    @Test
    void oneWarehouseAtSpecScaleHasTheSpecCardinalities() throws Exception {
        KernelStore store = new KernelStore();
        new TpccLoader(TpccScale.SPEC, 1, 7, TpccRandom.Constants.fromSeed(7), 0).load(2,
                () -> new StorageLoadSink(store::load));
        assertEquals(100_000, store.size(TpccTable.ITEM));
        assertEquals(1, store.size(TpccTable.WAREHOUSE));
        assertEquals(10, store.size(TpccTable.DISTRICT));
        assertEquals(30_000, store.size(TpccTable.CUSTOMER));
        assertEquals(30_000, store.size(TpccTable.HISTORY));
        assertEquals(100_000, store.size(TpccTable.STOCK));
        assertEquals(30_000, store.size(TpccTable.ORDERS));
        assertEquals(9_000, store.size(TpccTable.NEW_ORDER));
        long lines = store.size(TpccTable.ORDER_LINE);
        // 5..15 lines per order, 10 on average: 300,000 give or take a few thousand.
        assertTrue(lines > 290_000 && lines < 310_000, "order lines: " + lines);
        List<ConsistencyCheck.Result> checks = new ConsistencyCheck(1, TpccScale.SPEC, false)
                .run(new StoreConsistencySource(read -> read.accept(store)));
        assertTrue(checks.stream().allMatch(r -> r.status() == ConsistencyCheck.Status.PASS), checks.toString());
    }

    @Test
    void scaledLoadHasProportionalCardinalitiesAndSpecValueRules() throws Exception {
        try (LoadedDatabase db = LoadedDatabase.open("kernel", TpccScale.of(0.1), 2, 3)) {
            TpccScale s = db.scale;
            assertEquals(10_000, s.items());
            assertEquals(300, s.customers());
            assertEquals(90, s.newOrders());
            assertEquals(s.items(), db.rows(TpccIndex.ITEM).size());
            assertEquals(2 * s.items(), db.rows(TpccIndex.STOCK).size());
            assertEquals(20 * s.customers(), db.rows(TpccIndex.CUSTOMER).size());
            assertEquals(20 * s.customers(), db.rows(TpccIndex.HISTORY).size());
            assertEquals(20 * s.orders(), db.rows(TpccIndex.ORDERS).size());
            assertEquals(20 * s.newOrders(), db.rows(TpccIndex.NEW_ORDER).size());

            RowCodec c = TpccTable.CUSTOMER.rows();
            List<byte[]> customers = db.rows(TpccIndex.CUSTOMER, 1, 1);
            // 4.3.2.3: the first customers take the last names 0, 1, 2, ... in turn.
            assertEquals("BARBARBAR", c.getString(customers.get(0), C_LAST));
            assertEquals("BARBAROUGHT", c.getString(customers.get(1), C_LAST));
            long bc = db.rows(TpccIndex.CUSTOMER).stream().filter(r -> c.getString(r, C_CREDIT).equals("BC")).count();
            assertTrue(bc > 300 && bc < 900, "10% BC of 6000: " + bc);

            RowCodec st = TpccTable.STOCK.rows();
            List<byte[]> stock = db.rows(TpccIndex.STOCK);
            long original = stock.stream().filter(r -> st.getString(r, S_DATA).contains("ORIGINAL")).count();
            assertTrue(original > 1_500 && original < 2_500, "10% ORIGINAL of 20000: " + original);
            assertTrue(stock.stream().allMatch(r -> st.getInt(r, S_QUANTITY) >= 10 && st.getInt(r, S_QUANTITY) <= 100));

            RowCodec o = TpccTable.ORDERS.rows();
            List<byte[]> orders = db.rows(TpccIndex.ORDERS, 2, 7);
            int[] customerIds = orders.stream().mapToInt(r -> o.getInt(r, O_C_ID)).sorted().toArray();
            int[] expected = new int[s.customers()];
            Arrays.setAll(expected, i -> i + 1);
            assertTrue(Arrays.equals(expected, customerIds), "O_C_ID is a permutation of the customers");
            for (byte[] r : orders) {
                boolean delivered = o.getInt(r, O_ID) <= s.deliveredOrders();
                assertEquals(!delivered, o.isNull(r, O_CARRIER_ID));
            }
        }
    }

    @Test
    void theSameSeedLoadsTheSameRowsWhateverTheThreads() throws Exception {
        KernelStore a = new KernelStore();
        KernelStore b = new KernelStore();
        TpccRandom.Constants c = TpccRandom.Constants.fromSeed(11);
        new TpccLoader(LoadedDatabase.SMALL, 2, 11, c, 5).load(1, () -> new StorageLoadSink(a::load));
        new TpccLoader(LoadedDatabase.SMALL, 2, 11, c, 5).load(3, () -> new StorageLoadSink(b::load));
        for (TpccIndex index : TpccIndex.values()) {
            List<byte[]> ra = new java.util.ArrayList<>();
            List<byte[]> rb = new java.util.ArrayList<>();
            a.scan(index, null, null, false, 0, ra::add);
            b.scan(index, null, null, false, 0, rb::add);
            assertEquals(ra.size(), rb.size(), index.name());
            for (int i = 0; i < ra.size(); i++) {
                assertTrue(Arrays.equals(ra.get(i), rb.get(i)), index + " row " + i);
            }
        }
    }
}
