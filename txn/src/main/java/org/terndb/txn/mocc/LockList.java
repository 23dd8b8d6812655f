package org.terndb.txn.mocc;

import java.util.Arrays;
import org.terndb.txn.Index;

/**
 * MOCC's current lock list (CLL): the record locks a transaction holds, kept sorted in the canonical order
 * (index id, unsigned key) that write sets are locked in. Parallel arrays reused across transactions.
 */
final class LockList {
    static final int READ = 1;
    static final int WRITE = 2;

    private MoccRecord[] records = new MoccRecord[16];
    private Index[] indexes = new Index[16];
    private int[] modes = new int[16];
    private int size;

    int size() {
        return size;
    }

    MoccRecord record(int i) {
        return records[i];
    }

    int mode(int i) {
        return modes[i];
    }

    void setMode(int i, int mode) {
        modes[i] = mode;
    }

    int indexOf(MoccRecord record) {
        for (int i = size - 1; i >= 0; i--) {
            if (records[i] == record) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Position of the first held lock that is not ordered strictly before {@code (index, key)}: waiting for that
     * record's lock while holding these would break canonical mode. Equal keys (an unlinked record and its
     * successor) count as not before.
     */
    int firstNotBefore(Index index, byte[] key) {
        int i = size;
        while (i > 0 && compare(i - 1, index, key) >= 0) {
            i--;
        }
        return i;
    }

    private int compare(int i, Index index, byte[] key) {
        int c = Integer.compare(indexes[i].id(), index.id());
        return c != 0 ? c : Arrays.compareUnsigned(records[i].key(), key);
    }

    /** Inserts at {@code pos} (which must keep the list sorted). */
    void insert(int pos, Index index, MoccRecord record, int mode) {
        if (size == records.length) {
            int n = size * 2;
            records = Arrays.copyOf(records, n);
            indexes = Arrays.copyOf(indexes, n);
            modes = Arrays.copyOf(modes, n);
        }
        System.arraycopy(records, pos, records, pos + 1, size - pos);
        System.arraycopy(indexes, pos, indexes, pos + 1, size - pos);
        System.arraycopy(modes, pos, modes, pos + 1, size - pos);
        records[pos] = record;
        indexes[pos] = index;
        modes[pos] = mode;
        size++;
    }

    void removeAt(int pos) {
        System.arraycopy(records, pos + 1, records, pos, size - pos - 1);
        System.arraycopy(indexes, pos + 1, indexes, pos, size - pos - 1);
        System.arraycopy(modes, pos + 1, modes, pos, size - pos - 1);
        size--;
        records[size] = null;
        indexes[size] = null;
    }

    void clear() {
        Arrays.fill(records, 0, size, null);
        Arrays.fill(indexes, 0, size, null);
        size = 0;
    }
}
