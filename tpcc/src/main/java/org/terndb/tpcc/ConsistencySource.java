package org.terndb.tpcc;

/**
 * The columns the consistency conditions read, streamed per warehouse or district: {@link ConsistencyCheck}
 * evaluates the conditions once, in Java, over any database that can stream them (the storage-level modes through
 * {@link StoreConsistencySource}, JDBC through plain SELECTs). Money is in cents; the database must be quiescent
 * (or each call must read a consistent snapshot of what it streams).
 */
interface ConsistencySource {

    /** W_YTD of warehouse {@code w}, or {@link Long#MIN_VALUE} if there is no such warehouse. */
    long warehouseYtd(int w) throws Exception;

    void districts(int w, DistrictVisitor visitor) throws Exception;

    void orders(int w, int d, OrderVisitor visitor) throws Exception;

    /** NO_O_ID of every NEW_ORDER row of the district. */
    void newOrders(int w, int d, java.util.function.IntConsumer visitor) throws Exception;

    void orderLines(int w, int d, OrderLineVisitor visitor) throws Exception;

    void customers(int w, int d, CustomerVisitor visitor) throws Exception;

    void history(HistoryVisitor visitor) throws Exception;

    @FunctionalInterface
    interface DistrictVisitor {
        void district(int d, long ytdCents, int nextOrderId);
    }

    @FunctionalInterface
    interface OrderVisitor {
        void order(int orderId, int customerId, boolean carrierNull, int lineCount);
    }

    @FunctionalInterface
    interface OrderLineVisitor {
        void orderLine(int orderId, boolean deliveryNull, long amountCents);
    }

    @FunctionalInterface
    interface CustomerVisitor {
        void customer(int customerId, long balanceCents, long ytdPaymentCents);
    }

    @FunctionalInterface
    interface HistoryVisitor {
        void history(int customerId, int customerDistrict, int customerWarehouse, int district, int warehouse,
                     long amountCents);
    }
}
