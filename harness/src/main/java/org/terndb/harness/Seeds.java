package org.terndb.harness;

/** Derives independent random streams from one seed, so a run is reproducible whatever the number of threads. */
public final class Seeds {
    private Seeds() {
    }

    /** SplitMix64's finaliser: spreads related numbers (seed, stream index) over unrelated seeds. */
    public static long mix(long seed, long stream) {
        long z = seed + (stream + 1) * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
