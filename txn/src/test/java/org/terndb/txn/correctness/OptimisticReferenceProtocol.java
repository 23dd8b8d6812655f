package org.terndb.txn.correctness;

import java.util.concurrent.locks.ReentrantLock;
import org.terndb.txn.AbortReason;
import org.terndb.txn.Index;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.TxnOptions;
import org.terndb.txn.common.AbstractConcurrencyControl;
import org.terndb.txn.common.AbstractTransaction;
import org.terndb.txn.common.AbstractWorker;
import org.terndb.txn.common.Record;

/**
 * A small optimistic protocol with serial validation (Kung and Robinson's backward validation under one global
 * commit mutex): reads record (record, word) without locks, and commit, inside the mutex, checks that every word
 * read is unchanged and that the node set is unchanged, then installs the writes with a new word. It is a second,
 * genuinely concurrent reference that exercises the suite's abort paths.
 *
 * <p>With {@link Validation#NO_NODE_SET} it misses phantoms, and with {@link Validation#NONE} it validates
 * nothing (lost updates, write skew): the suite's negative controls use them to show its checks can fail.
 */
final class OptimisticReferenceProtocol extends AbstractConcurrencyControl {
    static final String NAME = "occ-reference";

    enum Validation { FULL, NO_NODE_SET, NONE }

    private static final long LOCKED = 1L << 63;

    private final Validation validation;
    private final ReentrantLock commitMutex = new ReentrantLock();
    private long clock; // guarded by commitMutex

    OptimisticReferenceProtocol(String name, TxnOptions options, Validation validation) {
        super(name, options);
        this.validation = validation;
    }

    @Override
    protected Record newCommittedRecord(byte[] key, byte[] row) {
        return new Record(key, 0, row);
    }

    @Override
    protected AbstractWorker createWorker() {
        return new OccWorker(this);
    }

    private static final class OccWorker extends AbstractWorker {
        OccWorker(OptimisticReferenceProtocol cc) {
            super(cc);
        }

        @Override
        protected AbstractTransaction newTransaction() {
            return new OccTransaction(this, (OptimisticReferenceProtocol) cc);
        }
    }

    private static final class OccTransaction extends AbstractTransaction {
        private final OptimisticReferenceProtocol cc;

        OccTransaction(AbstractWorker worker, OptimisticReferenceProtocol cc) {
            super(worker);
            this.cc = cc;
        }

        @Override
        protected byte[] readCommitted(Index index, Record record, boolean forUpdate) {
            while (true) {
                // Seqlock read: acquire loads keep the row load between the two word loads.
                long before = record.wordAcquire();
                if ((before & LOCKED) != 0) {
                    Thread.onSpinWait();
                    continue;
                }
                byte[] row = record.rowAcquire();
                if (record.wordAcquire() == before) {
                    readSet.add(record, before, 0);
                    return row;
                }
            }
        }

        @Override
        protected Record newPlaceholder(byte[] key) {
            return new Record(key, 0, null);
        }

        @Override
        protected void bufferWrite(Index index, Record record, byte[] row, int kind, boolean freshPlaceholder) {
            if (freshPlaceholder) {
                readSet.add(record, 0, 0); // another inserter may meet us at this record and commit first
            }
            writeSet.put(index, record, row, kind);
        }

        /** The validation of commit, read-only, before a taken key is reported as a duplicate. */
        @Override
        protected void onDuplicateKey(Index index) {
            if (cc.validation == Validation.NONE) {
                return;
            }
            for (int i = 0; i < readSet.size(); i++) {
                long now;
                while (((now = readSet.record(i).wordAcquire()) & LOCKED) != 0) {
                    Thread.onSpinWait(); // a committer is installing it
                }
                if (now != readSet.word(i)) {
                    throw abortNow(AbortReason.READ_VALIDATION_FAILED, "a read record changed");
                }
            }
            if (cc.validation == Validation.FULL) {
                abortIfNodeSetChanged();
            }
        }

        @Override
        protected void commitWrites() {
            cc.commitMutex.lock();
            if (cc.validation != Validation.NONE) {
                for (int i = 0; i < readSet.size(); i++) {
                    if (readSet.record(i).wordAcquire() != readSet.word(i)) {
                        throw new TransactionAbortedException(AbortReason.READ_VALIDATION_FAILED, null);
                    }
                }
                if (cc.validation == Validation.FULL && !nodeSet.validate()) {
                    throw new TransactionAbortedException(AbortReason.NODE_SET_CHANGED, null);
                }
            }
            long word = ++cc.clock;
            for (int i = 0; i < writeSet.size(); i++) {
                Record r = writeSet.record(i);
                // Release stores: a reader that sees the new row also sees the lock bit set before it.
                r.setWordRelease(r.wordOpaque() | LOCKED);
                r.setRowRelease(writeSet.row(i));
                r.setWordRelease(word);
            }
            cc.commitMutex.unlock();
        }

        @Override
        protected void rollback() {
            if (cc.commitMutex.isHeldByCurrentThread()) {
                cc.commitMutex.unlock();
            }
        }
    }
}
