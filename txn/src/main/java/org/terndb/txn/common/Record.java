package org.terndb.txn.common;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A record in an index: its key, one protocol-defined 64-bit word (Silo/MOCC: the TID word; TicToc: the
 * timestamp word; 2PL: the lock word) and the current row. Protocols that need more per-record state subclass this.
 *
 * <p>A row is a {@code byte[]} that the record alone holds. Most protocols never change one: a new value is a new
 * array, so a reader that validates the word around the row reference never sees a torn row, and may keep the
 * array. The Silo family ({@code silo}, {@code silo+sse}, {@code mocc}) instead {@linkplain #overwriteRow writes a
 * short row of a primary record in place} when the new one has the same length, under the record's lock: the row
 * stays where the load or the insert put it, usually beside its record, rather than moving to wherever each writer
 * allocates, so a read that misses the cache on the record finds the row close by. Their readers take a {@linkplain
 * #rowCopyAcquire copy} of a short row between their two reads of the word, as a seqlock reader does (or {@link
 * java.util.concurrent.locks.StampedLock}'s optimistic read), instead of the reference.
 */
public class Record {
    private static final VarHandle WORD;
    private static final VarHandle ROW;
    private static final VarHandle POINT_WORD;
    private static final VarHandle TARGET;
    static final long DETACHED = 1L;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            WORD = l.findVarHandle(Record.class, "word", long.class);
            ROW = l.findVarHandle(Record.class, "row", byte[].class);
            POINT_WORD = l.findVarHandle(Record.class, "pointWord", long.class);
            TARGET = l.findVarHandle(Record.class, "target", Record.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * The longest row {@link #overwriteRow} overwrites, and so the longest {@link #rowCopyAcquire} copies: two cache
     * lines. Copying a short row costs a reader about what reading its columns costs; a longer one would cost it
     * lines it may never read (TPC-C's STOCK and CUSTOMER rows), so it is replaced by a new array instead.
     */
    public static final int OVERWRITTEN_MAX = 128;

    private final byte[] key;
    @SuppressWarnings("unused") private long word; // accessed only through WORD
    @SuppressWarnings("unused") private byte[] row; // accessed only through ROW
    /**
     * {@link PointHash}'s word: bit 0 is set once, before the record leaves its index's hash and tree, and never
     * cleared (detached); the other bits hold the key's {@linkplain PointHash#code code} once the record is put into
     * the hash: a key of up to seven bytes itself, so a probe matches it without reading the key array, or else a
     * hash of it, so a probe passes over other keys' records without reading their keys.
     */
    @SuppressWarnings("unused") private long pointWord; // accessed only through POINT_WORD
    /**
     * For an entry of a unique secondary index: the primary record a lookup of the entry's primary key last found,
     * a hint that {@link PointHash#isEntry} validates before use (null until then, and for other records). A stale
     * target keeps one record that left its index (and its row) alive until a lookup through the entry replaces it,
     * or the entry itself goes. It takes what was alignment padding in a plain record (40 bytes either way) and in
     * MVTO's, MOCC's and TicToc's; SSE's records grow from 56 to 64 bytes, SI's and ERMIA's from 40 to 48.
     */
    @SuppressWarnings("unused") private Record target; // accessed only through TARGET

    public Record(byte[] key, long word, byte[] row) {
        this.key = key;
        WORD.set(this, word);
        ROW.set(this, row);
    }

    /**
     * True once the record's index began to remove it (see {@link PointHash}): a record found through the hash
     * and detached may be gone from the tree, so the lookup asks the tree instead.
     */
    public final boolean isDetached() {
        return (pointWord() & DETACHED) != 0;
    }

    /** The {@link PointHash} word (volatile read). */
    final long pointWord() {
        return (long) POINT_WORD.getVolatile(this);
    }

    /** Sets the detached bit (volatile); the key code bits stay. */
    final void markDetached() {
        POINT_WORD.getAndBitwiseOr(this, DETACHED);
    }

    /** Stores the key code unless detached (its bit 0 is clear); false if detached. */
    final boolean setPointCode(long code) {
        while (true) {
            long w = pointWord();
            if ((w & DETACHED) != 0) {
                return false;
            }
            if (POINT_WORD.compareAndSet(this, w, code)) {
                return true;
            }
        }
    }

    /** The {@linkplain #target target} hint (opaque read): any record this entry led to, or null. */
    final Record target() {
        return (Record) TARGET.getOpaque(this);
    }

    /** Sets the {@linkplain #target target} hint (opaque: a racing store is as good, any target is validated). */
    final void setTarget(Record record) {
        TARGET.setOpaque(this, record);
    }

    /** The record's key in its index (never modified). */
    public final byte[] key() {
        return key;
    }

    public final long wordAcquire() {
        return (long) WORD.getAcquire(this);
    }

    public final long wordOpaque() {
        return (long) WORD.getOpaque(this);
    }

    public final void setWordRelease(long value) {
        WORD.setRelease(this, value);
    }

    public final boolean casWord(long expected, long value) {
        return WORD.compareAndSet(this, expected, value);
    }

    /** Total order on every access to the word (used where a protocol needs a full fence, e.g. lock then read). */
    public final long wordVolatile() {
        return (long) WORD.getVolatile(this);
    }

    public final byte[] rowAcquire() {
        return (byte[]) ROW.getAcquire(this);
    }

    /** The row reference, opaque: only for starting its loads early (a prefetch), never for its contents. */
    final byte[] rowOpaque() {
        return (byte[]) ROW.getOpaque(this);
    }

    /**
     * A copy of the current row (null if none), for a reader of a protocol that {@linkplain #overwriteRow overwrites
     * rows}: the caller reads the word before (acquire) and again after this, and keeps the copy only if the two
     * agree and show no writer; a copy taken while a writer held the record may be torn, and is then discarded.
     */
    public final byte[] rowCopyAcquire() {
        byte[] row = rowAcquire(); // acquire: the copy's loads cannot move above it
        if (row == null || row.length > OVERWRITTEN_MAX) {
            return row; // never overwritten
        }
        byte[] copy = row.clone();
        VarHandle.loadLoadFence(); // the copy's loads complete before the caller's word re-read
        return copy;
    }

    /**
     * {@link #rowCopyAcquire} into the caller's array: copies the first {@code min(row length, into.length)} bytes of
     * the current row and returns its length, or -1 if there is none; the caller checks the word around it alike.
     */
    public final int rowCopyInto(byte[] into) {
        byte[] row = rowAcquire(); // acquire: the copy's loads cannot move above it
        if (row == null) {
            return -1;
        }
        System.arraycopy(row, 0, into, 0, Math.min(row.length, into.length));
        VarHandle.loadLoadFence(); // the copy's loads complete before the caller's word re-read
        return row.length;
    }

    /**
     * Writes {@code value} into the current row array if it has the same length (true); false leaves the row alone,
     * and the caller installs {@code value} (or a copy of it) as a new array. Only for the holder of the record's
     * lock, between the lock's acquisition and the release store of the word that unlocks it, and only for a
     * protocol whose readers use {@link #rowCopyAcquire}. The current array must be the record's alone, which a primary
     * record's is (see {@link org.terndb.txn.silo.SiloTransaction}) and a secondary record's is not: its row is the
     * primary key, which a load shares with the primary record's key.
     */
    public final boolean overwriteRow(byte[] value) {
        byte[] current = (byte[]) ROW.get(this);
        if (value == null || current == null || current.length != value.length || value.length > OVERWRITTEN_MAX) {
            return false;
        }
        System.arraycopy(value, 0, current, 0, value.length);
        return true;
    }

    public final void setRowRelease(byte[] value) {
        ROW.setRelease(this, value);
    }

    /** Plain store: only for a record not yet published or while the writer holds the record's lock. */
    public final void setRowPlain(byte[] value) {
        ROW.set(this, value);
    }
}
