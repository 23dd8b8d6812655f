package org.terndb.tatp;

/**
 * Column positions of the four TATP tables (specification v1.0, section 2), in the order {@link TatpTable} declares
 * them. SUBSCRIBER's BIT_1..BIT_10, HEX_1..HEX_10 and BYTE2_1..BYTE2_10 are {@code BIT_1 + i} and so on.
 */
final class TatpColumns {
    private TatpColumns() {
    }

    static final int FLAGS = 10;

    // SUBSCRIBER
    static final int S_ID = 0, SUB_NBR = 1, BIT_1 = 2, HEX_1 = BIT_1 + FLAGS, BYTE2_1 = HEX_1 + FLAGS,
            MSC_LOCATION = BYTE2_1 + FLAGS, VLR_LOCATION = MSC_LOCATION + 1;
    // ACCESS_INFO
    static final int AI_S_ID = 0, AI_TYPE = 1, DATA1 = 2, DATA2 = 3, DATA3 = 4, DATA4 = 5;
    // SPECIAL_FACILITY
    static final int SF_S_ID = 0, SF_TYPE = 1, IS_ACTIVE = 2, ERROR_CNTRL = 3, DATA_A = 4, DATA_B = 5;
    // CALL_FORWARDING
    static final int CF_S_ID = 0, CF_SF_TYPE = 1, START_TIME = 2, END_TIME = 3, NUMBERX = 4;
}
