package org.terndb.txn.silo;

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

    protected SiloWorker(SiloConcurrencyControl cc) {
        super(cc);
        this.reclaimer = new Reclaimer(cc.epochs(), this::tryUnlink);
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
