package org.terndb.txn.tictoc;

import org.terndb.txn.common.AbstractTransaction;
import org.terndb.txn.common.AbstractWorker;
import org.terndb.txn.common.Record;

/** A TicToc worker: one reusable {@link TicTocTransaction} with its read, write and node sets. */
final class TicTocWorker extends AbstractWorker {

    TicTocWorker(TicTocConcurrencyControl cc) {
        super(cc);
    }

    @Override
    protected AbstractTransaction newTransaction() {
        return new TicTocTransaction(this, (TicTocConcurrencyControl) cc);
    }

    /**
     * A one-read transaction (see {@link org.terndb.txn.Worker#readSingle}) as TicToc's consistent read alone
     * (§3.6: word, row, word of the same version, unlocked): the row of a committed version, which rows are
     * installed only under the lock after validation. No timestamp is extended: the read's place in the order is
     * anywhere between that version's writer and the next one. A record a committer holds is waited for, as the
     * transaction's own reads wait (its write phase is short); insert placeholders and deleted rows read as null.
     */
    @Override
    protected boolean stableSingleReads() {
        return true;
    }

    @Override
    protected byte[] stableRow(Record record) {
        for (int spins = 1; ; spins++) {
            long w1 = record.wordAcquire();
            if (!TsWord.isLocked(w1)) {
                byte[] row = record.rowAcquire(); // acquire: the second word load cannot move above the row load
                if (TsWord.sameVersion(w1, record.wordAcquire())) {
                    return row;
                }
            }
            if ((spins & 63) == 0) {
                Thread.yield(); // a committer holds the record for its short write phase
            } else {
                Thread.onSpinWait();
            }
        }
    }
}
