package org.terndb.txn.common.mvcc;

import org.terndb.txn.Index;

/**
 * A worker's garbage collector (CCBench §7, Cicada §3.6): it trims the version chains of the records this
 * worker wrote and unlinks the records it deleted, as the {@link Watermark} passes them. Run by the worker
 * between transactions; fed in commit order, so each queue is (nearly) sorted by timestamp and a pass stops at
 * the first entry that is not due.
 *
 * <ul>
 *   <li><b>Trim</b>: once a version committed at ts is at or below the trim horizon, the record's chain below
 *       the newest committed version at or below the horizon is cut (its older link becomes
 *       {@link Version#TRUNCATED}) and the versions below go to the worker's {@link VersionCache}. Readers never
 *       reach them: a running reader's snapshot is at or above {@link Watermark#safe()}, so it stops at or
 *       before that version. Collectors exclude each other per record with {@link MvccRecord#GC}; a busy
 *       record is retried later. Under {@code aggressive_gc} the horizon may exceed the safe watermark: the
 *       versions between the two cut points are dropped (a stale reader may be walking them) and only those
 *       below the newest version at or below {@link Watermark#safe()} are reused.</li>
 *   <li><b>Unlink</b>: a record whose head is a committed absent version at or below {@link Watermark#safe()}
 *       (a deleted row every running snapshot sees as deleted), or that never got a committed version (an
 *       aborted insert's placeholder), leaves its index. Every running reader sees it absent whether it finds it
 *       or not; a committer that still meets it finds {@link MvccRecord#UNLINKED} and aborts. Its head version
 *       is dropped (a reader may hold the record), the versions below it are reused.</li>
 * </ul>
 *
 * <p>The queues are rings of parallel arrays, grown on demand and never shrunk: no allocation in steady state.
 */
public final class VersionCollector {
    static final int DONE = 0;
    static final int BUSY = 1;
    /** Trims between two watermark refreshes within one pass. */
    private static final int REFRESH_EVERY = 8;

    private final Queue trims = new Queue();   // tag = ts << 1 | (absent version ? 1 : 0)
    private final Queue unlinks = new Queue(); // tag = the timestamp the unlink waits for
    private MvccWorker worker;                 // the worker running the current pass: freed versions go to it

    /** Queues the trim of a record this worker just committed a version of, at {@code ts}. */
    void retire(Index index, MvccRecord record, long ts, boolean absent) {
        trims.add(index, record, ts << 1 | (absent ? 1 : 0));
    }

    /** Queues a record that may be absent for good (an aborted insert's placeholder) once {@code tag} is safe. */
    void unlinkLater(Index index, MvccRecord record, long tag) {
        unlinks.add(index, record, tag);
    }

    /** The smallest timestamp a queue head waits for (Long.MAX_VALUE when empty): nothing is due below it. */
    long nextDue() {
        long due = trims.size == 0 ? Long.MAX_VALUE : trims.headTag() >>> 1;
        return unlinks.size == 0 ? due : Math.min(due, unlinks.headTag());
    }

    /** Entries waiting (tests, monitoring). */
    public int pending() {
        return trims.size + unlinks.size;
    }

    /** Takes over another collector's entries (a closing worker's). */
    void adopt(VersionCollector other) {
        for (Queue from : new Queue[] {other.trims, other.unlinks}) {
            Queue to = from == other.trims ? trims : unlinks;
            while (from.size > 0) {
                to.add(from.headIndex(), from.headRecord(), from.headTag());
                from.pop();
            }
        }
    }

    /**
     * Runs every due trim and unlink; {@code horizon} = {@link Watermark#trimHorizon()}, {@code safe} =
     * {@link Watermark#safe()}. Collected versions are counted by, and cached in, {@code runner}.
     */
    void collect(MvccWorker runner, long horizon, long safe) {
        worker = runner;
        try {
            collect(horizon, safe);
        } finally {
            worker = null;
        }
    }

