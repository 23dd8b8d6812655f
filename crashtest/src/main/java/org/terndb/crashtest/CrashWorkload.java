package org.terndb.crashtest;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Set;
import java.util.function.LongConsumer;

/**
 * A workload the crash test runs in a child process and checks after the crash: the extension point for more
 * workloads (a TPC-C one can run its transactions and check the TPC-C consistency conditions the same way).
 * Implementations are registered in {@link Workloads}.
 */
public interface CrashWorkload {

    /** The name {@code --workload} selects. */
    String name();

    /** Creates the schema and initial data unless they exist (runs in the child, after recovery). */
    void setUp(Connection c) throws SQLException;

    /**
     * Runs transactions until the process is killed, calling {@code acknowledged} with a transaction's id right
     * after its commit returned. Ids start at {@code firstId} and must be unique across rounds of one trial.
     */
    void run(Connection c, long firstId, LongConsumer acknowledged) throws SQLException;

    /**
     * Checks a recovered database: every acknowledged transaction is there, none is there in part, and the
     * workload's invariants hold. Returns how many transactions are there; throws {@link AssertionError} with
     * what is wrong otherwise.
     */
    long verify(Connection c, Set<Long> acknowledged) throws SQLException;
}
