package org.terndb.txn.common;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.terndb.storage.masstree.NodeChangeObserver;
import org.terndb.storage.masstree.NodeObserver;
import org.terndb.storage.masstree.VersionedNode;

/**
 * A hash lookup in front of one index's Masstree for point reads of a primary or unique secondary index: a
 * probe touches the slot's mark and reference and the record, where a tree descent touches several objects per
 * level (node, slices, children or values).
 *
 * <p><b>It mirrors the tree.</b> Invariant: <em>every record in the hash that is not {@linkplain
 * Record#isDetached() detached} is in the tree under the same key</em>. The index keeps it by ordering its
 * writes: a record enters the tree first and the hash second; an unlink {@linkplain #unlink marks the record
 * detached}, then removes it from the hash, and only then the caller removes it from the tree. Detached is
 * permanent. Hence:
 * <ul>
 *   <li>A reader that finds a record here and then reads it not detached may use it: it was in the tree at that
 *       moment (inserted before it was put here, removed only after the mark), which is what a tree lookup at
 *       that moment returns. A hit adds nothing to a node set, as a tree hit adds nothing.</li>
 *   <li>A detached record, or a probe that meets no empty slot, says nothing: {@link #find} returns {@link
 *       #UNKNOWN} and the caller looks the key up in the tree, which records the border node of a miss for phantom
 *       validation exactly as without the hash.</li>
 *   <li>A probe that ends at an empty slot says the key is absent, and tells the miss observer the key's
 *       <em>stripe</em> (one of 4,096 by hash bits) at the version it read before probing, as a tree miss tells it
 *       the border node. Every record of the tree is in the hash but for two kinds: one between its tree insert
 *       and its put, and one detached (absent, as only absent records are unlinked). A put advances the stripe of
 *       the key it adds after storing the entry, so a reader that missed the key before the put, even while the
 *       record was already in the tree, fails validation once the put is done; an inserter's own miss advances
 *       with it (the put reports the change to the inserter's observer, as the tree reports its node's). A remove
 *       and a rebuild add no key and advance nothing: a rebuild's new arrays hold every entry put before it, and
 *       an entry put after it advances its stripe. Absent keys so cost no tree descent, and removals no longer
 *       fail other transactions' point misses. A hash keeps stripes only once its slots reach {@link
 *       #STRIPED_CAPACITY}; until then a miss returns {@link #UNKNOWN}, as a small index's tree is cheap to
 *       descend.</li>
 *   <li>{@link #put} checks the mark under the writers' lock and skips a detached record; an unlink marks before
 *       it takes the lock, so an unlink racing between the tree insert and the put either is seen by the put or
 *       takes the lock after it and removes the entry.</li>
 *   <li>Two records of one key are never both in the tree, so when a put meets an entry of its key, that entry
 *       is detached (its tree removal preceded the new record's tree insert) and the put replaces it.</li>
 * </ul>
 *
 * <p><b>Structure.</b> Open addressing over an array of record references, linear probing, and a rebuild to twice
 * as many slots as live entries once live and removed entries fill three quarters of it, so the slots are half to
 * three quarters full; a key's first slot scales its hash to the array's length, which need not be a power of two.
 * Slots a quarter to half full, as they were before, take twice the memory for no more speed (TATP over JDBC ran
 * 0.998-1.051x the transactions with the fuller slots, seven runs), but memory they take is not free: slots an
 * eighth to a sixteenth full ran 0.75-0.93x the transactions, the probes' cache lines no longer staying in cache.
 * Beside each slot a byte says what it holds: nothing (a probe ends there), a removed entry (a probe goes on), or
 * a live entry with seven bits of its key's hash. A probe reads the marks, one cache line for 64 slots, and loads a
 * record only where the bits match: an entry of another key costs no record load (1 in 128 of them do), and neither
 * does a key that is not there, which ends at an empty mark. Each record keeps its key's {@linkplain #code code} in
 * its own word beside the detached bit, so one volatile read of a loaded record gives both the match and the mark.
 * A key of up to seven bytes (an INT, or an INT and a TINYINT or SMALLINT, as TATP's keys are) is its own code, so a
 * probe matches it without reading the key array; a longer key's code is a 62-bit hash, and the arrays are compared
 * only on a code match. Writers (put, remove, rebuild) serialize on this object's monitor; a writer stores a slot's
 * record before its mark, and readers take no lock and publish nothing. A reader that meets a removed mark, or a
 * mark whose slot has since been emptied, goes on probing; one still probing arrays a rebuild replaced misses
 * entries put since (it falls back to the tree) or finds entries removed since (they are detached: it falls back to
 * the tree), so a rebuild never makes a read wrong, only slower. The arrays hold about 12 to 18 bytes per row.
 *
 * <p><b>Slots in key order.</b> A rebuild places keys that are their own codes in key order when there are at least
 * {@link #ORDERED_MIN_KEYS} of them: a key's first slot is its {@linkplain #ordinal ordinal}'s place between the
 * smallest and the largest key's, scaled to the slots, and a key outside that range wraps around. The reason is the
 * garbage collector, which copies the records it meets one after another (each with its key and row right behind it),
 * and meets them in the order of these slots: with mixed codes a table's records end up in random order over its pages,
 * in key order they end up in key order, and rows read often for nearby keys (TATP's subscriber ids, whose low bits are
 * skewed) share pages. On the machine the README's figures come from, a random page cost 150-350 ns to translate its
 * address ({@code bench memory}), more than the reads on it. Keys spread unevenly over their range (dense clusters far
 * apart) would pile up on a few slots: a rebuild whose keys sit more than {@link #ORDERED_MEAN_PROBES} slots from their
 * first on average, or one key more than {@link #ORDERED_MAX_PROBES}, uses mixed codes instead, and a put that probes
 * further than that switches the hash to mixed codes for good. Other keys always probe from their mixed code.
 *
 * <p><b>Row hints.</b> Beside each slot the hash keeps a <em>hint</em>: the row array its record held when the hash
 * last saw it, if that row is short ({@link Record#OVERWRITTEN_MAX} bytes or less), else null. A probe that matches a
 * mark reads the hint with the record and touches the hint's cache lines before the record's have arrived, so that
 * the reader's row load, which otherwise waits for the record's, overlaps it: a point read costs the slot's miss and
 * then the record's and the row's side by side, where it cost the three one after another (TATP over JDBC ran about
 * 5% more transactions with the touch). A hint is only ever touched, never read for data, so a stale one is harmless:
 * {@link #find} replaces a hint that is no longer its record's row. The Silo family overwrites a short row in place
 * ({@link Record#overwriteRow}), so there a hint stays its record's row; under the other protocols, which give each
 * new value a new array, a stale hint keeps one old short row alive until the next find of its key.
 */
