package org.terndb.txn.sse;

import org.terndb.txn.common.AbstractTransaction;
import org.terndb.txn.common.Reclaimer;
import org.terndb.txn.common.Record;
import org.terndb.txn.silo.SiloWorker;

/** A Silo worker whose transactions run SSE, and whose reclamation keeps records with live trackers. */
final class SseWorker extends SiloWorker {
    SseWorker(SseConcurrencyControl cc) {
        super(cc);
    }

    @Override
    protected AbstractTransaction newTransaction() {
        return new SseTransaction(this);
    }

    /** A single read must leave its footprint in the record's tracker, as SSE's reads do: run it as a transaction. */
    @Override
    protected boolean stableSingleReads() {
        return false;
    }

    SseConcurrencyControl sse() {
        return (SseConcurrencyControl) cc;
    }

    /**
     * A deleted record whose tracker is live in the current epoch holds footprints an omission of this epoch may
     * still need (a re-insert of the key would start a fresh tracker): unlink it once the epoch has moved on.
     */
    @Override
    protected int tryUnlink(Record record, long tag) {
        if (ReachabilityTracker.isLive(((SseRecord) record).trackerAcquire(), cc.epochs().current())) {
            return Reclaimer.Unlinker.BUSY;
        }
        return super.tryUnlink(record, tag);
    }
}
