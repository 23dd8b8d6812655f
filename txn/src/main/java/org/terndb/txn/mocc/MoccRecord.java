package org.terndb.txn.mocc;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.terndb.txn.common.Record;

/**
 * A record with MOCC's two extra words. The Silo TID word of {@link Record} is unchanged; beside it:
 *
 * <ul>
 *   <li>the <b>lock word</b>, a reader/writer spinlock (CCBench uses its 2PL lock instead of MQL, seed 000 §3.3):
 *       bit 32 = writer, bits 0..31 = reader count. Only the writer may set the TID word's lock bit, so Silo's
 *       commit and optimistic readers work as in Silo, while hot readers exclude writers;</li>
 *   <li>the <b>temperature word</b> (MOCC §3; lazy reset after seed 000 §3.3): bits 16..63 = epoch of the last
 *       reset, bits 0..15 = temperature. A temperature older than the reset window reads as 0 and is reset by the
 *       next change, so no thread ever sweeps all records.</li>
 * </ul>
 */
public final class MoccRecord extends Record {
    private static final VarHandle LOCK;
    private static final VarHandle TEMPERATURE;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            LOCK = l.findVarHandle(MoccRecord.class, "lock", long.class);
            TEMPERATURE = l.findVarHandle(MoccRecord.class, "temperature", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    static final long WRITER = 1L << 32;
    private static final int TEMPERATURE_BITS = 16;
    private static final long TEMPERATURE_MASK = (1L << TEMPERATURE_BITS) - 1;
    private static final int CAS_TRIES = 4;

    @SuppressWarnings("unused") private long lock;        // accessed only through LOCK
    @SuppressWarnings("unused") private long temperature; // accessed only through TEMPERATURE

    public MoccRecord(byte[] key, long word, byte[] row) {
        super(key, word, row);
    }

    // ---------------------------------------------------------------- reader/writer lock

    /** Takes a read lock unless a writer holds the record. */
    boolean tryReadLock() {
        while (true) {
            long w = (long) LOCK.getAcquire(this);
            if ((w & WRITER) != 0) {
                return false;
            }
            if (LOCK.compareAndSet(this, w, w + 1)) { // CAS: acquire for the reads under the lock
                return true;
            }
        }
    }

    /** Takes the write lock if nobody holds the record. */
    boolean tryWriteLock() {
        return LOCK.compareAndSet(this, 0L, WRITER); // CAS: acquire for the writes under the lock
    }

    /** Turns the caller's read lock into the write lock if it is the only reader. */
    boolean tryUpgrade() {
        return LOCK.compareAndSet(this, 1L, WRITER);
    }

    void unlockRead() {
        LOCK.getAndAddRelease(this, -1L); // release: our reads happen before a writer's writes
    }

    void unlockWrite() {
        LOCK.setRelease(this, 0L); // release: our installs are visible to the next holder
    }

    /** The lock word (writer bit, reader count), for tests. */
    long lockWord() {
        return (long) LOCK.getAcquire(this);
    }

    static boolean isWriteLocked(long lockWord) {
        return (lockWord & WRITER) != 0;
    }

    static int readers(long lockWord) {
        return (int) lockWord;
    }

    // ---------------------------------------------------------------- temperature

    /**
     * The temperature as of {@code epoch}. If the last reset lies {@code resetEpochs} or more epochs back, the
     * temperature is 0, and a non-zero one is reset now (one CAS; whoever loses it sees the reset anyway).
     * {@code resetEpochs} = 0 never resets.
     */
    int temperature(long epoch, int resetEpochs) {
        long t = (long) TEMPERATURE.getOpaque(this); // a statistic: no ordering needed
        if ((t & TEMPERATURE_MASK) == 0) {
            return 0;
        }
        if (stale(t, epoch, resetEpochs)) {
            TEMPERATURE.compareAndSet(this, t, epoch << TEMPERATURE_BITS);
            return 0;
        }
        return (int) (t & TEMPERATURE_MASK);
    }

    /** Raises the temperature by one (saturating), resetting it first if the window passed. Approximate. */
    void heat(long epoch, int resetEpochs) {
        for (int i = 0; i < CAS_TRIES; i++) {
            long t = (long) TEMPERATURE.getOpaque(this);
            long base = stale(t, epoch, resetEpochs) ? epoch << TEMPERATURE_BITS : t;
            long next = (base & TEMPERATURE_MASK) == TEMPERATURE_MASK ? base : base + 1;
            if (next == t || TEMPERATURE.compareAndSet(this, t, next)) {
                return;
            }
        }
    }

    /** Epoch of the last reset, for tests. */
    long lastResetEpoch() {
        return (long) TEMPERATURE.getOpaque(this) >>> TEMPERATURE_BITS;
    }

    private static boolean stale(long t, long epoch, int resetEpochs) {
        return resetEpochs > 0 && epoch - (t >>> TEMPERATURE_BITS) >= resetEpochs;
    }
}
