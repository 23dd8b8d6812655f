package org.terndb.txn.correctness;

import java.util.BitSet;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.Table;
import org.terndb.txn.Worker;
import org.terndb.txn.common.Backoff;

/**
 * Threads increment one counter by read-then-update. No protocol (SI included: first committer wins) may lose
 * an increment: the final value is threads * increments, and every committed increment read a distinct value.
 */
class LostUpdateTest {

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.terndb.txn.correctness.ProtocolsUnderTest#names")
    void concurrentReadModifyWriteIncrementsAreNeverLost(String protocol) {
        try (ConcurrencyControl cc = ProtocolsUnderTest.open(protocol)) {
            increments(cc, Harness.THREADS, Harness.trials(150)).assertNone();
        }
    }

    static Violations increments(ConcurrencyControl cc, int threads, int perThread) {
        Violations v = new Violations(cc.name() + " lost-update(" + threads + " x " + perThread + ")");
        Table table = cc.createTable("counter");
        byte[] key = Bytes.ints(1);
        cc.load(table, key, Bytes.longs(0));
        long[][] seen = new long[threads][perThread];
        CyclicBarrier start = new CyclicBarrier(threads); // overlap from the first increment

        Harness.runThreads(cc, "increment", threads, (thread, w) -> {
            start.await(30, TimeUnit.SECONDS);
            for (int n = 0; n < perThread; n++) {
                int i = n;
                boolean forUpdate = (i & 1) == 1; // half plain reads (upgrade conflicts), half read-for-update
                seen[thread][n] = Harness.inTxn(w, t -> {
                    byte[] row = forUpdate ? t.readForUpdate(table, key) : t.read(table, key);
                    long value = Bytes.getLong(row, 0);
                    Backoff.spinMicros(1 + i % 4); // widen the window between the read and the write
                    if (i % 16 == 0) {
                        Thread.yield(); // and be descheduled there now and then (two shared cores)
                    }
                    t.update(table, key, Bytes.longs(value + 1));
                    return value;
                });
            }
        });

        long expected = (long) threads * perThread;
        try (Worker w = cc.newWorker()) {
            long end = Harness.inTxn(w, t -> Bytes.getLong(t.read(table, key), 0));
            if (end != expected) {
                v.add("final counter " + end + ", expected " + expected + ": " + (expected - end)
                        + " increment(s) lost");
            }
        }
        BitSet values = new BitSet();
        for (long[] perThreadSeen : seen) {
            for (long s : perThreadSeen) {
                if (s < 0 || s >= expected) {
                    v.add("a committed increment read " + s + ", outside 0.." + (expected - 1));
                } else if (values.get((int) s)) {
                    v.add("two committed increments both read " + s + " (a lost update)");
                } else {
                    values.set((int) s);
                }
            }
        }
        System.out.printf("%s: %s%n", v.context(), cc.stats());
        return v;
    }
}
