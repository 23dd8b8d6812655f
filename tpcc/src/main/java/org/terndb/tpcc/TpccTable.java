package org.terndb.tpcc;

import java.util.ArrayList;
import java.util.List;
import org.terndb.storage.codec.Column;
import org.terndb.storage.codec.ColumnType;
import org.terndb.storage.codec.KeyCodec;
import org.terndb.storage.codec.RowCodec;
import org.terndb.storage.codec.Schema;

/**
 * The nine TPC-C tables (clause 1.3) with the spec's columns and types and their primary keys, plus the codecs
 * the storage-level modes use. Column order matches {@link TpccColumns}.
 *
 * <p>Types: identifiers and numeric(n) counts are INTEGER, money and rates DECIMAL(p,s), "date and time" is
 * TIMESTAMP, fixed text CHAR(n), variable text VARCHAR(n). Clause 1.3.1 makes numeric(p,s) a minimum, and W_YTD and
 * D_YTD are DECIMAL(18,2) instead of (12,2): a benchmark far beyond 12.86 tpmC per warehouse would overflow 12
 * digits within minutes. HISTORY has no primary key in the spec; the storage modes key its rows by a synthetic
 * (source, sequence) pair that is not a column, and SQL creates it without one.
 */
enum TpccTable {
    WAREHOUSE(new String[] {"W_ID"},
            integer("W_ID"), varchar("W_NAME", 10), varchar("W_STREET_1", 20), varchar("W_STREET_2", 20),
            varchar("W_CITY", 20), fixed("W_STATE", 2), fixed("W_ZIP", 9), decimal("W_TAX", 4, 4),
            decimal("W_YTD", 18, 2)),
    DISTRICT(new String[] {"D_W_ID", "D_ID"},
            integer("D_ID"), integer("D_W_ID"), varchar("D_NAME", 10), varchar("D_STREET_1", 20),
            varchar("D_STREET_2", 20), varchar("D_CITY", 20), fixed("D_STATE", 2), fixed("D_ZIP", 9),
            decimal("D_TAX", 4, 4), decimal("D_YTD", 18, 2), integer("D_NEXT_O_ID")),
    CUSTOMER(new String[] {"C_W_ID", "C_D_ID", "C_ID"},
            integer("C_ID"), integer("C_D_ID"), integer("C_W_ID"), varchar("C_FIRST", 16), fixed("C_MIDDLE", 2),
            varchar("C_LAST", 16), varchar("C_STREET_1", 20), varchar("C_STREET_2", 20), varchar("C_CITY", 20),
            fixed("C_STATE", 2), fixed("C_ZIP", 9), fixed("C_PHONE", 16), timestamp("C_SINCE"),
            fixed("C_CREDIT", 2), decimal("C_CREDIT_LIM", 12, 2), decimal("C_DISCOUNT", 4, 4),
            decimal("C_BALANCE", 12, 2), decimal("C_YTD_PAYMENT", 12, 2), integer("C_PAYMENT_CNT"),
            integer("C_DELIVERY_CNT"), varchar("C_DATA", 500)),
    HISTORY(null,
            integer("H_C_ID"), integer("H_C_D_ID"), integer("H_C_W_ID"), integer("H_D_ID"), integer("H_W_ID"),
            timestamp("H_DATE"), decimal("H_AMOUNT", 6, 2), varchar("H_DATA", 24)),
    NEW_ORDER(new String[] {"NO_W_ID", "NO_D_ID", "NO_O_ID"},
            integer("NO_O_ID"), integer("NO_D_ID"), integer("NO_W_ID")),
    ORDERS(new String[] {"O_W_ID", "O_D_ID", "O_ID"},
            integer("O_ID"), integer("O_D_ID"), integer("O_W_ID"), integer("O_C_ID"), timestamp("O_ENTRY_D"),
            Column.of("O_CARRIER_ID", ColumnType.INTEGER), integer("O_OL_CNT"), integer("O_ALL_LOCAL")),
    ORDER_LINE(new String[] {"OL_W_ID", "OL_D_ID", "OL_O_ID", "OL_NUMBER"},
            integer("OL_O_ID"), integer("OL_D_ID"), integer("OL_W_ID"), integer("OL_NUMBER"), integer("OL_I_ID"),
            integer("OL_SUPPLY_W_ID"), Column.of("OL_DELIVERY_D", ColumnType.TIMESTAMP), integer("OL_QUANTITY"),
            decimal("OL_AMOUNT", 6, 2), fixed("OL_DIST_INFO", 24)),
    ITEM(new String[] {"I_ID"},
            integer("I_ID"), integer("I_IM_ID"), varchar("I_NAME", 24), decimal("I_PRICE", 5, 2),
            varchar("I_DATA", 50)),
    STOCK(new String[] {"S_W_ID", "S_I_ID"}, stockColumns());

    /** HISTORY's storage key: who inserted the row and its sequence number there (not columns of the row). */
    static final KeyCodec HISTORY_KEY = KeyCodec.of(Schema.of(integer("H_SOURCE"), bigint("H_SEQ")));

    private final Schema schema;
    private final RowCodec rows;
    private final int[] keyColumns;
    private final KeyCodec key;

    TpccTable(String[] keyColumnNames, Column... columns) {
        this.schema = Schema.of(columns);
        this.rows = RowCodec.of(schema);
        if (keyColumnNames == null) {
            this.keyColumns = new int[0];
            this.key = null;
        } else {
            this.keyColumns = new int[keyColumnNames.length];
            for (int i = 0; i < keyColumnNames.length; i++) {
                keyColumns[i] = schema.indexOf(keyColumnNames[i]);
            }
            this.key = KeyCodec.of(schema.select(keyColumns));
        }
    }

    Schema schema() {
        return schema;
    }

    RowCodec rows() {
        return rows;
    }

    /** Primary-key column positions in key order; empty for HISTORY. */
    int[] keyColumns() {
        return keyColumns.clone();
    }

    /** The primary key codec ({@link #HISTORY_KEY} for HISTORY). */
    KeyCodec key() {
        return key == null ? HISTORY_KEY : key;
    }

    boolean hasPrimaryKey() {
        return key != null;
    }

    /** The SQL name: the enum name (ORDERS stands for the spec's ORDER). */
    String sqlName() {
        return name();
    }

    private static Column[] stockColumns() {
        List<Column> c = new ArrayList<>(List.of(integer("S_I_ID"), integer("S_W_ID"), integer("S_QUANTITY")));
        for (int d = 1; d <= 10; d++) {
            c.add(fixed(String.format("S_DIST_%02d", d), 24));
        }
        c.addAll(List.of(integer("S_YTD"), integer("S_ORDER_CNT"), integer("S_REMOTE_CNT"), varchar("S_DATA", 50)));
        return c.toArray(new Column[0]);
    }

    private static Column integer(String name) {
        return Column.of(name, ColumnType.INTEGER).notNull();
    }

    private static Column bigint(String name) {
        return Column.of(name, ColumnType.BIGINT).notNull();
    }

    private static Column timestamp(String name) {
        return Column.of(name, ColumnType.TIMESTAMP).notNull();
    }

    private static Column varchar(String name, int length) {
        return Column.of(name, ColumnType.VARCHAR, length).notNull();
    }

    private static Column fixed(String name, int length) {
        return Column.of(name, ColumnType.CHAR, length).notNull();
    }

    private static Column decimal(String name, int precision, int scale) {
        return Column.of(name, ColumnType.DECIMAL, precision, scale).notNull();
    }
}
