package org.terndb.tpcc;

import static org.terndb.tpcc.TpccColumns.C_D_ID;
import static org.terndb.tpcc.TpccColumns.C_FIRST;
import static org.terndb.tpcc.TpccColumns.C_ID;
import static org.terndb.tpcc.TpccColumns.C_LAST;
import static org.terndb.tpcc.TpccColumns.C_W_ID;
import static org.terndb.tpcc.TpccColumns.O_C_ID;
import static org.terndb.tpcc.TpccColumns.O_D_ID;
import static org.terndb.tpcc.TpccColumns.O_ID;
import static org.terndb.tpcc.TpccColumns.O_W_ID;

import org.terndb.storage.codec.KeyBuilder;
import org.terndb.storage.codec.KeyCodec;

/**
 * The indexes the transactions use: every table's primary index, and two secondary indexes.
 * <ul>
 *   <li>CUSTOMER_BY_NAME (C_W_ID, C_D_ID, C_LAST, C_FIRST), non-unique, the primary key appended to keep each
 *       entry unique: Payment and Order-Status by last name (clauses 2.5.2.2, 2.6.2.2) read it in C_FIRST order.</li>
 *   <li>ORDERS_BY_CUSTOMER (O_W_ID, O_D_ID, O_C_ID, O_ID): Order-Status finds a customer's most recent order with
 *       one reverse step instead of scanning the district's orders. The spec allows any indexes; this one is the
 *       usual choice (Silo, DBx1000) and the JDBC schema creates it too. Its entries are unique because O_ID is
 *       part of them, so it is declared non-unique: a unique index would make every insert probe it first, work
 *       the primary key already does (and the probe's node-set entry made single-threaded New-Orders abort on
 *       their own insert into the same border node; see the txn module).</li>
 * </ul>
 */
enum TpccIndex {
    WAREHOUSE(TpccTable.WAREHOUSE),
    DISTRICT(TpccTable.DISTRICT),
    CUSTOMER(TpccTable.CUSTOMER),
    HISTORY(TpccTable.HISTORY),
    NEW_ORDER(TpccTable.NEW_ORDER),
    ORDERS(TpccTable.ORDERS),
    ORDER_LINE(TpccTable.ORDER_LINE),
    ITEM(TpccTable.ITEM),
    STOCK(TpccTable.STOCK),
    CUSTOMER_BY_NAME(TpccTable.CUSTOMER, false, 4, C_W_ID, C_D_ID, C_LAST, C_FIRST, C_ID),
    ORDERS_BY_CUSTOMER(TpccTable.ORDERS, false, 4, O_W_ID, O_D_ID, O_C_ID, O_ID);

    private final TpccTable table;
    private final boolean primary;
    private final boolean unique;
    private final int[] columns;
    /** How many leading columns the SQL index declares (a non-unique SQL index needs no appended key). */
    private final int sqlColumns;
    private final KeyCodec key;

    /** The primary index of a table. */
    TpccIndex(TpccTable table) {
        this.table = table;
        this.primary = true;
        this.unique = true;
        this.columns = table.keyColumns();
        this.sqlColumns = columns.length;
        this.key = table.key();
    }

    TpccIndex(TpccTable table, boolean unique, int sqlColumns, int... columns) {
        this.table = table;
        this.primary = false;
        this.unique = unique;
        this.columns = columns;
        this.sqlColumns = sqlColumns;
        this.key = KeyCodec.of(table.schema().select(columns));
    }

    TpccTable table() {
        return table;
    }

    boolean isPrimary() {
        return primary;
    }

    boolean isUnique() {
        return unique;
    }

    KeyCodec key() {
        return key;
    }

    /** The primary index of {@code table}. */
    static TpccIndex primaryOf(TpccTable table) {
        return values()[table.ordinal()];
    }

    /** The secondary indexes. */
    static TpccIndex[] secondaries() {
        return new TpccIndex[] {CUSTOMER_BY_NAME, ORDERS_BY_CUSTOMER};
    }

    /** The column names of the SQL index, in order. */
    String[] sqlColumnNames() {
        String[] names = new String[sqlColumns];
        for (int i = 0; i < sqlColumns; i++) {
            names[i] = table.schema().column(columns[i]).name();
        }
        return names;
    }

    /**
     * This index's key of a row (for a primary index: the primary key), with a builder the caller owns. Not for
     * HISTORY, whose key is not made of columns.
     */
    byte[] keyOf(byte[] row, KeyBuilder builder) {
        builder.reset();
        for (int c : columns) {
            builder.addFromRow(table.rows(), row, c);
        }
        return builder.toKey();
    }

    /** {@link #keyOf(byte[], KeyBuilder)} with a builder of its own (index maintenance inside protocols). */
    byte[] keyOf(byte[] row) {
        return keyOf(row, key.newBuilder());
    }
}