public final class PointHash {
    private static final VarHandle RECORDS = MethodHandles.arrayElementVarHandle(Record[].class);
    private static final VarHandle HINTS = MethodHandles.arrayElementVarHandle(byte[][].class);
    private static final VarHandle ROW_BYTES = MethodHandles.arrayElementVarHandle(byte[].class);
    private static final VarHandle MARKS = MethodHandles.arrayElementVarHandle(byte[].class);
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    /** The mark of a slot never used since the last rebuild: a probe ends here. */
    private static final byte EMPTY = 0;
    /** The mark of a slot whose entry was removed: a probe goes on; a put may reuse it. */
    private static final byte REMOVED = 1;
    private static final int MIN_CAPACITY = 16;
    /** The fewest keys that are their own codes for which a rebuild lays the slots out in key order. */
    private static final int ORDERED_MIN_KEYS = 1024;
    /** The most slots past its first that a key may sit in slots laid out in key order. */
    private static final int ORDERED_MAX_PROBES = 64;
    /**
     * The most slots past their first that keys may sit on average in slots laid out in key order: the keys of one
     * first slot (the rows of one subscriber in TATP's two-column keys) sit side by side, in the lines a probe loads.
     */
    private static final int ORDERED_MEAN_PROBES = 4;
    /** The largest array a rebuild makes: the JVM's array length limit, with room for its header. */
    private static final int MAX_CAPACITY = Integer.MAX_VALUE - 8;
    /** Set in the {@linkplain #code code} of a key short enough to be its own code. */
    static final long EXACT = 2L;

