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

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            WORD = l.findVarHandle(Record.class, "word", long.class);
            ROW = l.findVarHandle(Record.class, "row", byte[].class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final byte[] key;
    @SuppressWarnings("unused") private long word; // accessed only through WORD
    @SuppressWarnings("unused") private byte[] row; // accessed only through ROW

    public Record(byte[] key, long word, byte[] row) {
        this.key = key;
        WORD.set(this, word);
        ROW.set(this, row);
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
