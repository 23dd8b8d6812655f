package org.terndb.tpcc;

import org.terndb.storage.codec.ColumnType;
import org.terndb.storage.codec.KeyBuilder;
import org.terndb.storage.codec.RowBuilder;
import org.terndb.storage.codec.RowCodec;

/**
 * Turns generated rows into keys and row arrays for the storage-level modes and hands them to a bulk-load function
 * ({@link KernelStore#load} or {@code ConcurrencyControl.load}). One per loading thread: it reuses its builders.
 */
final class StorageLoadSink implements TpccLoader.Sink {
    /** A thread-safe bulk load of one row; false if the key exists. */
    @FunctionalInterface
    interface BulkLoad {
        boolean load(TpccTable table, byte[] key, byte[] row);
    }

    private final BulkLoad target;
    private final RowBuilder[] rows = new RowBuilder[TpccTable.values().length];
    private final KeyBuilder[] keys = new KeyBuilder[TpccTable.values().length];

    StorageLoadSink(BulkLoad target) {
        this.target = target;
        for (TpccTable t : TpccTable.values()) {
            rows[t.ordinal()] = t.rows().newBuilder();
            keys[t.ordinal()] = t.key().newBuilder();
        }
    }

    @Override
    public void row(TpccTable table, long historySeq, Object[] values) {
        byte[] row = encode(rows[table.ordinal()], values);
        KeyBuilder kb = keys[table.ordinal()];
        byte[] key = table.hasPrimaryKey() ? TpccIndex.primaryOf(table).keyOf(row, kb)
                : kb.reset().addInt(0).addLong(historySeq).toKey();
        if (!target.load(table, key, row)) {
            throw new IllegalStateException("loading " + table + ": key " + java.util.HexFormat.of().formatHex(key)
                    + " is already present");
        }
    }

    /** A row from generated values (see {@link TpccLoader} for their Java types). */
    static byte[] encode(RowBuilder builder, Object[] values) {
        RowCodec codec = builder.codec();
        builder.reset();
        for (int col = 0; col < values.length; col++) {
            Object v = values[col];
            if (v == null) {
                builder.setNull(col);
                continue;
            }
            ColumnType type = codec.schema().column(col).type();
            switch (type) {
                case DECIMAL -> builder.setDecimal(col, (Long) v);
                case INTEGER, BIGINT, TIMESTAMP -> builder.setLong(col, ((Number) v).longValue());
                case CHAR, VARCHAR -> builder.setString(col, (String) v);
                default -> throw new IllegalArgumentException("TPC-C uses no " + type + " column");
            }
        }
        return builder.build();
    }

    @Override
    public void close() {
    }
}
