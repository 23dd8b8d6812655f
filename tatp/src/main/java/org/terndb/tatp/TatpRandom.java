package org.terndb.tatp;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.terndb.harness.MixDeck;

/**
 * The random functions of TATP (specification v1.0, section 4): uniform integers, the non-uniform subscriber id,
 * subscriber numbers, and the strings of the population. One instance per stream (a terminal, a loader task),
 * never shared between threads, so a seed reproduces a run.
 */
final class TatpRandom {
    /** The largest MSC_LOCATION / VLR_LOCATION: the specification draws them from 1..2^32-1. */
    static final long MAX_LOCATION = (1L << 32) - 1;
    static final int SUB_NBR_DIGITS = 15;

    private final SplittableRandom random;
    private final char[] buffer = new char[SUB_NBR_DIGITS];

    TatpRandom(long seed) {
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

    /**
     * The non-uniform subscriber id of section 4.2: {@code ((rand(0, A) | rand(1, P)) % P) + 1} for P subscribers,
     * with A = 65,535 up to 1,000,000 subscribers, 1,048,575 up to 10,000,000 and 2,097,151 beyond.
     */
    int subscriberId(int subscribers) {
        return ((uniform(0, nonUniformA(subscribers)) | uniform(1, subscribers)) % subscribers) + 1;
    }

    static int nonUniformA(int subscribers) {
        return subscribers <= 1_000_000 ? 65_535 : subscribers <= 10_000_000 ? 1_048_575 : 2_097_151;
    }

    /** A start time of CALL_FORWARDING: 0, 8 or 16. */
    int startTime() {
        return 8 * random.nextInt(3);
    }

    /** {@code n} upper-case letters A..Z (DATA3, DATA4, DATA_B). */
    String letters(int n) {
        char[] c = new char[n];
        for (int i = 0; i < n; i++) {
            c[i] = (char) ('A' + random.nextInt(26));
        }
        return new String(c);
    }

    /** A random 15-digit number string (NUMBERX). */
    String digits15() {
        for (int i = 0; i < SUB_NBR_DIGITS; i++) {
            buffer[i] = (char) ('0' + random.nextInt(10));
        }
        return new String(buffer);
    }

    /** Fills {@code values} with distinct random values of 1..4, returning how many: 1 to 4 of them (uniformly). */
    int distinctTypes(int[] values) {
        int n = uniform(1, 4);
        int[] all = {1, 2, 3, 4};
        for (int i = 0; i < n; i++) {
            int j = i + random.nextInt(4 - i);
            int t = all[i];
            all[i] = all[j];
            all[j] = t;
            values[i] = all[i];
        }
        return n;
    }

    /** True with probability {@code percent}% (IS_ACTIVE is 1 in 85% of the rows). */
    boolean chance(int percent) {
        return random.nextInt(100) < percent;
    }

    /** Fisher-Yates over {@code values}. */
    void shuffle(int[] values) {
        MixDeck.shuffle(values, random);
    }

    /** The underlying generator (a terminal's mix deck shuffles with it). */
    java.util.random.RandomGenerator generator() {
        return random;
    }

    /**
     * SUB_NBR of a subscriber: its id as 15 digits with leading zeros (section 4.1). Written digit by digit into one
     * array: a terminal formats one for every transaction that names a subscriber by number (18% of the standard
     * mix), and formatting the id and padding it took three strings more (TATP over JDBC ran 1.02-1.04x the
     * transactions without them).
     */
    static String subscriberNumber(int subscriberId) {
        if (subscriberId < 0) {
            throw new IllegalArgumentException("a subscriber id is not negative: " + subscriberId);
        }
        byte[] digits = new byte[SUB_NBR_DIGITS];
        int rest = subscriberId;
        for (int i = SUB_NBR_DIGITS - 1; i >= 0; i--) {
            digits[i] = (byte) ('0' + rest % 10);
            rest /= 10;
        }
        return new String(digits, StandardCharsets.ISO_8859_1);
    }
}
