package org.terndb.txn.tictoc;

/**
 * TicToc's timestamp word (§3.6), kept in {@link org.terndb.txn.common.Record}'s 64-bit word:
 * <pre>
 *   bit 63      lock bit (held by a committer from its locking step to its write phase)
 *   bits 62..48 delta (15 bits): rts = wts + delta
 *   bits 47..0  wts (48 bits): commit timestamp of the transaction that wrote the current version
 * </pre>
 * A version is valid over [wts, rts]. Extending rts beyond wts + 0x7fff raises wts by the overflow, a multiple
 * of 0x8000 (§3.6 "delta overflow"), so that rts is exact and the delta fits: the version then claims validity
 * from a later wts only, which at worst makes readers that recorded the older wts abort. Per record, wts and rts
 * never decrease, and each new version's wts exceeds every earlier rts, so equal wts means the same version.
 * 48 bits of timestamp last for 2^48 conflicting commits on one record chain; commit checks the bound.
 */
final class TsWord {
    static final long LOCK = 1L << 63;
    static final int DELTA_SHIFT = 48;
    static final long MAX_DELTA = 0x7fff;
    static final long WTS_MASK = (1L << DELTA_SHIFT) - 1;
    static final long DELTA_MASK = MAX_DELTA << DELTA_SHIFT;
    /** Largest timestamp a word can hold. */
    static final long MAX_TS = WTS_MASK;

    private TsWord() {
    }

    static long wts(long word) {
        return word & WTS_MASK;
    }

    static long rts(long word) {
        return (word & WTS_MASK) + ((word & DELTA_MASK) >>> DELTA_SHIFT);
    }

    static boolean isLocked(long word) {
        return (word & LOCK) != 0;
    }

    /** The unlocked word of a version valid over [wts, rts] (rts &gt;= wts), moving wts up on delta overflow. */
    static long of(long wts, long rts) {
        long delta = rts - wts;
        long shift = delta & ~MAX_DELTA;
        return (wts + shift) | ((delta - shift) << DELTA_SHIFT);
    }

    /** The word with rts extended to {@code ts} (&gt; its rts), lock bit unchanged (§3.6 Algorithm 5). */
    static long extended(long word, long ts) {
        return (word & LOCK) | of(wts(word), ts);
    }

    /** Same version and lock state: only the delta (rts) may differ. */
    static boolean sameVersion(long a, long b) {
        return (a & ~DELTA_MASK) == (b & ~DELTA_MASK);
    }

    static String toString(long word) {
        return "[wts=" + wts(word) + ", rts=" + rts(word) + (isLocked(word) ? ", locked]" : "]");
    }
}
