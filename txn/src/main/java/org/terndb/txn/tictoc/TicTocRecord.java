package org.terndb.txn.tictoc;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.terndb.txn.common.Record;

/**
 * A TicToc record: the timestamp word ({@link TsWord}) and row of {@link Record}, plus the wts of the version
 * before the current one, for TimestampHistory (§5.3). Only the holder of the record's lock writes it, in the
 * write phase, before the unlocking store publishes the new version.
 */
final class TicTocRecord extends Record {
    private static final VarHandle PREV_WTS;

    static {
        try {
            PREV_WTS = MethodHandles.lookup().findVarHandle(TicTocRecord.class, "prevWts", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused") private long prevWts; // accessed only through PREV_WTS

    TicTocRecord(byte[] key, long word, byte[] row) {
        super(key, word, row);
    }

    long prevWtsAcquire() {
        return (long) PREV_WTS.getAcquire(this);
    }

    /** Lock holder only. Release: ordered after the lock was taken, so readers never pair it with the old word. */
    void setPrevWtsRelease(long wts) {
        PREV_WTS.setRelease(this, wts);
    }
}
