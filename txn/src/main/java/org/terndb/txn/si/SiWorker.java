package org.terndb.txn.si;

import org.terndb.txn.common.AbstractTransaction;
import org.terndb.txn.common.mvcc.MvccWorker;

/** An SI worker: the reusable transaction, its watermark slot, version cache and collector. */
public class SiWorker extends MvccWorker {

    protected SiWorker(SiConcurrencyControl cc) {
        super(cc);
    }

    @Override
    protected AbstractTransaction newTransaction() {
        return new SiTransaction(this);
    }

    final SiConcurrencyControl si() {
        return (SiConcurrencyControl) mvcc;
    }
}
