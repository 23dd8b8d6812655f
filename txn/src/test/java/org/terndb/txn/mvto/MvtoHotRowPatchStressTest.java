package org.terndb.txn.mvto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.terndb.txn.silo.BankSmoke.key;
import static org.terndb.txn.silo.ColumnRows.column;

import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.Protocols;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.Worker;
import org.terndb.txn.common.mvcc.Version;
import org.terndb.txn.silo.ColumnRows.SetColumn;

/**
 * More workers than cores on two hot rows, under every MVTO variant: patchers that each set their own column by
 * partial blind writes, and one full writer that reads the row and writes it back with its own column changed. Every
 * worker retries until it commits, so a version left undecided, a retry that can never commit or a collector that
 * stalls a worker shows up as a worker that does not finish; the watchdog then fails with every thread's stack and
 * the state of both chains. Every column ends at the value its worker installed last (with write omission, an
 * omitted patch sits below a pivot of its own column, which its worker installed later in timestamp order).
 */
class MvtoHotRowPatchStressTest {
    private static final int PATCHERS = 4;
    private static final int KEYS = 2;
    private static final long RUN_NANOS = 300_000_000L;
    private static final long HANG_MILLIS = 60_000;

    @ParameterizedTest
    @ValueSource(strings = {"mvto-async", "mvto", "mvto-async+sse", "mvto+sse"})
    void patchersAndAFullWriterOnHotRowsAllFinishAndEveryColumnKeepsItsLastInstalledValue(String name)
            throws Exception {
        int columns = PATCHERS + 1; // the last column is the full writer's
        try (ConcurrencyControl cc = Protocols.create(name)) {
            Table t = cc.createTable("hot");
            for (int k = 0; k < KEYS; k++) {
                cc.load(t, key(k), new byte[8 * columns]);
            }
            long[][] lastInstalled = new long[columns][KEYS];
            Thread[] workers = new Thread[columns];
            Throwable[] failure = new Throwable[1];
            long deadline = System.nanoTime() + RUN_NANOS;
            for (int c = 0; c < columns; c++) {
                int col = c;
                boolean full = c == PATCHERS;
                workers[c] = new Thread(() -> {
                    SplittableRandom rnd = new SplittableRandom(col);
                    try (Worker w = cc.newWorker()) {
                        for (long value = 1; System.nanoTime() < deadline; value++) {
                            int k = rnd.nextInt(KEYS);
                            while (true) {
                                Transaction tx = w.begin();
                                try {
                                    if (full) {
                                        byte[] seen = tx.read(t, key(k));
                                        assertTrue(tx.update(t, key(k), new SetColumn(col, value).apply(seen)));
                                    } else {
                                        assertTrue(tx.updateBlind(t, key(k), new SetColumn(col, value)));
                                    }
                                    tx.commit();
                                } catch (TransactionAbortedException e) {
                                    w.backoff();
                                    continue;
                                }
                                if (!(tx instanceof MvtoSseTransaction s) || !s.lastCommitOmitted()) {
                                    lastInstalled[col][k] = value;
                                }
                                break;
                            }
                        }
                    } catch (Throwable e) {
                        synchronized (failure) {
                            failure[0] = e;
                        }
                    }
                }, name + "-column-" + c);
                workers[c].start();
            }
            long hangAt = System.currentTimeMillis() + HANG_MILLIS;
            for (Thread w : workers) {
                w.join(Math.max(1, hangAt - System.currentTimeMillis()));
            }
            synchronized (failure) {
                if (failure[0] != null) { // first: a failed worker can leave the others retrying
                    throw new AssertionError(name + ": worker failed", failure[0]);
                }
            }
            for (Thread w : workers) {
                if (w.isAlive()) {
                    fail(name + ": " + w.getName() + " did not finish\n" + chains(t) + threadDump());
                }
            }
            try (Worker reader = cc.newWorker()) {
                Transaction tx = reader.begin();
                for (int k = 0; k < KEYS; k++) {
                    byte[] stored = tx.read(t, key(k));
                    for (int c = 0; c < columns; c++) {
                        assertEquals(lastInstalled[c][k], column(stored, c), name + ": column " + c + " of key " + k);
                    }
                }
                tx.commit();
            }
        }
    }

    /** Each chain's length, and its newest versions. */
    private static String chains(Table t) {
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < KEYS; k++) {
            MvtoRecord r = (MvtoRecord) t.primary().tree().get(key(k));
            sb.append("key ").append(k).append(": word ").append(r.wordVolatile()).append(", inline state ")
                    .append(r.inlineState());
            int n = 0;
            Version v = r.headAcquire();
            for (; v != null && v != Version.TRUNCATED && n < 1_000_000; v = v.olderAcquire(), n++) {
                if (n < 8) {
                    sb.append("\n  ").append(v).append(" rts=").append(((MvtoVersion) v).rtsVolatile());
                }
            }
            sb.append("\n  chain length ").append(n).append(v == null ? "" : v == Version.TRUNCATED ? ", truncated"
                    : ", not walked to its end").append('\n');
        }
        return sb.toString();
    }

    private static String threadDump() {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
            sb.append('"').append(e.getKey().getName()).append("\" ").append(e.getKey().getState()).append('\n');
            for (StackTraceElement f : e.getValue()) {
                sb.append("    at ").append(f).append('\n');
            }
        }
        return sb.toString();
    }
}
