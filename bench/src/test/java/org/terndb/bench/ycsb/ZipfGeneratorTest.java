package org.terndb.bench.ycsb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Statistics of the Zipf generator on fixed seeds (so every check is deterministic). */
class ZipfGeneratorTest {
    private static final int DRAWS = 1_000_000;

    private static long[] histogram(ZipfGenerator zipf, long seed) {
        long[] counts = new long[zipf.size()];
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < DRAWS; i++) {
            int rank = zipf.next(random);
            assertTrue(rank >= 0 && rank < zipf.size(), "rank out of range: " + rank);
            counts[rank]++;
        }
        return counts;
    }

    private static void assertShare(double expected, double actual, double relativeTolerance, String what) {
        assertTrue(Math.abs(actual - expected) <= expected * relativeTolerance,
                what + ": share " + actual + ", exact Zipf " + expected + ", tolerance " + relativeTolerance);
    }

    @Test
    void thetaZeroIsUniform() {
        ZipfGenerator zipf = new ZipfGenerator(1000, 0);
        long[] counts = histogram(zipf, 42);
        for (int decile = 0; decile < 10; decile++) {
            long inDecile = 0;
            for (int r = decile * 100; r < (decile + 1) * 100; r++) {
                inDecile += counts[r];
            }
            assertShare(0.1, inDecile / (double) DRAWS, 0.03, "decile " + decile);
        }
        assertEquals(0.001, zipf.probability(0), 1e-12);
        assertEquals(0.001, zipf.probability(999), 1e-12);
    }

    @Test
    void hottestKeysGetTheirZipfShareAtTheta099() {
        ZipfGenerator zipf = new ZipfGenerator(10_000, 0.99);
        long[] counts = histogram(zipf, 7);
        // Gray et al.'s method is exact for the two hottest ranks ...
        assertShare(zipf.probability(0), counts[0] / (double) DRAWS, 0.03, "rank 0");
        assertShare(zipf.probability(1), counts[1] / (double) DRAWS, 0.03, "rank 1");
        // ... and approximates the rest: the hottest 1% still carries about its Zipf share.
        double exact = 0;
        long drawn = 0;
        for (int r = 0; r < 100; r++) {
            exact += zipf.probability(r);
            drawn += counts[r];
        }
        assertShare(exact, drawn / (double) DRAWS, 0.05, "ranks 0..99");
        assertTrue(counts[0] > counts[100] * 50, "rank 0 is far hotter than rank 100");
    }

    @Test
    void sameSeedGivesTheSameStream() {
        ZipfGenerator zipf = new ZipfGenerator(100_000, 0.8);
        int[] a = new int[1000];
        int[] b = new int[1000];
        SplittableRandom ra = new SplittableRandom(3);
        SplittableRandom rb = new SplittableRandom(3);
        for (int i = 0; i < a.length; i++) {
            a[i] = zipf.next(ra);
            b[i] = zipf.next(rb);
        }
        assertArrayEquals(a, b);
    }

    @Test
    void tinyTablesStayInRange() {
        for (int n = 1; n <= 3; n++) {
            ZipfGenerator zipf = new ZipfGenerator(n, 0.99);
            long[] counts = histogram(zipf, n);
            assertTrue(counts[n - 1] > 0, "the coldest of " + n + " ranks is drawn");
        }
    }

    @Test
    void rejectsSkewOfOneOrMore() {
        assertThrows(IllegalArgumentException.class, () -> new ZipfGenerator(10, 1.0));
        assertThrows(IllegalArgumentException.class, () -> new ZipfGenerator(10, -0.1));
        assertThrows(IllegalArgumentException.class, () -> new ZipfGenerator(0, 0.5));
    }
}
