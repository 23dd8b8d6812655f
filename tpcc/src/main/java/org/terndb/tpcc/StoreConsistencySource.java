package org.terndb.tpcc;

import static org.terndb.tpcc.TpccColumns.*;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;
import org.terndb.storage.codec.KeyBuilder;
import org.terndb.storage.codec.KeyCodec;
import org.terndb.storage.codec.RowCodec;

/**
 * {@link ConsistencySource} over a {@link TpccStore}: the kernel's trees directly, or a protocol's tables through
 * one read-only transaction per call (see {@link Reads}). Rows are collected first and decoded after the read
 * succeeded, so a retried transaction never reports a row twice.
 */
final class StoreConsistencySource implements ConsistencySource {
    /** Runs a read against a store, retrying as its mode requires, and returns once it succeeded. */
    @FunctionalInterface
    interface Reads {
        void run(java.util.function.Consumer<TpccStore> read);
    }

    private final Reads reads;

    StoreConsistencySource(Reads reads) {
        this.reads = reads;
    }

    /** The rows of {@code index} under the key prefix of {@code prefix} (all rows for an empty prefix). */
    private List<byte[]> rows(TpccIndex index, int... prefix) {
        KeyBuilder b = index.key().newBuilder();
        for (int p : prefix) {
            b.addInt(p);
        }
        byte[] lo = prefix.length == 0 ? null : b.toKey();
        byte[] hi = lo == null ? null : KeyCodec.prefixSuccessor(lo);
        List<byte[]> out = new ArrayList<>();
        reads.run(store -> {
            out.clear();
            store.scan(index, lo, hi, false, 0, row -> {
                out.add(row);
                return true;
            });
        });
        return out;
    }

    @Override
    public long warehouseYtd(int w) {
        List<byte[]> rows = rows(TpccIndex.WAREHOUSE, w);
        return rows.isEmpty() ? Long.MIN_VALUE : TpccTable.WAREHOUSE.rows().getDecimalUnscaled(rows.get(0), W_YTD);
    }

    @Override
    public void districts(int w, DistrictVisitor visitor) {
        RowCodec r = TpccTable.DISTRICT.rows();
        for (byte[] row : rows(TpccIndex.DISTRICT, w)) {
            visitor.district(r.getInt(row, D_ID), r.getDecimalUnscaled(row, D_YTD), r.getInt(row, D_NEXT_O_ID));
        }
    }

    @Override
    public void orders(int w, int d, OrderVisitor visitor) {
        RowCodec r = TpccTable.ORDERS.rows();
        for (byte[] row : rows(TpccIndex.ORDERS, w, d)) {
            visitor.order(r.getInt(row, O_ID), r.getInt(row, O_C_ID), r.isNull(row, O_CARRIER_ID),
                    r.getInt(row, O_OL_CNT));
        }
    }

    @Override
    public void newOrders(int w, int d, IntConsumer visitor) {
        RowCodec r = TpccTable.NEW_ORDER.rows();
        for (byte[] row : rows(TpccIndex.NEW_ORDER, w, d)) {
            visitor.accept(r.getInt(row, NO_O_ID));
        }
    }

    @Override
    public void orderLines(int w, int d, OrderLineVisitor visitor) {
        RowCodec r = TpccTable.ORDER_LINE.rows();
        for (byte[] row : rows(TpccIndex.ORDER_LINE, w, d)) {
            visitor.orderLine(r.getInt(row, OL_O_ID), r.isNull(row, OL_DELIVERY_D), r.getDecimalUnscaled(row,
                    OL_AMOUNT));
        }
    }

    @Override
    public void customers(int w, int d, CustomerVisitor visitor) {
        RowCodec r = TpccTable.CUSTOMER.rows();
        for (byte[] row : rows(TpccIndex.CUSTOMER, w, d)) {
            visitor.customer(r.getInt(row, C_ID), r.getDecimalUnscaled(row, C_BALANCE),
                    r.getDecimalUnscaled(row, C_YTD_PAYMENT));
        }
    }

    @Override
    public void history(HistoryVisitor visitor) {
        RowCodec r = TpccTable.HISTORY.rows();
        for (byte[] row : rows(TpccIndex.HISTORY)) {
            visitor.history(r.getInt(row, H_C_ID), r.getInt(row, H_C_D_ID), r.getInt(row, H_C_W_ID),
                    r.getInt(row, H_D_ID), r.getInt(row, H_W_ID), r.getDecimalUnscaled(row, H_AMOUNT));
        }
    }
}
