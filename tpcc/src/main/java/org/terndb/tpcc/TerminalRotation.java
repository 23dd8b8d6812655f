package org.terndb.tpcc;

import org.terndb.harness.Outcome;
import org.terndb.txn.DuplicateKeyException;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.Worker;

/**
 * {@code --mode direct --terminals-per-thread N}: one driver thread serves N terminals, as a SiloR worker serves
 * many clients (SiloR §5): it commits with {@link Transaction#commitDeferred()}, which does not wait for the
 * commit's epoch to become durable, and goes on with the next terminal whose previous transaction has been
 * acknowledged. A commit is acknowledged, and only then counted (commits, and latency from the start of its first
 * attempt to the acknowledgement), once {@link Worker#isDurable} says its epoch is durable; when every terminal
 * waits, the thread blocks for the oldest pending commit. Each terminal stays a closed loop: it submits its next
 * transaction only after the previous one was acknowledged. With {@code durability} none or async every commit is
 * acknowledged at once, so only the rotation over the terminals differs from one terminal per thread.
 *
 * <p>Read-only commits and rollbacks have nothing to wait for and are counted at once. At the end of the run the
 * commits still pending are awaited (so none is left unacknowledged) but not counted: the timed window is over.
 */
final class TerminalRotation extends TpccRunner.TpccDriver {
    private final TxnStore.TxnDatabase db;
    private final TxnStore store;
    final TpccLogic logic;
    private Worker worker;

    /** Per terminal: the epoch its pending commit waits for (0 = none pending), its type and start time. */
    private final long[] pendingEpoch;
    private final TxnType[] pendingType;
    private final long[] startNanos;
    /**
     * Terminals with a pending commit, oldest commit first (a worker's commit epochs never decrease, so the head is
     * the first to become durable), and terminals free to submit, in the order they became free. Both are rings of
     * terminal indexes: every terminal is in exactly one of them, or is {@link #currentIndex}.
     */
    private final int[] pending;
    private int pendingHead;
    private int pendingCount;
    private final int[] ready;
    private int readyHead;
    private int readyCount;
    /** The terminal whose transaction {@link #next} drew, -1 before the first. */
    private int currentIndex = -1;
    /** Time the thread spent blocked because every terminal waited for durability (timed window only). */
    private long blockedNanos;
    private boolean measuring;

    /** @param historySource unique per thread: it keys the HISTORY rows the thread inserts */
    TerminalRotation(TpccInputs[] terminals, TxnStore.TxnDatabase db, int historySource) {
        super(terminals);
        this.db = db;
        this.store = new TxnStore(db);
        this.logic = new TpccLogic(historySource);
        int n = terminals.length;
        this.pendingEpoch = new long[n];
        this.pendingType = new TxnType[n];
        this.startNanos = new long[n];
        this.pending = new int[n];
        this.ready = new int[n];
        for (int i = 0; i < n; i++) {
            ready[i] = i;
        }
        this.readyCount = n;
    }

    @Override
    public void open() {
        worker = db.cc().newWorker();
    }

    @Override
    public void close() {
        if (worker == null) {
            return;
        }
        try {
            while (pendingCount > 0) {
                int i = pending[pendingHead];
                worker.awaitDurable(pendingEpoch[i]); // after the window: acknowledged, not counted
                popPending();
                pendingEpoch[i] = 0;
                finished(pendingType[i], Outcome.COMMITTED); // a Delivery still ends condition 11
            }
        } finally {
            worker.close();
        }
    }

    /** Nanoseconds of the timed window the thread was blocked with every terminal waiting for durability. */
    long blockedNanos() {
        return blockedNanos;
    }

    @Override
    protected void measureStarted() {
        measuring = true;
    }

    @Override
    protected void measureEnded() {
        measuring = false;
    }

    /**
     * The terminal that became free first, after acknowledging the commits that became durable; O(1) per
     * transaction however many terminals the thread serves.
     */
    @Override
    protected TpccInputs nextTerminal() {
        int previous = currentIndex;
        if (previous >= 0 && pendingEpoch[previous] == 0) {
            pushReady(previous); // its transaction committed durably at once, rolled back, or was abandoned
        }
        acknowledgeDurable();
        if (readyCount == 0) {
            // Every terminal waits: block for the oldest pending commit.
            long t0 = System.nanoTime();
            worker.awaitDurable(pendingEpoch[pending[pendingHead]]);
            if (measuring) {
                blockedNanos += System.nanoTime() - t0;
            }
            acknowledgeDurable();
        }
        int i = ready[readyHead];
        readyHead = readyHead + 1 == ready.length ? 0 : readyHead + 1;
        readyCount--;
        currentIndex = i;
        startNanos[i] = System.nanoTime();
        return terminals[i];
    }

    /** Acknowledges pending commits from the oldest on while their epoch is durable. */
    private void acknowledgeDurable() {
        while (pendingCount > 0) {
            int i = pending[pendingHead];
            if (!worker.isDurable(pendingEpoch[i])) {
                return;
            }
            popPending();
            pendingEpoch[i] = 0;
            acknowledged(pendingType[i], Outcome.COMMITTED, startNanos[i]);
            pushReady(i);
        }
    }

    private void popPending() {
        pendingHead = pendingHead + 1 == pending.length ? 0 : pendingHead + 1;
        pendingCount--;
    }

    private void pushReady(int i) {
        int at = readyHead + readyCount;
        ready[at >= ready.length ? at - ready.length : at] = i;
        readyCount++;
    }

    @Override
    protected Outcome attempt(TxnType type) {
        Transaction txn = worker.begin();
        try {
            if (!logic.run(type, store.bind(txn), current)) {
                txn.abort();   // New-Order's unused item: a user rollback, not a conflict
                return Outcome.ROLLED_BACK;
            }
            long epoch = txn.commitDeferred();
            if (epoch == 0 || worker.isDurable(epoch)) {
                return Outcome.COMMITTED;
            }
            pendingEpoch[currentIndex] = epoch;
            pendingType[currentIndex] = type;
            int at = pendingHead + pendingCount;
            pending[at >= pending.length ? at - pending.length : at] = currentIndex;
            pendingCount++;
            return Outcome.PENDING;
        } catch (TransactionAbortedException e) {
            return aborted(e.reason().name(), e.getMessage());
        } catch (DuplicateKeyException e) {
            txn.abort();   // a unique secondary key taken by a concurrent insert: a write-write conflict
            return aborted("DUPLICATE_KEY", e.getMessage());
        } catch (RuntimeException | Error e) {
            if (txn.isActive()) {
                txn.abort();
            }
            throw e;
        }
    }

    @Override
    protected void backoff() {
        worker.backoff();
    }
}
