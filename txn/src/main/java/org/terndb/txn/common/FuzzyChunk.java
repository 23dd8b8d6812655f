package org.terndb.txn.common;

import java.util.Arrays;
import org.terndb.storage.masstree.ScanVisitor;

/**
 * One chunk of a fuzzy checkpoint read ({@link AbstractConcurrencyControl#scanCommitted}): the records a tree
 * scan returned, with their latest committed rows and stamps read as the scan handed each over. Reused by its worker.
 */
final class FuzzyChunk implements ScanVisitor<Record> {
    private final CommittedRow read = new CommittedRow();
    /** The protocol whose committed rows the scan reads, set for each chunk. */
    private AbstractConcurrencyControl cc;
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

    /** Starts a chunk read through {@code protocol}. */
    void start(AbstractConcurrencyControl protocol) {
        cc = protocol;
    }

    /** Reads each record's latest committed row as the scan hands it over, while its record is in cache. */
    @Override
    public boolean visit(byte[] keyBuffer, int keyLength, Record value) {
        int i = size++;
        records[i] = value;
        read.set(null, 0);
        cc.readLatestCommitted(value, read);
        rows[i] = read.row;
        stamps[i] = read.stamp;
        return true;
    }

    /** The records carry their keys: the scan need not build them. */
    @Override
    public boolean needsKeys() {
        return false;
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
        cc = null;
    }
}
