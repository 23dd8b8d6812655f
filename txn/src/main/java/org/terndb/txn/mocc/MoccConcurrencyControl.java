package org.terndb.txn.mocc;

import org.terndb.txn.TxnOptions;
import org.terndb.txn.common.AbstractWorker;
import org.terndb.txn.common.Record;
import org.terndb.txn.silo.SiloConcurrencyControl;

/**
 * MOCC (Wang and Kimura, VLDB'16): Silo's commit plus record temperature; reads of hot records take read locks
 * in the read phase, in a deadlock-free way. Options besides Silo's: {@code mocc_hot_threshold},
 * {@code mocc_reset_epochs}. Simplifications (documented in {@link MoccTransaction}): a reader/writer spinlock
 * instead of MQL, a plain saturating temperature counter, and no retrospective lock list.
 */
public class MoccConcurrencyControl extends SiloConcurrencyControl {
    public static final String NAME = "mocc";

    public MoccConcurrencyControl(TxnOptions options) {
        super(NAME, options);
    }

    @Override
    protected Record newRecord(byte[] key, long word, byte[] row) {
        return new MoccRecord(key, word, row);
    }

    @Override
    protected AbstractWorker createWorker() {
        return new MoccWorker(this);
    }
}
