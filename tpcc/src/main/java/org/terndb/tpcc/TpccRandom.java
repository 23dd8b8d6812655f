package org.terndb.tpcc;

import java.util.SplittableRandom;
import org.terndb.harness.MixDeck;
import org.terndb.harness.Seeds;

/**
 * The random functions of TPC-C: uniform integers, NURand (clause 2.1.6), the random strings of clause 4.3.2.2,
 * last names from syllables (4.3.2.3), zip codes (4.3.2.7) and the "ORIGINAL" data fields (4.3.3.1). One
 * instance per stream (a terminal, a loader task), never shared between threads, so a seed reproduces a run.
 */
final class TpccRandom {
    private static final String[] SYLLABLES = {"BAR", "OUGHT", "ABLE", "PRI", "PRES", "ESE", "ANTI", "CALLY",
        "ATION", "EING"};
    /** Clause 4.3.2.2: at least 26 lower case, 26 upper case letters and the 10 digits. */
    private static final char[] ALPHANUMERIC =
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".toCharArray();

    private final SplittableRandom random;
    private final char[] buffer = new char[512];

    TpccRandom(long seed) {
        this.random = new SplittableRandom(seed);
    }

    /** Uniform in {@code [lo, hi]}. */
    int uniform(int lo, int hi) {
        return lo + random.nextInt(hi - lo + 1);
    }

    /** Uniform in {@code [lo, hi]}. */
    long uniform(long lo, long hi) {
        return lo + random.nextLong(hi - lo + 1);
    }

    /** NURand(A, x, y) = (((random(0, A) | random(x, y)) + C) % (y - x + 1)) + x. */
    int nuRand(int a, int x, int y, int c) {
        return (((uniform(0, a) | uniform(x, y)) + c) % (y - x + 1)) + x;
    }

    /** A random a-string of length in {@code [min, max]}. */
    String aString(int min, int max) {
        int n = uniform(min, max);
        for (int i = 0; i < n; i++) {
            buffer[i] = ALPHANUMERIC[random.nextInt(ALPHANUMERIC.length)];
        }
        return new String(buffer, 0, n);
    }

    /** A random n-string (digits) of exactly {@code n} characters. */
    String nString(int n) {
        for (int i = 0; i < n; i++) {
            buffer[i] = (char) ('0' + random.nextInt(10));
        }
        return new String(buffer, 0, n);
    }

    /** Clause 4.3.2.7: 4 random digits then "11111". */
    String zip() {
        return nString(4) + "11111";
    }

    /** I_DATA / S_DATA (4.3.3.1): an a-string of 26..50 characters, 10% of them with "ORIGINAL" at a random place. */
    String dataWithOriginal() {
        String s = aString(26, 50);
        if (random.nextInt(10) != 0) {
            return s;
        }
        int at = random.nextInt(s.length() - 8 + 1);
        return s.substring(0, at) + "ORIGINAL" + s.substring(at + 8);
    }

    /** Clause 4.3.2.3: the three syllables of the digits of {@code number} (0..999). */
    static String lastName(int number) {
        return SYLLABLES[number / 100] + SYLLABLES[(number / 10) % 10] + SYLLABLES[number % 10];
    }

    /** Fisher-Yates over {@code values}. */
    void shuffle(int[] values) {
        MixDeck.shuffle(values, random);
    }

    /** The underlying generator (a terminal's mix deck shuffles with it). */
    java.util.random.RandomGenerator generator() {
        return random;
    }

    /** An independent stream's seed ({@link Seeds#mix}). */
    static long mix(long seed, long stream) {
        return Seeds.mix(seed, stream);
    }

    /**
     * The run-time constants C of NURand (clause 2.1.6.1). C_LAST of the run differs from the load's by a delta in
     * [65, 119] other than 96 and 112; the C for C_ID and OL_I_ID may be any value in their range.
     */
    record Constants(int cLastLoad, int cLastRun, int cId, int olIid) {
        static Constants fromSeed(long seed) {
            TpccRandom r = new TpccRandom(mix(seed, 0xC0C0));
            int load = r.uniform(0, 255);
            int run;
            int delta;
            do {
                run = r.uniform(0, 255);
                delta = Math.abs(run - load);
            } while (delta < 65 || delta > 119 || delta == 96 || delta == 112);
            return new Constants(load, run, r.uniform(0, 1023), r.uniform(0, 8191));
        }
    }
}
