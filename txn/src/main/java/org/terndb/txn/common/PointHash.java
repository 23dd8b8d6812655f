package org.terndb.txn.common;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * A hash lookup in front of one index's Masstree for point reads of a primary or unique secondary index: a
 * probe touches the slot's cache line, the record and its key, where a tree descent touches several objects per
 * level (node, slices, children or values).
 *
 * <p><b>It is a cache of the tree.</b> Invariant: <em>every record in the hash that is not {@linkplain
 * Record#isDetached() detached} is in the tree under the same key</em>. The index keeps it by ordering its
 * writes: a record enters the tree first and the hash second; an unlink {@linkplain #unlink marks the record
 * detached}, then removes it from the hash, and only then the caller removes it from the tree. Detached is
 * permanent. Hence:
 * <ul>
 *   <li>A reader that finds a record here and then reads it not detached may use it: it was in the tree at that
 *       moment (inserted before it was put here, removed only after the mark), which is what a tree lookup at
 *       that moment returns. A hit adds nothing to a node set, as a tree hit adds nothing.</li>
 *   <li>A miss, or a detached record, says nothing: the caller looks the key up in the tree, which records the
 *       border node of a miss for phantom validation exactly as without the hash.</li>
 *   <li>{@link #put} checks the mark under the writers' lock and skips a detached record; an unlink marks before
 *       it takes the lock, so an unlink racing between the tree insert and the put either is seen by the put or
 *       takes the lock after it and removes the entry.</li>
 *   <li>Two records of one key are never both in the tree, so when a put meets an entry of its key, that entry
 *       is detached (its tree removal preceded the new record's tree insert) and the put replaces it.</li>
 * </ul>
 *
 * <p><b>Structure.</b> Open addressing over a power-of-two array of record references, linear probing, a
 * tombstone in place of a removed entry, a rebuild (twice the size, or the same size when mostly tombstones)
 * once live entries and tombstones fill half of it. Each record keeps its key's {@linkplain #code code} in its own
 * word beside the detached bit, so one volatile read gives both the match and the mark. A key of up to seven bytes
 * (an INT, or an INT and a TINYINT or SMALLINT, as TATP's keys are) is its own code, so a probe matches it without
 * reading the key array, one dependent cache miss fewer per read; a longer key's code is a 62-bit hash, so a probe
 * passes over another key's record without reading that key and compares the arrays only on a code match. Writers
 * (put, remove, rebuild) serialize on this object's monitor; readers take no lock and publish nothing. A reader
 * still probing an array a rebuild replaced misses entries put since (it falls back to the tree) or finds entries
 * removed since (they are detached: it falls back to the tree), so a rebuild never makes a read wrong, only
 * slower. The arrays hold about 8 to 16 bytes per row.
 */
public final class PointHash {
    private static final VarHandle SLOTS = MethodHandles.arrayElementVarHandle(Record[].class);
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    /** In place of a removed entry; detached, so a probe that matched its word and key would still miss. */
    private static final Record TOMBSTONE = new Record(new byte[0], 0, null);
    private static final int MIN_CAPACITY = 16;
    /** Set in the {@linkplain #code code} of a key short enough to be its own code. */
    static final long EXACT = 2L;

    static {
        TOMBSTONE.markDetached();
    }

    private volatile Record[] slots = new Record[MIN_CAPACITY];
    /** Live entries; guarded by this. */
    private int size;
    /** Tombstones; guarded by this. */
    private int tombstones;

    /**
     * The record this hash holds for {@code key} if it may be used: present and not {@linkplain
     * Record#isDetached() detached}. Null means "ask the tree".
     */
    public Record get(byte[] key) {
        long code = code(key);
        Record[] t = slots;
        int mask = t.length - 1;
        int i = slot(code) & mask;
        for (int probes = 0; probes <= mask; probes++) {
            Record r = (Record) SLOTS.getAcquire(t, i);
            if (r == null) {
                return null;
            }
            long w = r.pointWord();
            if ((w & ~Record.DETACHED) == code && ((code & EXACT) != 0 || Arrays.equals(r.key(), key))) {
                return (w & Record.DETACHED) == 0 ? r : null;
            }
            i = (i + 1) & mask;
        }
        return null;
    }

    /**
     * Adds {@code record}, which the caller has just inserted into the tree under its key; replaces a (detached)
     * entry of the same key; does nothing if the record is already detached or present.
     */
    public synchronized void put(Record record) {
        byte[] key = record.key();
        long code = code(key);
        if (!record.setPointCode(code)) {
            return; // an unlink already passed: it may have found nothing to remove here
        }
        Record[] t = slots;
        int mask = t.length - 1;
        int i = slot(code) & mask;
        int free = -1;
        while (true) {
            Record r = t[i];
            if (r == null) {
                break;
            }
            if (r == TOMBSTONE) {
                if (free < 0) {
                    free = i;
                }
            } else if (r == record) {
                return;
            } else if ((r.pointWord() & ~Record.DETACHED) == code && Arrays.equals(r.key(), key)) {
                SLOTS.setRelease(t, i, record); // r left the tree before record entered it: r is detached
                return;
            }
            i = (i + 1) & mask;
        }
        if (free >= 0) {
            tombstones--;
            i = free;
        }
        SLOTS.setRelease(t, i, record);
        size++;
        if ((size + tombstones) * 2 > t.length) {
            rebuild(t);
        }
    }

    /**
     * Marks {@code record} detached, then removes it if it is this hash's entry for its key (identity). The
     * caller removes it from the tree afterwards, never before.
     */
    public void unlink(Record record) {
        record.markDetached();
        remove(record);
    }

    private synchronized void remove(Record record) {
        byte[] key = record.key();
        Record[] t = slots;
        int mask = t.length - 1;
        int i = slot(code(key)) & mask;
        for (int probes = 0; probes <= mask; probes++) {
            Record r = t[i];
            if (r == null) {
                return;
            }
            if (r == record) {
                SLOTS.setRelease(t, i, TOMBSTONE);
                size--;
                tombstones++;
                return;
            }
            i = (i + 1) & mask;
        }
    }

    /** Live entries (including detached ones not yet removed). */
    public synchronized int size() {
        return size;
    }

    /** Slots in the current array; for tests. */
    synchronized int capacity() {
        return slots.length;
    }

    /** Tombstones in the current array; for tests. */
    synchronized int tombstones() {
        return tombstones;
    }

    /** Copies the live, not detached entries into a fresh array and publishes it; caller holds the lock. */
    private void rebuild(Record[] old) {
        int capacity = old.length;
        while (size * 4 > capacity) { // live entries at most a quarter after the rebuild
            capacity <<= 1;
        }
        Record[] t = new Record[capacity];
        int mask = capacity - 1;
        int live = 0;
        for (Record r : old) {
            if (r == null || r == TOMBSTONE || r.isDetached()) {
                continue; // a detached entry's unlink will find nothing to remove: fine, it is gone
            }
            int i = slot(r.pointWord() & ~Record.DETACHED) & mask;
            while (t[i] != null) {
                i = (i + 1) & mask;
            }
            t[i] = r;
            live++;
        }
        size = live;
        tombstones = 0;
        slots = t; // volatile: the filled array is published whole
    }

    /**
     * The key's code, bit 0 clear (the detached bit's place): a key of up to seven bytes is itself, exactly: its bytes
     * in bits 8-63, its length in bits 2-4 and {@link #EXACT} set, so equal codes mean equal keys; a longer key's code
     * is a 62-bit hash of its bytes (eight at a time) with {@code EXACT} clear.
     */
    static long code(byte[] key) {
        int n = key.length;
        if (n <= 7) {
            long v = 0;
            for (int i = 0; i < n; i++) {
                v |= (key[i] & 0xFFL) << (8 * i);
            }
            return v << 8 | (long) n << 2 | EXACT;
        }
        long h = 0x9E3779B97F4A7C15L ^ n;
        int i = 0;
        for (; i + 8 <= n; i += 8) {
            h = (h ^ (long) LONGS.get(key, i)) * 0xBF58476D1CE4E5B9L;
            h ^= h >>> 29;
        }
        if (i < n) {
            long tail = 0;
            for (int s = 0; i < n; i++, s += 8) {
                tail |= (key[i] & 0xFFL) << s;
            }
            h = (h ^ tail) * 0xBF58476D1CE4E5B9L;
            h ^= h >>> 29;
        }
        return h << 2;
    }

    /** The slot hash of a code: all its bits mixed into the low ones, which pick the slot. */
    static int slot(long code) {
        long h = code * 0x94D049BB133111EBL;
        h ^= h >>> 31;
        h *= 0xBF58476D1CE4E5B9L;
        return (int) (h ^ h >>> 32);
    }
}
