package org.terndb.crashtest;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Set;
import java.util.function.LongConsumer;

/** A crash workload written against JDBC connections to {@code jdbc:tern:file:} (one per thread). */
abstract class JdbcCrashWorkload implements CrashWorkload {

    /** Creates the schema and initial data unless they exist (runs in the child, after recovery). */
    abstract void setUp(Connection c) throws SQLException;

    /** Runs transactions until the process is killed, acknowledging each by id; ids start at {@code firstId}. */
    abstract void run(Connection c, long firstId, LongConsumer acknowledged) throws SQLException;

    /** Checks a recovered database; returns how many transactions are there. */
    abstract long verify(Connection c, Set<Long> acknowledged) throws SQLException;

    @Override
    public void child(CrashTarget target, int threads, long firstId, int round, Runnable ready,
                      LongConsumer acknowledged) throws Exception {
        String url = target.url();
        try (Connection c = DriverManager.getConnection(url)) {
            setUp(c);
            ready.run();
            Thread[] ts = new Thread[threads];
            Throwable[] failure = new Throwable[1];
            for (int t = 0; t < threads; t++) {
                long base = firstId + t * 100_000_000L;
                ts[t] = new Thread(() -> {
                    try (Connection own = DriverManager.getConnection(url)) {
                        run(own, base, acknowledged);
                    } catch (Exception e) {
                        synchronized (failure) {
                            failure[0] = e;
                        }
                        throw new IllegalStateException(e.toString(), e); // the crash child reports it at once
                    }
                });
                ts[t].start();
            }
            for (Thread t : ts) {
                t.join();
            }
            if (failure[0] != null) {
                throw new IllegalStateException(failure[0].toString(), failure[0]);
            }
        }
    }

    @Override
    public Verified verify(CrashTarget target, Set<Long> acknowledged) throws Exception {
        long t0 = System.nanoTime();
        try (Connection c = DriverManager.getConnection(target.url())) {
            long millis = (System.nanoTime() - t0) / 1_000_000;
            return new Verified(verify(c, acknowledged), millis);
        }
    }
}
