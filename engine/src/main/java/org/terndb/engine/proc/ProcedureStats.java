package org.terndb.engine.proc;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counters of a database's procedure calls; read from any thread. Committed calls, one per call, are counted by each
 * session in a counter of its own ({@link Counter}, no atomic update on the call path) and summed when read; the
 * rarer events go to shared adders.
 */
public final class ProcedureStats {
    /** The committed calls of sessions that closed. Guarded by this, with {@link #live}. */
    private long retiredCommits;
    private final Set<Counter> live = new HashSet<>();
    private final LongAdder retries = new LongAdder();
    private final LongAdder signals = new LongAdder();
    private final LongAdder failures = new LongAdder();
    private final LongAdder compilations = new LongAdder();

    /** CALLs that ended, committed or failed (counted as the two, so that a call costs one counter update). */
    public long calls() {
        return commits() + failures.sum();
    }

    /**
     * Calls whose work committed (in autocommit) or completed inside an explicit transaction: exact once the calls
     * ended, and each session's count as it was a moment ago while they run.
     */
    public synchronized long commits() {
        long n = retiredCommits;
        for (Counter c : live) {
            n += c.get();
        }
        return n;
    }

    /** A new session's counter of committed calls, summed by {@link #commits()} until {@link #retire}d. */
    synchronized Counter register() {
        Counter c = new Counter();
        live.add(c);
        return c;
    }

    /** Moves a closing session's count into the total; under the lock, so a sum counts it exactly once. */
    synchronized void retire(Counter c) {
        if (live.remove(c)) {
            retiredCommits += c.get();
        }
    }

    /** One session's committed calls: written by the session's thread only, read by any. */
    static final class Counter {
        private static final VarHandle COUNT;

        static {
            try {
                COUNT = MethodHandles.lookup().findVarHandle(Counter.class, "count", long.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        @SuppressWarnings("unused") // accessed through COUNT
        private long count;

        void increment() {
            COUNT.setOpaque(this, (long) COUNT.get(this) + 1); // one writer: no read-modify-write race
        }

        long get() {
            return (long) COUNT.getOpaque(this);
        }
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
