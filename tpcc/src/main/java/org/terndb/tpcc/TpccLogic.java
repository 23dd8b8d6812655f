package org.terndb.tpcc;

import static org.terndb.tpcc.TpccColumns.*;

import java.util.ArrayList;
import java.util.Arrays;
import org.terndb.storage.codec.KeyBuilder;
import org.terndb.storage.codec.KeyCodec;
import org.terndb.storage.codec.RowBuilder;
import org.terndb.storage.codec.RowCodec;

/**
 * The five TPC-C transactions (clauses 2.4.2, 2.5.2, 2.6.2, 2.7.4, 2.8.2), written once against {@link TpccStore} and
 * run unchanged by the kernel (straight on Masstrees) and by {@code --mode direct} (inside a protocol's
 * transaction). Each method performs one attempt and returns true to commit or false for a user rollback; the
 * caller owns begin, commit, abort and retries.
 *
 * <p>One instance per thread: it reuses its key and row builders and scan buffers. Keys are fresh arrays (the
 * stores keep them), rows are built from the row read plus the changed columns.
 *
 * <p>New-Order reads all its ITEM rows before its first write. ITEM is never written, so this order is not
 * observable, and it lets the kernel, which has no undo, roll back the 1% of orders with an unused item id
 * (2.4.2.3) by not writing at all. The transactional modes abort the attempt at the same point.
 */
final class TpccLogic {
    private static final RowCodec W = TpccTable.WAREHOUSE.rows();
    private static final RowCodec D = TpccTable.DISTRICT.rows();
    private static final RowCodec C = TpccTable.CUSTOMER.rows();
    private static final RowCodec NO = TpccTable.NEW_ORDER.rows();
    private static final RowCodec O = TpccTable.ORDERS.rows();
    private static final RowCodec OL = TpccTable.ORDER_LINE.rows();
    private static final RowCodec I = TpccTable.ITEM.rows();
    private static final RowCodec S = TpccTable.STOCK.rows();
    private static final byte[] ORIGINAL = "ORIGINAL".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static final int C_DATA_MAX = 500;

    /** Who inserts this logic's HISTORY rows: their key is (source, sequence); the loader is source 0. */
    private final int historySource;
    private long historySeq;

    private final KeyBuilder warehouseKey = TpccTable.WAREHOUSE.key().newBuilder();
    private final KeyBuilder districtKey = TpccTable.DISTRICT.key().newBuilder();
    private final KeyBuilder customerKey = TpccTable.CUSTOMER.key().newBuilder();
    private final KeyBuilder customerNameKey = TpccIndex.CUSTOMER_BY_NAME.key().newBuilder();
    private final KeyBuilder historyKey = TpccTable.HISTORY.key().newBuilder();
    private final KeyBuilder newOrderKey = TpccTable.NEW_ORDER.key().newBuilder();
    private final KeyBuilder orderKey = TpccTable.ORDERS.key().newBuilder();
    private final KeyBuilder orderCustomerKey = TpccIndex.ORDERS_BY_CUSTOMER.key().newBuilder();
    private final KeyBuilder orderLineKey = TpccTable.ORDER_LINE.key().newBuilder();
    private final KeyBuilder itemKey = TpccTable.ITEM.key().newBuilder();
    private final KeyBuilder stockKey = TpccTable.STOCK.key().newBuilder();

    private final RowBuilder warehouseRow = W.newBuilder();
    private final RowBuilder districtRow = D.newBuilder();
    private final RowBuilder customerRow = C.newBuilder();
    private final RowBuilder historyRow = TpccTable.HISTORY.rows().newBuilder();
    private final RowBuilder newOrderRow = NO.newBuilder();
    private final RowBuilder orderRow = O.newBuilder();
    private final RowBuilder orderLineRow = OL.newBuilder();
    private final RowBuilder stockRow = S.newBuilder();

    private final byte[][] itemRows = new byte[15][];
    /** Rows collected by a scan (cleared before each). */
    private final ArrayList<byte[]> rows = new ArrayList<>();
    private final TpccStore.RowSink collect = row -> {
        rows.add(row);
        return true;
    };
    private int[] stockItems = new int[300];
    private final OldestNewOrders oldestNewOrders = new OldestNewOrders();
    private int stockItemCount;
    private final TpccStore.RowSink collectItems = row -> {
        if (stockItemCount == stockItems.length) {
            stockItems = Arrays.copyOf(stockItems, stockItemCount * 2);
        }
        stockItems[stockItemCount++] = OL.getInt(row, OL_I_ID);
        return true;
    };
    private long orderLineDigest;
    private final TpccStore.RowSink digestOrderLines = row -> {
        orderLineDigest += OL.getInt(row, OL_I_ID) + OL.getInt(row, OL_QUANTITY) + OL.getDecimalUnscaled(row, OL_AMOUNT);
        return true;
    };

