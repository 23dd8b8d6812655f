package org.terndb.txn.ermia;

import org.terndb.txn.common.AbstractTransaction;
import org.terndb.txn.si.SiWorker;

/** An ERMIA worker: an SI worker whose slot also names its row in the {@link TransactionTable}. */
final class ErmiaWorker extends SiWorker {
    private final ErmiaConcurrencyControl ermia;
    private final TransactionTable transactions;

    ErmiaWorker(ErmiaConcurrencyControl cc) {
        super(cc);
        this.ermia = cc;
        this.transactions = cc.transactions();
        transactions.register(epochSlot);
    }

    @Override
    protected AbstractTransaction newTransaction() {
        return new ErmiaTransaction(this);
    }

    ErmiaConcurrencyControl ermia() {
        return ermia;
    }

    TransactionTable transactions() {
        return transactions;
    }

    int slot() {
        return epochSlot;
    }
}
