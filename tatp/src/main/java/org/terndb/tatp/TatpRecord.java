package org.terndb.tatp;

import static org.terndb.tatp.TatpColumns.BIT_1;
import static org.terndb.tatp.TatpColumns.DATA_A;
import static org.terndb.tatp.TatpColumns.VLR_LOCATION;

import java.util.Arrays;
import java.util.stream.IntStream;
import org.terndb.storage.codec.KeyBuilder;
import org.terndb.storage.codec.KeyCodec;
import org.terndb.storage.codec.RowBuilder;
import org.terndb.storage.codec.RowCodec;

/**
 * How {@code --mode direct} stores the TATP tables: one protocol table per column group, every group keyed by its
 * table's primary key. The columns that the data-ingestion transactions overwrite live in records of their own,
 * so that {@code UPDATE SUBSCRIBER SET VLR_LOCATION = ?}, {@code SET BIT_1 = ?} and
 * {@code UPDATE SPECIAL_FACILITY SET DATA_A = ?} write a whole record whose new value depends on nothing read:
 * a blind write ({@code Transaction.updateBlind}) that SSE may omit (seed 003). With a row per record, writing one
 * column needs the row's other columns, that is a read of the record, and the write is a read-modify-write.
 *
 * <p>The groups of a row exist together: they are loaded together and no transaction inserts or deletes a
 * SUBSCRIBER or SPECIAL_FACILITY row ({@link TatpCheck} verifies it).
 */
enum TatpRecord {
    /** Every SUBSCRIBER column but BIT_1 and VLR_LOCATION; never written after the load. Holds the SUB_NBR index. */
    SUBSCRIBER(TatpTable.SUBSCRIBER, except(TatpTable.SUBSCRIBER, BIT_1, VLR_LOCATION)),
    /** (S_ID, BIT_1): UPDATE_SUBSCRIBER_DATA's first write. */
    SUBSCRIBER_BIT_1(TatpTable.SUBSCRIBER, TatpColumns.S_ID, BIT_1),
    /** (S_ID, VLR_LOCATION): UPDATE_LOCATION's write. */
    SUBSCRIBER_VLR_LOCATION(TatpTable.SUBSCRIBER, TatpColumns.S_ID, VLR_LOCATION),
    ACCESS_INFO(TatpTable.ACCESS_INFO, all(TatpTable.ACCESS_INFO)),
    /** Every SPECIAL_FACILITY column but DATA_A; never written after the load. */
    SPECIAL_FACILITY(TatpTable.SPECIAL_FACILITY, except(TatpTable.SPECIAL_FACILITY, DATA_A)),
    /** (S_ID, SF_TYPE, DATA_A): UPDATE_SUBSCRIBER_DATA's second write. */
    SPECIAL_FACILITY_DATA_A(TatpTable.SPECIAL_FACILITY, TatpColumns.SF_S_ID, TatpColumns.SF_TYPE, DATA_A),
    CALL_FORWARDING(TatpTable.CALL_FORWARDING, all(TatpTable.CALL_FORWARDING));

    private static final TatpRecord[] VALUES = values();
    private static final TatpRecord[][] BY_TABLE = new TatpRecord[TatpTable.values().length][];

    static {
        for (TatpTable t : TatpTable.values()) {
            BY_TABLE[t.ordinal()] = Arrays.stream(VALUES).filter(r -> r.table == t).toArray(TatpRecord[]::new);
        }
    }

    private final TatpTable table;
    /** The table's columns this record holds, in table order; the key columns lead. */
    private final int[] columns;
    private final RowCodec rows;
    private final KeyCodec key;

    TatpRecord(TatpTable table, int... columns) {
        this.table = table;
        this.columns = columns;
        this.rows = RowCodec.of(table.schema().select(columns));
        this.key = KeyCodec.of(table.schema().select(table.keyColumns()));
    }

    TatpTable table() {
        return table;
    }

    RowCodec rows() {
        return rows;
    }

    KeyCodec key() {
        return key;
    }

    /** This record's position of the table's column {@code tableColumn}, or -1 if it holds another group. */
    int position(int tableColumn) {
        for (int i = 0; i < columns.length; i++) {
            if (columns[i] == tableColumn) {
                return i;
            }
        }
        return -1;
    }

    /** The table's columns this record holds. */
    int[] columns() {
        return columns.clone();
    }

    /** The records that make up {@code table}'s rows, the first one holding the most columns (shared: do not modify). */
    static TatpRecord[] of(TatpTable table) {
        return BY_TABLE[table.ordinal()];
    }

    /** This record's part of a generated table row ({@link TatpLoader} values), with a builder the caller owns. */
    byte[] encode(Object[] tableRow, RowBuilder builder) {
        builder.reset();
        for (int i = 0; i < columns.length; i++) {
            builder.set(i, tableRow[columns[i]]);
        }
        return builder.build();
    }

    /** The primary key of a generated table row, with a builder the caller owns. */
    byte[] keyOf(Object[] tableRow, KeyBuilder builder) {
        builder.reset();
        for (int k : table.keyColumns()) {
            builder.add(tableRow[k]);
        }
        return builder.toKey();
    }

    private static int[] all(TatpTable table) {
        return IntStream.range(0, table.schema().size()).toArray();
    }

    private static int[] except(TatpTable table, int... excluded) {
        return IntStream.range(0, table.schema().size()).filter(c -> Arrays.stream(excluded).noneMatch(e -> e == c))
                .toArray();
    }
}
