package org.terndb.txn.mvto;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.terndb.txn.common.mvcc.MvccTesting.table;
import static org.terndb.txn.mvto.MvtoFixture.ts;
import static org.terndb.txn.silo.BankSmoke.amount;
import static org.terndb.txn.silo.BankSmoke.key;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.TxnOptions;

/**
 * Strictness of deferred commits under group commit, concurrently: two workers, one with its clock far ahead and one
 * lagging, each keep several commits pending and acknowledge them once {@code isDurable} says so. Every transaction
 * that began after another's acknowledgement must have the larger timestamp (MVTO's serialization order).
 */
class MvtoDeferredGroupCommitTest {
    private static final int PENDING = 4;
    private static final int KEYS = 8;

    private final MvtoFixture mf = new MvtoFixture();

    @AfterEach
    void closeAll() {
        mf.close();
    }

    /** One committed transaction: its timestamp, when it began, when it was acknowledged. */
    private record Commit(long ts, long beganNanos, long ackNanos) {
    }

    @Test
    void aTransactionThatBeginsAfterADeferredCommitWasAcknowledgedComesAfterIt() throws Exception {
        MvtoConcurrencyControl cc = mf.strict(TxnOptions.defaults().with("epoch_ms", "2"));
        Table t = table(cc, new long[KEYS]);
        MvtoFixture.AheadAndLagging workers = mf.aheadAndLagging(cc);
        MvtoWorker ahead = workers.ahead();
        MvtoWorker lagging = workers.lagging();
        long until = System.nanoTime() + 400_000_000L;
        CompletableFuture<List<Commit>> a = CompletableFuture.supplyAsync(() -> run(ahead, t, until, 1));
        CompletableFuture<List<Commit>> b = CompletableFuture.supplyAsync(() -> run(lagging, t, until, 2));
        List<Commit> all = new ArrayList<>(a.get());
        all.addAll(b.get());
        assertTrue(all.size() > 100, "too few commits to say anything: " + all.size());

        // Sweep the begins in time order, keeping the largest timestamp acknowledged before each.
        List<Commit> byAck = new ArrayList<>(all);
        byAck.sort(Comparator.comparingLong(Commit::ackNanos));
        List<Commit> byBegin = new ArrayList<>(all);
        byBegin.sort(Comparator.comparingLong(Commit::beganNanos));
        long acknowledgedMax = Long.MIN_VALUE;
        int next = 0;
        for (Commit c : byBegin) {
            while (next < byAck.size() && byAck.get(next).ackNanos() < c.beganNanos()) {
                acknowledgedMax = Math.max(acknowledgedMax, byAck.get(next++).ts());
            }
            if (acknowledgedMax >= c.ts()) {
                fail("a transaction began after a commit with timestamp " + acknowledgedMax + " was acknowledged, but"
                        + " drew the smaller timestamp " + c.ts());
            }
        }
    }

    /** Read-modify-writes of random keys until {@code until}, up to {@link #PENDING} commits awaiting acknowledgement. */
    private static List<Commit> run(MvtoWorker w, Table t, long until, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<Commit> done = new ArrayList<>();
        ArrayDeque<long[]> pending = new ArrayDeque<>(); // {epoch, ts, beganNanos}, oldest first
        while (System.nanoTime() < until) {
            long began = System.nanoTime();
            Transaction tx = w.begin();
            try {
                byte[] k = key(1 + random.nextInt(KEYS));
                long v = amount(tx.read(t, k));
                tx.update(t, k, amount(v + 1));
                long epoch = tx.commitDeferred();
                pending.add(new long[] {epoch, ts(tx), began});
            } catch (TransactionAbortedException e) {
                w.backoff();
            }
            if (pending.size() >= PENDING) {
                w.awaitDurable(pending.peek()[0]);
            }
            while (!pending.isEmpty() && w.isDurable(pending.peek()[0])) {
                long[] p = pending.poll();
                done.add(new Commit(p[1], p[2], System.nanoTime()));
            }
        }
        for (long[] p : pending) {
            w.awaitDurable(p[0]);
            done.add(new Commit(p[1], p[2], System.nanoTime()));
        }
        w.close();
        return done;
    }
}
