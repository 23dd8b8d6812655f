package org.terndb.executor.modify;

import java.util.StringJoiner;
import org.terndb.executor.Cursor;
import org.terndb.executor.SqlState;
import org.terndb.executor.TernSqlException;
import org.terndb.executor.access.StoredRow;
import org.terndb.executor.expr.Values;
import org.terndb.executor.meta.IndexMeta;
import org.terndb.executor.meta.TableMeta;
import org.terndb.executor.relational.ListCursor;
import org.terndb.txn.DuplicateKeyException;

/** What INSERT, UPDATE and DELETE share: their one-row count result and constraint messages. */
public final class Modifications {
    private Modifications() {
    }

    /** The single row {@code [count]} a modification produces. */
    static Cursor countCursor(long count) {
        return new ListCursor(java.util.List.<Object[]>of(new Object[] {count}));
    }

    /** The 23505 error of a write that a unique index of {@code table} refused. */
    public static TernSqlException duplicate(TableMeta table, DuplicateKeyException e) {
        return new TernSqlException(SqlState.UNIQUE_VIOLATION, "duplicate key in unique index "
                + indexName(table, e.indexName()) + " of table " + table.name(), e);
    }

    private static String indexName(TableMeta table, String txnName) {
        for (IndexMeta index : table.secondaryIndexes()) {
            if (index.index().toString().equals(txnName)) {
                return index.name();
            }
        }
        return txnName;
    }

    /** The primary-key values of a stored row, e.g. {@code (ID)=(7)}. */
    static String describeKey(TableMeta table, byte[] row) {
        IndexMeta pk = table.primaryIndex();
        StringJoiner names = new StringJoiner(", ", "(", ")");
        StringJoiner values = new StringJoiner(", ", "(", ")");
        for (int i = 0; i < pk.columnCount(); i++) {
            names.add(table.column(pk.column(i)).name());
            values.add(Values.toSqlLiteral(StoredRow.column(table.rowCodec(), row, pk.column(i))));
        }
        return names + "=" + values;
    }
}
