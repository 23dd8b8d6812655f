package org.terndb.bench.memory;

/**
 * One cache line handed back and forth between two threads: a counter that each thread, on its turn, advances to
 * the other's. Every step moves the line to the core that waits for it, which reads it and then writes it, so a
 * step takes what a thread pays to read a line another core has just written and to take it over for a write, as a
 * transaction does with a record the other terminal has just committed to.
 */
final class LineHandoff {
    /** The step whose turn it is: even steps are the calling thread's, odd ones the partner's. */
    private volatile long turn;

    /**
     * Hands the line back and forth {@code steps} times untimed and then {@code steps} times timed ({@code steps}
     * rounded up to even), this thread taking the even steps and a second thread the odd ones; returns the timed
     * nanoseconds per step.
     */
    double nanosPerStep(int steps) throws InterruptedException {
        long timed = 2L * (steps / 2 + steps % 2); // even, so that this thread starts the timed steps
        long end = 2 * timed;
        turn = 0;
        Thread partner = new Thread(() -> follow(1, end), "tern-handoff");
        partner.setDaemon(true);
        partner.start();
        follow(0, timed);
        long start = System.nanoTime();
        follow(timed, end);
        long nanos = System.nanoTime() - start;
        partner.join();
        return (double) nanos / timed;
    }

    /** Takes every second step from {@code first} until {@code end}: waits for its turn, then passes it on. */
    private void follow(long first, long end) {
        for (long step = first; step < end; step += 2) {
            while (turn != step) {
                Thread.onSpinWait();
            }
            turn = step + 1;
        }
    }
}
