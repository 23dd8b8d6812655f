package org.terndb.txn.twopl;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.terndb.txn.common.AbstractTransaction;
import org.terndb.txn.common.AbstractWorker;

/**
 * A 2PL worker. Under 2PL-Wait it owns the wait-die timestamp of its logical transaction: an attempt that the
 * protocol aborted hands its timestamp to the next {@code begin()} (the retry), so a retried transaction only
 * grows older relative to newcomers and eventually wins; a commit or an application abort draws a new one.
 */
final class TwoPlWorker extends AbstractWorker {
    private static final VarHandle ACTIVE_TS;

    static {
        try {
            ACTIVE_TS = MethodHandles.lookup().findVarHandle(TwoPlWorker.class, "activeTs", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final TwoPlConcurrencyControl twoPl;
    private long timestamp = LockWord.NO_TS; // owner thread only
    private boolean keepTimestamp;           // owner thread only
    /** The running attempt's timestamp, NO_TS between attempts; read by other workers' wait-die decisions. */
    @SuppressWarnings("unused") private long activeTs = LockWord.NO_TS;

    TwoPlWorker(TwoPlConcurrencyControl cc) {
        super(cc);
        this.twoPl = cc;
    }

    @Override
    protected AbstractTransaction newTransaction() {
        return new TwoPlTransaction(this, twoPl);
    }

    /** Starts an attempt and returns its timestamp (NO_TS under NoWait, which needs none). */
    long beginAttempt() {
        if (!twoPl.waits()) {
            return LockWord.NO_TS;
        }
        if (!keepTimestamp || timestamp == LockWord.NO_TS) {
            timestamp = twoPl.nextTimestamp();
        }
        keepTimestamp = false;
        // Release store: visible to any thread that sees a lock word our later lock CAS wrote.
        ACTIVE_TS.setRelease(this, timestamp);
        return timestamp;
    }

    /** Ends an attempt after its locks are released; {@code retried} = keep the timestamp for the next one. */
    void endAttempt(boolean retried) {
        keepTimestamp = retried;
        ACTIVE_TS.setRelease(this, LockWord.NO_TS);
    }

    long activeTimestamp() {
        return (long) ACTIVE_TS.getAcquire(this);
    }

    /** The current (or last) logical transaction's timestamp; for tests. */
    long timestamp() {
        return timestamp;
    }

    @Override
    public void close() {
        super.close();
        twoPl.removeWorker(this);
    }
}
