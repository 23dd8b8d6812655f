package org.terndb.tatp;

import java.util.List;
import org.terndb.harness.TransactionType;

/** The seven TATP transactions (specification v1.0, section 3), in the order of {@code --mix}. */
enum TatpTxn implements TransactionType {
    GET_SUBSCRIBER_DATA(35, false),
    GET_NEW_DESTINATION(10, false),
    GET_ACCESS_DATA(35, false),
    UPDATE_SUBSCRIBER_DATA(2, true),
    UPDATE_LOCATION(14, true),
    INSERT_CALL_FORWARDING(2, false),
    DELETE_CALL_FORWARDING(2, false);

    private static final TatpTxn[] VALUES = values();
    private static final List<TatpTxn> ALL = List.of(VALUES);

    /** The specification's share in percent. */
    private final int standardPercent;
    /** A data-ingestion transaction of seed 003: it overwrites values without reading them (blind updates). */
    private final boolean ingestion;

    TatpTxn(int standardPercent, boolean ingestion) {
        this.standardPercent = standardPercent;
        this.ingestion = ingestion;
    }

    int standardPercent() {
        return standardPercent;
    }

    boolean isIngestion() {
        return ingestion;
    }

    /** The JSON field name. */
    @Override
    public String key() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** The specification's name. */
    @Override
    public String title() {
        return name();
    }

    static TatpTxn of(int ordinal) {
        return VALUES[ordinal];
    }

    static int count() {
        return VALUES.length;
    }

    static List<TatpTxn> all() {
        return ALL;
    }
}
