package org.terndb.txn.si;

import org.terndb.txn.TxnOptions;
import org.terndb.txn.common.AbstractWorker;
import org.terndb.txn.common.mvcc.MvccConcurrencyControl;
import org.terndb.txn.common.mvcc.MvccRecord;
import org.terndb.txn.common.mvcc.MvccWorker;
import org.terndb.txn.common.mvcc.Version;

/**
 * Snapshot isolation (Berenson et al. '95, CCBench §3.3) over the shared multi-version infrastructure. Not
 * serializable: see the package documentation. Options: {@code gc_interval_us}, {@code version_reuse},
 * {@code aggressive_gc}, {@code lock_timeout_ms} (longest wait for a committer's pending version),
 * {@code backoff}, {@code read_phase_extension_us}.
 */
public class SiConcurrencyControl extends MvccConcurrencyControl {
    public static final String NAME = "si";

    public SiConcurrencyControl(TxnOptions options) {
        this(NAME, options);
    }

    /** For protocols built on SI's commit (ERMIA). */
    protected SiConcurrencyControl(String name, TxnOptions options) {
        super(name, options);
    }

    @Override
    public boolean isSerializable() {
        return false;
    }

    @Override
    protected Version allocateVersion() {
        return new Version();
    }

    /** An insert placeholder: no version yet, so absent at every snapshot. ERMIA gives it a genesis version. */
    protected MvccRecord newPlaceholder(byte[] key, MvccWorker worker) {
        return new MvccRecord(key, null);
    }

    @Override
    protected AbstractWorker createWorker() {
        return new SiWorker(this);
    }
}
