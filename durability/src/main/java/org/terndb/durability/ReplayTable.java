package org.terndb.durability;

import java.nio.ByteBuffer;

/**
 * The newest logged version of each key of one recovery partition: an open-addressing hash table over primitive
 * arrays whose entries point into the mapped log files. Keys are hashed and compared where they lie in the log, so
 * replaying a record allocates nothing; only the rows finally loaded are copied out (the database keeps those
 * copies). Single-threaded: each partition's thread owns its table.
 */
final class ReplayTable {
    /** The initial size's cap: 12 bytes per slot, so at most 96 MiB per partition before the keys need more. */
    private static final int MAX_INITIAL_KEYS = 1 << 22;

    private final ByteBuffer[] files;
    private final long[] generations;

    private int mask;
    private int size;
    private int[] hashes;  // 0: empty slot (stored hashes are never 0)
    private int[] file;    // index of the file holding the newest version
    private int[] at;      // offset of its record in that file; -1: the checkpoint's version is newer

    /**
     * @param files       the valid log files (little-endian; read with absolute gets only)
     * @param generations each file's generation
     * @param expected    about how many keys the table will hold (it grows past that; capped, since a log that
     *                    updates the same keys over and over holds far fewer keys than records)
     */
    ReplayTable(ByteBuffer[] files, long[] generations, int expected) {
        this.files = files;
        this.generations = generations;
        int capacity = Integer.highestOneBit(Math.max(16, Math.min(MAX_INITIAL_KEYS, expected) * 2 - 1)) << 1;
        allocate(capacity);
    }

    private void allocate(int capacity) {
        mask = capacity - 1;
        hashes = new int[capacity];
        file = new int[capacity];
        at = new int[capacity];
    }

    int size() {
        return size;
    }

    /** The hash of a key of {@code table} lying at {@code [keyAt, keyAt + length)} of {@code b}; never 0. */
    static int hash(ByteBuffer b, int table, int keyAt, int length) {
        long h = table * 0x9E3779B97F4A7C15L + length;
        int i = 0;
        for (; i + 8 <= length; i += 8) {
            h = (h ^ b.getLong(keyAt + i)) * 0xBF58476D1CE4E5B9L;
            h ^= h >>> 29;
        }
        for (; i < length; i++) {
            h = (h ^ (b.get(keyAt + i) & 0xFF)) * 0x94D049BB133111EBL;
        }
        h ^= h >>> 32;
        h *= 0x9E3779B97F4A7C15L;
        int x = (int) (h ^ h >>> 29);
        return x == 0 ? 1 : x;
    }

    /** The recovery partition of a key with this hash. */
    static int partition(int hash, int partitions) {
        return Math.floorMod(hash, partitions);
    }

    private int slotOf(int hash) {
        int h = hash * 0x85EBCA6B;
        return (h ^ h >>> 15) & mask;
    }

    /**
     * Offers the log record at {@code r} of file {@code f} (whose key hashes to {@code hash}): kept if its key is new
     * or it is newer than the version held (a later generation, or the same one and a larger stamp).
     */
    void offer(int hash, int f, int r) {
        if (size * 2 >= mask) {
            grow();
        }
        ByteBuffer b = files[f];
        int table = b.getInt(r + LogFormat.REC_TABLE);
        int keyLength = b.getInt(r + LogFormat.REC_KEY_LENGTH);
        long stamp = b.getLong(r + LogFormat.REC_STAMP);
        long generation = generations[f];
        for (int s = slotOf(hash); ; s = (s + 1) & mask) {
            int h = hashes[s];
            if (h == 0) {
                hashes[s] = hash;
                file[s] = f;
                at[s] = r;
                size++;
                return;
            }
            if (h == hash && sameKey(s, b, table, r + LogFormat.RECORD_HEADER, keyLength)) {
                long held = generations[file[s]];
                if (generation > held || (generation == held && stamp > stamp(s))) {
                    file[s] = f;
                    at[s] = r;
                }
                return;
            }
        }
    }

    /** The slot holding the key of {@code table} at {@code [keyAt, keyAt + length)} of {@code b}, or -1. */
    int find(int hash, ByteBuffer b, int table, int keyAt, int length) {
        for (int s = slotOf(hash); ; s = (s + 1) & mask) {
            int h = hashes[s];
            if (h == 0) {
                return -1;
            }
            if (h == hash && sameKey(s, b, table, keyAt, length)) {
                return s;
            }
        }
    }

    long generation(int slot) {
        return generations[file[slot]];
    }

    /** The stamp of the slot's record, read where it lies in the log (before any {@link #supersede}). */
    long stamp(int slot) {
        return files[file[slot]].getLong(at[slot] + LogFormat.REC_STAMP);
    }

    /** The checkpoint holds a newer version of the slot's key: the log's is not loaded. */
    void supersede(int slot) {
        at[slot] = -1;
    }

    /** Whether {@code slot} holds the record at {@code r} of file {@code f} as its key's newest version. */
    boolean holds(int slot, int f, int r) {
        return file[slot] == f && at[slot] == r;
    }

    private boolean sameKey(int s, ByteBuffer b, int table, int keyAt, int length) {
        ByteBuffer held = files[file[s]];
        int r = at[s];
        if (r < 0) {
            return false; // superseded slots are only visited by forEach
        }
        if (held.getInt(r + LogFormat.REC_TABLE) != table || held.getInt(r + LogFormat.REC_KEY_LENGTH) != length) {
            return false;
        }
        int heldAt = r + LogFormat.RECORD_HEADER;
        int i = 0;
        for (; i + 8 <= length; i += 8) {
            if (held.getLong(heldAt + i) != b.getLong(keyAt + i)) {
                return false;
            }
        }
        for (; i < length; i++) {
            if (held.get(heldAt + i) != b.get(keyAt + i)) {
                return false;
            }
        }
        return true;
    }

    /** Doubles the table (amortised: the first size estimate normally suffices). */
    private void grow() {
        int[] oldHashes = hashes;
        int[] oldFile = file;
        int[] oldAt = at;
        allocate((mask + 1) * 2);
        for (int i = 0; i < oldHashes.length; i++) {
            int h = oldHashes[i];
            if (h != 0) {
                int s = slotOf(h);
                while (hashes[s] != 0) {
                    s = (s + 1) & mask;
                }
                hashes[s] = h;
                file[s] = oldFile[i];
                at[s] = oldAt[i];
            }
        }
    }
}
