package org.terndb.tpcc;

import org.terndb.harness.Outcome;
import org.terndb.harness.TerminalRing;
import org.terndb.txn.DuplicateKeyException;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.Worker;

/**
 * {@code --mode direct --terminals-per-thread N}: one driver thread serves N terminals in a {@link TerminalRing}. It
 * commits with {@link Transaction#commitDeferred()}, which does not wait for the commit's epoch to become durable
 * (or, under {@code mvto}'s group commit, to close), and goes on with the next terminal whose previous transaction
 * has been acknowledged. A commit is acknowledged, and only then counted (commits, and latency from the start of its
 * first attempt to the acknowledgement), once {@link Worker#isDurable} says so. With {@code durability} none or async
 * and a protocol without group commit every commit is acknowledged at once, so only the rotation over the terminals
 * differs from one terminal per thread.
 *
 * <p>Read-only commits with nothing to wait for and rollbacks are counted at once. At the end of the run the commits
 * still pending are awaited (so none is left unacknowledged) but not counted: the timed window is over (a Delivery
 * among them still ends condition 11).
 */
final class TerminalRotation extends TpccRunner.TpccDriver {
    private final TxnStore.TxnDatabase db;
    private final TxnStore store;
    final TpccLogic logic;
    private final TerminalRing<TxnType> ring;
    private Worker worker;

    /** @param historySource unique per thread: it keys the HISTORY rows the thread inserts */
    TerminalRotation(TpccInputs[] terminals, TxnStore.TxnDatabase db, int historySource) {
        super(terminals);
        this.db = db;
        this.store = new TxnStore(db);
        this.logic = new TpccLogic(historySource);
        this.ring = new TerminalRing<>(terminals.length, this);
    }

    @Override
    public void open() {
        worker = db.cc().newWorker();
        ring.open(worker::isDurable, worker::awaitDurable);
    }

    @Override
    public void close() {
        if (worker == null) {
            return;
        }
        try {
            ring.drain();
        } finally {
            worker.close();
        }
    }

    /** Nanoseconds of the timed window the thread was blocked with every terminal waiting for durability. */
    long blockedNanos() {
        return ring.blockedNanos();
    }

    @Override
    protected void measureStarted() {
        ring.measuring(true);
    }

    @Override
    protected void measureEnded() {
        ring.measuring(false);
    }

    @Override
    protected TpccInputs nextTerminal() {
        return terminals[ring.next()];
    }

    @Override
    protected Outcome attempt(TxnType type) {
        Transaction txn = worker.begin();
        try {
            if (!logic.run(type, store.bind(txn), current)) {
                txn.abort();   // New-Order's unused item: a user rollback, not a conflict
                return Outcome.ROLLED_BACK;
            }
            return ring.committed(type, txn.commitDeferred());
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
