package org.terndb.txn.twopl;

import java.util.Arrays;
import org.terndb.txn.common.Record;
import org.terndb.txn.common.RecordPositions;

/**
 * The locks one transaction holds: record and mode, reused across transactions (grown, never shrunk). Lookup by
 * record identity: {@link RecordPositions} (long scans that lock thousands of records stay linear overall).
 */
final class LockSet {
    static final int SHARED = 1;
    static final int EXCLUSIVE = 2;

    private Record[] records = new Record[16];
    private int[] modes = new int[16];
    private int size;

    private final RecordPositions positions = new RecordPositions();

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
        return positions.indexOf(records, size, record);
    }

    void clear() {
        Arrays.fill(records, 0, size, null);
        positions.clear();
        size = 0;
    }
}
