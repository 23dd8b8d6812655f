package org.terndb.tpcc;

import java.util.List;
import org.terndb.harness.TransactionType;

/** The five TPC-C transactions (clauses 2.4 to 2.8), in the order of the mix ({@code --mix}). */
enum TxnType implements TransactionType {
    NEW_ORDER("new_order", "New-Order"),
    PAYMENT("payment", "Payment"),
    ORDER_STATUS("order_status", "Order-Status"),
    DELIVERY("delivery", "Delivery"),
    STOCK_LEVEL("stock_level", "Stock-Level");

    private static final TxnType[] VALUES = values();
    private static final List<TxnType> ALL = List.of(VALUES);

    private final String key;
    private final String title;

    TxnType(String key, String title) {
        this.key = key;
        this.title = title;
    }

    /** The JSON field name. */
    @Override
    public String key() {
        return key;
    }

    /** The spec's name. */
    @Override
    public String title() {
        return title;
    }

    static TxnType of(int ordinal) {
        return VALUES[ordinal];
    }

    static int count() {
        return VALUES.length;
    }

    static List<TxnType> all() {
        return ALL;
    }
}
