package org.terndb.tpcc;

import java.util.ArrayList;
import java.util.List;
import org.terndb.harness.ParallelLoad;

/**
 * Generates the initial population of clause 4.3.3.1 and hands it row by row to a {@link Sink}, in parallel tasks
 * (items in chunks; per warehouse: its districts with customers and history, its stock, its orders). Every task has
 * its own random stream derived from the seed, so the data does not depend on the number of threads.
 *
 * <p>Row values: INTEGER as {@link Integer}, DECIMAL as its unscaled {@link Long}, TIMESTAMP as epoch microseconds
 * ({@link Long}), CHAR/VARCHAR as {@link String}, NULL as null.
 */
final class TpccLoader {
    /** Receives generated rows; one per loading thread. */
    @SuppressWarnings("try")   // close() may throw anything its database throws; it is never interrupted
    interface Sink extends AutoCloseable {
        /**
         * @param historySeq a number unique among the loaded HISTORY rows (their storage key); 0 for other tables
         * @param values     the row, reused after the call returns
         */
        void row(TpccTable table, long historySeq, Object[] values) throws Exception;

        /** Flushes and releases what the thread used; called once, also after a failure. */
        @Override
        void close() throws Exception;
    }

    /** Opens a sink on the loading thread that will use it. */
    @FunctionalInterface
    interface SinkFactory {
        Sink open() throws Exception;
    }

    private static final int ITEM_CHUNKS = 4;

    private final TpccScale scale;
    private final int warehouses;
    private final long seed;
    private final TpccRandom.Constants constants;
    private final long nowMicros;

    TpccLoader(TpccScale scale, int warehouses, long seed, TpccRandom.Constants constants, long nowMicros) {
        this.scale = scale;
        this.warehouses = warehouses;
        this.seed = seed;
        this.constants = constants;
        this.nowMicros = nowMicros;
    }

    /** Loads everything with {@code threads} threads, each writing through its own sink from {@code sinks}. */
    void load(int threads, SinkFactory sinks) throws Exception {
        List<ParallelLoad.Task<Sink>> tasks = new ArrayList<>();
        for (int chunk = 0; chunk < ITEM_CHUNKS; chunk++) {
            int from = 1 + (int) ((long) scale.items() * chunk / ITEM_CHUNKS);
            int to = (int) ((long) scale.items() * (chunk + 1) / ITEM_CHUNKS);
            int c = chunk;
            tasks.add(sink -> items(sink, from, to, c));
        }
        for (int w = 1; w <= warehouses; w++) {
            int warehouse = w;
            tasks.add(sink -> warehouseAndCustomers(sink, warehouse));
            tasks.add(sink -> stock(sink, warehouse));
            tasks.add(sink -> orders(sink, warehouse));
        }
        ParallelLoad.run(threads, tasks, sinks::open, "tpcc-load");
    }

    private TpccRandom random(int kind, int index) {
        return new TpccRandom(TpccRandom.mix(seed, (long) kind << 32 | index));
    }

    private void items(Sink sink, int from, int to, int chunk) throws Exception {
        TpccRandom r = random(1, chunk);
        Object[] v = new Object[TpccTable.ITEM.schema().size()];
        for (int i = from; i <= to; i++) {
            v[TpccColumns.I_ID] = i;
            v[TpccColumns.I_IM_ID] = r.uniform(1, 10_000);
            v[TpccColumns.I_NAME] = r.aString(14, 24);
            v[TpccColumns.I_PRICE] = r.uniform(100L, 10_000L);
            v[TpccColumns.I_DATA] = r.dataWithOriginal();
            sink.row(TpccTable.ITEM, 0, v);
        }
    }