    private void collect(long horizon, long safe) {
        Watermark watermark = worker.watermark;
        int sinceRefresh = 0;
        for (int n = trims.size; n > 0 && (trims.headTag() >>> 1) <= horizon; n--) {
            Index index = trims.headIndex();
            MvccRecord record = trims.headRecord();
            long tag = trims.headTag();
            trims.pop();
            if (trim(record, horizon, safe) == BUSY) {
                trims.add(index, record, tag);
            } else if ((tag & 1) != 0) {
                long ts = tag >>> 1;
                if (ts > safe || unlink(index, record, safe) == BUSY) {
                    unlinks.add(index, record, ts);
                }
            }
            // Each trim walks every version above its horizon. A pass can last long (a backlog of entries, a
            // descheduled thread) while writers stack versions above the horizon it began with, and while it holds
            // a hot record's GC bit nobody else trims that record: with a fixed horizon every further entry of the
            // record re-walks the grown chain (entries x chain). Follow the watermark instead (it only moves up).
            if (++sinceRefresh == REFRESH_EVERY) {
                sinceRefresh = 0;
                watermark.refresh();
            }
            horizon = Math.max(horizon, watermark.trimHorizon());
            safe = Math.max(safe, watermark.safe());
        }
        for (int n = unlinks.size; n > 0 && unlinks.headTag() <= safe; n--) {
            Index index = unlinks.headIndex();
            MvccRecord record = unlinks.headRecord();
            long tag = unlinks.headTag();
            unlinks.pop();
            if (unlink(index, record, safe) == BUSY) {
                unlinks.add(index, record, tag);
            }
        }
    }

    /** Cuts the chain below the newest committed version at or below {@code horizon}. */
    private int trim(MvccRecord record, long horizon, long safe) {
        if (!record.tryLockGc()) {
            return BUSY;
        }
        try {
            if (record.isUnlinked()) {
                return DONE;
            }
            Version keep = record.newestCommittedAtOrBefore(horizon);
            if (keep == null) {
                return DONE;
            }
            Version rest = keep.olderAcquire();
            if (rest == null || rest == Version.TRUNCATED) {
                return DONE;
            }
            // release: a reader that missed its version (aggressive only) sees the mark, not a reused version
            keep.setOlderRelease(Version.TRUNCATED);
            freeChain(rest, Version.timestamp(keep.stampAcquire()) <= safe, safe);
            return DONE;
        } finally {
            record.unlockGc();
        }
    }

    /**
     * Frees a detached chain. Versions below the newest committed one at or below {@code safe} are unreachable
     * and reused; those above it (aggressive collection) may still be walked by a stale reader and are dropped.
     */
    private void freeChain(Version v, boolean reusable, long safe) {
        while (v != null && v != Version.TRUNCATED) {
            Version next = v.olderAcquire();
            if (reusable) {
                worker.free(v, true);
            } else {
                worker.free(v, false);
                long s = v.stampAcquire();
                reusable = Version.isCommitted(s) && Version.timestamp(s) <= safe;
            }
            v = next;
        }
    }

    /** Unlinks a record that is absent at every running snapshot; DONE also when it lives again. */
    private int unlink(Index index, MvccRecord record, long safe) {
        if (!record.tryLockGc()) {
            return BUSY;
        }
        try {
            if (record.isUnlinked()) {
                return DONE;
            }
            Version head = record.headAcquire();
            if (head != null) {
                long s = head.stampAcquire();
                if (!Version.isCommitted(s)) {
                    return BUSY; // a committer is deciding: look again later
                }
                if (head.row() != null || Version.timestamp(s) > safe) {
                    return DONE; // written again; a later delete queues it anew
                }
            }
            if (!record.tryMarkUnlinked()) {
                return BUSY; // a committer holds it
            }
            if (record.headAcquire() != head) {
                record.clearUnlinked(); // a committer installed and unlocked just before our mark
                return DONE;
            }
            index.unlink(record, null);
            if (head != null) {
                Version rest = head.olderAcquire();
                worker.free(head, false); // a reader that found the record may still read it
                freeChain(rest, true, safe);
            }
            return DONE;
        } finally {
            record.unlockGc();
        }
    }

    /** A ring of (index, record, tag) entries. */
    private static final class Queue {
        private Index[] indexes = new Index[64];
        private MvccRecord[] records = new MvccRecord[64];
        private long[] tags = new long[64];
        private int head;
        private int size;

        void add(Index index, MvccRecord record, long tag) {
            if (size == records.length) {
                grow();
            }
            int i = (head + size) & (records.length - 1);
            indexes[i] = index;
            records[i] = record;
            tags[i] = tag;
            size++;
        }

        long headTag() {
            return tags[head];
        }

        Index headIndex() {
            return indexes[head];
        }

        MvccRecord headRecord() {
            return records[head];
        }

        void pop() {
            indexes[head] = null;
            records[head] = null;
            head = (head + 1) & (records.length - 1);
            size--;
        }

        private void grow() {
            int n = records.length * 2;
            Index[] ix = new Index[n];
            MvccRecord[] rs = new MvccRecord[n];
            long[] ts = new long[n];
            for (int k = 0; k < size; k++) {
                int i = (head + k) & (records.length - 1);
                ix[k] = indexes[i];
                rs[k] = records[i];
                ts[k] = tags[i];
            }
            indexes = ix;
            records = rs;
            tags = ts;
            head = 0;
        }
    }
}
