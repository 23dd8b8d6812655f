package org.terndb.txn.common;

import org.terndb.txn.AbortReason;
import org.terndb.txn.CommitLog;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.TxnStats;
import org.terndb.txn.Worker;

/**
 * Per-thread state shared by all protocols: the owning thread, the epoch slot, statistics, backoff and the one
 * reusable transaction object. A protocol's worker subclasses this and creates its transaction type.
 */
public abstract class AbstractWorker implements Worker {
    protected final AbstractConcurrencyControl cc;
    protected final TxnStats stats = new TxnStats();
    protected final Backoff backoff;
    protected final int epochSlot;
    final int readPhaseExtensionMicros;
    /** This worker's commit log buffer, or null when the protocol has no commit log (nothing is logged). */
    final CommitLog.Buffer log;
    private FuzzyChunk fuzzyChunk;

    private AbstractTransaction txn;
    private Thread owner;
    private boolean closed;

    protected AbstractWorker(AbstractConcurrencyControl cc) {
        this.cc = cc;
        this.backoff = new Backoff(cc.options().backoff());
        this.readPhaseExtensionMicros = cc.options().readPhaseExtensionMicros();
        this.epochSlot = cc.epochs().register();
        CommitLog commitLog = cc.commitLog();
        this.log = commitLog == null ? null : commitLog.newBuffer();
    }

    /** The protocol's transaction object for this worker (created once). */
    protected abstract AbstractTransaction newTransaction();

    @Override
    public final Transaction begin() {
        if (closed) {
            throw new IllegalStateException("worker is closed");
        }
        if (owner == null) {
            owner = Thread.currentThread();
        } else {
            checkThread();
        }
        if (txn == null) {
            txn = newTransaction();
        }
        if (txn.isActive()) {
            throw new IllegalStateException("the worker's previous transaction is still active: commit or abort it "
                    + "before beginning another");
        }
        currentEpoch = cc.epochs().enter(epochSlot);
        txn.begin();
        return txn;
    }

    /**
     * {@link Worker#readSingle}: protocols that can read a record's latest committed row in one consistent step
     * ({@link #stableSingleReads()}) do only that, outside any transaction object; the others begin, read and
     * commit.
     */
    @Override
    public byte[] readSingle(Table table, byte[] primaryKey) {
        if (!stableSingleReads()) {
            return Worker.super.readSingle(table, primaryKey);
        }
        checkIdle("readSingle is a transaction of its own: commit or abort the worker's active transaction first");
        if (primaryKey == null) {
            throw new IllegalArgumentException("key must not be null");
        }
        Record record = table.primary().get(primaryKey, null);
        byte[] row = record == null ? null : stableRow(record);
        stats.recordCommit();
        return row;
    }

    /** Whether {@link #readSingle} may be {@link #stableRow} alone; false runs it as a transaction. */
    protected boolean stableSingleReads() {
        return false;
    }

    /**
     * The latest committed row of {@code record} read in one consistent step, null if it is absent or unlinked;
     * only called when {@link #stableSingleReads()}.
     */
    protected byte[] stableRow(Record record) {
        throw new UnsupportedOperationException("no stable single reads in " + getClass().getSimpleName());
    }

    /** Counts such a single read that gave up, and returns the exception for the caller to throw. */
    protected final TransactionAbortedException singleReadAborted(AbortReason reason, String detail) {
        stats.recordAbort(reason);
        backoff.onAbort();
        return new TransactionAbortedException(reason, detail);
    }

    /** Checks what {@link #begin()} checks (open, bound to this thread, no transaction active) and binds the worker. */
    private void checkIdle(String activeMessage) {
        if (closed) {
            throw new IllegalStateException("worker is closed");
        }
        if (owner == null) {
            owner = Thread.currentThread();
        } else {
            checkThread();
        }
        if (txn != null && txn.isActive()) {
            throw new IllegalStateException(activeMessage);
        }
    }

    /** The epoch announced when the current transaction began. */
    protected long currentEpoch;

    public final long currentEpoch() {
        return currentEpoch;
    }

    /**
     * Starts a fuzzy checkpoint read ({@link AbstractConcurrencyControl#readLatestCommitted}): announces the epoch,
     * so records unlinked meanwhile stay safe to read. Multi-version protocols also announce a snapshot, so no
     * version they read is collected and reused under them.
     */
    protected void enterFuzzyRead() {
        cc.epochs().enter(epochSlot);
    }

    /** Ends a fuzzy read. */
    protected void exitFuzzyRead() {
        cc.epochs().exit(epochSlot);
    }

    /** The reusable chunk of fuzzy reads; binds the worker to the calling thread as {@link #begin()} does. */
    final FuzzyChunk fuzzyChunk(int limit) {
        if (limit <= 0) {
            throw new IllegalArgumentException("a checkpoint read needs a positive limit, not " + limit);
        }
        checkIdle("a checkpoint read cannot run inside the worker's transaction");
        if (fuzzyChunk == null) {
            fuzzyChunk = new FuzzyChunk(limit);
        }
        fuzzyChunk.ensure(limit);
        return fuzzyChunk;
    }

    @Override
    public final void moveToCurrentThread() {
        owner = Thread.currentThread(); // plain: the caller's synchronization orders it (see Worker)
    }

    final void checkThread() {
        Thread t = Thread.currentThread();
        if (t != owner) {
            throw new IllegalStateException("worker is bound to thread '" + (owner == null ? "none" : owner.getName())
                    + "' and was used from thread '" + t.getName() + "': use one worker per thread");
        }
    }

    void onCommitted() {
        cc.epochs().exit(epochSlot);
        stats.recordCommit();
        backoff.onCommit();
    }

    void onAborted(AbortReason reason) {
        cc.epochs().exit(epochSlot);
        stats.recordAbort(reason);
        if (reason != AbortReason.USER_ABORT) {
            backoff.onAbort();
        }
    }

    @Override
    public final boolean isDurable(long epoch) {
        return epoch == 0 || (log == null || log.isDurable(epoch)) && groupCommitted(epoch);
    }

    @Override
    public final void awaitDurable(long epoch) {
        if (epoch == 0) {
            return;
        }
        awaitGroupCommit(epoch);
        if (log != null) {
            log.awaitDurable(epoch);
        }
    }

    /**
     * For a protocol with its own group commit ({@link AbstractTransaction#groupCommitEpoch}): whether a deferred
     * commit of this worker that named {@code epoch} may be acknowledged as far as the protocol is concerned. Never
     * blocks; any thread.
     */
    protected boolean groupCommitted(long epoch) {
        return true;
    }

    /** Blocks until {@link #groupCommitted}{@code (epoch)} would be true. Any thread. */
    protected void awaitGroupCommit(long epoch) {
    }

    @Override
    public final TxnStats stats() {
        return stats;
    }

    @Override
    public final void backoff() {
        backoff.pause();
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        if (txn != null && txn.isActive() && Thread.currentThread() == owner) {
            txn.abort();
        }
        closed = true;
        cc.epochs().unregister(epochSlot);
        cc.retire(this);
        if (log != null) {
            log.close();
        }
    }
}
