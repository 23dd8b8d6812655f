package org.terndb.txn.ermia;

import org.terndb.txn.TxnOptions;
import org.terndb.txn.common.AbstractWorker;
import org.terndb.txn.common.mvcc.MvccRecord;
import org.terndb.txn.common.mvcc.MvccWorker;
import org.terndb.txn.common.mvcc.Version;
import org.terndb.txn.si.SiConcurrencyControl;

/**
 * ERMIA as CCBench runs it (Kim et al. SIGMOD'16; Wang et al. VLDB J. 2017): snapshot isolation made
 * serializable by the serial safety net, latch-free. Options as for SI.
 */
public final class ErmiaConcurrencyControl extends SiConcurrencyControl {
    public static final String NAME = "ermia";

    private final TransactionTable transactions = new TransactionTable(MAX_WORKERS);

    public ErmiaConcurrencyControl(TxnOptions options) {
        super(NAME, options);
    }

    @Override
    public boolean isSerializable() {
        return true;
    }

    @Override
    protected Version allocateVersion() {
        return new ErmiaVersion();
    }

    /**
     * An insert placeholder with a <em>genesis</em> version: committed at timestamp 0, absent. Reading the
     * absence of a key is then a read of a version like any other, so SSN sees the r:w edge to the inserter.
     */
    @Override
    protected MvccRecord newPlaceholder(byte[] key, MvccWorker worker) {
        Version genesis = worker.newVersion();
        genesis.prepare(Version.stamp(0, Version.COMMITTED), null, null);
        return new MvccRecord(key, genesis);
    }

    @Override
    protected AbstractWorker createWorker() {
        return new ErmiaWorker(this);
    }

    TransactionTable transactions() {
        return transactions;
    }
}
