package org.terndb.engine.proc;

import java.util.concurrent.atomic.LongAdder;

/** Counters of a database's procedure calls; read from any thread. */
public final class ProcedureStats {
    private final LongAdder commits = new LongAdder();
    private final LongAdder retries = new LongAdder();
    private final LongAdder signals = new LongAdder();
    private final LongAdder failures = new LongAdder();
    private final LongAdder compilations = new LongAdder();

    /** CALLs that ended, committed or failed (counted as the two, so that a call costs one counter update). */
    public long calls() {
        return commits.sum() + failures.sum();
    }

    /** Calls whose work committed (in autocommit) or completed inside an explicit transaction. */
    public long commits() {
        return commits.sum();
    }

    /** Attempts aborted by the concurrency control and run again (each retry counts once). */
    public long retries() {
        return retries.sum();
    }

    /** Calls ended by SIGNAL. */
    public long signals() {
        return signals.sum();
    }

    /** Calls that failed with any error, SIGNAL and exhausted retries included. */
    public long failures() {
        return failures.sum();
    }

    /** Compilations of SQL procedures: at CREATE, and again after DDL changed the catalog. */
    public long compilations() {
        return compilations.sum();
    }

    void commit() {
        commits.increment();
    }

    void retry() {
        retries.increment();
    }

    void signal() {
        signals.increment();
    }

    void failure() {
        failures.increment();
    }

    void compilation() {
        compilations.increment();
    }

    @Override
    public String toString() {
        return "calls=" + calls() + " commits=" + commits() + " retries=" + retries() + " signals=" + signals()
                + " failures=" + failures() + " compilations=" + compilations();
    }
}
