package org.terndb.txn.tictoc;

import org.terndb.txn.common.AbstractTransaction;
import org.terndb.txn.common.AbstractWorker;

/** A TicToc worker: one reusable {@link TicTocTransaction} with its read, write and node sets. */
final class TicTocWorker extends AbstractWorker {

    TicTocWorker(TicTocConcurrencyControl cc) {
        super(cc);
    }

    @Override
    protected AbstractTransaction newTransaction() {
        return new TicTocTransaction(this, (TicTocConcurrencyControl) cc);
    }
}
