package org.terndb.txn.common.mvcc;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.terndb.txn.common.Record;
import org.terndb.txn.silo.SpinWait;

/**
 * A record of a multi-version protocol: its key and the head of its version chain, newest first. An empty
 * chain (head null) means the record has never had a version: absent at every snapshot.
 *
 * <p>Chain invariants every user keeps:
 * <ul>
 *   <li>Committed versions are ordered by timestamp, newest first. SI and ERMIA install a pending version only
 *       at the head while holding {@link #LOCK}; MVTO may CAS one into the chain above older versions.</li>
 *   <li>A writer changes older links only above the newest version visible at the GC watermark (every writer's
 *       timestamp is at or above it). Below that version the chain belongs to the collector holding {@link #GC}.
 *   </li>
 *   <li>An aborted version is unlinked by its writer; readers that still hold it skip it by its status.</li>
 * </ul>
 *
 * <p>The inherited record word holds three bits: {@link #LOCK} (a committer owns the record's head: SI and
 * ERMIA take it for commit), {@link #GC} (a collector owns the chain below the watermark) and {@link #UNLINKED}
 * (the record left, or is leaving, its index; set only while LOCK is clear, and a committer that meets it must
 * abort, as the key now lives in another record). The row field of {@link Record} is unused.
 */
public class MvccRecord extends Record {
    public static final long LOCK = 1L;
    public static final long GC = 1L << 1;
    public static final long UNLINKED = 1L << 2;

    /** {@link #tryLock()} outcomes. */
    public static final int LOCKED = 0;
    public static final int BUSY = 1;
    public static final int GONE = 2;

    private static final VarHandle HEAD;

    static {
        try {
            HEAD = MethodHandles.lookup().findVarHandle(MvccRecord.class, "head", Version.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused") private Version head; // accessed through HEAD

    /** A record whose chain starts at {@code head} (null: no version yet); published by the index insert. */
    public MvccRecord(byte[] key, Version head) {
        super(key, 0L, null);
        HEAD.set(this, head);
    }

    // ---------------------------------------------------------------- chain

    public final Version headAcquire() {
        return (Version) HEAD.getAcquire(this);
    }

    /** Release: the new head's row, stamp and older link are visible to readers that load it. */
    public final void setHeadRelease(Version v) {
        HEAD.setRelease(this, v);
    }

    public final boolean casHead(Version expected, Version v) {
        return HEAD.compareAndSet(this, expected, v);
    }

    /**
     * The version a snapshot at {@code ts} sees: the newest committed version with timestamp &lt;= ts. Waits
     * (spinning, then yielding) for a pending version whose timestamp is unknown or &lt;= ts, as its commit may
     * make it the answer. Returns null if the record had no version at ts, {@link Version#TRUNCATED} if the
     * version it needed was collected, {@link Version#TIMED_OUT} if a pending version stayed undecided past
     * the spin's timeout.
     */
    public final Version visibleAt(long ts, SpinWait spin) {
        Version v = headAcquire();
        spin.start();
        while (v != null) {
            if (v == Version.TRUNCATED) {
                return v;
            }
            long s = v.stampAcquire(); // acquire: row and older link below belong to this stamp
            int status = Version.status(s);
            long vts = Version.timestamp(s);
            if (status == Version.COMMITTED) {
                if (vts <= ts) {
                    return v;
                }
            } else if (status == Version.PENDING && (vts <= ts || vts == Version.UNKNOWN_TS)) {
                if (!spin.pause()) {
                    return Version.TIMED_OUT;
                }
                continue; // its commit may put it inside our snapshot: re-read its stamp
            }
            v = v.olderAcquire();
        }
        return null;
    }

    /** The newest committed version with timestamp &lt;= ts, without waiting (pending versions are skipped). */
    public final Version newestCommittedAtOrBefore(long ts) {
        for (Version v = headAcquire(); v != null && v != Version.TRUNCATED; v = v.olderAcquire()) {
            long s = v.stampAcquire();
            if (Version.isCommitted(s) && Version.timestamp(s) <= ts) {
                return v;
            }
        }
        return null;
    }

    // ---------------------------------------------------------------- word bits

    /**
     * Takes {@link #LOCK} without waiting: {@link #LOCKED}, {@link #BUSY} if another committer holds it, or
     * {@link #GONE} if the record was unlinked. The CAS (a full fence) orders the head checks after it.
     */
    public final int tryLock() {
        while (true) {
            long w = wordAcquire();
            if ((w & UNLINKED) != 0) {
                return GONE;
            }
            if ((w & LOCK) != 0) {
                return BUSY;
            }
            if (casWord(w, w | LOCK)) {
                return LOCKED;
            }
        }
    }

    /** Clears {@link #LOCK} (the CAS loop tolerates a collector flipping {@link #GC} meanwhile). */
    public final void unlock() {
        clearBits(LOCK);
    }

    /** Takes {@link #GC} without waiting; false if another collector holds it. */
    public final boolean tryLockGc() {
        while (true) {
            long w = wordAcquire();
            if ((w & GC) != 0) {
                return false;
            }
            if (casWord(w, w | GC)) {
                return true;
            }
        }
    }

    public final void unlockGc() {
        clearBits(GC);
    }

    public final boolean isUnlinked() {
        return (wordAcquire() & UNLINKED) != 0;
    }

    public final boolean isLocked() {
        return (wordAcquire() & LOCK) != 0;
    }

    /**
     * Sets {@link #UNLINKED} if no committer holds the record; false if one does. The caller must re-check the
     * head afterwards: a committer may have installed and unlocked just before (the word looks unchanged).
     */
    final boolean tryMarkUnlinked() {
        while (true) {
            long w = wordAcquire();
            if ((w & LOCK) != 0) {
                return false;
            }
            if (casWord(w, w | UNLINKED)) { // CAS: full fence before the head re-check
                return true;
            }
        }
    }

    final void clearUnlinked() {
        clearBits(UNLINKED);
    }

    private void clearBits(long bits) {
        while (true) {
            long w = wordAcquire();
            if (casWord(w, w & ~bits)) {
                return;
            }
        }
    }
}
