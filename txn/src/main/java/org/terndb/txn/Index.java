package org.terndb.txn;

import org.terndb.storage.masstree.Masstree;
import org.terndb.txn.common.Record;

/**
 * One Masstree of a table: the primary index (key = primary key, record = the row) or a secondary index
 * (key = {@link SecondaryKey#of}, record value = the primary key of the indexed row). Secondary entries are
 * records of their own, written in the same transaction as the row, so every protocol's validation covers
 * them and a secondary index never exposes an uncommitted or deleted row.
 */
public final class Index {
    private final String name;
    private final int id;
    private final Table table;
    private final boolean unique;
    private final SecondaryKey keyOf;
    private final Masstree<Record> tree = new Masstree<>();
    private volatile boolean retired;

    Index(String name, int id, Table table, boolean unique, SecondaryKey keyOf) {
        this.name = name;
        this.id = id;
        this.table = table;
        this.unique = unique;
        this.keyOf = keyOf;
    }

    public String name() {
        return name;
    }

    /** Unique across all indexes of a {@link ConcurrencyControl}; the first sort key of commit lock order. */
    public int id() {
        return id;
    }

    public Table table() {
        return table;
    }

    public boolean isPrimary() {
        return keyOf == null;
    }

    public boolean isUnique() {
        return unique;
    }

    /** The columns the secondary key is computed from ({@link SecondaryKey#columnMask()}); secondary indexes only. */
    public long columnMask() {
        return keyOf.columnMask();
    }

    /** The secondary key of a row; only for secondary indexes. */
    public byte[] keyOf(byte[] primaryKey, byte[] row) {
        return keyOf.of(primaryKey, row);
    }

    /**
     * True after {@link ConcurrencyControl#retireIndex} (until {@link ConcurrencyControl#restoreIndex}): a
     * transaction that reads or scans the index then aborts (the index is being dropped and may miss rows).
     */
    public boolean isRetired() {
        return retired;
    }

    void retire(boolean retired) {
        this.retired = retired;
    }

    /** The index structure. Protocols read and write records through it; applications go through transactions. */
    public Masstree<Record> tree() {
        return tree;
    }

    @Override
    public String toString() {
        return table.name() + "." + name;
    }
}
