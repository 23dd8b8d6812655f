package org.terndb.txn.correctness;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicLong;
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
 * Snapshot isolation in its textbook form: each record keeps a chain of (commit timestamp, row) versions, a
 * transaction reads the versions committed before it began, and commit (under one mutex) aborts if a record it
 * writes got a newer version meanwhile (first committer wins). Not serializable: it lets the suite's SI-only
 * branches (write skew must happen, audits see a snapshot) run before the real SI protocol lands, and it is a
 * negative control for the serialization-graph check.
 */
final class SnapshotReferenceProtocol extends AbstractConcurrencyControl {
    static final String NAME = "si-reference";

    private final ReentrantLock commitMutex = new ReentrantLock();
    private final AtomicLong clock = new AtomicLong();

    SnapshotReferenceProtocol(TxnOptions options) {
        super(NAME, options);
    }

    @Override
    public boolean isSerializable() {
        return false;
    }

    @Override
    protected Record newCommittedRecord(byte[] key, byte[] row) {
        return new VersionedRecord(key, new Version(0, row, null));
    }

    @Override
    protected AbstractWorker createWorker() {
        return new SnapshotWorker(this);
    }

    private record Version(long ts, byte[] row, Version older) {}

    private static final class VersionedRecord extends Record {
        private static final VarHandle HEAD;

        static {
            try {
                HEAD = MethodHandles.lookup().findVarHandle(VersionedRecord.class, "head", Version.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        @SuppressWarnings("unused") private Version head; // accessed only through HEAD

        VersionedRecord(byte[] key, Version head) {
            super(key, 0, head.row());
            HEAD.set(this, head);
        }

        Version head() {
            return (Version) HEAD.getAcquire(this);
        }

        void push(long ts, byte[] row) {
            // Release: a reader that sees the new head sees the version's fields.
            HEAD.setRelease(this, new Version(ts, row, head()));
            setRowRelease(row);
        }
    }

    private static final class SnapshotWorker extends AbstractWorker {
        SnapshotWorker(SnapshotReferenceProtocol cc) {
            super(cc);
        }

        @Override
        protected AbstractTransaction newTransaction() {
            return new SnapshotTransaction(this, (SnapshotReferenceProtocol) cc);
        }
    }

    private static final class SnapshotTransaction extends AbstractTransaction {
        private final SnapshotReferenceProtocol cc;
        private long snapshot;

        SnapshotTransaction(AbstractWorker worker, SnapshotReferenceProtocol cc) {
            super(worker);
            this.cc = cc;
        }

        @Override
        protected void onBegin() {
            // Acquire: every version with a timestamp up to the clock was pushed before the clock was published.
            snapshot = cc.clock.getAcquire();
        }

        @Override
        protected byte[] readCommitted(Index index, Record record, boolean forUpdate) {
            for (Version v = ((VersionedRecord) record).head(); v != null; v = v.older()) {
                if (v.ts() <= snapshot) {
                    return v.row();
                }
            }
            return null;
        }

        @Override
        protected Record newPlaceholder(byte[] key) {
            return new VersionedRecord(key, new Version(0, null, null));
        }

        @Override
        protected void bufferWrite(Index index, Record record, byte[] row, int kind, boolean freshPlaceholder) {
            writeSet.put(index, record, row, kind);
        }

        @Override
        protected void commitWrites() {
            if (writeSet.size() == 0) {
                return;
            }
            cc.commitMutex.lock();
            for (int i = 0; i < writeSet.size(); i++) {
                if (((VersionedRecord) writeSet.record(i)).head().ts() > snapshot) {
                    throw new TransactionAbortedException(AbortReason.WRITE_WRITE_CONFLICT, "first committer wins");
                }
            }
            long ts = cc.clock.get() + 1;
            for (int i = 0; i < writeSet.size(); i++) {
                ((VersionedRecord) writeSet.record(i)).push(ts, writeSet.row(i));
            }
            cc.clock.setRelease(ts); // publishes the versions pushed above to transactions that begin later
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
