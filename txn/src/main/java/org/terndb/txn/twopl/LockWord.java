package org.terndb.txn.twopl;

import org.terndb.txn.common.Record;

/**
 * The reader/writer lock that 2PL keeps in {@link Record}'s 64-bit word, changed only by CAS (or by a release
 * store from the single exclusive owner):
 *
 * <pre>
 *   bit  63      X   held exclusively (the sign bit, so "w &lt; 0" tests it)
 *   bits 51..62  S   number of shared holders, 0..4095 (always 0 while X is set)
 *   bits  0..50  TS  X set: the owner's timestamp, exact.
 *                    S &gt; 0: a lower bound of the holders' timestamps — the smallest timestamp that joined
 *                          since the count was last zero (a holder that left is not subtracted out).
 *                    free: NO_TS.
 * </pre>
 *
 * A free record's word is exactly {@link #FREE}. Under 2PL-NoWait every timestamp is {@link #NO_TS}.
 */
final class LockWord {
    static final long X = 1L << 63;
    static final int S_SHIFT = 51;
    static final long S_ONE = 1L << S_SHIFT;
    static final long S_MASK = 0xFFFL << S_SHIFT;
    static final long MAX_READERS = S_MASK >>> S_SHIFT;
    static final long TS_MASK = S_ONE - 1;
    /** "No timestamp": larger than every real one, so min() over holders works without a special case. */
    static final long NO_TS = TS_MASK;
    static final long MAX_TS = NO_TS - 1;
    static final long FREE = NO_TS;

    private LockWord() {
    }

    static boolean isExclusive(long w) {
        return w < 0;
    }

    static long readers(long w) {
        return (w & S_MASK) >>> S_SHIFT;
    }

    static long timestamp(long w) {
        return w & TS_MASK;
    }

    static long exclusiveBy(long ts) {
        return X | ts;
    }

    /** The word after one more shared holder with this timestamp joins {@code w} (which must not be X). */
    static long plusReader(long w, long ts) {
        if (readers(w) == MAX_READERS) {
            throw new IllegalStateException("2PL: more than " + MAX_READERS + " shared holders of one record");
        }
        return ((w & S_MASK) + S_ONE) | Math.min(w & TS_MASK, ts);
    }

    /** Takes a shared lock if no one holds it exclusively; false (and nothing changed) otherwise. */
    static boolean tryShared(Record r, long ts) {
        while (true) {
            long w = r.wordAcquire();
            if (isExclusive(w)) {
                return false;
            }
            // CAS (volatile): the row read that follows cannot move before the lock is ours.
            if (r.casWord(w, plusReader(w, ts))) {
                return true;
            }
            // another reader joined or left meanwhile: not a conflict, try again
        }
    }

    /** Takes the exclusive lock of a free record. */
    static boolean tryExclusive(Record r, long ts) {
        // CAS (volatile): acquires the record, and orders our later row accesses after it.
        return r.casWord(FREE, exclusiveBy(ts));
    }

    /** Turns the caller's shared lock into the exclusive one if it is the only holder. */
    static boolean tryUpgrade(Record r, long ts) {
        long w = r.wordAcquire();
        return !isExclusive(w) && readers(w) == 1 && r.casWord(w, exclusiveBy(ts));
    }

    static void releaseShared(Record r) {
        while (true) {
            long w = r.wordAcquire();
            long n = w - S_ONE;
            if (readers(n) == 0) {
                n = FREE; // the last holder leaves: the lower bound of holder timestamps resets
            }
            // CAS (volatile) also has release semantics: our reads of the row happen before a writer's X lock.
            if (r.casWord(w, n)) {
                return;
            }
        }
    }

    static void releaseExclusive(Record r) {
        // Release store: the rows installed under the lock are visible to whoever locks the record next.
        r.setWordRelease(FREE);
    }
}
