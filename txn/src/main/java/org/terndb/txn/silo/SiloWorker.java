package org.terndb.txn.silo;

import org.terndb.txn.AbortReason;
import org.terndb.txn.common.AbstractTransaction;
import org.terndb.txn.common.AbstractWorker;
import org.terndb.txn.common.Reclaimer;
import org.terndb.txn.common.Record;

/**
 * A Silo worker: the transaction object, the last TID it committed (TIDs of one worker only grow) and the
 * queue of its deleted records waiting to be unlinked. Records still queued when the worker closes stay in
 * their index, absent, until a later insert of the key reuses them.
 */
public class SiloWorker extends AbstractWorker {
    final Reclaimer reclaimer;
    long lastTid;

    /** The wait of {@link #readSingle} for a record a committer holds locked. */
    private final SpinWait singleReadWait;

    protected SiloWorker(SiloConcurrencyControl cc) {
        super(cc);
        this.reclaimer = new Reclaimer(cc.epochs(), this::tryUnlink);
        this.singleReadWait = new SpinWait(cc.options().integer("lock_timeout_ms"));
    }

    /**
     * A one-read transaction (see {@link org.terndb.txn.Worker#readSingle}) as Silo §4.4's stable read alone: the
     * TID word unlocked and the same before and after copying the row means the copy is the version that word
     * committed (Phase 3 installs and overwrites rows only under the lock bit, after validation). No epoch is
     * announced: nothing is logged, no TID is drawn, and a record unlinked meanwhile shows its mark, read here as
     * absent (it was absent when unlinked, and the key's next record can only be inserted after this one left the
     * tree). Absent and unlinked records read as null, like any absent row. A record a committer holds is waited
     * for.
     */
    @Override
    protected byte[] stableRow(Record record) {
        SpinWait wait = singleReadWait;
        wait.start();
        while (true) {
            long before = record.wordAcquire(); // acquire: the row load below cannot move above it
            if (!TidWord.isLocked(before)) {
                byte[] row = record.rowCopyAcquire(); // the word re-read below cannot move above the copy
                if (record.wordAcquire() == before) {
                    return TidWord.isAbsent(before) || TidWord.isUnlinked(before) ? null : row;
                }
            }
            if (!wait.pause()) {
                throw singleReadAborted(AbortReason.TIMEOUT, "a record stayed locked while reading it");
            }
        }
    }

    /** True; SSE, whose reads leave footprints in the record's tracker, runs single reads as transactions. */
    @Override
    protected boolean stableSingleReads() {
        return true;
    }

    @Override
    protected AbstractTransaction newTransaction() {
        return new SiloTransaction(this);
    }

    /** The protocol options, for the transaction. */
    final SiloConcurrencyControl silo() {
        return (SiloConcurrencyControl) cc;
    }

    /**
     * Silo's {@link Reclaimer.Unlinker}: one CAS from the unlocked, absent word of version {@code tag} to the
     * same word marked unlinked does "lock, check, mark, unlock" at once. Protocols with more lock state
     * (MOCC's reader/writer lock) take that lock around this.
     */
    protected int tryUnlink(Record record, long tag) {
        long w = record.wordAcquire();
        if (TidWord.isUnlinked(w)) {
            return Reclaimer.Unlinker.UNLINKED;
        }
        if (!TidWord.isAbsent(w) || TidWord.tid(w) != tag) {
            return Reclaimer.Unlinker.REVIVED;
        }
        if (TidWord.isLocked(w)) {
            return Reclaimer.Unlinker.BUSY; // a committer is writing it: it decides whether the key lives again
        }
        // CAS (full fence): succeeds only if nobody locked or wrote the record since the read above.
        return record.casWord(w, w | TidWord.UNLINKED) ? Reclaimer.Unlinker.UNLINKED : Reclaimer.Unlinker.BUSY;
    }

    /** Records waiting to be unlinked (for tests and monitoring). */
    public final int pendingReclamation() {
        return reclaimer.size();
    }
}
