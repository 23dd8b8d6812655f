package org.terndb.bench.memory;

import java.util.SplittableRandom;

/**
 * An int array roamed by a random cycle: the int at each visited position holds the index of the next, so that
 * following the cycle is a chain of loads each waiting for the one before, as a point read's chain of references
 * waits (no prefetcher can guess the next address, and no two loads overlap).
 */
final class RandomCycle {
    /** One visited int per 64-byte cache line. */
    static final int LINE = 64;
    /** One visited int per 4 KiB page. */
    static final int PAGE = 4096;

    private final int[] memory;
    private final long seed;
    /** Where the last timed walk ended: stored so that the compiler cannot drop the walk. */
    private int last;

    RandomCycle(long bytes, long seed) {
        long ints = bytes / Integer.BYTES;
        if (ints < 2L * PAGE / Integer.BYTES || ints > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("cannot roam " + bytes + " bytes: at least two pages, below 8 GiB");
        }
        this.memory = new int[(int) ints];
        this.seed = seed;
    }

    /**
     * Links one int per {@code stride} bytes into a single random cycle (by Sattolo's shuffle, so that a walk visits
     * every linked int before it comes back), walks {@code loads} loads untimed and then {@code loads} timed, and
     * returns the timed nanoseconds per load.
     */
    double nanosPerLoad(int stride, int loads) {
        int at = walk(link(stride), loads);
        long start = System.nanoTime();
        at = walk(at, loads);
        long nanos = System.nanoTime() - start;
        last = at;
        return (double) nanos / loads;
    }

    /** Links the cycle for {@code stride} and returns one of its positions. */
    int link(int stride) {
        int step = stride / Integer.BYTES;
        int positions = memory.length / step;
        int[] order = new int[positions];
        for (int i = 0; i < positions; i++) {
            order[i] = i * step;
        }
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = positions - 1; i > 0; i--) {
            int j = random.nextInt(i); // below i: a single cycle through all positions
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        for (int i = 0; i < positions; i++) {
            memory[order[i]] = order[(i + 1) % positions];
        }
        return order[0];
    }

    /** The position {@code loads} loads after {@code from}. */
    int walk(int from, int loads) {
        int[] m = memory;
        int at = from;
        for (int i = 0; i < loads; i++) {
            at = m[at];
        }
        return at;
    }
}
