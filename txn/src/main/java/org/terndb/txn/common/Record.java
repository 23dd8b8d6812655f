package org.terndb.txn.common;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A record in an index: its key, one protocol-defined 64-bit word (Silo/MOCC: the TID word; TicToc: the
 * timestamp word; 2PL: the lock word) and the current row. A row is an immutable {@code byte[]}; a new
 * value is a new array, so a reader that validates the word around the row reference never sees a torn row.
 * Protocols that need more per-record state subclass this.
 */
public class Record {
    private static final VarHandle WORD;
    private static final VarHandle ROW;
    private static final VarHandle POINT_WORD;
    static final long DETACHED = 1L;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            WORD = l.findVarHandle(Record.class, "word", long.class);
            ROW = l.findVarHandle(Record.class, "row", byte[].class);
            POINT_WORD = l.findVarHandle(Record.class, "pointWord", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

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

    public final void setRowRelease(byte[] value) {
        ROW.setRelease(this, value);
    }

    /** Plain store: only for a record not yet published or while the writer holds the record's lock. */
    public final void setRowPlain(byte[] value) {
        ROW.set(this, value);
    }
}
