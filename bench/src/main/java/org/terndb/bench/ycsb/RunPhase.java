package org.terndb.bench.ycsb;

/**
 * The phase of one run, set by the driving thread and read by the clients after every transaction:
 * warm-up (nothing counted), timed (everything counted), stop.
 */
final class RunPhase {
    static final int WARMUP = 0;
    static final int MEASURE = 1;
    static final int STOP = 2;

    // Volatile: a client must see the switch to MEASURE/STOP within one transaction; one read per transaction.
    private volatile int phase = WARMUP;

    int get() {
        return phase;
    }

    void set(int next) {
        phase = next;
    }
}
