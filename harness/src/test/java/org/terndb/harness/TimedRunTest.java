package org.terndb.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class TimedRunTest {
    private static final class Counting extends DriverThread<DriverThreadTest.Kind> {
        final AtomicInteger closed = new AtomicInteger();
        final RuntimeException failure;

        Counting(RuntimeException failure) {
            super(2);
            this.failure = failure;
        }

        @Override
        protected DriverThreadTest.Kind next() {
            return DriverThreadTest.Kind.READ;
        }

        @Override
        protected Outcome attempt(DriverThreadTest.Kind type) {
            if (failure != null) {
                throw failure;
            }
            Thread.onSpinWait();
            return Outcome.COMMITTED;
        }

        @Override
        public void close() {
            closed.incrementAndGet();
        }
    }

    @Test
    void driversRunThroughWarmUpAndTimedWindowAndTheirCountsAreMerged() throws Exception {
        List<Counting> drivers = List.of(new Counting(null), new Counting(null));
        Measurement m = TimedRun.measure(drivers, 0.05, 0.1, "test-driver");
        assertTrue(m.seconds() >= 0.1, "" + m.seconds());
        long sum = drivers.stream().mapToLong(d -> d.stats().totalCommits()).sum();
        assertEquals(sum, m.stats().totalCommits());
        assertTrue(sum > 0);
        drivers.forEach(d -> assertEquals(1, d.closed.get()));
    }

    @Test
    void anAutomaticWarmUpLastsAtLeastItsSecondsAndAtMostItsLongestTime() throws Exception {
        List<Counting> drivers = List.of(new Counting(null));
        Measurement m = TimedRun.measure(drivers, new WarmUp(0.2, 0.6), 0.05, "test-driver");
        assertTrue(m.warmupSeconds() >= 0.2 && m.warmupSeconds() < 5, "" + m.warmupSeconds());
        assertTrue(m.jitMillis() >= -1);
        assertTrue(m.warmUpLine().startsWith("warm-up "), m.warmUpLine());
        Measurement fixed = TimedRun.measure(List.of(new Counting(null)), 0.1, 0.05, "test-driver");
        assertTrue(fixed.warmupSeconds() >= 0.1 && fixed.warmupSeconds() < 5, "" + fixed.warmupSeconds());
    }

    @Test
    void theFirstFailureStopsTheRunAndIsRethrown() {
        IllegalStateException boom = new IllegalStateException("boom");
        List<Counting> drivers = List.of(new Counting(null), new Counting(boom));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> TimedRun.measure(drivers, 10, 10, "test-driver"));
        assertSame(boom, e);
        drivers.forEach(d -> assertEquals(1, d.closed.get()));
    }

    @Test
    void parallelLoadRunsEveryTaskOnceAndRethrowsAFailure() throws Exception {
        List<Integer> done = java.util.Collections.synchronizedList(new ArrayList<>());
        AtomicInteger sinks = new AtomicInteger();
        List<ParallelLoad.Task<AutoCloseable>> tasks = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            int n = i;
            tasks.add(sink -> done.add(n));
        }
        ParallelLoad.run(3, tasks, () -> {
            sinks.incrementAndGet();
            return () -> { };
        }, "test-load");
        assertEquals(20, done.size());
        assertEquals(20, new java.util.HashSet<>(done).size());
        assertEquals(3, sinks.get());

        tasks.add(sink -> {
            throw new java.io.IOException("disk full");
        });
        java.io.IOException e = assertThrows(java.io.IOException.class,
                () -> ParallelLoad.run(2, tasks, () -> () -> { }, "test-load"));
        assertEquals("disk full", e.getMessage());
    }
}
