package org.terndb.executor.access;

import org.terndb.executor.meta.IndexMeta;
import org.terndb.executor.meta.TableMeta;
import org.terndb.storage.codec.Column;
import org.terndb.storage.codec.KeyBuilder;

/** Builds exact index keys from search values, for lookups that must match a key exactly or not at all. */
public final class ExactKeys {
    private ExactKeys() {
    }

    /**
     * Adds {@code value} as the next component; false if it is NULL or the column cannot hold it exactly
     * (then no stored key equals the search key).
     */
    public static boolean addExact(KeyBuilder keys, Column column, Object value) {
        return value != null && KeyValues.add(keys, column, value, KeyValues.Rounding.NEAREST) == KeyValues.Fit.EXACT;
    }

    /** The primary key of {@code table} with these column values, or null if no row can have it. */
    public static byte[] exactKey(TableMeta table, KeyBuilder keys, Object[] values) {
        IndexMeta primary = table.primaryIndex();
        keys.reset();
        for (int i = 0; i < values.length; i++) {
            if (!addExact(keys, primary.codec().schema().column(i), values[i])) {
                return null;
            }
        }
        return keys.toKey();
    }
}
