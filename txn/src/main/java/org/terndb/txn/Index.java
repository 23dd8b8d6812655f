package org.terndb.txn;

import org.terndb.storage.masstree.Masstree;
import org.terndb.storage.masstree.NodeChangeObserver;
import org.terndb.storage.masstree.NodeObserver;
import org.terndb.txn.common.PointHash;
import org.terndb.txn.common.Record;

/**
 * One Masstree of a table: the primary index (key = primary key, record = the row) or a secondary index
 * (key = {@link SecondaryKey#of}, record value = the primary key of the indexed row). Secondary entries are
 * records of their own, written in the same transaction as the row, so every protocol's validation covers
 * them and a secondary index never exposes an uncommitted or deleted row.
 *
 * <p>Point lookups, inserts and unlinks of records go through {@link #get}, {@link #putIfAbsent} and
 * {@link #unlink}: a primary or unique secondary index keeps a {@link PointHash} in front of its tree for point
 * reads, and these methods keep it in step with the tree (see its invariant). {@link #tree()} is for scans, sizes
 * and inspection only: a record put into or removed from it directly would bypass the hash.
 */
public final class Index {
    private final String name;
    private final int id;
    private final Table table;
    private final boolean unique;
    private final SecondaryKey keyOf;
    private final Masstree<Record> tree = new Masstree<>();
    /** Point-read cache of {@link #tree}; null for a non-unique secondary index (no point reads). */
    private final PointHash hash;
    private volatile boolean retired;

    Index(String name, int id, Table table, boolean unique, SecondaryKey keyOf) {
        this.name = name;
        this.id = id;
        this.table = table;
        this.unique = unique;
        this.keyOf = keyOf;
        this.hash = keyOf == null || unique ? new PointHash() : null;
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

    /**
     * The record of {@code key}, or null; on a miss {@code missObserver} (may be null) is told what a later insert
     * of the key changes: the key's stripe of the point-read hash ({@link PointHash#find}), or, where the hash
     * cannot tell, the border node that would hold the key, as {@link Masstree#get(byte[], NodeObserver)} tells
     * it. A hit returns at once and tells the observer nothing, as a hit in the tree does.
     */
    public Record get(byte[] key, NodeObserver missObserver) {
        if (hash != null) {
            Record r = hash.find(key, missObserver);
            if (r != PointHash.UNKNOWN) {
                return r;
            }
        }
        return tree.get(key, missObserver);
    }

    /**
     * True if {@code record}, a record of this index found some other way than {@link #get} (a caller's hint), is
     * what {@link #get} of {@code key} would return now: see {@link PointHash#isEntry}. False for an index without
     * a point-read hash. The caller guarantees that the record is this index's: a record of another index under the
     * same key would pass.
     */
    public boolean isEntry(Record record, byte[] key) {
        return hash != null && PointHash.isEntry(record, key);
    }

    /**
     * Inserts {@code record} under its key if the key is absent; returns the record already there, or null if
     * inserted. {@code changes} (may be null) hears of the tree's changed border nodes as for
     * {@link Masstree#putIfAbsent(byte[], Object, NodeChangeObserver)}.
     */
    public Record putIfAbsent(Record record, NodeChangeObserver changes) {
        Record existing = tree.putIfAbsent(record.key(), record, changes);
        if (existing == null && hash != null) {
            hash.put(record, changes); // after the tree: the hash only ever holds what the tree holds
        }
        return existing;
    }

    /**
     * Removes {@code record} if its key still maps to it (identity); true if this call removed it. The record is
     * marked {@linkplain Record#isDetached() detached} and leaves the hash before the tree. {@code changes} (may
     * be null) hears of the changed border node as for {@link Masstree#remove(byte[], Object, NodeChangeObserver)}.
     */
    public boolean unlink(Record record, NodeChangeObserver changes) {
        if (hash != null) {
            hash.unlink(record);
        }
        return tree.remove(record.key(), record, changes);
    }

    /**
     * The index structure, for ordered scans, sizes and inspection. Point lookups, inserts and removals go through
     * {@link #get}, {@link #putIfAbsent} and {@link #unlink}, which keep the point-read hash in step with it.
     */
    public Masstree<Record> tree() {
        return tree;
    }

    /** The point-read hash in front of {@link #tree()}, null for a non-unique secondary index; for tests. */
    PointHash pointHash() {
        return hash;
    }

    @Override
    public String toString() {
        return table.name() + "." + name;
    }
}
