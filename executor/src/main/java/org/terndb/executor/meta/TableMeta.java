package org.terndb.executor.meta;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.terndb.executor.ExprType;
import org.terndb.storage.codec.Column;
import org.terndb.storage.codec.ColumnType;
import org.terndb.storage.codec.KeyBuilder;
import org.terndb.storage.codec.KeyCodec;
import org.terndb.storage.codec.RowCodec;
import org.terndb.storage.codec.Schema;
import org.terndb.txn.Table;

/**
 * A table as the planner and executor see it: columns, defaults, primary key and indexes, with the codecs
 * for its rows and keys. Immutable apart from the row-id counter; DDL that changes a table (CREATE INDEX)
 * makes a new {@code TableMeta} over the same txn {@link Table}.
 *
 * <p>A table declared without a PRIMARY KEY is keyed by a hidden, increasing BIGINT row id that is not a
 * column of the table ({@link #hasRowId()}). Foreign keys are recorded ({@link #foreignKeys()}) but not
 * enforced.
 */
public final class TableMeta {
    /** Key column of row-id tables (not a table column). */
    public static final Column ROW_ID = Column.of("_ROWID", ColumnType.BIGINT).notNull();

    private final String name;
    private final Schema schema;
    private final RowCodec rowCodec;
    private final Object[] defaults;
    private final Table table;
    private final IndexMeta primary;
    private final List<IndexMeta> secondaries;
    private final AtomicLong rowIds;
    private final List<ForeignKeyMeta> foreignKeys;
    private final ExprType[] columnTypes;

    /**
     * @param defaults per column its DEFAULT as an internal value ({@code null}: no default, i.e. NULL)
     * @param rowIds   the row-id counter, shared by every version of a row-id table (null otherwise)
     */
    public TableMeta(String name, Schema schema, Object[] defaults, Table table, IndexMeta primary,
                     List<IndexMeta> secondaries, AtomicLong rowIds) {
        this(name, schema, defaults, table, primary, secondaries, rowIds, List.of());
    }

    /** @param foreignKeys the table's FOREIGN KEY constraints (recorded, not enforced) */
    public TableMeta(String name, Schema schema, Object[] defaults, Table table, IndexMeta primary,
                     List<IndexMeta> secondaries, AtomicLong rowIds, List<ForeignKeyMeta> foreignKeys) {
        this.foreignKeys = List.copyOf(foreignKeys);
        this.name = name;
        this.schema = schema;
        this.rowCodec = RowCodec.of(schema);
        this.defaults = defaults.clone();
        this.table = table;
        this.primary = primary;
        this.secondaries = List.copyOf(secondaries);
        this.rowIds = rowIds;
        this.columnTypes = new ExprType[schema.size()];
        for (int c = 0; c < columnTypes.length; c++) {
            columnTypes[c] = ExprType.of(schema.column(c));
        }
    }

    /** The type of column {@code c} (its values are converted to it when a row is written). */
    public ExprType columnType(int c) {
        return columnTypes[c];
    }

    public String name() {
        return name;
    }

    public Schema schema() {
        return schema;
    }

    public RowCodec rowCodec() {
        return rowCodec;
    }

    public Column column(int i) {
        return schema.column(i);
    }

    public int columnCount() {
        return schema.size();
    }

    /** The column's DEFAULT (internal value), or null. */
    public Object defaultValue(int column) {
        return defaults[column];
    }

    public Table table() {
        return table;
    }

    public IndexMeta primaryIndex() {
        return primary;
    }

    public List<IndexMeta> secondaryIndexes() {
        return secondaries;
    }

    /** Primary index first, then the secondary indexes. */
    public List<IndexMeta> indexes() {
        List<IndexMeta> all = new ArrayList<>(secondaries.size() + 1);
        all.add(primary);
        all.addAll(secondaries);
        return all;
    }

    public boolean hasRowId() {
        return rowIds != null;
    }

    /** The next hidden row id (row-id tables only). */
    public long nextRowId() {
        return rowIds.incrementAndGet();
    }

    /** Makes later row ids larger than {@code used} (row-id tables only; after a file database recovered rows). */
    public void advanceRowIds(long used) {
        rowIds.accumulateAndGet(used, Math::max);
    }

    /** FOREIGN KEY constraints in declaration order (metadata only: not enforced). */
    public List<ForeignKeyMeta> foreignKeys() {
        return foreignKeys;
    }

    /** This table with one more secondary index. */
    public TableMeta withIndex(IndexMeta index) {
        List<IndexMeta> more = new ArrayList<>(secondaries);
        more.add(index);
        return new TableMeta(name, schema, defaults, table, primary, more, rowIds, foreignKeys);
    }

    /** This table without the secondary index of that name. */
    public TableMeta withoutIndex(String indexName) {
        List<IndexMeta> fewer = new ArrayList<>(secondaries);
        fewer.removeIf(i -> i.name().equals(indexName));
        return new TableMeta(name, schema, defaults, table, primary, fewer, rowIds, foreignKeys);
    }

    /** This table with one more foreign key. */
    public TableMeta withForeignKey(ForeignKeyMeta foreignKey) {
        List<ForeignKeyMeta> more = new ArrayList<>(foreignKeys);
        more.add(foreignKey);
        return new TableMeta(name, schema, defaults, table, primary, secondaries, rowIds, more);
    }

    /** Builds the primary key of a stored row into {@code keys} (a builder of {@link #primaryIndex()}'s codec). */
    public byte[] primaryKeyOf(byte[] row, KeyBuilder keys) {
        keys.reset();
        for (int i = 0, n = primary.columnCount(); i < n; i++) {
            keys.addFromRow(rowCodec, row, primary.column(i));
        }
        return keys.toKey();
    }

    /** A codec for the hidden row-id key. */
    public static KeyCodec rowIdCodec() {
        return KeyCodec.of(Schema.of(ROW_ID));
    }

    @Override
    public String toString() {
        return name + schema;
    }
}
