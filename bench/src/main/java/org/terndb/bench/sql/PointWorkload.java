package org.terndb.bench.sql;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.terndb.cli.CommandFailedException;

/**
 * Point operations by primary key through JDBC prepared statements, each thread on its own connection in
 * autocommit mode: {@code SELECT balance FROM t WHERE id = ?} and
 * {@code UPDATE t SET balance = balance + 1 WHERE id = ?} on uniformly random ids. Statements are prepared
 * once per connection, so TernDB runs them from its plan cache. A thread reads no clock per operation (a clock
 * read costs some 20-35 ns on a virtual machine, a share of a TernDB point read that would narrow the ratios): it
 * runs until the timing thread raises a flag.
 */
final class PointWorkload {
    enum Operation {
        SELECT("select", "SELECT balance FROM " + SqlTarget.TABLE + " WHERE id = ?"),
        UPDATE("update", "UPDATE " + SqlTarget.TABLE + " SET balance = balance + 1 WHERE id = ?");

        final String label;
        final String sql;

        Operation(String label, String sql) {
            this.label = label;
            this.sql = sql;
        }
    }

    private static final ThreadMXBean THREAD_TIMES = ManagementFactory.getThreadMXBean();

    /**
     * What one timed run did; {@code cpuNanos} is the CPU time its threads spent in it (0 if the JVM cannot tell),
     * which, unlike ops/s, does not count the time other processes of a loaded machine hold the cores.
     */
    record Run(long ops, long conflicts, double seconds, long cpuNanos) {
        double opsPerSecond() {
            return ops / seconds;
        }

        /** Mean CPU time of one operation on its thread, in microseconds (0 if unknown). */
        double cpuMicrosPerOp() {
            return ops == 0 ? 0 : cpuNanos / 1e3 / ops;
        }

        /** Mean time of one operation on one thread, in microseconds. */
        double meanLatencyMicros(int threads) {
            return seconds * 1e6 * threads / ops;
        }
    }

    private final int rows;
    private final long seed;
    /** Updates that committed (one workload per target): checked against the table's total at the end. */
    private final AtomicLong updates = new AtomicLong();
    /** Keeps the values read observable, so the reads cannot be optimised away. */
    @SuppressWarnings("unused")
    private volatile long sink;

    PointWorkload(int rows, long seed) {
        this.rows = rows;
        this.seed = seed;
    }

    long committedUpdates() {
        return updates.get();
    }

    /** Runs {@code op} on {@code threads} connections for {@code seconds}, after {@code warmup} seconds untimed. */
    Run run(SqlTarget target, Operation op, int threads, double warmup, double seconds) throws Exception {
        Connection[] connections = new Connection[threads];
        PreparedStatement[] statements = new PreparedStatement[threads];
        try {
            for (int t = 0; t < threads; t++) {
                connections[t] = target.connect();
                statements[t] = connections[t].prepareStatement(op.sql);
            }
            if (warmup > 0) {
                timed(target, op, statements, warmup, true);
            }
            return timed(target, op, statements, seconds, false);
        } finally {
            for (int t = 0; t < threads; t++) {
                if (connections[t] != null) {
                    connections[t].close();
                }
            }
        }
    }

    private Run timed(SqlTarget target, Operation op, PreparedStatement[] statements, double seconds, boolean warmup)
            throws Exception {
        int threads = statements.length;
        long[] ops = new long[threads];
        long[] conflicts = new long[threads];
        long[] cpu = new long[threads];
        Throwable[] failures = new Throwable[threads];
        Thread[] workers = new Thread[threads];
        Stop stop = new Stop();
        long start = System.nanoTime();
        for (int t = 0; t < threads; t++) {
            int thread = t;
            SplittableRandom random = new SplittableRandom(seed * 31 + thread + (warmup ? 7 : 0));
            workers[t] = new Thread(() -> {
                try {
                    long cpuStart = cpuTime();
                    long[] done = op == Operation.SELECT ? selects(statements[thread], random, stop)
                            : updates(statements[thread], random, stop);
                    cpu[thread] = cpuStart < 0 ? 0 : cpuTime() - cpuStart;
                    ops[thread] = done[0];
                    conflicts[thread] = done[1];
                } catch (Throwable e) {
                    failures[thread] = e;
                }
            }, "bench-sql-" + target.name + "-" + op.label + "-" + t);
        }
        for (Thread w : workers) {
            w.start();
        }
        long end = start + (long) (seconds * 1e9);
        try {
            for (long left = end - System.nanoTime(); left > 0; left = end - System.nanoTime()) {
                Thread.sleep(left / 1_000_000, (int) (left % 1_000_000));
            }
        } finally {
            stop.raised = true; // an interrupted timer still ends the workers
        }
        for (Thread w : workers) {
            w.join();
        }
        double elapsed = (System.nanoTime() - start) / 1e9;
        for (Throwable f : failures) {
            if (f != null) {
                throw new CommandFailedException(target.name + " " + op.label + " failed: " + f);
            }
        }
        long total = 0;
        long conflicted = 0;
        long cpuTotal = 0;
        for (int t = 0; t < threads; t++) {
            total += ops[t];
            conflicted += conflicts[t];
            cpuTotal += cpu[t];
        }
        return new Run(total, conflicted, elapsed, cpuTotal);
    }

    /** The calling thread's CPU time in nanoseconds, or -1 if the JVM does not measure it. */
    private static long cpuTime() {
        return THREAD_TIMES.isCurrentThreadCpuTimeSupported() ? THREAD_TIMES.getCurrentThreadCpuTime() : -1;
    }

    /** Raised by the timing thread when a timed run is over; the workers check it after every operation. */
    private static final class Stop {
        volatile boolean raised;
    }

    private long[] selects(PreparedStatement ps, SplittableRandom random, Stop stop) throws SQLException {
        long ops = 0;
        long sum = 0;
        do {
            ps.setInt(1, 1 + random.nextInt(rows));
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    throw new CommandFailedException("a point SELECT found no row");
                }
                sum += rs.getLong(1);
            }
            ops++;
        } while (!stop.raised);
        sink = sum;
        return new long[] {ops, 0};
    }

    /** Returns {committed updates, conflicts}; a conflict (40001, or H2's lock timeout) is counted, not retried. */
    private long[] updates(PreparedStatement ps, SplittableRandom random, Stop stop) throws SQLException {
        long ops = 0;
        long conflicts = 0;
        do {
            ps.setInt(1, 1 + random.nextInt(rows));
            try {
                if (ps.executeUpdate() != 1) {
                    throw new CommandFailedException("a point UPDATE changed no row");
                }
                ops++;
            } catch (SQLException e) {
                if (!"40001".equals(e.getSQLState()) && !"HYT00".equals(e.getSQLState())) {
                    throw e;
                }
                conflicts++;
            }
        } while (!stop.raised);
        updates.addAndGet(ops);
        return new long[] {ops, conflicts};
    }
}
