package org.terndb.durability;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Consumer;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.Protocols;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.TxnOptions;
import org.terndb.txn.Worker;
import org.terndb.txn.common.AbstractConcurrencyControl;

/**
 * A durable database at the kernel level (no SQL): the protocol, the durability layer, and a catalog whose only
 * DDL is {@code CREATE TABLE name} / {@code DROP TABLE name}, run the way the engine runs its DDL.
 */
final class KernelDb implements AutoCloseable {
    final ConcurrencyControl cc;
    final Durability durability;
    final RecoveryReport recovery;

    private KernelDb(ConcurrencyControl cc, Durability durability, RecoveryReport recovery) {
        this.cc = cc;
        this.durability = durability;
        this.recovery = recovery;
    }

    static KernelDb open(Path dir, String protocol, Map<String, String> options) throws IOException {
        return open(dir, protocol, options, FileIo.DEFAULT);
    }

    static KernelDb open(Path dir, String protocol, Map<String, String> options, FileIo io) throws IOException {
        Durability d = Durability.open(dir, DurabilityOptions.of(options), io);
        ConcurrencyControl cc = Protocols.create(protocol, TxnOptions.defaults());
        try {
            KernelDb db = new KernelDb(cc, d, null);
            d.replayCatalog(db::ddl);
            RecoveryReport r = d.recover(cc);
            d.start(cc);
            return new KernelDb(cc, d, r);
        } catch (IOException | RuntimeException e) {
            d.close();
            cc.close();
            throw e;
        }
    }

    /** Runs DDL as the engine would: the catalog file is written before the table becomes usable. */
    void ddl(String sql) {
        String[] w = sql.split(" ");
        if (w[0].equals("CREATE")) {
            Table t = cc.createTable(w[2]);
            try {
                durability.tableCreated(sql, t);
            } catch (RuntimeException e) {
                cc.dropTable(t);
                throw e;
            }
        } else {
            Table t = table(w[2]);
            cc.dropTable(t);
            durability.tableDropped(sql, t);
        }
    }

    /** Runs {@code body} in a transaction of {@code w} and commits it, retrying conflict aborts after a backoff. */
    static void commitRetrying(Worker w, Consumer<Transaction> body) {
        while (true) {
            Transaction x = w.begin();
            try {
                body.accept(x);
                x.commit();
                return;
            } catch (TransactionAbortedException e) {
                w.backoff();
            }
        }
    }

    Table table(String name) {
        return ((AbstractConcurrencyControl) cc).tables().get(name);
    }

    Table createIfAbsent(String name) {
        Table t = table(name);
        if (t == null) {
            ddl("CREATE TABLE " + name);
            t = table(name);
        }
        return t;
    }

    @Override
    public void close() {
        durability.close();
        cc.close();
    }
}
