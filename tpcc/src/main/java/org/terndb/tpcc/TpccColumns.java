package org.terndb.tpcc;

/**
 * Column positions of the nine TPC-C tables (clause 1.3), in the order {@link TpccTable} declares them. The
 * spec's column prefixes (W_, D_, C_, ...) keep every name unique, so the logic imports them all statically.
 */
final class TpccColumns {
    private TpccColumns() {
    }

    // WAREHOUSE
    static final int W_ID = 0, W_NAME = 1, W_STREET_1 = 2, W_STREET_2 = 3, W_CITY = 4, W_STATE = 5, W_ZIP = 6,
            W_TAX = 7, W_YTD = 8;
    // DISTRICT
    static final int D_ID = 0, D_W_ID = 1, D_NAME = 2, D_STREET_1 = 3, D_STREET_2 = 4, D_CITY = 5, D_STATE = 6,
            D_ZIP = 7, D_TAX = 8, D_YTD = 9, D_NEXT_O_ID = 10;
    // CUSTOMER
    static final int C_ID = 0, C_D_ID = 1, C_W_ID = 2, C_FIRST = 3, C_MIDDLE = 4, C_LAST = 5, C_STREET_1 = 6,
            C_STREET_2 = 7, C_CITY = 8, C_STATE = 9, C_ZIP = 10, C_PHONE = 11, C_SINCE = 12, C_CREDIT = 13,
            C_CREDIT_LIM = 14, C_DISCOUNT = 15, C_BALANCE = 16, C_YTD_PAYMENT = 17, C_PAYMENT_CNT = 18,
            C_DELIVERY_CNT = 19, C_DATA = 20;
    // HISTORY
    static final int H_C_ID = 0, H_C_D_ID = 1, H_C_W_ID = 2, H_D_ID = 3, H_W_ID = 4, H_DATE = 5, H_AMOUNT = 6,
            H_DATA = 7;
    // NEW_ORDER
    static final int NO_O_ID = 0, NO_D_ID = 1, NO_W_ID = 2;
    // ORDERS (the spec's ORDER; ORDER is a reserved word in SQL)
    static final int O_ID = 0, O_D_ID = 1, O_W_ID = 2, O_C_ID = 3, O_ENTRY_D = 4, O_CARRIER_ID = 5, O_OL_CNT = 6,
            O_ALL_LOCAL = 7;
    // ORDER_LINE
    static final int OL_O_ID = 0, OL_D_ID = 1, OL_W_ID = 2, OL_NUMBER = 3, OL_I_ID = 4, OL_SUPPLY_W_ID = 5,
            OL_DELIVERY_D = 6, OL_QUANTITY = 7, OL_AMOUNT = 8, OL_DIST_INFO = 9;
    // ITEM
    static final int I_ID = 0, I_IM_ID = 1, I_NAME = 2, I_PRICE = 3, I_DATA = 4;
    // STOCK: S_DIST_01..S_DIST_10 are S_DIST_01 + (district - 1)
    static final int S_I_ID = 0, S_W_ID = 1, S_QUANTITY = 2, S_DIST_01 = 3, S_YTD = 13, S_ORDER_CNT = 14,
            S_REMOTE_CNT = 15, S_DATA = 16;
}
