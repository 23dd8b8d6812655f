package org.terndb.harness;

/**
 * The phase of a run, set by the driving thread and read by the terminals after every transaction (and every
 * retry): warm-up (nothing counted), timed (everything counted), stop.
 */
public final class RunPhase {
    public static final int WARMUP = 0;
    public static final int MEASURE = 1;
    public static final int STOP = 2;

    // Volatile: a terminal must see the switch to MEASURE/STOP within one transaction.
    private volatile int phase = WARMUP;

    public int get() {
        return phase;
    }

    public void set(int next) {
        phase = next;
    }
}
