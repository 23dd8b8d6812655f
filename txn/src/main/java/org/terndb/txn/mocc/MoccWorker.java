package org.terndb.txn.mocc;

import org.terndb.txn.common.AbstractTransaction;
import org.terndb.txn.common.Reclaimer;
import org.terndb.txn.common.Record;
import org.terndb.txn.silo.SiloWorker;

/** A MOCC worker: a Silo worker whose reclamation also respects the records' reader/writer locks. */
final class MoccWorker extends SiloWorker {
    final int hotThreshold;
    final int resetEpochs;

    MoccWorker(MoccConcurrencyControl cc) {
        super(cc);
        this.hotThreshold = cc.options().integer("mocc_hot_threshold");
        this.resetEpochs = cc.options().integer("mocc_reset_epochs");
    }

    @Override
    protected AbstractTransaction newTransaction() {
        return new MoccTransaction(this);
    }

    /** A record read-locked by a hot reader must stay linked: its reader relies on it without validation. */
    @Override
    protected int tryUnlink(Record record, long tag) {
        MoccRecord m = (MoccRecord) record;
        if (!m.tryWriteLock()) {
            return Reclaimer.Unlinker.BUSY;
        }
        try {
            return super.tryUnlink(record, tag);
        } finally {
            m.unlockWrite();
        }
    }
}
