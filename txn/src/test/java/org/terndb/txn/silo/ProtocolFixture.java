package org.terndb.txn.silo;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.terndb.txn.silo.BankSmoke.amount;
import static org.terndb.txn.silo.BankSmoke.key;

import java.util.ArrayList;
import java.util.List;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.TxnOptions;
import org.terndb.txn.Worker;

/** Protocol instances and workers a test opens (closed in reverse), and one-operation transactions. */
public final class ProtocolFixture {
    /** Epochs that only advance when a test says so. */
    public static final TxnOptions MANUAL_EPOCHS = TxnOptions.defaults().with("epoch_ms", "3600000");

    private final List<ConcurrencyControl> protocols = new ArrayList<>();
    private final List<Worker> workers = new ArrayList<>();

    public <C extends ConcurrencyControl> C open(C cc) {
        protocols.add(cc);
        return cc;
    }

    public Worker worker(ConcurrencyControl cc) {
        Worker w = cc.newWorker();
        workers.add(w);
        return w;
    }

    /** Closes the workers, then the protocols. */
    public void close() {
        workers.forEach(Worker::close);
        protocols.forEach(ConcurrencyControl::close);
        workers.clear();
        protocols.clear();
    }

    public static void advanceEpoch(ConcurrencyControl cc) {
        assertTrue(cc.epochs().tryAdvance(), "no transaction should be holding the epoch back");
    }

    public static void insert(Worker w, Table t, int k, long v) {
        Transaction tx = w.begin();
        assertTrue(tx.insert(t, key(k), amount(v)));
        tx.commit();
    }

    public static void update(Worker w, Table t, int k, long v) {
        Transaction tx = w.begin();
        assertTrue(tx.update(t, key(k), amount(v)));
        tx.commit();
    }

    public static void delete(Worker w, Table t, int k) {
        Transaction tx = w.begin();
        assertTrue(tx.delete(t, key(k)));
        tx.commit();
    }

    public static byte[] read(Worker w, Table t, int k) {
        Transaction tx = w.begin();
        byte[] row = tx.read(t, key(k));
        tx.commit();
        return row;
    }
}
