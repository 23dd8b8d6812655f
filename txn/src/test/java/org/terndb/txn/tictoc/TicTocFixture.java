package org.terndb.txn.tictoc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.Map;
import org.terndb.txn.AbortReason;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.TxnOptions;
import org.terndb.txn.Worker;
import org.terndb.txn.common.Record;

/** One TicToc instance with a table of long values under int keys, and helpers to stage timestamps. */
final class TicTocFixture implements AutoCloseable {
    final TicTocConcurrencyControl cc;
    final Table table;
    /** Worker used by the helpers (bound to the test thread). */
    final Worker admin;

    TicTocFixture(String... options) {
        Map<String, String> m = new java.util.HashMap<>();
        for (int i = 0; i < options.length; i += 2) {
            m.put(options[i], options[i + 1]);
        }
        cc = new TicTocConcurrencyControl(TxnOptions.of(m));
        table = cc.createTable("t");
        admin = cc.newWorker();
    }

    static byte[] key(int k) {
        return ByteBuffer.allocate(4).putInt(k).array();
    }

    static byte[] row(long v) {
        return ByteBuffer.allocate(8).putLong(v).array();
    }

    static long value(byte[] row) {
        return ByteBuffer.wrap(row).getLong();
    }

    void load(int... keys) {
        for (int k : keys) {
            assertTrue(cc.load(table, key(k), row(0)));
        }
    }

    Record record(int k) {
        return table.primary().tree().get(key(k));
    }

    long word(int k) {
        return record(k).wordAcquire();
    }

    long wts(int k) {
        return TsWord.wts(word(k));
    }

    long rts(int k) {
        return TsWord.rts(word(k));
    }

    /** Commits n updates of k (each one at its rts + 1). */
    void bump(int k, int n) {
        for (int i = 0; i < n; i++) {
            Transaction t = admin.begin();
            byte[] old = t.read(table, key(k));
            t.update(table, key(k), row(value(old) + 1));
            t.commit();
        }
    }

    /** Commits a read-only transaction over the keys: extends their rts to the largest wts among them. */
    void readAll(int... keys) {
        Transaction t = admin.begin();
        for (int k : keys) {
            t.read(table, key(k));
        }
        t.commit();
    }

    /** Takes k's lock as a foreign committer would. */
    void lockExternally(int k) {
        Record r = record(k);
        long w = r.wordAcquire();
        assertTrue(!TsWord.isLocked(w) && r.casWord(w, w | TsWord.LOCK), "record " + k + " was already locked");
    }

    void unlockExternally(int k) {
        Record r = record(k);
        r.setWordRelease(r.wordAcquire() & ~TsWord.LOCK);
    }

    static AbortReason commitFails(Transaction t) {
        TransactionAbortedException e = assertThrows(TransactionAbortedException.class, t::commit);
        assertTrue(!t.isActive());
        return e.reason();
    }

    static void assertUnlocked(TicTocFixture f, int... keys) {
        for (int k : keys) {
            assertEquals(false, TsWord.isLocked(f.word(k)), "record " + k + " still locked");
        }
    }

    @Override
    public void close() {
        admin.close();
        cc.close();
    }
}
