package org.terndb.tatp;

import org.terndb.storage.codec.KeyBuilder;
import org.terndb.storage.codec.KeyCodec;
import org.terndb.storage.codec.RowBuilder;
import org.terndb.storage.codec.RowCodec;
import org.terndb.storage.codec.Schema;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.Index;
import org.terndb.txn.Table;

/**
 * The TATP tables of {@code --mode direct} in one protocol instance: a protocol table per {@link TatpRecord} and
 * the unique secondary index SUBSCRIBER_BY_NUMBER (SUB_NBR) on the SUBSCRIBER record, which no transaction writes.
 */
final class TatpDatabase {
    /** The SUB_NBR index key. */
    static final KeyCodec NUMBER_KEY = KeyCodec.of(Schema.of(TatpTable.SUBSCRIBER.schema().column(TatpColumns.SUB_NBR)));
    private static final int NUMBER_IN_RECORD = TatpRecord.SUBSCRIBER.position(TatpColumns.SUB_NBR);

    private final ConcurrencyControl cc;
    private final Table[] tables = new Table[TatpRecord.values().length];
    private final Index byNumber;

    TatpDatabase(ConcurrencyControl cc) {
        this.cc = cc;
        for (TatpRecord r : TatpRecord.values()) {
            tables[r.ordinal()] = cc.createTable(r.name());
        }
        RowCodec subscriber = TatpRecord.SUBSCRIBER.rows();
        byNumber = cc.createIndex(table(TatpRecord.SUBSCRIBER), "SUBSCRIBER_BY_NUMBER", true,
                (primaryKey, row) -> NUMBER_KEY.newBuilder().addFromRow(subscriber, row, NUMBER_IN_RECORD).toKey());
    }

    ConcurrencyControl cc() {
        return cc;
    }

    Table table(TatpRecord record) {
        return tables[record.ordinal()];
    }

    /** The unique index on SUBSCRIBER.SUB_NBR. */
    Index byNumber() {
        return byNumber;
    }

    /** A loader sink writing through {@link ConcurrencyControl#load}; one per loading thread. */
    TatpLoader.Sink sink() {
        return new LoadSink();
    }

    private final class LoadSink implements TatpLoader.Sink {
        private final RowBuilder[] rows = new RowBuilder[TatpRecord.values().length];
        private final KeyBuilder[] keys = new KeyBuilder[TatpRecord.values().length];

        LoadSink() {
            for (TatpRecord r : TatpRecord.values()) {
                rows[r.ordinal()] = r.rows().newBuilder();
                keys[r.ordinal()] = r.key().newBuilder();
            }
        }

        @Override
        public void row(TatpTable table, Object[] values) {
            for (TatpRecord r : TatpRecord.of(table)) {
                int i = r.ordinal();
                byte[] key = r.keyOf(values, keys[i]);
                if (!cc.load(tables[i], key, r.encode(values, rows[i]))) {
                    throw new IllegalStateException("loading " + r + ": key " + java.util.HexFormat.of().formatHex(key)
                            + " is already present");
                }
            }
        }

        @Override
        public void close() {
        }
    }
}
