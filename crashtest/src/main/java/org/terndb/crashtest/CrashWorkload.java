package org.terndb.crashtest;

import java.util.Set;
import java.util.function.LongConsumer;

/**
 * A workload the crash test runs in a child process and checks after the crash: the extension point for more
 * workloads. {@link JdbcCrashWorkload} adapts workloads written against JDBC connections (the ledger); the TPC-C
 * one runs the transactions on the protocol's API. Implementations are registered in {@link Workloads}.
 */
public interface CrashWorkload {

    /** The name {@code --workload} selects. */
    String name();

    /** The child JVM's maximum heap ({@code -Xmx}). */
    default String childHeap() {
        return "512m";
    }

    /**
     * Runs in the child: opens (recovering) the database, sets the workload up unless it is there, calls
     * {@code ready}, then runs transactions on {@code threads} threads until the process is killed, calling
     * {@code acknowledged} with a transaction's id right after its commit returned. Ids must be unique across the
     * rounds of one trial ({@code firstId} and {@code round} differ per round).
     */
    void child(CrashTarget target, int threads, long firstId, int round, Runnable ready, LongConsumer acknowledged)
            throws Exception;

    /**
     * Runs in the parent after a kill: reopens the database, checks that every acknowledged transaction is there,
     * none is there in part, and the workload's invariants hold; closes it again. Throws {@link AssertionError}
     * with what is wrong.
     */
    Verified verify(CrashTarget target, Set<Long> acknowledged) throws Exception;

    /**
     * What a check found.
     *
     * @param recovered      transactions found in the recovered database
     * @param recoveryMillis time to open (recover) the database
     */
    record Verified(long recovered, long recoveryMillis) {}
}
