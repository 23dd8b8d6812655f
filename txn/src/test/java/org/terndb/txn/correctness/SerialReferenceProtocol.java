package org.terndb.txn.correctness;

import java.util.concurrent.locks.ReentrantLock;
import org.terndb.txn.Index;
import org.terndb.txn.TxnOptions;
import org.terndb.txn.common.AbstractConcurrencyControl;
import org.terndb.txn.common.AbstractTransaction;
import org.terndb.txn.common.AbstractWorker;
import org.terndb.txn.common.Record;

/**
 * The simplest correct protocol on the SPI: one global lock held from begin to commit or abort, so transactions
 * run one at a time and are trivially serializable. It exists to prove that the correctness suite passes for a
 * protocol known to be right; it is not registered in {@link org.terndb.txn.Protocols}.
 */
final class SerialReferenceProtocol extends AbstractConcurrencyControl {
    static final String NAME = "serial-reference";

    // Fair, so that four threads of a test all make progress.
    private final ReentrantLock global = new ReentrantLock(true);

    SerialReferenceProtocol(TxnOptions options) {
        super(NAME, options);
    }

    @Override
    protected Record newCommittedRecord(byte[] key, byte[] row) {
        return new Record(key, 0, row);
    }

    @Override
    protected AbstractWorker createWorker() {
        return new SerialWorker(this);
    }

    private static final class SerialWorker extends AbstractWorker {
        SerialWorker(SerialReferenceProtocol cc) {
            super(cc);
        }

        @Override
        protected AbstractTransaction newTransaction() {
            return new SerialTransaction(this, ((SerialReferenceProtocol) cc).global);
        }
    }

    private static final class SerialTransaction extends AbstractTransaction {
        private final ReentrantLock global;

        SerialTransaction(AbstractWorker worker, ReentrantLock global) {
            super(worker);
            this.global = global;
        }

        @Override
        protected void onBegin() {
            global.lock();
        }

        @Override
        protected byte[] readCommitted(Index index, Record record, boolean forUpdate) {
            return record.rowAcquire(); // nobody else runs: the committed row is current
        }

        @Override
        protected Record newPlaceholder(byte[] key) {
            return new Record(key, 0, null);
        }

        @Override
        protected void bufferWrite(Index index, Record record, byte[] row, int kind, boolean freshPlaceholder) {
            writeSet.put(index, record, row, kind);
        }

        @Override
        protected void commitWrites() {
            for (int i = 0; i < writeSet.size(); i++) {
                // Release: the next lock holder reads rows after acquiring the lock anyway; this keeps the
                // row visible to the suite's final checks too.
                writeSet.record(i).setRowRelease(writeSet.row(i));
            }
            global.unlock();
        }

        @Override
        protected void rollback() {
            if (global.isHeldByCurrentThread()) {
                global.unlock();
            }
        }
    }
}
