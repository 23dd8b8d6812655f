package org.terndb.tatp;

import java.util.ArrayList;
import java.util.List;
import org.terndb.storage.codec.Column;
import org.terndb.storage.codec.ColumnType;
import org.terndb.storage.codec.Schema;

/**
 * The four TATP tables (specification v1.0, section 2) with the specification's columns, types and primary keys,
 * as the JDBC mode creates them and the loader generates their rows. Column order matches {@link TatpColumns}.
 *
 * <p>Types follow the specification's schema: flags and small codes TINYINT, 0..255 values SMALLINT, identifiers
 * INTEGER, strings CHAR/VARCHAR. MSC_LOCATION and VLR_LOCATION are BIGINT instead of INTEGER: their values are
 * 1..2^32-1 (unsigned 32-bit), which a signed SQL INTEGER cannot hold.
 */
enum TatpTable {
    SUBSCRIBER(new String[] {"S_ID"}, subscriberColumns()),
    ACCESS_INFO(new String[] {"S_ID", "AI_TYPE"},
            integer("S_ID"), tinyint("AI_TYPE"), smallint("DATA1"), smallint("DATA2"), fixed("DATA3", 3),
            fixed("DATA4", 5)),
    SPECIAL_FACILITY(new String[] {"S_ID", "SF_TYPE"},
            integer("S_ID"), tinyint("SF_TYPE"), tinyint("IS_ACTIVE"), smallint("ERROR_CNTRL"), smallint("DATA_A"),
            fixed("DATA_B", 5)),
    CALL_FORWARDING(new String[] {"S_ID", "SF_TYPE", "START_TIME"},
            integer("S_ID"), tinyint("SF_TYPE"), tinyint("START_TIME"), tinyint("END_TIME"), varchar("NUMBERX", 15));

    private final Schema schema;
    private final int[] keyColumns;

    TatpTable(String[] keyColumnNames, Column... columns) {
        this.schema = Schema.of(columns);
        this.keyColumns = new int[keyColumnNames.length];
        for (int i = 0; i < keyColumnNames.length; i++) {
            keyColumns[i] = schema.indexOf(keyColumnNames[i]);
        }
    }

    Schema schema() {
        return schema;
    }

    /** Primary-key column positions in key order (always the leading columns). */
    int[] keyColumns() {
        return keyColumns.clone();
    }

    String sqlName() {
        return name();
    }

    /**
     * A value of column {@code col} as the loader makes them, whatever a codec or a JDBC driver boxed it as:
     * {@link Integer} for TINYINT, SMALLINT and INTEGER, {@link Long} for BIGINT, {@link String} (without CHAR's
     * padding) otherwise.
     */
    Object canonical(int col, Object value) {
        if (value == null) {
            return null;
        }
        return switch (schema.column(col).type()) {
            case TINYINT, SMALLINT, INTEGER -> ((Number) value).intValue();
            case BIGINT -> ((Number) value).longValue();
            default -> value.toString().stripTrailing();
        };
    }

    private static Column[] subscriberColumns() {
        List<Column> c = new ArrayList<>(List.of(integer("S_ID"), varchar("SUB_NBR", 15)));
        for (int i = 1; i <= TatpColumns.FLAGS; i++) {
            c.add(tinyint("BIT_" + i));
        }
        for (int i = 1; i <= TatpColumns.FLAGS; i++) {
            c.add(tinyint("HEX_" + i));
        }
        for (int i = 1; i <= TatpColumns.FLAGS; i++) {
            c.add(smallint("BYTE2_" + i));
        }
        c.add(bigint("MSC_LOCATION"));
        c.add(bigint("VLR_LOCATION"));
        return c.toArray(new Column[0]);
    }

    private static Column integer(String name) {
        return Column.of(name, ColumnType.INTEGER).notNull();
    }

    private static Column bigint(String name) {
        return Column.of(name, ColumnType.BIGINT).notNull();
    }

    private static Column tinyint(String name) {
        return Column.of(name, ColumnType.TINYINT).notNull();
    }

    private static Column smallint(String name) {
        return Column.of(name, ColumnType.SMALLINT).notNull();
    }

    private static Column varchar(String name, int length) {
        return Column.of(name, ColumnType.VARCHAR, length).notNull();
    }

    private static Column fixed(String name, int length) {
        return Column.of(name, ColumnType.CHAR, length).notNull();
    }
}
