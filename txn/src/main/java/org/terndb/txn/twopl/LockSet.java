package org.terndb.txn.twopl;

import java.util.Arrays;
import org.terndb.txn.common.Record;

/**
 * The locks one transaction holds: record and mode, reused across transactions (grown, never shrunk). Lookup by
 * record identity is a linear scan while the set is small and an open-addressing hash once it grows, so long
 * scans that lock thousands of records stay linear overall.
 */
final class LockSet {
    static final int SHARED = 1;
    static final int EXCLUSIVE = 2;

    private static final int LINEAR_LIMIT = 16;

    private Record[] records = new Record[16];
    private int[] modes = new int[16];
    private int size;

    private int[] hash = new int[0]; // entry position + 1, 0 = empty slot
    private int hashed;              // entries [0, hashed) are in the hash table

    int size() {
        return size;
    }

    Record record(int i) {
        return records[i];
    }

    int mode(int i) {
        return modes[i];
    }

    void setMode(int i, int mode) {
        modes[i] = mode;
    }

    /** Adds a record this transaction just locked (it must not be in the set). */
    void add(Record record, int mode) {
        if (size == records.length) {
            records = Arrays.copyOf(records, size * 2);
            modes = Arrays.copyOf(modes, size * 2);
        }
        records[size] = record;
        modes[size] = mode;
        size++;
    }

    /** Position of the record's entry, or -1. */
    int indexOf(Record record) {
        if (size <= LINEAR_LIMIT) {
            for (int i = 0; i < size; i++) {
                if (records[i] == record) {
                    return i;
                }
            }
            return -1;
        }
        indexNewEntries();
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

    private void indexNewEntries() {
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

    void clear() {
        Arrays.fill(records, 0, size, null);
        if (hashed > 0) {
            Arrays.fill(hash, 0);
            hashed = 0;
        }
        size = 0;
    }
}
