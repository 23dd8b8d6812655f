package org.terndb.harness;

/** How one attempt, or one transaction after its retries, ended. */
public enum Outcome {
    /** Committed: its effects are in the database. */
    COMMITTED,
    /**
     * Ended without effects because the benchmark says so, not because of a conflict: TPC-C's New-Order with an
     * unused item, TATP's transactions that find no row or a duplicate key. Never retried.
     */
    ROLLED_BACK,
    /** A conflict (or a retryable database error) aborted the attempt: it is retried. Never a final outcome. */
    ABORTED,
    /** The run stopped while the transaction was still being retried: not counted. */
    ABANDONED,
    /**
     * Committed, but not acknowledged yet (it waits for durability while the thread runs other terminals' work):
     * the driver counts it itself when it acknowledges it ({@link DriverThread#acknowledged}). Never retried.
     */
    PENDING
}