    /**
     * A digest of what the transactions would show on the terminal (totals, balances, counts), so the work that
     * produces the output is done and kept; tests read it, nobody else.
     */
    long outputDigest;
    /** Districts a Delivery found without a new order (2.7.4.2 records them in a result file). */
    long skippedDeliveries;
    /** Terminal output of the last Order-Status: the order shown (0 if none), and its lines. */
    int shownOrderId;
    int shownOrderLines;
    /** Terminal output of the last Stock-Level: the distinct items below the threshold. */
    int shownLowStock;

    TpccLogic(int historySource) {
        this.historySource = historySource;
    }

    // ---- keys --------------------------------------------------------------------------------------------------

    private byte[] warehouse(int w) {
        return warehouseKey.reset().addInt(w).toKey();
    }

    private byte[] district(int w, int d) {
        return districtKey.reset().addInt(w).addInt(d).toKey();
    }

    private byte[] customer(int w, int d, int c) {
        return customerKey.reset().addInt(w).addInt(d).addInt(c).toKey();
    }

    private byte[] order(int w, int d, int o) {
        return orderKey.reset().addInt(w).addInt(d).addInt(o).toKey();
    }

    private byte[] orderLine(int w, int d, int o, int n) {
        return orderLineKey.reset().addInt(w).addInt(d).addInt(o).addInt(n).toKey();
    }

    private byte[] orderLinesOf(int w, int d, int o) {
        return orderLineKey.reset().addInt(w).addInt(d).addInt(o).toKey();
    }

    // ---- New-Order (2.4.2) -------------------------------------------------------------------------------------

