package org.terndb.txn;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Counters of one worker (written by its thread only, with release stores so other threads read recent
 * values without locks) or a sum over workers.
 */
public final class TxnStats {
    private static final int COMMITS = 0;
    private static final int OMITTED_WRITES = 1;
    private static final int INSTALLED_WRITES = 2;
    private static final int FIRST_ABORT = 3;

    private final AtomicLongArray counters = new AtomicLongArray(FIRST_ABORT + AbortReason.all().length);

    public void recordCommit() {
        bump(COMMITS, 1);
    }

    public void recordAbort(AbortReason reason) {
        bump(FIRST_ABORT + reason.ordinal(), 1);
    }

    /** Writes a write-omission protocol decided never to install (SSE). */
    public void recordOmittedWrites(int n) {
        bump(OMITTED_WRITES, n);
    }

    public void recordInstalledWrites(int n) {
        bump(INSTALLED_WRITES, n);
    }

    private void bump(int i, long n) {
        // Single writer per instance: a plain read and a release store are enough and avoid a locked add.
        counters.setRelease(i, counters.getPlain(i) + n);
    }

    public long commits() {
        return counters.getAcquire(COMMITS);
    }

    public long omittedWrites() {
        return counters.getAcquire(OMITTED_WRITES);
    }

    public long installedWrites() {
        return counters.getAcquire(INSTALLED_WRITES);
    }

    public long aborts(AbortReason reason) {
        return counters.getAcquire(FIRST_ABORT + reason.ordinal());
    }

    public long aborts() {
        long sum = 0;
        for (AbortReason r : AbortReason.all()) {
            sum += aborts(r);
        }
        return sum;
    }

    /** Adds another instance's counters into this one (this one must not be a live worker's). */
    public void add(TxnStats other) {
        for (int i = 0; i < counters.length(); i++) {
            counters.setRelease(i, counters.getPlain(i) + other.counters.getAcquire(i));
        }
    }

    /** This minus an earlier snapshot of the same counters (for measuring an interval). */
    public TxnStats minus(TxnStats earlier) {
        TxnStats d = new TxnStats();
        for (int i = 0; i < counters.length(); i++) {
            d.counters.setPlain(i, counters.getAcquire(i) - earlier.counters.getAcquire(i));
        }
        return d;
    }

    /** A copy of the current values. */
    public TxnStats snapshot() {
        TxnStats s = new TxnStats();
        s.add(this);
        return s;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("commits=").append(commits()).append(" aborts=").append(aborts());
        for (AbortReason r : AbortReason.all()) {
            long n = aborts(r);
            if (n != 0) {
                sb.append(' ').append(r).append('=').append(n);
            }
        }
        if (omittedWrites() != 0) {
            sb.append(" omitted_writes=").append(omittedWrites());
        }
        return sb.toString();
    }
}
