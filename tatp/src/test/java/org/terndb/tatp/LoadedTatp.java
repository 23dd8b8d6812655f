package org.terndb.tatp;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.Protocols;
import org.terndb.txn.Transaction;
import org.terndb.txn.TxnOptions;
import org.terndb.txn.Worker;

/** A loaded TATP database of one protocol for tests, used from the test's thread only. */
final class LoadedTatp implements AutoCloseable {
    final int subscribers;
    final ConcurrencyControl cc;
    final TatpDatabase db;
    final Worker worker;

    LoadedTatp(String protocol, int subscribers, long seed) throws Exception {
        this.subscribers = subscribers;
        // A 1 ms epoch: group-committing protocols (mvto) acknowledge a commit only once its epoch closed, and these
        // tests commit one transaction after another.
        this.cc = Protocols.create(protocol, TxnOptions.defaults().with("epoch_ms", "1"));
        this.db = new TatpDatabase(cc);
        new TatpLoader(subscribers, seed).load(2, db::sink);
        this.worker = cc.newWorker();
    }

    /** Runs one transaction: committed when {@code body} returns true, rolled back otherwise. */
    boolean run(Function<Transaction, Boolean> body) {
        Transaction txn = worker.begin();
        try {
            boolean commit = body.apply(txn);
            if (commit) {
                txn.commit();
            } else {
                txn.abort();
            }
            return commit;
        } finally {
            if (txn.isActive()) {
                txn.abort();
            }
        }
    }

    TatpSource source() {
        return new TxnSource(db, worker);
    }

    /** The table's rows (column values, copied) in key order. */
    List<Object[]> rows(TatpTable table) throws Exception {
        List<Object[]> rows = new ArrayList<>();
        source().rows(table, v -> rows.add(v.clone()));
        return rows;
    }

    /** The row of {@code table} whose leading key columns are {@code key}, or null. */
    Object[] row(TatpTable table, int... key) throws Exception {
        for (Object[] r : rows(table)) {
            boolean match = true;
            for (int i = 0; i < key.length; i++) {
                match &= r[i].equals(key[i]);
            }
            if (match) {
                return r;
            }
        }
        return null;
    }

    @Override
    public void close() {
        worker.close();
        cc.close();
    }
}