    boolean newOrder(TpccStore s, TpccInputs.NewOrder in) {
        int w = in.warehouse;
        int d = in.district;
        byte[] wRow = s.get(TpccTable.WAREHOUSE, warehouse(w));
        long wTax = W.getDecimalUnscaled(wRow, W_TAX);
        byte[] dKey = district(w, d);
        byte[] dRow = s.getForUpdate(TpccTable.DISTRICT, dKey);
        long dTax = D.getDecimalUnscaled(dRow, D_TAX);
        int orderId = D.getInt(dRow, D_NEXT_O_ID);
        byte[] cRow = s.get(TpccTable.CUSTOMER, customer(w, d, in.customer));
        long discount = C.getDecimalUnscaled(cRow, C_DISCOUNT);

        for (int i = 0; i < in.lines; i++) {
            itemRows[i] = s.get(TpccTable.ITEM, itemKey.reset().addInt(in.items[i]).toKey());
            if (itemRows[i] == null) {
                return false;   // "Item number is not valid": roll back
            }
        }

        s.update(TpccTable.DISTRICT, dKey, districtRow.from(dRow).setLong(D_NEXT_O_ID, orderId + 1L).build());
        byte[] oRow = orderRow.reset().setLong(O_ID, orderId).setLong(O_D_ID, d).setLong(O_W_ID, w)
                .setLong(O_C_ID, in.customer).setLong(O_ENTRY_D, in.entryMicros).setNull(O_CARRIER_ID)
                .setLong(O_OL_CNT, in.lines).setLong(O_ALL_LOCAL, in.allLocal ? 1 : 0).build();
        s.insert(TpccTable.ORDERS, order(w, d, orderId), oRow);
        byte[] noRow = newOrderRow.reset().setLong(NO_O_ID, orderId).setLong(NO_D_ID, d).setLong(NO_W_ID, w).build();
        s.insert(TpccTable.NEW_ORDER, newOrderKey.reset().addInt(w).addInt(d).addInt(orderId).toKey(), noRow);

        long totalCents = 0;
        int brandGeneric = 0;
        for (int i = 0; i < in.lines; i++) {
            int supply = in.supplyWarehouses[i];
            int quantity = in.quantities[i];
            byte[] sKey = stockKey.reset().addInt(supply).addInt(in.items[i]).toKey();
            byte[] sRow = s.getForUpdate(TpccTable.STOCK, sKey);
            int stockQuantity = S.getInt(sRow, S_QUANTITY);
            int newQuantity = stockQuantity >= quantity + 10 ? stockQuantity - quantity : stockQuantity - quantity + 91;
            stockRow.from(sRow).setLong(S_QUANTITY, newQuantity).setLong(S_YTD, S.getInt(sRow, S_YTD) + (long) quantity)
                    .setLong(S_ORDER_CNT, S.getInt(sRow, S_ORDER_CNT) + 1L);
            if (supply != w) {
                stockRow.setLong(S_REMOTE_CNT, S.getInt(sRow, S_REMOTE_CNT) + 1L);
            }
            s.update(TpccTable.STOCK, sKey, stockRow.build());

            byte[] iRow = itemRows[i];
            long amount = quantity * I.getDecimalUnscaled(iRow, I_PRICE);
            totalCents += amount;
            if (contains(I, iRow, I_DATA, ORIGINAL) && contains(S, sRow, S_DATA, ORIGINAL)) {
                brandGeneric++;   // 'B', else 'G'
            }
            int distInfo = S_DIST_01 + d - 1;
            byte[] olRow = orderLineRow.reset().setLong(OL_O_ID, orderId).setLong(OL_D_ID, d).setLong(OL_W_ID, w)
                    .setLong(OL_NUMBER, i + 1L).setLong(OL_I_ID, in.items[i]).setLong(OL_SUPPLY_W_ID, supply)
                    .setNull(OL_DELIVERY_D).setLong(OL_QUANTITY, quantity).setDecimal(OL_AMOUNT, amount)
                    .setString(OL_DIST_INFO, sRow, S.stringOffset(sRow, distInfo), S.stringLength(sRow, distInfo))
                    .build();
            s.insert(TpccTable.ORDER_LINE, orderLine(w, d, orderId, i + 1), olRow);
        }
        // total-amount = sum(OL_AMOUNT) * (1 - C_DISCOUNT) * (1 + W_TAX + D_TAX), shown to the terminal.
        double total = totalCents / 100.0 * (1 - discount / 10_000.0) * (1 + (wTax + dTax) / 10_000.0);
        outputDigest += Math.round(total * 100) + orderId + brandGeneric;
        return true;
    }

    // ---- Payment (2.5.2) ---------------------------------------------------------------------------------------

    boolean payment(TpccStore s, TpccInputs.Payment in) {
        int w = in.warehouse;
        int d = in.district;
        long amount = in.amountCents;
        byte[] wKey = warehouse(w);
        byte[] wRow = s.getForUpdate(TpccTable.WAREHOUSE, wKey);
        s.update(TpccTable.WAREHOUSE, wKey, warehouseRow.from(wRow)
                .setDecimal(W_YTD, W.getDecimalUnscaled(wRow, W_YTD) + amount).build());
        byte[] dKey = district(w, d);
        byte[] dRow = s.getForUpdate(TpccTable.DISTRICT, dKey);
        s.update(TpccTable.DISTRICT, dKey, districtRow.from(dRow)
                .setDecimal(D_YTD, D.getDecimalUnscaled(dRow, D_YTD) + amount).build());

        int cw = in.customerWarehouse;
        int cd = in.customerDistrict;
        int c = in.customer != 0 ? in.customer : C.getInt(customerByName(s, cw, cd, in.customerLast), C_ID);
        byte[] cKey = customer(cw, cd, c);
        byte[] cRow = s.getForUpdate(TpccTable.CUSTOMER, cKey);
        long balance = C.getDecimalUnscaled(cRow, C_BALANCE) - amount;
        customerRow.from(cRow).setDecimal(C_BALANCE, balance)
                .setDecimal(C_YTD_PAYMENT, C.getDecimalUnscaled(cRow, C_YTD_PAYMENT) + amount)
                .setLong(C_PAYMENT_CNT, C.getInt(cRow, C_PAYMENT_CNT) + 1L);
        if (isBadCredit(cRow)) {
            // 2.5.2.2: the payment's ids and amount go in front of C_DATA, which keeps at most 500 characters.
            String data = c + " " + cd + " " + cw + " " + d + " " + w + " " + money(amount) + " | "
                    + C.getString(cRow, C_DATA);
            customerRow.setString(C_DATA, data.length() > C_DATA_MAX ? data.substring(0, C_DATA_MAX) : data);
        }
        s.update(TpccTable.CUSTOMER, cKey, customerRow.build());

        String historyData = W.getString(wRow, W_NAME) + "    " + D.getString(dRow, D_NAME);
        byte[] hRow = historyRow.reset().setLong(H_C_ID, c).setLong(H_C_D_ID, cd).setLong(H_C_W_ID, cw)
                .setLong(H_D_ID, d).setLong(H_W_ID, w).setLong(H_DATE, in.dateMicros).setDecimal(H_AMOUNT, amount)
                .setString(H_DATA, historyData).build();
        s.insert(TpccTable.HISTORY, historyKey.reset().addInt(historySource).addLong(++historySeq).toKey(), hRow);
        outputDigest += balance + c;
        return true;
    }

