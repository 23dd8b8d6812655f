package org.terndb.txn.common.mvcc;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One version of a record: its row (null = the record is absent in this version: deleted, or not yet born),
 * a link to the next-older version, and a 64-bit <em>stamp</em> {@code timestamp:62 | status:2}.
 *
 * <ul>
 *   <li>{@code timestamp} orders the record's committed versions; the newest version with a timestamp at or
 *       below a reader's snapshot is the one it sees. SI and ERMIA store the writer's commit timestamp (SI's
 *       "begin" of the version's life); MVTO stores its write timestamp. {@link #UNKNOWN_TS} means "not chosen
 *       yet": its commit timestamp may still fall inside any snapshot, so every reader that meets such a
 *       pending version waits for it.</li>
 *   <li>{@code status}: {@link #PENDING} (installed by a committer that has not decided), {@link #COMMITTED},
 *       {@link #ABORTED} (readers skip it; its writer unlinks it).</li>
 * </ul>
 *
 * <p>Publication: a writer fills the row, the older link and the stamp with plain stores while the version is
 * private ({@link #prepare}), then publishes it with a release store or CAS of the record's head (or of an older
 * link). Later changes are the stamp (release) and the older link (release/CAS); the row never changes while
 * the version is reachable. Readers load the stamp with acquire before they use row or older link.
 *
 * <p>Protocols add per-version state by subclassing (ERMIA: SSN stamps and readers; MVTO: a read timestamp)
 * and reset it in {@link #reset()}, which runs every time a version is handed out, fresh or reused.
 */
public class Version {
    public static final int PENDING = 0;
    public static final int COMMITTED = 1;
    public static final int ABORTED = 2;

    private static final int STATUS_BITS = 2;
    private static final long STATUS_MASK = (1L << STATUS_BITS) - 1;

    /** Timestamp of a pending version whose timestamp is not chosen yet (every reader waits for it). */
    public static final long UNKNOWN_TS = Long.MAX_VALUE >>> STATUS_BITS;

    /**
     * The older link of a version whose older versions were collected. A reader that reaches it without having
     * found its version needed a collected one (only possible under {@code aggressive_gc}). Never visible.
     */
    public static final Version TRUNCATED = new Version();

    /** Returned by {@link MvccRecord#visibleAt} when waiting for a pending version exceeded the lock timeout. */
    public static final Version TIMED_OUT = new Version();

    private static final VarHandle STAMP;
    private static final VarHandle OLDER;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            STAMP = l.findVarHandle(Version.class, "stamp", long.class);
            OLDER = l.findVarHandle(Version.class, "older", Version.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused") private long stamp;       // accessed through STAMP
    @SuppressWarnings("unused") private Version older;    // accessed through OLDER
    private byte[] row;                                   // immutable while the version is reachable

    public static long stamp(long timestamp, int status) {
        return (timestamp << STATUS_BITS) | status;
    }

    public static long timestamp(long stamp) {
        return stamp >>> STATUS_BITS;
    }

    public static int status(long stamp) {
        return (int) (stamp & STATUS_MASK);
    }

    public static boolean isCommitted(long stamp) {
        return status(stamp) == COMMITTED;
    }

    /**
     * Fills a private version (fresh or taken from a version cache) before it is published: plain stores, made
     * visible by the release/CAS that links it into a chain.
     */
    public final void prepare(long stamp, byte[] row, Version older) {
        STAMP.set(this, stamp);
        OLDER.set(this, older);
        this.row = row;
    }

    /**
     * Sets the row of a version its writer linked as pending without one (a partial blind write, whose row is
     * known only once the committed version below it is): only that writer, before the release store that
     * commits the version; nobody reads a pending version's row.
     */
    public final void fillPendingRow(byte[] row) {
        this.row = row;
    }

    /** The row of this version; null if the record is absent in it. */
    public final byte[] row() {
        return row;
    }

    public final long stampAcquire() {
        return (long) STAMP.getAcquire(this);
    }

    /** Release: the row and older link written before are visible to whoever sees the new stamp. */
    public final void setStampRelease(long stamp) {
        STAMP.setRelease(this, stamp);
    }

    public final Version olderAcquire() {
        return (Version) OLDER.getAcquire(this);
    }

    public final void setOlderRelease(Version v) {
        OLDER.setRelease(this, v);
    }

    /** For protocols that link versions into the middle of a chain (MVTO), above the GC watermark only. */
    public final boolean casOlder(Version expected, Version v) {
        return OLDER.compareAndSet(this, expected, v);
    }

    /**
     * Clears references when the version goes to a cache, so it keeps no row or chain alive. Only for a version
     * no reader can reach any more.
     */
    protected final void scrub() {
        row = null;
        OLDER.set(this, null);
    }

    /**
     * Called once when the version has left its chain for good (collected, discarded after an abort, or freed
     * with its unlinked record), after it was counted as freed. {@code reusable}: no reader can reach it any
     * more. Return true if the protocol takes the version back itself (MVTO returns an inline version to its
     * record); false lets the worker cache it (if reusable) or leave it to the JVM.
     */
    protected boolean recycle(MvccWorker freer, boolean reusable) {
        return false;
    }

    /** Resets protocol-specific state; runs whenever the version is handed out (fresh or reused). */
    protected void reset() {
    }

    @Override
    public String toString() {
        long s = stampAcquire();
        return "Version{ts=" + (timestamp(s) == UNKNOWN_TS ? "?" : Long.toString(timestamp(s)))
                + ", " + (status(s) == COMMITTED ? "committed" : status(s) == PENDING ? "pending" : "aborted")
                + (row == null ? ", absent}" : ", " + row.length + " bytes}");
    }
}
