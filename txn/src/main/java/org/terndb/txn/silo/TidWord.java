package org.terndb.txn.silo;

/**
 * Layout of Silo's TID word (§4.2), kept in {@link org.terndb.txn.common.Record}'s 64-bit word:
 *
 * <pre>
 *  63                                  27 26               3   2       1       0
 * +--------------------------------------+------------------+--------+--------+------+
 * |             epoch (37 bits)          | sequence (24 b.) | absent |unlinked| lock |
 * +--------------------------------------+------------------+--------+--------+------+
 *                 \________________ TID (61 bits) ________/
 * </pre>
 *
 * The TID orders the record's committed versions: every commit that writes the record installs a larger one.
 * {@code absent} means there is no row (a placeholder of an uncommitted insert, or a deleted row). Silo's
 * "latest version" bit is used here as {@code unlinked}: the record left (or is leaving) its index, so anyone
 * still holding it must look the key up again or abort. A sequence that overflows carries into the epoch, which
 * keeps TIDs increasing (all that serializability needs) at the price of an epoch field ahead of the real one.
 */
public final class TidWord {
    public static final long LOCK = 1L;
    public static final long UNLINKED = 1L << 1;
    public static final long ABSENT = 1L << 2;
    static final int STATUS_BITS = 3;
    static final int SEQUENCE_BITS = 24;

    /** The word of a new insert placeholder: absent, TID 0, unlocked. */
    public static final long PLACEHOLDER = ABSENT;

    private TidWord() {
    }

    public static long tid(long word) {
        return word >>> STATUS_BITS;
    }

    public static long epochOf(long tid) {
        return tid >>> SEQUENCE_BITS;
    }

    public static long makeTid(long epoch, long sequence) {
        return (epoch << SEQUENCE_BITS) | sequence;
    }

    /** The unlocked word of a committed version: {@code absent} when it holds no row. */
    public static long word(long tid, boolean absent) {
        return (tid << STATUS_BITS) | (absent ? ABSENT : 0);
    }

    public static boolean isLocked(long word) {
        return (word & LOCK) != 0;
    }

    public static boolean isUnlinked(long word) {
        return (word & UNLINKED) != 0;
    }

    public static boolean isAbsent(long word) {
        return (word & ABSENT) != 0;
    }

    /**
     * Silo's commit TID: larger than every TID the transaction read or wrote ({@code maxSeen}) and than the
     * worker's previous TID, and in the commit epoch.
     */
    public static long nextTid(long maxSeen, long lastTid, long epoch) {
        long tid = Math.max(maxSeen, lastTid) + 1;
        return epochOf(tid) < epoch ? makeTid(epoch, 0) : tid;
    }
}