    /**
     * The customer at position ceil(n/2) of the n customers with this last name in the district, sorted by C_FIRST
     * (2.5.2.2); the index orders them by (C_FIRST, C_ID).
     */
    private byte[] customerByName(TpccStore s, int w, int d, String last) {
        byte[] lo = customerNameKey.reset().addInt(w).addInt(d).addString(last).toKey();
        rows.clear();
        s.scan(TpccIndex.CUSTOMER_BY_NAME, lo, KeyCodec.prefixSuccessor(lo), false, 0, collect);
        if (rows.isEmpty()) {
            throw new IllegalStateException("no customer named " + last + " in warehouse " + w + " district " + d
                    + ": the population is incomplete");
        }
        return rows.get((rows.size() - 1) / 2);
    }

    private static boolean isBadCredit(byte[] cRow) {
        int at = C.stringOffset(cRow, C_CREDIT);
        return C.stringLength(cRow, C_CREDIT) == 2 && cRow[at] == 'B' && cRow[at + 1] == 'C';
    }

    static String money(long cents) {
        long abs = Math.abs(cents);
        return (cents < 0 ? "-" : "") + abs / 100 + "." + (abs % 100 < 10 ? "0" : "") + abs % 100;
    }

    // ---- Order-Status (2.6.2) ----------------------------------------------------------------------------------

    boolean orderStatus(TpccStore s, TpccInputs.OrderStatus in) {
        int w = in.warehouse;
        int d = in.district;
        byte[] cRow = in.customer != 0 ? s.get(TpccTable.CUSTOMER, customer(w, d, in.customer))
                : customerByName(s, w, d, in.customerLast);
        int c = C.getInt(cRow, C_ID);
        outputDigest += C.getDecimalUnscaled(cRow, C_BALANCE) + C.stringLength(cRow, C_FIRST);

        byte[] lo = orderCustomerKey.reset().addInt(w).addInt(d).addInt(c).toKey();
        rows.clear();
        s.scan(TpccIndex.ORDERS_BY_CUSTOMER, lo, KeyCodec.prefixSuccessor(lo), true, 1, collect);
        shownOrderId = 0;
        shownOrderLines = 0;
        if (rows.isEmpty()) {
            return true;   // every loaded customer has an order; kept total for safety
        }
        byte[] oRow = rows.get(0);
        int orderId = O.getInt(oRow, O_ID);
        outputDigest += orderId + O.getLong(oRow, O_ENTRY_D) + (O.isNull(oRow, O_CARRIER_ID) ? 0 : O.getInt(oRow,
                O_CARRIER_ID));
        byte[] olLo = orderLinesOf(w, d, orderId);
        orderLineDigest = 0;
        shownOrderId = orderId;
        shownOrderLines = s.scan(TpccIndex.ORDER_LINE, olLo, KeyCodec.prefixSuccessor(olLo), false, 0,
                digestOrderLines);
        outputDigest += orderLineDigest;
        return true;
    }

    // ---- Delivery (2.7.4), all ten districts in one transaction ------------------------------------------------

