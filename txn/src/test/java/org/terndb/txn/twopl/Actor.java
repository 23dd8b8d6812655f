package org.terndb.txn.twopl;

import static org.junit.jupiter.api.Assertions.fail;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One thread that runs a test's steps for one worker (workers are bound to a thread), so a test can interleave
 * two transactions step by step and see one of them block in a lock wait.
 */
final class Actor implements AutoCloseable {
    private static final long BOUND_SECONDS = 10;

    private final ExecutorService executor;
    private volatile Thread thread;

    Actor(String name) {
        executor = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            thread = t;
            return t;
        });
    }

    <T> Future<T> submit(Callable<T> step) {
        return executor.submit(step);
    }

    /** Runs a step and returns its result, rethrowing what it threw. */
    <T> T call(Callable<T> step) throws Exception {
        return await(submit(step));
    }

    void run(Runnable step) throws Exception {
        call(() -> {
            step.run();
            return null;
        });
    }

    static <T> T await(Future<T> f) throws Exception {
        try {
            return f.get(BOUND_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Exception ex) {
                throw ex;
            }
            throw e;
        } catch (TimeoutException e) {
            throw new AssertionError("step still blocked after " + BOUND_SECONDS + " s", e);
        }
    }

    /**
     * Returns once the pending step is parked inside a lock wait (the only timed park a step does), failing if
     * the step finished instead: it proves the step waits, without measuring time.
     */
    void awaitLockWait(Future<?> pending) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(BOUND_SECONDS);
        while (System.nanoTime() < end) {
            if (pending.isDone()) {
                fail("expected the step to wait for a lock, but it finished: " + describe(pending));
            }
            Thread t = thread;
            if (t != null && t.getState() == Thread.State.TIMED_WAITING) {
                return;
            }
            Thread.onSpinWait();
        }
        fail("step neither waited nor finished within " + BOUND_SECONDS + " s");
    }

    private static String describe(Future<?> f) {
        try {
            return String.valueOf(f.get());
        } catch (Exception e) {
            return e.getCause() == null ? e.toString() : e.getCause().toString();
        }
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