    /** What {@link #find} returns when the hash cannot tell whether the key is there: ask the tree. */
    public static final Record UNKNOWN = new Record(new byte[0], 0, null);
    /** Stripes of the key space, each with a version a put of one of its keys advances. */
    private static final int STRIPES = 4096;
    /**
     * The capacity from which the hash answers misses (16,000 to 24,000 entries): the stripes cost about 100 KiB,
     * which a small index, whose tree a miss descends in cache, does not repay.
     */
    static final int STRIPED_CAPACITY = 1 << 15;
    /**
     * {@link #STRIPED_CAPACITY}, or the system property {@code tern.txn.pointHashStripedCapacity}: the transaction
     * layer's own tests set it to 0, so that their small tables take the striped path large tables take.
     */
    private static final int DEFAULT_STRIPED_CAPACITY =
            Integer.getInteger("tern.txn.pointHashStripedCapacity", STRIPED_CAPACITY);
    /** A stripe version step: the lock bit (bit 0 of a node version) stays clear. */
    private static final long STRIPE_STEP = 2;

    /**
     * The keys whose mixed code has one value in bits 45-56: a miss here is observed at the stripe's version, as a
     * miss in the tree is observed at its border node's; a put of one of its keys advances it.
     */
    private static final class Stripe implements VersionedNode {
        private static final VarHandle VERSION;

