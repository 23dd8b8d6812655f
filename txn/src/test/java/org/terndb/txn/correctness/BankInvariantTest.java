package org.terndb.txn.correctness;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.Table;
import org.terndb.txn.Worker;

/**
 * Bank transfers under skew: money moves between accounts, a transfer only happens if the source covers it, and
 * concurrent read-only audits sum every balance through a scan (or point reads). Every protocol, SI included,
 * must keep the total exact in every committed audit and at the end, and never let a balance go negative.
 */
class BankInvariantTest {
    static final long INITIAL_BALANCE = 1_000;

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.terndb.txn.correctness.ProtocolsUnderTest#names")
    void totalIsConservedAndNoBalanceGoesNegativeUnderZipfTransfers(String protocol) {
        for (long seed : Harness.seeds(11)) {
            try (ConcurrencyControl cc = ProtocolsUnderTest.open(protocol)) {
                transfers(cc, 100, 0.99, 300, seed, 400).assertNone();
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.terndb.txn.correctness.ProtocolsUnderTest#names")
    void totalIsConservedAndNoBalanceGoesNegativeOnFourHotAccounts(String protocol) {
        for (long seed : Harness.seeds(12)) {
            try (ConcurrencyControl cc = ProtocolsUnderTest.open(protocol)) {
                transfers(cc, 4, 0, 700, seed, 400).assertNone();
            }
        }
    }

    private record Audit(long sum, int accounts, int negative) {}

    /**
     * Runs concurrent transfers and audits for the budget and reports what went wrong.
     *
     * @param theta     Zipf skew over the accounts (0 = uniform)
     * @param maxAmount transfers move 1..maxAmount, so the balance check refuses many of them
     */
    static Violations transfers(ConcurrencyControl cc, int accounts, double theta, int maxAmount, long seed,
                                long budgetMillis) {
        Violations v = new Violations(cc.name() + " bank(" + accounts + " accounts, seed " + seed + ")");
        Table table = cc.createTable("accounts");
        for (int i = 0; i < accounts; i++) {
            cc.load(table, Bytes.ints(i), Bytes.longs(INITIAL_BALANCE));
        }
        long total = INITIAL_BALANCE * accounts;
        Zipf zipf = new Zipf(accounts, theta);
        long deadline = System.nanoTime() + Harness.budgetNanos(budgetMillis);
        AtomicLong transfers = new AtomicLong();
        AtomicLong refused = new AtomicLong();
        AtomicLong audits = new AtomicLong();

        Harness.runThreads(cc, "bank", Harness.THREADS, (thread, w) -> {
            SplittableRandom rnd = new SplittableRandom(seed * 1_000_003 + thread);
            while (System.nanoTime() < deadline) {
                if (rnd.nextInt(100) < 8) {
                    Audit a = audit(w, table, accounts, rnd.nextInt(3));
                    audits.incrementAndGet();
                    if (a.sum() != total || a.accounts() != accounts || a.negative() != 0) {
                        v.add("a committed audit saw total " + a.sum() + " over " + a.accounts() + " accounts with "
                                + a.negative() + " negative balance(s); expected total " + total + " over "
                                + accounts);
                    }
                    continue;
                }
                int from = zipf.next(rnd);
                int to = zipf.next(rnd);
                while (to == from) {
                    to = rnd.nextInt(accounts);
                }
                long amount = 1 + rnd.nextInt(maxAmount);
                boolean forUpdate = rnd.nextBoolean();
                int src = from;
                int dst = to;
                String done = Harness.inTxn(w, t -> {
                    byte[] a = forUpdate ? t.readForUpdate(table, Bytes.ints(src)) : t.read(table, Bytes.ints(src));
                    byte[] b = forUpdate ? t.readForUpdate(table, Bytes.ints(dst)) : t.read(table, Bytes.ints(dst));
                    if (a == null || b == null) {
                        return "missing";
                    }
                    long ba = Bytes.getLong(a, 0);
                    Harness.think(rnd);
                    if (ba < amount) {
                        return "refused";
                    }
                    t.update(table, Bytes.ints(src), Bytes.longs(ba - amount));
                    t.update(table, Bytes.ints(dst), Bytes.longs(Bytes.getLong(b, 0) + amount));
                    return "moved";
                });
                switch (done) {
                    case "moved" -> transfers.incrementAndGet();
                    case "refused" -> refused.incrementAndGet();
                    default -> v.add("a committed transfer did not find account " + src + " or " + dst);
                }
            }
        });

        try (Worker w = cc.newWorker()) {
            Audit end = audit(w, table, accounts, 0);
            if (end.sum() != total || end.accounts() != accounts || end.negative() != 0) {
                v.add("after the run: total " + end.sum() + " over " + end.accounts() + " accounts with "
                        + end.negative() + " negative balance(s); expected " + total + " over " + accounts);
            }
        }
        System.out.printf("%s: %d transfers, %d refused, %d audits; %s%n", v.context(), transfers.get(),
                refused.get(), audits.get(), cc.stats());
        return v;
    }

    /** Sums all balances in one read-only transaction: forward scan, reverse scan or point reads. */
    private static Audit audit(Worker w, Table table, int accounts, int how) {
        return Harness.inTxn(w, t -> {
            long[] acc = new long[3]; // sum, rows, negatives
            if (how == 2) {
                for (int i = 0; i < accounts; i++) {
                    byte[] row = t.read(table, Bytes.ints(i));
                    if (row != null) {
                        add(acc, row);
                    }
                }
            } else {
                t.scan(table.primary(), null, true, null, true, how == 1, 0, (k, row) -> {
                    add(acc, row);
                    return true;
                });
            }
            return new Audit(acc[0], (int) acc[1], (int) acc[2]);
        });
    }

    private static void add(long[] acc, byte[] row) {
        long b = Bytes.getLong(row, 0);
        acc[0] += b;
        acc[1]++;
        if (b < 0) {
            acc[2]++;
        }
    }
}
