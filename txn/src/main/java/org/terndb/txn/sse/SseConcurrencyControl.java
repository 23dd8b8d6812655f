package org.terndb.txn.sse;

import java.util.concurrent.atomic.AtomicLongArray;
import org.terndb.txn.TxnOptions;
import org.terndb.txn.common.AbstractWorker;
import org.terndb.txn.common.Record;
import org.terndb.txn.silo.SiloConcurrencyControl;

/**
 * Silo+SSE: Silo extended by the Scheduling Space Expander (Nakamori et al., seed 003), which commits a
 * transaction whose writes are all blind updates without installing them when an erasing version order keeps
 * the history serializable. Everything else is Silo's. Same options as Silo ({@code epoch_ms} is also SSE's
 * epoch). See the package documentation.
 */
public final class SseConcurrencyControl extends SiloConcurrencyControl {
    public static final String NAME = "silo+sse";

    /** Index of the linked-pivot word, with a cache line of padding on each side. */
    private static final int LINKED = 8;

    private final AtomicLongArray linkedPivots = new AtomicLongArray(2 * LINKED);

    public SseConcurrencyControl(TxnOptions options) {
        super(NAME, options);
    }

    @Override
    protected Record newRecord(byte[] key, long word, byte[] row) {
        return new SseRecord(key, word, row);
    }

    @Override
    protected AbstractWorker createWorker() {
        return new SseWorker(this);
    }

    /** The epoch's linked pivots ({@link ReachabilityTracker#linkPivots}). */
    long linkedPivotsAcquire() {
        return linkedPivots.getAcquire(LINKED);
    }

    /** Adds key bits to the linked pivots of {@code epoch} (CAS loop: concurrent additions are all kept). */
    void linkPivots(long epoch, int writeKeys) {
        while (true) {
            long w = linkedPivots.getAcquire(LINKED);
            long u = ReachabilityTracker.linkPivots(w, epoch, writeKeys);
            if (u == w || linkedPivots.compareAndSet(LINKED, w, u)) { // CAS: the word is shared by all workers
                return;
            }
        }
    }
}
