package org.terndb.engine;

import org.terndb.txn.Index;
import org.terndb.txn.RowVisitor;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.Worker;

/**
 * The transaction an autocommit statement that reads one record by primary key runs in
 * ({@link org.terndb.planner.PreparedPlan#singleRead()}): its one read is {@link Worker#readSingle}, a transaction
 * of its own, so there is nothing to commit or roll back. Any other operation means the plan was not what the
 * planner said, and fails. One per session, reused.
 */
final class SingleReadTransaction implements Transaction {
    private Worker worker;
    private boolean used;

    /** Ready for one statement on {@code w}. */
    SingleReadTransaction reset(Worker w) {
        worker = w;
        used = false;
        return this;
    }

    @Override
    public byte[] read(Table table, byte[] primaryKey) {
        if (used) {
            throw notSingle("a second read");
        }
        used = true;
        return worker.readSingle(table, primaryKey);
    }

    @Override
    public byte[] readForUpdate(Table table, byte[] primaryKey) {
        throw notSingle("a read for update");
    }

    @Override
    public byte[] read(Index index, byte[] key) {
        throw notSingle("a read through " + index);
    }

    @Override
    public int scan(Index index, byte[] lo, boolean loInclusive, byte[] hi, boolean hiInclusive, boolean reverse,
                    int limit, RowVisitor visitor) {
        throw notSingle("a scan of " + index);
    }

    @Override
    public boolean insert(Table table, byte[] primaryKey, byte[] row) {
        throw notSingle("an insert");
    }

    @Override
    public boolean update(Table table, byte[] primaryKey, byte[] row) {
        throw notSingle("an update");
    }

    @Override
    public boolean delete(Table table, byte[] primaryKey) {
        throw notSingle("a delete");
    }

    /** Nothing to do: the read committed as it ran. */
    @Override
    public void commit() {
    }

    /** Nothing to undo: the read held nothing. */
    @Override
    public void abort() {
    }

    @Override
    public boolean isActive() {
        return false;
    }

    private static IllegalStateException notSingle(String what) {
        return new IllegalStateException("a statement planned as a single read of one record did " + what
                + "; the plan's readsOneRecord() is wrong");
    }
}
