package org.terndb.txn.common;

import java.util.Arrays;

/**
 * A worker's reusable read set: parallel arrays, grown on demand and never shrunk, so steady-state
 * transactions allocate nothing. Each entry is a record, the word observed when it was read (Silo's TID,
 * TicToc's timestamp word, ...) and one protocol-defined extra (TicToc's rts, MOCC's lock mode, ...).
 */
public final class ReadSet {
    private Record[] records = new Record[16];
    private long[] words = new long[16];
    private long[] extras = new long[16];
    private int size;

    public int size() {
        return size;
    }

    public void clear() {
        Arrays.fill(records, 0, size, null); // let GC reclaim records that were unlinked meanwhile
        size = 0;
    }

    /** Appends an entry and returns its position. */
    public int add(Record record, long word, long extra) {
        if (size == records.length) {
            int n = size * 2;
            records = Arrays.copyOf(records, n);
            words = Arrays.copyOf(words, n);
            extras = Arrays.copyOf(extras, n);
        }
        records[size] = record;
        words[size] = word;
        extras[size] = extra;
        return size++;
    }

    public Record record(int i) {
        return records[i];
    }

    public long word(int i) {
        return words[i];
    }

    public long extra(int i) {
        return extras[i];
    }

    public void setWord(int i, long word) {
        words[i] = word;
    }

    public void setExtra(int i, long extra) {
        extras[i] = extra;
    }

    /** Position of the first entry for this record, or -1 (linear: read sets of OLTP transactions are short). */
    public int indexOf(Record record) {
        for (int i = 0; i < size; i++) {
            if (records[i] == record) {
                return i;
            }
        }
        return -1;
    }
}
