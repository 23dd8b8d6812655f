package org.terndb.txn.common;

import java.util.Arrays;
import org.terndb.txn.Index;
import org.terndb.txn.RowPatch;

/**
 * A worker's reusable write set. One entry per record: a later write to the same record replaces the buffered
 * row. The new row is null for a delete. Entries can be ordered by (index id, key) — a global order every
 * protocol uses to lock write sets without deadlock. Lookup by record identity: {@link RecordPositions}.
 *
 * <p>An UPDATE entry may hold a {@link RowPatch} instead of a row (a partial blind write): its row is null until
 * the protocol resolves it ({@link #resolve}) against the row it replaces, at install or when the transaction
 * reads the record.
 */
public final class WriteSet {
    /** The record was absent when first written (an insert, or an insert over a deleted key). */
    public static final int INSERT = 1;
    public static final int UPDATE = 2;
    public static final int DELETE = 3;

    private Record[] records = new Record[16];
    private Index[] indexes = new Index[16];
    private byte[][] rows = new byte[16][];
    private int[] kinds = new int[16];
    private long[] extras = new long[16];
    private RowPatch[] patches = new RowPatch[16];
    private long[] masks = new long[16]; // columns each entry writes (RowPatch.ALL_COLUMNS for a whole row)
    private int patchCount; // entries holding a patch; clear() only sweeps the array when some did
    private int size;

    private int[] order = new int[16];
    private int[] scratch = new int[16];
    private final RecordPositions positions = new RecordPositions();

    public int size() {
        return size;
    }

    public void clear() {
        Arrays.fill(records, 0, size, null);
        Arrays.fill(indexes, 0, size, null);
        Arrays.fill(rows, 0, size, null);
        if (patchCount > 0) {
            Arrays.fill(patches, 0, size, null);
            patchCount = 0;
        }
        positions.clear();
        size = 0;
    }

    /** Position of the entry for this record, or -1. */
    public int indexOf(Record record) {
        return positions.indexOf(records, size, record);
    }

    /**
     * Buffers a write. If the record already has an entry the row is replaced and the kind combined: an insert
     * stays an insert, a delete followed by an insert becomes an update. Returns the entry position.
     */
    public int put(Index index, Record record, byte[] row, int kind) {
        int i = indexOf(record);
        if (i >= 0) {
            int old = kinds[i];
            rows[i] = row;
            dropPatch(i);
            masks[i] = RowPatch.ALL_COLUMNS;
            if (old == INSERT) {
                // inserted then deleted by this transaction: installs "absent" again, like a delete
                kinds[i] = kind == DELETE ? DELETE : INSERT;
            } else if (old == DELETE && kind == INSERT) {
                kinds[i] = UPDATE;
            } else {
                kinds[i] = kind;
            }
            return i;
        }
        if (size == records.length) {
            int n = size * 2;
            records = Arrays.copyOf(records, n);
            indexes = Arrays.copyOf(indexes, n);
            rows = Arrays.copyOf(rows, n);
            kinds = Arrays.copyOf(kinds, n);
            extras = Arrays.copyOf(extras, n);
            patches = Arrays.copyOf(patches, n);
            masks = Arrays.copyOf(masks, n);
        }
        records[size] = record;
        indexes[size] = index;
        rows[size] = row;
        kinds[size] = kind;
        extras[size] = 0;
        masks[size] = RowPatch.ALL_COLUMNS;
        return size++;
    }

    /**
     * Buffers a partial blind write of a record without an entry yet (kind UPDATE, no row until resolved).
     * Returns the entry position.
     */
    public int putPatch(Index index, Record record, RowPatch patch) {
        if (patch == null) {
            throw new IllegalArgumentException("patch must not be null");
        }
        if (indexOf(record) >= 0) {
            throw new IllegalStateException("a patch is buffered only for a record not written before");
        }
        int i = put(index, record, null, UPDATE);
        patches[i] = patch;
        masks[i] = patch.columnMask();
        patchCount++;
        return i;
    }

    /** The patch of an unresolved partial write, or null (a whole row, a delete, or a resolved patch). */
    public RowPatch patch(int i) {
        return patches[i];
    }

    /**
     * The columns entry {@code i} writes: its patch's {@link RowPatch#columnMask()} (also once resolved), else
     * {@link RowPatch#ALL_COLUMNS}.
     */
    public long columnMask(int i) {
        return masks[i];
    }

    /** Replaces entry {@code i}'s patch by the row it produced from the row it replaces. */
    public void resolve(int i, byte[] row) {
        if (row == null) {
            throw new IllegalArgumentException("a patch resolves to a row, not a delete");
        }
        rows[i] = row;
        dropPatch(i);
    }

    private void dropPatch(int i) {
        if (patches[i] != null) {
            patches[i] = null;
            patchCount--;
        }
    }

    public Record record(int i) {
        return records[i];
    }

    public Index index(int i) {
        return indexes[i];
    }

    /** The buffered row; null for a delete or an unresolved {@link #patch}. */
    public byte[] row(int i) {
        return rows[i];
    }

    public int kind(int i) {
        return kinds[i];
    }

    public long extra(int i) {
        return extras[i];
    }

    public void setExtra(int i, long extra) {
        extras[i] = extra;
    }

    /**
     * Sorts a permutation of the entries by (index id, unsigned key) and returns it; the entries themselves keep
     * their positions. The array is reused: valid until the next call.
     */
    public int[] sortedOrder() {
        if (order.length < size) {
            order = new int[records.length];
            scratch = new int[records.length];
        }
        for (int i = 0; i < size; i++) {
            order[i] = i;
        }
        sort(0, size);
        return order;
    }

    /** Merge sort of order[from, to); insertion sort below 16 entries, where OLTP write sets live. */
    private void sort(int from, int to) {
        if (to - from <= 16) {
            for (int i = from + 1; i < to; i++) {
                int e = order[i];
                int j = i - 1;
                while (j >= from && compare(order[j], e) > 0) {
                    order[j + 1] = order[j];
                    j--;
                }
                order[j + 1] = e;
            }
            return;
        }
        int mid = (from + to) >>> 1;
        sort(from, mid);
        sort(mid, to);
        System.arraycopy(order, from, scratch, from, to - from);
        int a = from, b = mid, k = from;
        while (a < mid && b < to) {
            order[k++] = compare(scratch[a], scratch[b]) <= 0 ? scratch[a++] : scratch[b++];
        }
        while (a < mid) {
            order[k++] = scratch[a++];
        }
        while (b < to) {
            order[k++] = scratch[b++];
        }
    }

    private int compare(int a, int b) {
        int c = Integer.compare(indexes[a].id(), indexes[b].id());
        return c != 0 ? c : Arrays.compareUnsigned(records[a].key(), records[b].key());
    }
}