    boolean delivery(TpccStore s, TpccInputs.Delivery in) {
        int w = in.warehouse;
        for (int d = 1; d <= TpccScale.DISTRICTS; d++) {
            // The oldest new order, scanning from the oldest one this terminal saw before (OldestNewOrders).
            newOrderKey.reset().addInt(w).addInt(d);
            byte[] hi = newOrderKey.toPrefixSuccessor();
            byte[] lo = newOrderKey.addInt(oldestNewOrders.floor(w, d)).toKey();
            rows.clear();
            s.scan(TpccIndex.NEW_ORDER, lo, hi, false, 1, collect);
            if (rows.isEmpty()) {
                skippedDeliveries++;   // no outstanding order in this district: skipped
                continue;
            }
            int orderId = NO.getInt(rows.get(0), NO_O_ID);
            oldestNewOrders.saw(w, d, orderId);
            s.delete(TpccTable.NEW_ORDER, newOrderKey.reset().addInt(w).addInt(d).addInt(orderId).toKey());

            byte[] oKey = order(w, d, orderId);
            byte[] oRow = s.getForUpdate(TpccTable.ORDERS, oKey);
            int c = O.getInt(oRow, O_C_ID);
            s.update(TpccTable.ORDERS, oKey, orderRow.from(oRow).setLong(O_CARRIER_ID, in.carrier).build());

            byte[] olLo = orderLinesOf(w, d, orderId);
            rows.clear();
            s.scan(TpccIndex.ORDER_LINE, olLo, KeyCodec.prefixSuccessor(olLo), false, 0, collect);
            long sum = 0;
            for (byte[] line : rows) {
                sum += OL.getDecimalUnscaled(line, OL_AMOUNT);
                s.update(TpccTable.ORDER_LINE, orderLine(w, d, orderId, OL.getInt(line, OL_NUMBER)),
                        orderLineRow.from(line).setLong(OL_DELIVERY_D, in.dateMicros).build());
            }

            byte[] cKey = customer(w, d, c);
            byte[] cRow = s.getForUpdate(TpccTable.CUSTOMER, cKey);
            s.update(TpccTable.CUSTOMER, cKey, customerRow.from(cRow)
                    .setDecimal(C_BALANCE, C.getDecimalUnscaled(cRow, C_BALANCE) + sum)
                    .setLong(C_DELIVERY_CNT, C.getInt(cRow, C_DELIVERY_CNT) + 1L).build());
            outputDigest += orderId;
        }
        return true;
    }

    // ---- Stock-Level (2.8.2) -----------------------------------------------------------------------------------

    boolean stockLevel(TpccStore s, TpccInputs.StockLevel in) {
        int w = in.warehouse;
        int d = in.district;
        int next = D.getInt(s.get(TpccTable.DISTRICT, district(w, d)), D_NEXT_O_ID);
        // Order lines of the district's last 20 orders: OL_O_ID in [next - 20, next).
        byte[] lo = orderLinesOf(w, d, next - 20);
        byte[] hi = orderLinesOf(w, d, next);
        stockItemCount = 0;
        s.scan(TpccIndex.ORDER_LINE, lo, hi, false, 0, collectItems);
        Arrays.sort(stockItems, 0, stockItemCount);
        int low = 0;
        for (int i = 0; i < stockItemCount; i++) {
            int item = stockItems[i];
            if (i > 0 && item == stockItems[i - 1]) {
                continue;   // count DISTINCT S_I_ID
            }
            byte[] sRow = s.get(TpccTable.STOCK, stockKey.reset().addInt(w).addInt(item).toKey());
            if (S.getInt(sRow, S_QUANTITY) < in.threshold) {
                low++;
            }
        }
        shownLowStock = low;
        outputDigest += low;
        return true;
    }

    /** Dispatches to the transaction {@code type} with the terminal's current input. */
    boolean run(TxnType type, TpccStore s, TpccInputs inputs) {
        return switch (type) {
            case NEW_ORDER -> newOrder(s, inputs.newOrder);
            case PAYMENT -> payment(s, inputs.payment);
            case ORDER_STATUS -> orderStatus(s, inputs.orderStatus);
            case DELIVERY -> delivery(s, inputs.delivery);
            case STOCK_LEVEL -> stockLevel(s, inputs.stockLevel);
        };
    }

    /** Whether column {@code col} (CHAR/VARCHAR) of {@code row} contains {@code needle} (ASCII). */
    static boolean contains(RowCodec codec, byte[] row, int col, byte[] needle) {
        int from = codec.stringOffset(row, col);
        int last = from + codec.stringLength(row, col) - needle.length;
        outer:
        for (int at = from; at <= last; at++) {
            for (int k = 0; k < needle.length; k++) {
                if (row[at + k] != needle[k]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }
}