        static {
            try {
                VERSION = MethodHandles.lookup().findVarHandle(Stripe.class, "version", long.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        @SuppressWarnings("unused") private long version; // accessed only through VERSION

        @Override
        public long version() {
            return (long) VERSION.getAcquire(this);
        }

        /** Advances the version (caller holds the hash's lock) and tells {@code changes}, if any. */
        void advance(NodeChangeObserver changes) {
            long before = (long) VERSION.get(this);
            long after = before + STRIPE_STEP;
            VERSION.setRelease(this, after); // after the entry's mark: a reader of the new version sees the entry
            if (changes != null) {
                changes.changed(this, before, after, false);
            }
        }
    }

    /**
     * Null until the slots first reach {@link #stripedCapacity}; written once, under the lock, after the slots that
     * hold every entry put so far: a reader that sees the stripes sees those entries, and every later put advances.
     */
    private volatile Stripe[] stripes;
    private final int stripedCapacity;

    public PointHash() {
        this(DEFAULT_STRIPED_CAPACITY);
    }

    /** A hash that answers misses once its slots reach {@code stripedCapacity} (0: from the start); for tests. */
    PointHash(int stripedCapacity) {
        this.stripedCapacity = stripedCapacity;
        if (stripedCapacity <= MIN_CAPACITY) {
            stripes = newStripes();
        }
    }

    private static Stripe[] newStripes() {
        Stripe[] all = new Stripe[STRIPES];
        for (int i = 0; i < STRIPES; i++) {
            all[i] = new Stripe();
        }
        return all;
    }

    /**
     * One generation of the hash: its records, their marks and row hints, replaced whole by a rebuild, and how a key
     * finds its first slot in them.
     */
    private static final class Slots {
        final Record[] records;
        /** Per slot: {@link #EMPTY}, {@link #REMOVED}, or a live entry's {@linkplain #mark mark}. */
        final byte[] marks;
        /** Per slot: the {@linkplain #hint hint} of the slot's record's row, touched by a find; may be stale. */
        final byte[][] hints;
        /** The smallest {@linkplain #ordinal ordinal} of the keys the slots were laid out for, if {@link #scale} > 0. */
        final long base;
        /** Slots per ordinal step, for keys placed in key order ({@link #first}); 0: every key by its mixed code. */
        final double scale;
        /** Entries a rebuild put in; written before the slots are published. */
        int filled;

        Slots(int capacity) {
            this(capacity, 0, 0);
        }

        Slots(int capacity, long base, double scale) {
            records = new Record[capacity];
            marks = new byte[capacity];
            hints = new byte[capacity][];
            this.base = base;
            this.scale = scale;
        }

        /**
         * The slot a probe for the key of {@code code} (mixed: {@code mixed}) starts at: in key order for a key that
         * is its own code, when these slots keep such keys in order, else by the mixed code. A key outside the range
         * the slots were laid out for wraps around.
         */
        int first(long code, long mixed) {
            int capacity = marks.length;
            if (scale > 0 && (code & EXACT) != 0) {
                long at = (long) ((ordinal(code) - base) * scale);
                return at >= 0 && at < capacity ? (int) at : (int) Math.floorMod(at, (long) capacity);
            }
            return slot(mixed, capacity);
        }
    }

    private volatile Slots slots = new Slots(MIN_CAPACITY);
    /** Live entries; guarded by this. */
    private int size;
    /** Set once a put found its keys too unevenly spread for slots in key order: guarded by this. */
    private boolean unordered;
    /** Removed entries still marked in the current slots; guarded by this. */
    private int tombstones;

    /**
     * The record this hash holds for {@code key} if it may be used: present and not {@linkplain
     * Record#isDetached() detached}. Null means absent or unknown (see {@link #find}); for tests.
     */
    public Record get(byte[] key) {
        Record r = find(key, null);
        return r == UNKNOWN ? null : r;
    }

    /**
     * The record this hash holds for {@code key} if it may be used (present and not {@linkplain Record#isDetached()
     * detached}); null if the key is not here, in which case {@code missObserver} (may be null) is told the key's
     * stripe at the version read before the probe; {@link #UNKNOWN} if the hash cannot tell (a detached entry, a
     * probe that found no empty slot, or a miss in a hash too small to be striped yet): ask the tree. A hit brings
     * its entry's row hint up to date.
     */
    public Record find(byte[] key, NodeObserver missObserver) {
        long code = code(key);
        long h = mix(code);
        byte mark = mark(h);
        Stripe[] striped = stripes; // volatile: before the version and the slots
        Stripe stripe = striped == null ? null : striped[stripe(h)];
        long version = stripe == null ? 0 : stripe.version(); // acquire: before the probe's loads
        Slots s = slots;
        byte[] marks = s.marks;
        Record[] records = s.records;
        byte[][] hints = s.hints;
        int capacity = marks.length;
        int i = s.first(code, h);
        for (int probes = 0; probes < capacity; probes++) {
            byte m = (byte) MARKS.getAcquire(marks, i);
            if (m == EMPTY) {
                if (stripe == null) {
                    return UNKNOWN; // not striped yet: the tree observes the miss
                }
                if (missObserver != null) {
                    missObserver.observe(stripe, version);
                }
                return null;
            }
            if (m == mark) {
                Record r = (Record) RECORDS.getAcquire(records, i);
                byte[] hinted = (byte[]) HINTS.getOpaque(hints, i);
                touch(hinted); // before the record's fields are read: its lines load beside the record's
                if (r != null) {
                    long w = r.pointWord();
                    if ((w & ~Record.DETACHED) == code && ((code & EXACT) != 0 || Arrays.equals(r.key(), key))) {
                        if ((w & Record.DETACHED) != 0) {
                            return UNKNOWN;
                        }
                        byte[] hint = hint(r);
                        if (hint != hinted) {
                            HINTS.setOpaque(hints, i, hint); // a racing find's store is as good: any row serves
                        }
                        return r;
                    }
                }
            }
            i = next(i, capacity);
        }
        return UNKNOWN;
    }

    /**
     * True if {@code record}, a record of this hash's index, may be used as {@link #find} would use a hit for
     * {@code key}: it was put here under {@code key} (which follows its tree insert) and is not detached, so it is in
     * the tree under that key now. A record found some other way than through this hash (a hint) is so validated
     * without probing the slots.
     */
    public static boolean isEntry(Record record, byte[] key) {
        long code = code(key);
        return record.pointWord() == code && ((code & EXACT) != 0 || Arrays.equals(record.key(), key));
    }

    /** {@link #put(Record, NodeChangeObserver)} with no one to tell of the stripe's change; for tests. */
    public void put(Record record) {
        put(record, null);
    }

    /**
     * Adds {@code record}, which the caller has just inserted into the tree under its key; replaces a (detached)
     * entry of the same key; does nothing if the record is already detached or present. A record that enters
     * advances its key's stripe, and {@code changes} (may be null) is told, as the tree tells it of the border node
     * the insert changed.
     */
    public synchronized void put(Record record, NodeChangeObserver changes) {
        byte[] key = record.key();
        long code = code(key);
        if (!record.setPointCode(code)) {
            return; // an unlink already passed: it may have found nothing to remove here
        }
        long h = mix(code);
        byte mark = mark(h);
        Slots s = slots;
        int capacity = s.marks.length;
        int i = s.first(code, h);
        int free = -1;
        int probes = 0;
        while (true) {
            byte m = s.marks[i];
            if (m == EMPTY) {
                break;
            }
            if (m == REMOVED) {
                if (free < 0) {
                    free = i;
                }
            } else if (m == mark) {
                Record r = s.records[i];
                if (r == record) {
                    return;
                }
                if ((r.pointWord() & ~Record.DETACHED) == code && Arrays.equals(r.key(), key)) {
                    HINTS.setOpaque(s.hints, i, hint(record));
                    RECORDS.setRelease(s.records, i, record); // r left the tree before record entered it: detached
                    advance(h, changes);
                    return;
                }
            }
            i = next(i, capacity);
            probes++;
        }
        if (free >= 0) {
            tombstones--;
            i = free;
        }
        HINTS.setOpaque(s.hints, i, hint(record));
        RECORDS.setRelease(s.records, i, record); // the record before its mark: a reader of the mark sees it
        MARKS.setRelease(s.marks, i, mark);
        advance(h, changes);
        size++;
        if (probes > ORDERED_MAX_PROBES && s.scale > 0) {
            unordered = true; // the keys no longer spread over the slots in key order: mixed codes from now on
            rebuild();
        } else if ((long) (size + tombstones) * 4 > (long) capacity * 3) {
            rebuild();
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
        long code = code(record.key());
        long h = mix(code);
        byte mark = mark(h);
        Slots s = slots;
        int capacity = s.marks.length;
        int i = s.first(code, h);
        for (int probes = 0; probes < capacity; probes++) {
            byte m = s.marks[i];
            if (m == EMPTY) {
                return;
            }
            if (m == mark && s.records[i] == record) {
                MARKS.setRelease(s.marks, i, REMOVED);
                RECORDS.setRelease(s.records, i, null);
                HINTS.setOpaque(s.hints, i, null);
                size--;
                tombstones++;
                return;
            }
            i = next(i, capacity);
        }
    }

    /** Live entries (including detached ones not yet removed). */
    public synchronized int size() {
        return size;
    }

    /** Slots in the current array; for tests. */
    synchronized int capacity() {
        return slots.marks.length;
    }

    /** The row hint of {@code key}'s entry (null if none, or no entry); for tests. */
    synchronized byte[] hintFor(byte[] key) {
        Slots s = slots;
        for (int i = 0; i < s.records.length; i++) {
            Record r = s.records[i];
            if (r != null && Arrays.equals(r.key(), key)) {
                return s.hints[i];
            }
        }
        return null;
    }

    /** Slots of the current array that hold a row hint; for tests. */
    synchronized int hintedSlots() {
        int n = 0;
        for (byte[] hint : slots.hints) {
            if (hint != null) {
                n++;
            }
        }
        return n;
    }

    /** True if the current slots keep the keys that are their own codes in key order; for tests. */
    synchronized boolean inKeyOrder() {
        return slots.scale > 0;
    }

    /** The current slots' records in slot order, without empty slots; for tests. */
    synchronized List<Record> recordsInSlotOrder() {
        List<Record> records = new ArrayList<>();
        for (Record r : slots.records) {
            if (r != null) {
                records.add(r);
            }
        }
        return records;
    }

    /** Rebuilds the slots now, as a put does once they are three quarters full; for tests. */
    synchronized void rebuildNow() {
        rebuild();
    }

    /** Removed entries still marked; for tests. */
    synchronized int tombstones() {
        return tombstones;
    }

    /**
     * Copies the live, not detached entries into fresh slots, twice as many as there are entries, and publishes them;
     * caller holds the lock.
     */
    private void rebuild() {
        Slots old = slots;
        int capacity = (int) Math.max(MIN_CAPACITY, Math.min(MAX_CAPACITY, 2L * size));
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        int exact = 0;
        for (Record r : old.records) {
            if (r == null || r.isDetached()) {
                continue; // not carried into the new slots (see fill)
            }
            long code = r.pointWord() & ~Record.DETACHED;
            if ((code & EXACT) != 0) {
                min = Math.min(min, ordinal(code));
                max = Math.max(max, ordinal(code));
                exact++;
            }
        }
        Slots s = null;
        if (!unordered && exact >= ORDERED_MIN_KEYS) {
            s = fill(old, new Slots(capacity, min, capacity / ((double) (max - min) + 1)));
        }
        if (s == null) {
            s = fill(old, new Slots(capacity));
        }
        size = s.filled;
        tombstones = 0;
        slots = s; // volatile: the filled slots are published whole
        if (stripes == null && capacity >= stripedCapacity) {
            stripes = newStripes(); // volatile, after the slots: see the field
        }
    }

    /**
     * Puts the live, not detached entries of {@code old} into {@code fresh}; null if {@code fresh} keeps keys in order
     * and they sit too far from their first slots that way (more than {@link #ORDERED_MEAN_PROBES} slots on average, or
     * more than {@link #ORDERED_MAX_PROBES} for one key), as keys in a few dense clusters far apart would.
     */
    private static Slots fill(Slots old, Slots fresh) {
        int capacity = fresh.marks.length;
        long displaced = 0;
        int live = 0;
        for (Record r : old.records) {
            if (r == null || r.isDetached()) {
                continue; // a detached entry's unlink will find nothing to remove: fine, it is gone
            }
            long code = r.pointWord() & ~Record.DETACHED;
            long h = mix(code);
            int i = fresh.first(code, h);
            int probes = 0;
            while (fresh.marks[i] != EMPTY) {
                i = next(i, capacity);
                probes++;
            }
            if (fresh.scale > 0 && probes > ORDERED_MAX_PROBES) {
                return null;
            }
            displaced += probes;
            live++;
            fresh.records[i] = r;
            fresh.hints[i] = hint(r);
            fresh.marks[i] = mark(h);
        }
        if (fresh.scale > 0 && displaced > (long) ORDERED_MEAN_PROBES * live) {
            return null;
        }
        fresh.filled = live;
        return fresh;
    }

    /**
     * The key of an {@linkplain #EXACT exact} code as an unsigned number in key order: its bytes big-endian from bit
     * 55 down, so that a shorter key with the same first bytes comes first, as in the tree.
     */
    static long ordinal(long code) {
        return Long.reverseBytes(code >>> 8) >>> 8;
    }

    /** The hint for {@code record}: its row if short enough to be overwritten in place, else null. */
    private static byte[] hint(Record record) {
        byte[] row = record.rowAcquire();
        return row == null || row.length > Record.OVERWRITTEN_MAX ? null : row;
    }

    /**
     * Reads the first, middle and last byte of a hinted row (if any), which starts the loads of every cache line of
     * a row of up to {@link Record#OVERWRITTEN_MAX} bytes. Opaque reads: the compiler keeps them though their values
     * are not used, and they order nothing.
     */
    static void touch(byte[] row) {
        if (row == null) {
            return;
        }
        int n = row.length;
        if (n > 0) {
            ROW_BYTES.getOpaque(row, 0);
            ROW_BYTES.getOpaque(row, n >> 1);
            ROW_BYTES.getOpaque(row, n - 1);
        }
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

    /** A code's bits mixed: {@link #index} and {@link #mark} take different bits of it. */
    static long mix(long code) {
        long h = code * 0x94D049BB133111EBL;
        h ^= h >>> 31;
        return h * 0xBF58476D1CE4E5B9L;
    }

    /**
     * The slot a mixed code probes first among {@code capacity}: its low 32 bits scaled to the capacity by a multiply
     * and a shift, so that a capacity need not be a power of two. The {@linkplain #mark mark} and the {@linkplain
     * #stripe stripe} take the high bits, so neither depends on the slot.
     */
    static int slot(long mixed, int capacity) {
        return (int) (((mixed & 0xFFFFFFFFL) * capacity) >>> 32);
    }

    /** The slot a probe goes on to after {@code i}: the next one, wrapping at the end. */
    private static int next(int i, int capacity) {
        int n = i + 1;
        return n == capacity ? 0 : n;
    }

    /** Advances the stripe of a mixed code if the hash is striped; caller holds the lock. */
    private void advance(long mixed, NodeChangeObserver changes) {
        Stripe[] striped = stripes;
        if (striped != null) {
            striped[stripe(mixed)].advance(changes);
        }
    }

    /** The stripe of a mixed code: bits 45-56, below the mark's. */
    static int stripe(long mixed) {
        return (int) (mixed >>> 45) & (STRIPES - 1);
    }

    /** A live entry's mark: the top seven bits of its mixed code, with the high bit set (never EMPTY or REMOVED). */
    static byte mark(long mixed) {
        return (byte) (0x80 | mixed >>> 57);
    }
}
