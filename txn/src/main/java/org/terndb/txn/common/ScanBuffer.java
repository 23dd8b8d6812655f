package org.terndb.txn.common;

import java.util.Arrays;
import org.terndb.storage.masstree.ScanVisitor;

/**
 * Collects the records of one chunk of a Masstree scan, so that the protocol reads them (validating, locking)
 * after the tree traversal returns, and a row visitor may start nested scans (joins) safely.
 */
final class ScanBuffer implements ScanVisitor<Record> {
    private Record[] records = new Record[64];
    private int size;

    @Override
    public boolean visit(byte[] keyBuffer, int keyLength, Record value) {
        if (size == records.length) {
            records = Arrays.copyOf(records, size * 2);
        }
        records[size++] = value;
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

    Record get(int i) {
        return records[i];
    }

    void clear() {
        Arrays.fill(records, 0, size, null);
        size = 0;
    }
}
