package org.terndb.txn.ermia;

import org.terndb.txn.common.AbstractTransaction;
import org.terndb.txn.si.SiWorker;

/** An ERMIA worker: an SI worker whose slot also names its row in the {@link TransactionTable}. */
final class ErmiaWorker extends SiWorker {
    private final TransactionTable transactions;

    ErmiaWorker(ErmiaConcurrencyControl cc) {
        super(cc);
        this.transactions = cc.transactions();
        transactions.register(epochSlot);
    }

    @Override
    protected AbstractTransaction newTransaction() {
        return new ErmiaTransaction(this);
    }

    TransactionTable transactions() {
        return transactions;
    }

    int slot() {
        return epochSlot;
    }
}
