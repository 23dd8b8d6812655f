package org.terndb.txn.common;

import java.util.Arrays;

/**
 * The write-set positions a transaction wrote blindly (an update of a record it had not read), reused across
 * transactions. A position leaves the list when the transaction reads its record after all (then the write is a
 * read-modify-write); the order of the others may change then.
 */
public final class BlindEntries {
    private int[] positions = new int[8];
    private int size;

    public void clear() {
        size = 0;
    }

    public int size() {
        return size;
    }

    /** The write-set position of the {@code k}-th blind entry. */
    public int get(int k) {
        return positions[k];
    }

    public void add(int position) {
        if (size == positions.length) {
            positions = Arrays.copyOf(positions, size * 2);
        }
        positions[size++] = position;
    }

    /** Drops {@code position} if it is listed (the last entry takes its place). */
    public void remove(int position) {
        for (int k = 0; k < size; k++) {
            if (positions[k] == position) {
                positions[k] = positions[--size];
                return;
            }
        }
    }
}
