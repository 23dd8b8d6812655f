package org.terndb.txn.ermia;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.terndb.txn.common.mvcc.Version;

/**
 * A version with SSN's per-version state (Wang et al. §3, §5):
 * <ul>
 *   <li>{@code pstamp} η(V): the largest commit stamp of a committed transaction that read V (initialised to
 *       its creator's commit stamp, which also covers the w:w edge to whoever overwrites V). Raised with a CAS
 *       loop after commit: the latch-free update of §5.</li>
 *   <li>{@code sstamp} π(V): {@link #INFINITY} while V is the newest version; the overwriter's π once the
 *       overwriter committed. While an overwriter is committing it holds a mark naming the overwriter's worker
 *       slot instead (negative), so readers can find it in the {@link TransactionTable} and wait for its
 *       outcome. Keeping the stamp and the in-flight owner in one word is the integration CCBench takes from
 *       §5.1; pstamp and sstamp stay two 64-bit words here rather than two 32-bit halves of one, so stamps
 *       cannot wrap.</li>
 *   <li>{@code readers}: one bit per worker slot below 63 for in-flight readers (§5's readers bitmap);
 *       workers in higher slots share bit 63, which they never clear, and an overwriter that sees it checks
 *       all of them.</li>
 * </ul>
 */
final class ErmiaVersion extends Version {
    static final long INFINITY = Long.MAX_VALUE;
    static final long OVERFLOW_READER = 1L << 63;

    private static final VarHandle PSTAMP;
    private static final VarHandle SSTAMP;
    private static final VarHandle READERS;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            PSTAMP = l.findVarHandle(ErmiaVersion.class, "pstamp", long.class);
            SSTAMP = l.findVarHandle(ErmiaVersion.class, "sstamp", long.class);
            READERS = l.findVarHandle(ErmiaVersion.class, "readers", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused") private long pstamp;  // accessed through PSTAMP
    @SuppressWarnings("unused") private long sstamp;  // accessed through SSTAMP
    @SuppressWarnings("unused") private long readers; // accessed through READERS

    @Override
    protected void reset() {
        // plain: the version is private until published by the release/CAS that links it
        PSTAMP.set(this, 0L);
        SSTAMP.set(this, INFINITY);
        READERS.set(this, 0L);
    }

    /** The reader bit of a worker slot. */
    static long readerBit(int slot) {
        return slot < 63 ? 1L << slot : OVERFLOW_READER;
    }

    /** The sstamp mark of an in-flight overwriter in worker slot {@code slot}. */
    static long mark(int slot) {
        return ~(long) slot;
    }

    static boolean isMark(long sstamp) {
        return sstamp < 0;
    }

    static int markOwner(long sstamp) {
        return (int) ~sstamp;
    }

    long pstampVolatile() {
        return (long) PSTAMP.getVolatile(this);
    }

    /** The creator's commit stamp, before the version is published as committed (release by that store). */
    void initPstamp(long cstamp) {
        PSTAMP.setRelease(this, cstamp);
    }

    /** η(V) = max(η(V), cstamp) by CAS (SSN §5: readers update the stamp latch-free after they commit). */
    void raisePstamp(long cstamp) {
        long p = (long) PSTAMP.getVolatile(this);
        while (p < cstamp && !PSTAMP.compareAndSet(this, p, cstamp)) {
            p = (long) PSTAMP.getVolatile(this);
        }
    }

    long sstampVolatile() {
        return (long) SSTAMP.getVolatile(this);
    }

    /** Volatile: the mark must be visible before the overwriter draws its commit stamp (see ErmiaTransaction). */
    void setSstampVolatile(long sstamp) {
        SSTAMP.setVolatile(this, sstamp);
    }

    long readersVolatile() {
        return (long) READERS.getVolatile(this);
    }

    /** Registers an in-flight reader (CAS: ordered before the reader's later commit stamp and sstamp checks). */
    void addReader(long bit) {
        long r = (long) READERS.getVolatile(this);
        while ((r & bit) == 0 && !READERS.compareAndSet(this, r, r | bit)) {
            r = (long) READERS.getVolatile(this);
        }
    }

    /** Deregisters after the reader raised pstamp or aborted; the shared overflow bit stays. */
    void removeReader(long bit) {
        if (bit != OVERFLOW_READER) {
            READERS.getAndBitwiseAnd(this, ~bit);
        }
    }
}
