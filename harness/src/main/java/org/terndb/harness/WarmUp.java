package org.terndb.harness;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import org.terndb.cli.UsageException;

/**
 * How a run warms up before its timed window: for a fixed number of seconds, or ({@value #AUTO}) for at least
 * {@value #AUTO_MIN_SECONDS} s and then until the JIT compilers have been idle for {@value #IDLE_SECONDS} s, at most
 * {@value #AUTO_MAX_SECONDS} s in all. On a machine of two cores HotSpot's compiler threads keep most of a core busy
 * for ten seconds and more after a workload starts, and again after each new phase (a loader's code is not the
 * transactions' code); a timed window inside that time measures the compiler's share of the cores as much as the
 * system under test.
 *
 * @param seconds    the fixed warm-up, or the shortest one of an automatic warm-up
 * @param maxSeconds the longest the warm-up lasts: beyond {@code seconds}, it goes on while the JIT compilers work
 */
public record WarmUp(double seconds, double maxSeconds) {
    /** The option value of an automatic warm-up. */
    public static final String AUTO = "auto";
    static final double AUTO_MIN_SECONDS = 2;
    static final double AUTO_MAX_SECONDS = 60;
    /** The compilers count as idle over a stretch in which they compiled for at most this long per second. */
    static final long IDLE_COMPILE_MILLIS = 50;
    /**
     * An automatic warm-up ends once the compilers were idle this many seconds in a row: one quiet second is often
     * only a pause between two waves of compilation.
     */
    static final double IDLE_SECONDS = 3;

    public WarmUp {
        if (!(seconds >= 0 && maxSeconds >= seconds)) {
            throw new IllegalArgumentException("a warm-up lasts from 0 seconds up to its longest time; got " + seconds
                    + " up to " + maxSeconds);
        }
    }

    /** A warm-up of exactly {@code seconds}. */
    public static WarmUp fixed(double seconds) {
        return new WarmUp(seconds, seconds);
    }

    /** The automatic warm-up: at least {@value #AUTO_MIN_SECONDS} s, then until the JIT compilers are idle. */
    public static WarmUp auto() {
        return new WarmUp(AUTO_MIN_SECONDS, AUTO_MAX_SECONDS);
    }

    /** Whether the warm-up goes on, past its seconds, until the JIT compilers are idle. */
    public boolean untilJitIdle() {
        return maxSeconds > seconds;
    }

    /** {@code --option auto} or {@code --option S} (seconds, at most an hour). */
    public static WarmUp parse(String text, String option) {
        if (AUTO.equals(text)) {
            return auto();
        }
        double s;
        try {
            s = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            s = Double.NaN;
        }
        if (!(s >= 0 && s <= 3_600)) {
            throw new UsageException("--" + option + " is " + AUTO + " (until the JIT compiler is idle) or seconds from"
                    + " 0 to 3600; got '" + text + "'");
        }
        return fixed(s);
    }

    /** Starts following this warm-up; the work it warms up begins now. */
    public Progress start() {
        return new Progress(this);
    }

    /**
     * One warm-up as it runs: whoever runs the work asks {@link #over()} between stretches of it (every fraction of a
     * second, or after each round of a benchmark) whether the warm-up may end.
     */
    public static final class Progress {
        private final WarmUp warmUp;
        private final long start = System.nanoTime();
        private long windowStart = start;
        private long compiledAtWindowStart = compileMillis();
        private double idleSeconds;

        private Progress(WarmUp warmUp) {
            this.warmUp = warmUp;
        }

        /**
         * True once the warm-up's seconds passed and, for an automatic warm-up, the JIT compilers have been idle for
         * {@value #IDLE_SECONDS} s in a row (judged over stretches of at least a second), or its longest time passed,
         * or the JVM does not report compilation time.
         */
        public boolean over() {
            long now = System.nanoTime();
            double elapsed = (now - start) / 1e9;
            double window = (now - windowStart) / 1e9;
            long compiled = compileMillis();
            if (warmUp.untilJitIdle() && window >= 1 && compiled >= 0) {
                boolean idle = compiled - compiledAtWindowStart <= IDLE_COMPILE_MILLIS * window;
                idleSeconds = idle ? idleSeconds + window : 0;
                windowStart = now;
                compiledAtWindowStart = compiled;
            }
            if (elapsed < warmUp.seconds()) {
                return false;
            }
            return !warmUp.untilJitIdle() || elapsed >= warmUp.maxSeconds() || compiled < 0
                    || idleSeconds >= IDLE_SECONDS;
        }

        /** Seconds since the warm-up started. */
        public double seconds() {
            return (System.nanoTime() - start) / 1e9;
        }
    }

    /** As the option value: {@code auto} or the seconds. */
    public String describe() {
        if (untilJitIdle()) {
            return AUTO;
        }
        return seconds == Math.rint(seconds) ? Long.toString((long) seconds) : Double.toString(seconds);
    }

    /**
     * The milliseconds this JVM's JIT compilers have spent compiling so far, or -1 if the JVM does not tell (no JIT,
     * or no compilation time monitoring).
     */
    public static long compileMillis() {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        return jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : -1;
    }
}
