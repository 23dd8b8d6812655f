package org.terndb.txn.correctness;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.Table;
import org.terndb.txn.Worker;

/**
 * The on-call doctors: two rows, both on; each of two transactions reads both and goes off call if the other is
 * on. Run many times with the two transactions forced to overlap (both read before either writes, unless the
 * protocol makes one wait). Serializable protocols must leave at least one doctor on call every time; snapshot
 * isolation must show the write skew at least once.
 */
class WriteSkewTest {
    private static final byte[] ON = {1};
    private static final byte[] OFF = {0};

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.terndb.txn.correctness.ProtocolsUnderTest#names")
    void serializableProtocolsAlwaysKeepOneDoctorOnCall(String protocol) {
        try (ConcurrencyControl cc = ProtocolsUnderTest.open(protocol)) {
            assumeTrue(cc.isSerializable(), "write skew is allowed under " + protocol);
            Result r = doctors(cc, Harness.trials(40));
            r.violations().assertNone();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.terndb.txn.correctness.ProtocolsUnderTest#names")
    void snapshotIsolationLetsBothDoctorsGoOffCall(String protocol) {
        try (ConcurrencyControl cc = ProtocolsUnderTest.open(protocol)) {
            assumeFalse(cc.isSerializable(), protocol + " is serializable");
            Result r = doctors(cc, Harness.trials(60));
            assertTrue(r.bothOff() > 0, cc.name() + ": no write skew in " + r.trials() + " trials (" + r.overlapped()
                    + " overlapped); snapshot isolation should allow it");
        }
    }

    /** @param bothOff trials that ended with both doctors off call */
    record Result(int trials, int overlapped, int bothOff, Violations violations) {}

    static Result doctors(ConcurrencyControl cc, int trials) {
        Violations v = new Violations(cc.name() + " write-skew(" + trials + " trials)");
        Table table = cc.createTable("oncall");
        for (int i = 0; i < trials; i++) {
            cc.load(table, Bytes.ints(i, 0), ON);
            cc.load(table, Bytes.ints(i, 1), ON);
        }
        AtomicIntegerArray arrived = new AtomicIntegerArray(trials * 2); // read both rows, not yet written
        AtomicIntegerArray finished = new AtomicIntegerArray(trials * 2); // committed or aborted
        AtomicIntegerArray sawOther = new AtomicIntegerArray(trials * 2); // saw the other's reads done before writing
        Thread[] threads = new Thread[2];
        CyclicBarrier barrier = new CyclicBarrier(2);

        Harness.runThreads(cc, "doctor", 2, (me, w) -> {
            threads[me] = Thread.currentThread();
            int other = 1 - me;
            try {
                barrier.await(30, TimeUnit.SECONDS);
                for (int trial = 0; trial < trials; trial++) {
                    int mine = trial * 2 + me;
                    int theirs = trial * 2 + other;
                    int tr = trial;
                    try {
                        Harness.attempt(w, t -> {
                            byte[] a = t.read(table, Bytes.ints(tr, me));
                            byte[] b = t.read(table, Bytes.ints(tr, other));
                            arrived.set(mine, 1);
                            Harness.awaitOrBlocked(threads[other],
                                    () -> arrived.get(theirs) == 1 || finished.get(theirs) == 1, 200);
                            if (arrived.get(theirs) == 1) {
                                sawOther.set(mine, 1); // both doing so = both read before either wrote
                            }
                            if (a[0] == 1 && b[0] == 1) {
                                t.update(table, Bytes.ints(tr, me), OFF);
                            }
                            return null;
                        });
                    } finally {
                        finished.set(mine, 1); // an aborted attempt must not keep the other waiting
                    }
                    barrier.await(30, TimeUnit.SECONDS);
                }
            } catch (Throwable e) {
                barrier.reset(); // release the other doctor at once
                throw e;
            }
        });

        int bothOff = 0;
        int met = 0;
        try (Worker w = cc.newWorker()) {
            for (int trial = 0; trial < trials; trial++) {
                int tr = trial;
                boolean off = Harness.inTxn(w, t ->
                        t.read(table, Bytes.ints(tr, 0))[0] == 0 && t.read(table, Bytes.ints(tr, 1))[0] == 0);
                if (off) {
                    bothOff++;
                    v.add("trial " + trial + ": both doctors went off call (write skew)");
                }
                met += sawOther.get(trial * 2) & sawOther.get(trial * 2 + 1);
            }
        }
        System.out.printf("%s: %d overlapped, %d write skews; %s%n", v.context(), met, bothOff, cc.stats());
        return new Result(trials, met, bothOff, v);
    }
}
