package org.terndb.txn.ermia;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
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

    private static final VarHandle DELETE_HIGH;

    static {
        try {
            DELETE_HIGH = MethodHandles.lookup()
                    .findVarHandle(ErmiaConcurrencyControl.class, "deleteHigh", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final TransactionTable transactions = new TransactionTable(MAX_WORKERS);
    @SuppressWarnings("unused") private long deleteHigh; // accessed through DELETE_HIGH

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

    /**
     * The largest commit stamp of a transaction that deleted a row (left an absent version): a bound on the
     * stamp of whoever deleted a key that a transaction finds missing from its index, or finds as the genesis
     * version of a placeholder that replaced the deleted key's unlinked record (see the package documentation).
     */
    long deleteHigh() {
        return (long) DELETE_HIGH.getVolatile(this);
    }

    /**
     * Raises {@link #deleteHigh()} to a deleter's commit stamp. Called before the deleter's commit point, so it
     * happens before the collector can unlink the deleted record, and so before any lookup can miss the key.
     */
    void raiseDeleteHigh(long cstamp) {
        long h = (long) DELETE_HIGH.getVolatile(this);
        while (h < cstamp && !DELETE_HIGH.compareAndSet(this, h, cstamp)) {
            h = (long) DELETE_HIGH.getVolatile(this);
        }
    }
}
