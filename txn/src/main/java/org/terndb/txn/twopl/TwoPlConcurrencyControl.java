package org.terndb.txn.twopl;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import org.terndb.txn.TxnOptions;
import org.terndb.txn.common.AbstractConcurrencyControl;
import org.terndb.txn.common.AbstractWorker;
import org.terndb.txn.common.CommittedRow;
import org.terndb.txn.common.Record;

/**
 * Strict two-phase locking, as 2PL-Wait (wait-die) or 2PL-NoWait. See the package documentation for the lock
 * word, the deadlock policy and phantom protection.
 *
 * <p>Options read: {@code lock_timeout_ms} and {@code deadlock} (2PL-Wait only; {@code wound-wait} is rejected).
 * The mode comes from the protocol name, not from {@code no_wait} (that option is Silo's and MOCC's).
 */
public final class TwoPlConcurrencyControl extends AbstractConcurrencyControl {
    public static final String WAIT = "2pl-wait";
    public static final String NO_WAIT = "2pl-nowait";

    private final boolean waits;
    private final long lockTimeoutNanos;
    /** Source of wait-die timestamps, one per logical transaction (2PL-Wait only). */
    private final AtomicLong clock = new AtomicLong();
    /** Live workers, scanned on the slow path of a wait-die decision (copy on write). */
    private volatile TwoPlWorker[] workers = new TwoPlWorker[0];
    /** Commit stamps for the commit log (drawn only while logging; see AbstractTransaction's contract). */
    private final AtomicLong commitStamps = new AtomicLong();

    /**
     * @param waits true for 2PL-Wait (wait-die), false for 2PL-NoWait
     */
    public TwoPlConcurrencyControl(TxnOptions options, boolean waits) {
        super(waits ? WAIT : NO_WAIT, checked(options, waits));
        this.waits = waits;
        this.lockTimeoutNanos = options().integer("lock_timeout_ms") * 1_000_000L;
    }

    /** 2PL-Wait with wait-die deadlock prevention. */
    public static TwoPlConcurrencyControl waiting(TxnOptions options) {
        return new TwoPlConcurrencyControl(options, true);
    }

    /** 2PL-NoWait: any lock not available at once aborts the transaction. */
    public static TwoPlConcurrencyControl noWait(TxnOptions options) {
        return new TwoPlConcurrencyControl(options, false);
    }

    // Runs before the super constructor, which starts the epoch thread: a rejected option must not leak it.
    private static TxnOptions checked(TxnOptions options, boolean waits) {
        TxnOptions o = options == null ? TxnOptions.defaults() : options;
        if (waits && !"wait-die".equals(o.get("deadlock"))) {
            throw new IllegalArgumentException("protocol " + WAIT + " implements deadlock=wait-die only, not deadlock="
                    + o.get("deadlock") + " (wound-wait would have to find and wound every shared holder of a "
                    + "record, which the one-word lock does not record); use deadlock=wait-die or protocol "
                    + NO_WAIT);
        }
        return o;
    }

    /** True for 2PL-Wait. */
    public boolean waits() {
        return waits;
    }

    long lockTimeoutNanos() {
        return lockTimeoutNanos;
    }

    @Override
    protected Record newCommittedRecord(byte[] key, byte[] row) {
        return new Record(key, LockWord.FREE, row);
    }

    /**
     * The row field always holds the latest committed row (writes are installed only at commit, under the
     * exclusive lock, by a release store). 2PL keeps no per-record stamp: 0 means a logged version of the key at
     * or after the checkpoint's start epoch is newer, which holds because 2PL orders a key's writers by their
     * locks and each reads its epoch under them.
     */
    @Override
    protected void readLatestCommitted(Record record, CommittedRow out) {
        out.set(record.rowAcquire(), 0);
    }

    /** The next commit stamp (volatile read-modify-write; called with the write set's exclusive locks held). */
    long nextCommitStamp() {
        return commitStamps.incrementAndGet();
    }

    @Override
    protected AbstractWorker createWorker() {
        TwoPlWorker w = new TwoPlWorker(this);
        synchronized (this) {
            TwoPlWorker[] a = Arrays.copyOf(workers, workers.length + 1);
            a[a.length - 1] = w;
            workers = a;
        }
        return w;
    }

    synchronized void removeWorker(TwoPlWorker w) {
        TwoPlWorker[] a = workers;
        for (int i = 0; i < a.length; i++) {
            if (a[i] == w) {
                TwoPlWorker[] b = new TwoPlWorker[a.length - 1];
                System.arraycopy(a, 0, b, 0, i);
                System.arraycopy(a, i + 1, b, i, a.length - i - 1);
                workers = b;
                return;
            }
        }
    }

    long nextTimestamp() {
        long t = clock.incrementAndGet();
        if (t > LockWord.MAX_TS) {
            throw new IllegalStateException("2PL timestamp space (2^51) exhausted; reopen the database");
        }
        return t;
    }

    /**
     * The smallest timestamp of a transaction attempt running on a worker other than {@code self}, or
     * {@link LockWord#NO_TS}. Every lock holder is such an attempt, so this bounds every holder's timestamp from
     * below, exactly where the lock word's own bound has gone stale.
     */
    long oldestActiveExcept(TwoPlWorker self) {
        long min = LockWord.NO_TS;
        for (TwoPlWorker w : workers) {
            if (w != self) {
                min = Math.min(min, w.activeTimestamp());
            }
        }
        return min;
    }
}
