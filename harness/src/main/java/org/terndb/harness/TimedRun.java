package org.terndb.harness;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.terndb.cli.CommandFailedException;

/**
 * Runs driver threads through a warm-up ({@link WarmUp}) and a timed window and merges their counts. The first
 * failure of any driver stops all of them and is rethrown here.
 */
public final class TimedRun {
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    private static final long STOP_GRACE_NANOS = TimeUnit.SECONDS.toNanos(30);

    private TimedRun() {
    }

    /** As {@link #measure(List, WarmUp, double, String)} with a warm-up of exactly {@code warmupSeconds}. */
    public static Measurement measure(List<? extends DriverThread<?>> drivers, double warmupSeconds, double seconds,
                                      String threadName) throws Exception {
        return measure(drivers, WarmUp.fixed(warmupSeconds), seconds, threadName);
    }

    /**
     * @param warmUp     the untimed warm-up after every driver opened
     * @param seconds    timed seconds
     * @param threadName prefix of the threads' names (a number is appended)
     */
    public static Measurement measure(List<? extends DriverThread<?>> drivers, WarmUp warmUp, double seconds,
                                      String threadName) throws Exception {
        if (drivers.isEmpty()) {
            throw new IllegalArgumentException("a run needs at least one driver thread");
        }
        System.gc();   // start from a collected heap, not with the loader's garbage
        RunPhase phase = new RunPhase();
        CountDownLatch ready = new CountDownLatch(drivers.size());
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread[] threads = new Thread[drivers.size()];
        for (int i = 0; i < threads.length; i++) {
            DriverThread<?> driver = drivers.get(i);
            threads[i] = new Thread(() -> {
                try {
                    try {
                        driver.open();
                        ready.countDown();
                        driver.loop(phase);
                    } finally {
                        driver.close();
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                    phase.set(RunPhase.STOP);
                } finally {
                    ready.countDown();
                }
            }, threadName + "-" + i);
            threads[i].setDaemon(true);   // a thread stuck in the system under test must not keep the JVM alive
        }
        for (Thread t : threads) {
            t.start();
        }
        ready.await();
        long warmUpStart = System.nanoTime();
        warmUp(warmUp, failure);
        phase.set(RunPhase.MEASURE);
        long start = System.nanoTime();
        long compiledBefore = WarmUp.compileMillis();
        sleepUnlessFailed(seconds, failure);
        phase.set(RunPhase.STOP);
        double elapsed = (System.nanoTime() - start) / 1e9;
        long compiledAfter = WarmUp.compileMillis();
        join(threads);
        Throwable f = failure.get();
        if (f instanceof Exception e) {
            throw e;
        } else if (f instanceof Error e) {
            throw e;
        }
        TerminalStats total = new TerminalStats(drivers.get(0).stats().types());
        for (DriverThread<?> d : drivers) {
            total.add(d.stats());
        }
        return new Measurement(total, elapsed, (start - warmUpStart) / 1e9,
                compiledBefore < 0 || compiledAfter < 0 ? -1 : compiledAfter - compiledBefore);
    }

    /** Lets the drivers run until the warm-up is over (or one of them failed). */
    private static void warmUp(WarmUp warmUp, AtomicReference<Throwable> failure) {
        if (!warmUp.untilJitIdle()) {
            sleepUnlessFailed(warmUp.seconds(), failure);
            return;
        }
        WarmUp.Progress progress = warmUp.start();
        while (failure.get() == null && !progress.over()) {
            LockSupport.parkNanos(POLL_NANOS);
        }
    }

    private static void sleepUnlessFailed(double seconds, AtomicReference<Throwable> failure) {
        long end = System.nanoTime() + (long) (seconds * 1e9);
        long left;
        while (failure.get() == null && (left = end - System.nanoTime()) > 0) {
            LockSupport.parkNanos(Math.min(left, POLL_NANOS));
        }
    }

    /** Waits for the drivers' last transactions; one still running long after the stop is stuck: fail. */
    private static void join(Thread[] threads) throws InterruptedException {
        long deadline = System.nanoTime() + STOP_GRACE_NANOS;
        for (Thread t : threads) {
            t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            if (t.isAlive()) {
                StackTraceElement[] stack = t.getStackTrace();
                throw new CommandFailedException("driver thread " + t.getName() + " did not stop within "
                        + TimeUnit.NANOSECONDS.toSeconds(STOP_GRACE_NANOS) + " s of the end of the run; it is at "
                        + (stack.length == 0 ? "?" : stack[0]));
            }
        }
    }
}
