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
 * waits, the thread blocks for the one whose turn is next. Each terminal stays a closed loop: it submits its next
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
    /** The terminal whose transaction {@link #next} drew (index into the terminals). */
    private int currentIndex;
    private int nextIndex;
    private int pendingCount;

    /** @param historySource unique per thread: it keys the HISTORY rows the thread inserts */
    TerminalRotation(TpccInputs[] terminals, TxnStore.TxnDatabase db, int historySource) {
        super(terminals);
        this.db = db;
        this.store = new TxnStore(db);
        this.logic = new TpccLogic(historySource);
        this.pendingEpoch = new long[terminals.length];
        this.pendingType = new TxnType[terminals.length];
        this.startNanos = new long[terminals.length];
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
            for (int i = 0; i < pendingEpoch.length; i++) {
                if (pendingEpoch[i] != 0) {
                    worker.awaitDurable(pendingEpoch[i]); // after the window: acknowledged, not counted
                    pendingEpoch[i] = 0;
                    pendingCount--;
                    finished(pendingType[i], Outcome.COMMITTED); // a Delivery still ends condition 11
                }
            }
        } finally {
            worker.close();
        }
    }

    /** Picks the next terminal in turn that has no pending commit, acknowledging what became durable first. */
    @Override
    protected TpccInputs nextTerminal() {
        if (pendingCount > 0) {
            acknowledgeDurable();
        }
        int n = terminals.length;
        int i = nextIndex;
        for (int k = 0; k < n && pendingEpoch[i] != 0; k++) {
            i = i + 1 == n ? 0 : i + 1;
        }
        if (pendingEpoch[i] != 0) {
            // Every terminal waits: block for the one whose turn it is (the oldest in rotation order).
            worker.awaitDurable(pendingEpoch[i]);
            acknowledge(i);
            acknowledgeDurable();
        }
        currentIndex = i;
        nextIndex = i + 1 == n ? 0 : i + 1;
        startNanos[i] = System.nanoTime();
        return terminals[i];
    }

    private void acknowledgeDurable() {
        for (int i = 0; i < pendingEpoch.length && pendingCount > 0; i++) {
            if (pendingEpoch[i] != 0 && worker.isDurable(pendingEpoch[i])) {
                acknowledge(i);
            }
        }
    }

    private void acknowledge(int i) {
        pendingEpoch[i] = 0;
        pendingCount--;
        acknowledged(pendingType[i], Outcome.COMMITTED, startNanos[i]);
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
