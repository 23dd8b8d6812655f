package org.terndb.txn.tictoc;

import java.util.concurrent.atomic.AtomicLongArray;
import org.terndb.txn.TxnOptions;
import org.terndb.txn.common.AbstractConcurrencyControl;
import org.terndb.txn.common.AbstractWorker;
import org.terndb.txn.common.CommittedRow;
import org.terndb.txn.common.Record;

/**
 * TicToc (Yu et al., SIGMOD'16): optimistic concurrency control whose commit timestamps are computed lazily from
 * per-record write and read timestamps, so that transactions with overlapping footprints can still commit in
 * an order other than their physical one. See the package documentation for the timestamp word, the options
 * ({@code tictoc_no_wait}, {@code tictoc_preemptive_abort}, {@code tictoc_timestamp_history}; also the shared
 * {@code no_wait}, {@code backoff}, {@code read_phase_extension_us}) and how phantoms are handled.
 */
public final class TicTocConcurrencyControl extends AbstractConcurrencyControl {
    public static final String NAME = "tictoc";

    // The insert floor sits alone in the middle of the array, 64 bytes from anything else (no false sharing).
    private static final int FLOOR = 8;

    private final AtomicLongArray floorCell = new AtomicLongArray(2 * FLOOR + 1);

    public TicTocConcurrencyControl() {
        this(TxnOptions.defaults());
    }

    public TicTocConcurrencyControl(TxnOptions options) {
        super(NAME, options);
    }

    @Override
    protected Record newCommittedRecord(byte[] key, byte[] row) {
        return new TicTocRecord(key, TsWord.of(0, 0), row);
    }

    /** The §3.6 consistent read (word, row, word) outside a transaction; the wts is the stamp. */
    @Override
    protected void readLatestCommitted(Record record, CommittedRow out) {
        for (int spins = 1; ; spins++) {
            long w1 = record.wordAcquire();
            if (!TsWord.isLocked(w1)) {
                byte[] row = record.rowAcquire(); // acquire: the second word load cannot move above the row load
                if (TsWord.sameVersion(w1, record.wordAcquire())) {
                    out.set(row, TsWord.wts(w1));
                    return;
                }
            }
            if ((spins & 63) == 0) {
                Thread.yield(); // a committer holds the record for its short write phase
            } else {
                Thread.onSpinWait();
            }
        }
    }

    @Override
    protected AbstractWorker createWorker() {
        return new TicTocWorker(this);
    }

    /**
     * The insert floor: no lower than the commit timestamp of any transaction whose node set (scanned ranges,
     * missed lookups) has been validated. A new insert placeholder starts with rts = floor, so its inserter
     * commits after every transaction that already relied on the key's absence without seeing the placeholder.
     * Volatile load: pairs with {@link #raiseInsertFloor} (see the package documentation).
     */
    long insertFloor() {
        return floorCell.get(FLOOR);
    }

    /** Raises the floor to at least {@code ts}. The CAS (or the volatile load that finds it high enough) is the
     *  store half of the Dekker pairing with an inserter's fenced floor load. */
    void raiseInsertFloor(long ts) {
        long f;
        while ((f = floorCell.get(FLOOR)) < ts) {
            if (floorCell.compareAndSet(FLOOR, f, ts)) {
                return;
            }
        }
    }
}
