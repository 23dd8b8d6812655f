package org.terndb.tpcc;

/**
 * The phase of a run, set by the driving thread and read by the terminals after every transaction (and every
 * retry): warm-up (nothing counted), timed (everything counted), stop.
 */
final class RunPhase {
    static final int WARMUP = 0;
    static final int MEASURE = 1;
    static final int STOP = 2;

    // Volatile: a terminal must see the switch to MEASURE/STOP within one transaction.
    private volatile int phase = WARMUP;

    int get() {
        return phase;
    }

    void set(int next) {
        phase = next;
    }
}
