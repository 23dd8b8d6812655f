package org.terndb.bench.index;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Deterministic random-looking keys, addressed by index: key {@code i} is the same on every run with
 * the same seed, and distinct indices give distinct keys. That lets a benchmark load indices
 * {@code [0, n)} and insert "fresh" keys from {@code n} upward without remembering any key set.
 *
 * <p>Distinctness comes from the first 8 bytes: a bijective 64-bit mix of {@code index ^ seed}
 * (xor-shift / odd-multiply steps are each invertible). Bytes after the 8th are filler from a second
 * mix, so all keys of the space differ within their first 8-byte slice.
 */
public final class KeySpace {
    private static final VarHandle LONG_BE =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private final int keyBytes;
    private final long seed;

    public KeySpace(int keyBytes, long seed) {
        if (keyBytes < 8) {
            throw new IllegalArgumentException("keys need at least 8 bytes to be distinct, got " + keyBytes);
        }
        this.keyBytes = keyBytes;
        this.seed = mix(seed ^ 0x6a09e667f3bcc909L);
    }

    public int keyBytes() {
        return keyBytes;
    }

    /** A new array holding key {@code index}. */
    public byte[] key(long index) {
        byte[] key = new byte[keyBytes];
        write(index, key);
        return key;
    }

    /** Writes key {@code index} into {@code dst}, which must be {@link #keyBytes()} long. */
    public void write(long index, byte[] dst) {
        long head = mix(index ^ seed);
        LONG_BE.set(dst, 0, head);
        long filler = head;
        int i = 8;
        for (; i + 8 <= keyBytes; i += 8) {
            filler = mix(filler + 0x9e3779b97f4a7c15L);
            LONG_BE.set(dst, i, filler);
        }
        if (i < keyBytes) {
            filler = mix(filler + 0x9e3779b97f4a7c15L);
            for (; i < keyBytes; i++, filler >>>= 8) {
                dst[i] = (byte) filler;
            }
        }
    }

    /** A bijection on 64-bit values with good avalanche (the SplitMix64 finaliser constants). */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
