package org.terndb.txn.common.mvcc;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The centralized timestamp counter of SI and ERMIA (CCBench §3.3, §4.1 "DecentralizedOrdering" is what it
 * lacks): one shared 64-bit counter, read for a snapshot and incremented for a commit. It is deliberately one
 * hot cache line — CCBench measures exactly this cost — padded by 128 bytes on both sides so that nothing else
 * shares the line (or its adjacent-line prefetch pair).
 */
public final class TimestampCounter {
    private static final int CELL = 16;

    private final AtomicLongArray cells = new AtomicLongArray(2 * CELL);

    /** The latest timestamp handed out (volatile read). */
    public long current() {
        return cells.get(CELL);
    }

    /** A new timestamp, larger than every earlier one (volatile read-modify-write: a full fence). */
    public long next() {
        return cells.incrementAndGet(CELL);
    }
}
