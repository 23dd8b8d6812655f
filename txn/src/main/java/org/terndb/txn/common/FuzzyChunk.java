package org.terndb.txn.common;

import java.util.Arrays;
import org.terndb.storage.masstree.ScanVisitor;

/**
 * One chunk of a fuzzy checkpoint read ({@link AbstractConcurrencyControl#scanCommitted}): the records a tree
 * scan returned, then their latest committed rows and stamps. Reused by its worker.
 */
final class FuzzyChunk implements ScanVisitor<Record> {
    private final CommittedRow read = new CommittedRow();
    private Record[] records;
    private byte[][] rows;
    private long[] stamps;
    private int size;

    FuzzyChunk(int capacity) {
        records = new Record[capacity];
        rows = new byte[capacity][];
        stamps = new long[capacity];
    }

    void ensure(int capacity) {
        if (records.length < capacity) {
            records = Arrays.copyOf(records, capacity);
            rows = Arrays.copyOf(rows, capacity);
            stamps = Arrays.copyOf(stamps, capacity);
        }
    }

    @Override
    public boolean visit(byte[] keyBuffer, int keyLength, Record value) {
        records[size++] = value;
        return true;
    }

    /** The records carry their keys: the scan need not build them. */
    @Override
    public boolean needsKeys() {
        return false;
    }

    void read(int i, AbstractConcurrencyControl cc) {
        read.set(null, 0);
        cc.readLatestCommitted(records[i], read);
        rows[i] = read.row;
        stamps[i] = read.stamp;
    }

    int size() {
        return size;
    }

    Record record(int i) {
        return records[i];
    }

    byte[] row(int i) {
        return rows[i];
    }

    long stamp(int i) {
        return stamps[i];
    }

    void clear() {
        Arrays.fill(records, 0, size, null);
        Arrays.fill(rows, 0, size, null);
        size = 0;
    }
}
