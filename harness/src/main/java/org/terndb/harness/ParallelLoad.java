package org.terndb.harness;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs a loader's tasks on a few threads, each thread writing through a sink of its own (a connection, reusable
 * builders) that it opens first and closes last. The first failure stops the other threads after their current
 * task and is rethrown.
 */
public final class ParallelLoad {
    private ParallelLoad() {
    }

    /** One piece of the population, written through the calling thread's sink. */
    @FunctionalInterface
    public interface Task<S> {
        void run(S sink) throws Exception;
    }

    /** Opens a sink on the loading thread that will use it. */
    @FunctionalInterface
    public interface SinkFactory<S> {
        S open() throws Exception;
    }

    @SuppressWarnings("try")   // a sink's close() may throw anything its database throws; it is never interrupted
    public static <S extends AutoCloseable> void run(int threads, List<? extends Task<S>> tasks,
                                                     SinkFactory<? extends S> sinks, String threadName)
            throws Exception {
        int n = Math.max(1, Math.min(threads, tasks.size()));
        ExecutorService pool = Executors.newFixedThreadPool(n, r -> {
            Thread t = new Thread(r, threadName);
            t.setDaemon(true);
            return t;
        });
        AtomicInteger next = new AtomicInteger();
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                futures.add(pool.submit(() -> {
                    try (S sink = sinks.open()) {
                        int t;
                        while ((t = next.getAndIncrement()) < tasks.size()) {
                            tasks.get(t).run(sink);
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                try {
                    f.get();
                } catch (ExecutionException e) {
                    next.set(tasks.size());   // the other threads stop after their current task
                    Throwable cause = e.getCause();
                    if (cause instanceof Exception ex) {
                        throw ex;
                    }
                    throw (Error) cause;
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