    private void warehouseAndCustomers(Sink sink, int w) throws Exception {
        TpccRandom r = random(2, w);
        Object[] v = new Object[TpccTable.WAREHOUSE.schema().size()];
        v[TpccColumns.W_ID] = w;
        v[TpccColumns.W_NAME] = r.aString(6, 10);
        v[TpccColumns.W_STREET_1] = r.aString(10, 20);
        v[TpccColumns.W_STREET_2] = r.aString(10, 20);
        v[TpccColumns.W_CITY] = r.aString(10, 20);
        v[TpccColumns.W_STATE] = r.aString(2, 2).toUpperCase(java.util.Locale.ROOT);
        v[TpccColumns.W_ZIP] = r.zip();
        v[TpccColumns.W_TAX] = r.uniform(0L, 2_000L);
        // W_YTD = sum of the districts' D_YTD (condition 1) = sum of H_AMOUNT (condition 8).
        v[TpccColumns.W_YTD] = 1_000L * scale.customers() * TpccScale.DISTRICTS;
        sink.row(TpccTable.WAREHOUSE, 0, v);

        Object[] d = new Object[TpccTable.DISTRICT.schema().size()];
        Object[] c = new Object[TpccTable.CUSTOMER.schema().size()];
        Object[] h = new Object[TpccTable.HISTORY.schema().size()];
        for (int district = 1; district <= TpccScale.DISTRICTS; district++) {
            d[TpccColumns.D_ID] = district;
            d[TpccColumns.D_W_ID] = w;
            d[TpccColumns.D_NAME] = r.aString(6, 10);
            d[TpccColumns.D_STREET_1] = r.aString(10, 20);
            d[TpccColumns.D_STREET_2] = r.aString(10, 20);
            d[TpccColumns.D_CITY] = r.aString(10, 20);
            d[TpccColumns.D_STATE] = r.aString(2, 2).toUpperCase(java.util.Locale.ROOT);
            d[TpccColumns.D_ZIP] = r.zip();
            d[TpccColumns.D_TAX] = r.uniform(0L, 2_000L);
            d[TpccColumns.D_YTD] = 1_000L * scale.customers();   // 30,000.00 at full scale
            d[TpccColumns.D_NEXT_O_ID] = scale.orders() + 1;
            sink.row(TpccTable.DISTRICT, 0, d);

            for (int id = 1; id <= scale.customers(); id++) {
                c[TpccColumns.C_ID] = id;
                c[TpccColumns.C_D_ID] = district;
                c[TpccColumns.C_W_ID] = w;
                c[TpccColumns.C_FIRST] = r.aString(8, 16);
                c[TpccColumns.C_MIDDLE] = "OE";
                c[TpccColumns.C_LAST] = TpccRandom.lastName(id <= scale.lastNames() ? id - 1
                        : r.nuRand(255, 0, scale.lastNames() - 1, constants.cLastLoad()));
                c[TpccColumns.C_STREET_1] = r.aString(10, 20);
                c[TpccColumns.C_STREET_2] = r.aString(10, 20);
                c[TpccColumns.C_CITY] = r.aString(10, 20);
                c[TpccColumns.C_STATE] = r.aString(2, 2).toUpperCase(java.util.Locale.ROOT);
                c[TpccColumns.C_ZIP] = r.zip();
                c[TpccColumns.C_PHONE] = r.nString(16);
                c[TpccColumns.C_SINCE] = nowMicros;
                c[TpccColumns.C_CREDIT] = r.uniform(1, 10) == 1 ? "BC" : "GC";
                c[TpccColumns.C_CREDIT_LIM] = 5_000_000L;
                c[TpccColumns.C_DISCOUNT] = r.uniform(0L, 5_000L);
                c[TpccColumns.C_BALANCE] = -1_000L;
                c[TpccColumns.C_YTD_PAYMENT] = 1_000L;
                c[TpccColumns.C_PAYMENT_CNT] = 1;
                c[TpccColumns.C_DELIVERY_CNT] = 0;
                c[TpccColumns.C_DATA] = r.aString(300, 500);
                sink.row(TpccTable.CUSTOMER, 0, c);

                h[TpccColumns.H_C_ID] = id;
                h[TpccColumns.H_C_D_ID] = district;
                h[TpccColumns.H_C_W_ID] = w;
                h[TpccColumns.H_D_ID] = district;
                h[TpccColumns.H_W_ID] = w;
                h[TpccColumns.H_DATE] = nowMicros;
                h[TpccColumns.H_AMOUNT] = 1_000L;
                h[TpccColumns.H_DATA] = r.aString(12, 24);
                long seq = ((long) (w - 1) * TpccScale.DISTRICTS + (district - 1)) * scale.customers() + id;
                sink.row(TpccTable.HISTORY, seq, h);
            }
        }
    }

