package org.terndb.txn.common;

import java.util.Arrays;

/**
 * Finds a record's position in an append-only array of records by identity: a linear scan while the array is
 * small, an open-addressing hash over the positions once it grows (bulk transactions, long scans that lock
 * thousands of records), so a set stays cheap either way. The owner keeps the array; this keeps the hash, extends
 * it with the entries appended since the last lookup and forgets it on {@link #clear}.
 */
public final class RecordPositions {
    private static final int LINEAR_LIMIT = 16;

    private int[] hash = new int[0]; // entry position + 1, 0 = empty slot
    private int hashed;              // entries [0, hashed) are in the hash table

    /** Position of {@code record} among {@code records[0, size)}, or -1. */
    public int indexOf(Record[] records, int size, Record record) {
        if (size <= LINEAR_LIMIT) {
            for (int i = 0; i < size; i++) {
                if (records[i] == record) {
                    return i;
                }
            }
            return -1;
        }
        indexNewEntries(records, size);
        int mask = hash.length - 1;
        for (int h = System.identityHashCode(record) & mask; ; h = (h + 1) & mask) {
            int slot = hash[h];
            if (slot == 0) {
                return -1;
            }
            if (records[slot - 1] == record) {
                return slot - 1;
            }
        }
    }

    private void indexNewEntries(Record[] records, int size) {
        if (hash.length < size * 2) {
            hash = new int[Integer.highestOneBit(size * 4 - 1) << 1];
            hashed = 0;
        }
        int mask = hash.length - 1;
        for (; hashed < size; hashed++) {
            int h = System.identityHashCode(records[hashed]) & mask;
            while (hash[h] != 0) {
                h = (h + 1) & mask;
            }
            hash[h] = hashed + 1;
        }
    }

    /** The owner emptied its array. */
    public void clear() {
        if (hashed > 0) {
            Arrays.fill(hash, 0);
            hashed = 0;
        }
    }
}
