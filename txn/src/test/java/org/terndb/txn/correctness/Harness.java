package org.terndb.txn.correctness;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.Worker;
import org.terndb.txn.common.Backoff;

/**
 * Threads, retry loops, budgets and seeds shared by the correctness scenarios. Scenarios never assert timing:
 * budgets only bound how long a scenario generates load; a hard limit turns a hang into a failure with stacks.
 */
final class Harness {
    /** Threads per concurrent scenario. */
    static final int THREADS = 4;

    private static final long HARD_LIMIT_MILLIS = 60_000;
    private static final long RETRY_LIMIT_NANOS = 20_000_000_000L;

    private Harness() {
    }

    static double scale() {
        String s = System.getProperty("tern.txn.scale", "1");
        try {
            double d = Double.parseDouble(s);
            return d > 0 ? d : 1;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("tern.txn.scale must be a positive number, not '" + s + "'");
        }
    }

    /** A scenario's load-generation budget in nanoseconds, scaled. */
    static long budgetNanos(long millis) {
        return Math.max(1, Math.round(millis * scale())) * 1_000_000L;
    }

    static int trials(int base) {
        return Math.max(1, (int) Math.round(base * scale()));
    }

    /** The fixed seeds plus one random seed (or {@code -Dtern.txn.seed=N} to replay one). */
    static long[] seeds(long... fixed) {
        String replay = System.getProperty("tern.txn.seed");
        if (replay != null) {
            return new long[] {Long.parseLong(replay.trim())};
        }
        long[] s = java.util.Arrays.copyOf(fixed, fixed.length + 1);
        s[fixed.length] = System.nanoTime() ^ 0x5DEECE66DL;
        return s;
    }

    // ---------------------------------------------------------------- transactions

    /** The body of one transaction attempt; its result is returned only if the attempt commits. */
    @FunctionalInterface
    interface TxnBody<T> {
        T run(Transaction t);
    }

    /** Outcome of one attempt: committed or aborted with the protocol's exception. */
    record Attempt<T>(boolean committed, T value, TransactionAbortedException abort) {}

    /**
     * Runs the body in a new transaction and commits, retrying after each abort (with the worker's backoff) as
     * applications do. Anything but an abort is rethrown after rolling back. A transaction that cannot commit
     * within 20 s fails the scenario (livelock or a lost wake-up).
     */
    static <T> T inTxn(Worker w, TxnBody<T> body) {
        long start = System.nanoTime();
        int aborts = 0;
        while (true) {
            Attempt<T> a = attempt(w, body);
            if (a.committed()) {
                return a.value();
            }
            aborts++;
            if (System.nanoTime() - start > RETRY_LIMIT_NANOS) {
                throw new AssertionError("a transaction did not commit within 20 s (" + aborts
                        + " aborts, last: " + a.abort().getMessage() + "): livelock or a lock never released");
            }
            w.backoff();
        }
    }

    /** One attempt, no retry. */
    static <T> Attempt<T> attempt(Worker w, TxnBody<T> body) {
        Transaction t = w.begin();
        try {
            T value = body.run(t);
            t.commit();
            return new Attempt<>(true, value, null);
        } catch (TransactionAbortedException e) {
            if (t.isActive()) {
                throw new AssertionError("transaction still active after it threw " + e.getMessage()
                        + ": an aborted transaction must be rolled back when the exception is thrown");
            }
            return new Attempt<>(false, null, e);
        } catch (RuntimeException | Error e) {
            if (t.isActive()) {
                t.abort();
            }
            throw e;
        }
    }

    /**
     * Think time inside a transaction: transactions this short would otherwise rarely overlap, and the races the
     * suite looks for would rarely happen. Mostly a busy wait of a few microseconds (both cores keep running
     * transactions), rarely a yield (a transaction descheduled in the middle). Yields are kept rare because one
     * can cost a whole scheduler slice on two cores.
     */
    static void think(SplittableRandom rnd) {
        int r = rnd.nextInt(64);
        if (r == 0) {
            Thread.yield();
        } else if (r < 20) {
            Backoff.spinMicros(1 + (r & 7));
        }
    }

    // ---------------------------------------------------------------- threads

    @FunctionalInterface
    interface ThreadBody {
        void run(int thread, Worker worker) throws Exception;
    }

    /**
     * Runs {@code n} threads, each with its own worker, and waits for all. The first failure of any thread is
     * rethrown (others are attached as suppressed). A thread still running after a minute is reported with all
     * threads' stacks.
     */
    static void runThreads(ConcurrencyControl cc, String what, int n, ThreadBody body) {
        List<Throwable> failures = new ArrayList<>();
        AtomicBoolean failed = new AtomicBoolean();
        Thread[] threads = new Thread[n];
        for (int i = 0; i < n; i++) {
            int index = i;
            threads[i] = new Thread(() -> {
                try (Worker w = cc.newWorker()) {
                    body.run(index, w);
                } catch (Throwable e) {
                    failed.set(true);
                    synchronized (failures) {
                        failures.add(e);
                    }
                }
            }, what + "-" + i);
            threads[i].setDaemon(true); // a hung thread must not keep the test JVM alive
        }
        for (Thread t : threads) {
            t.start();
        }
        long deadline = System.nanoTime() + HARD_LIMIT_MILLIS * 1_000_000L;
        for (Thread t : threads) {
            try {
                t.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000L));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
            if (t.isAlive()) {
                throw new AssertionError(what + ": thread " + t.getName() + " still running after "
                        + HARD_LIMIT_MILLIS / 1000 + " s (deadlock or livelock?)\n" + stacks(threads));
            }
        }
        if (failed.get()) {
            Throwable first = failures.get(0);
            for (int i = 1; i < failures.size(); i++) {
                first.addSuppressed(failures.get(i));
            }
            if (first instanceof Error e) {
                throw e;
            }
            throw new AssertionError(what + " failed in a worker thread: " + first, first);
        }
    }

    static String stacks(Thread... threads) {
        StringBuilder sb = new StringBuilder();
        Map<Thread, StackTraceElement[]> all = Thread.getAllStackTraces();
        for (Thread t : threads) {
            sb.append("  thread ").append(t.getName()).append(" (").append(t.getState()).append(")\n");
            StackTraceElement[] st = all.get(t);
            if (st != null) {
                for (int i = 0; i < Math.min(st.length, 25); i++) {
                    sb.append("    at ").append(st[i]).append('\n');
                }
            }
        }
        return sb.toString();
    }

    /**
     * Waits until {@code done} holds, or until {@code other} looks blocked inside the protocol (parked or blocked
     * in several consecutive observations), or until {@code maxMillis} pass. Used to force an interleaving
     * without hanging on protocols that make the other transaction wait. Returns true if {@code done} held.
     */
    static boolean awaitOrBlocked(Thread other, java.util.function.BooleanSupplier done, long maxMillis) {
        long deadline = System.nanoTime() + maxMillis * 1_000_000L;
        int parkedSeen = 0;
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.State s = other.getState();
            boolean parked = s == Thread.State.WAITING || s == Thread.State.TIMED_WAITING
                    || s == Thread.State.BLOCKED || s == Thread.State.TERMINATED;
            parkedSeen = parked ? parkedSeen + 1 : 0;
            if (parkedSeen >= 10) {
                return false;
            }
            java.util.concurrent.locks.LockSupport.parkNanos(500_000);
        }
        return true;
    }
}