    private void stock(Sink sink, int w) throws Exception {
        TpccRandom r = random(3, w);
        Object[] v = new Object[TpccTable.STOCK.schema().size()];
        for (int i = 1; i <= scale.items(); i++) {
            v[TpccColumns.S_I_ID] = i;
            v[TpccColumns.S_W_ID] = w;
            v[TpccColumns.S_QUANTITY] = r.uniform(10, 100);
            for (int d = 0; d < TpccScale.DISTRICTS; d++) {
                v[TpccColumns.S_DIST_01 + d] = r.aString(24, 24);
            }
            v[TpccColumns.S_YTD] = 0;
            v[TpccColumns.S_ORDER_CNT] = 0;
            v[TpccColumns.S_REMOTE_CNT] = 0;
            v[TpccColumns.S_DATA] = r.dataWithOriginal();
            sink.row(TpccTable.STOCK, 0, v);
        }
    }

    private void orders(Sink sink, int w) throws Exception {
        TpccRandom r = random(4, w);
        Object[] o = new Object[TpccTable.ORDERS.schema().size()];
        Object[] ol = new Object[TpccTable.ORDER_LINE.schema().size()];
        Object[] no = new Object[TpccTable.NEW_ORDER.schema().size()];
        int[] customerIds = new int[scale.orders()];
        int firstUndelivered = scale.deliveredOrders() + 1;
        for (int district = 1; district <= TpccScale.DISTRICTS; district++) {
            for (int i = 0; i < customerIds.length; i++) {
                customerIds[i] = i + 1;
            }
            r.shuffle(customerIds);
            for (int id = 1; id <= scale.orders(); id++) {
                boolean delivered = id < firstUndelivered;
                int lines = r.uniform(5, 15);
                o[TpccColumns.O_ID] = id;
                o[TpccColumns.O_D_ID] = district;
                o[TpccColumns.O_W_ID] = w;
                o[TpccColumns.O_C_ID] = customerIds[id - 1];
                o[TpccColumns.O_ENTRY_D] = nowMicros;
                o[TpccColumns.O_CARRIER_ID] = delivered ? r.uniform(1, 10) : null;
                o[TpccColumns.O_OL_CNT] = lines;
                o[TpccColumns.O_ALL_LOCAL] = 1;
                sink.row(TpccTable.ORDERS, 0, o);
                for (int n = 1; n <= lines; n++) {
                    ol[TpccColumns.OL_O_ID] = id;
                    ol[TpccColumns.OL_D_ID] = district;
                    ol[TpccColumns.OL_W_ID] = w;
                    ol[TpccColumns.OL_NUMBER] = n;
                    ol[TpccColumns.OL_I_ID] = r.uniform(1, scale.items());
                    ol[TpccColumns.OL_SUPPLY_W_ID] = w;
                    ol[TpccColumns.OL_DELIVERY_D] = delivered ? nowMicros : null;
                    ol[TpccColumns.OL_QUANTITY] = 5;
                    ol[TpccColumns.OL_AMOUNT] = delivered ? 0L : r.uniform(1L, 999_999L);
                    ol[TpccColumns.OL_DIST_INFO] = r.aString(24, 24);
                    sink.row(TpccTable.ORDER_LINE, 0, ol);
                }
                if (!delivered) {
                    no[TpccColumns.NO_O_ID] = id;
                    no[TpccColumns.NO_D_ID] = district;
                    no[TpccColumns.NO_W_ID] = w;
                    sink.row(TpccTable.NEW_ORDER, 0, no);
                }
            }
        }
    }
}
