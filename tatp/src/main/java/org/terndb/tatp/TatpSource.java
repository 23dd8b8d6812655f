package org.terndb.tatp;

import java.util.function.Consumer;

/**
 * Where {@link TatpCheck} reads a quiescent database from: the protocol's tables in one read-only transaction
 * ({@code --mode direct}) or plain SELECTs over JDBC.
 */
interface TatpSource {

    /**
     * Visits the rows of {@code table} in primary-key order as the table's column values ({@link Integer},
     * {@link Long}, {@link String}; the array is reused). In direct mode a column whose group record is missing is
     * null, and a group record without its main record gives a row with nulls elsewhere.
     */
    void rows(TatpTable table, Consumer<Object[]> sink) throws Exception;

    /** Visits the entries of the SUB_NBR index in its order, as (SUB_NBR, S_ID of the row it leads to). */
    void numberIndex(NumberSink sink) throws Exception;

    /** The S_ID the SUB_NBR index finds for {@code number} with a point lookup, or -1. */
    int subscriberOf(String number) throws Exception;

    @FunctionalInterface
    interface NumberSink {
        void entry(String number, int subscriber);
    }
}
