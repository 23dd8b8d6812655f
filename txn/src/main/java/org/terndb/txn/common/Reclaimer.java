package org.terndb.txn.common;

import org.terndb.txn.Index;

/**
 * Unlinks deleted records from their index once the epochs say no transaction is likely to still use them
 * (Silo §4.8, epoch-based reclamation; the JVM's collector then frees the memory). One per worker, fed in
 * commit order by the worker's own deletes and aborted inserts, and run by the worker between transactions.
 *
 * <p>A queued record is unlinked once {@link EpochManager#safeEpoch()} is {@link #GRACE_EPOCHS} past the
 * epoch it was queued in. The protocol's {@link Unlinker} decides whether it is still the deleted version that
 * was queued and marks it unlinked under its lock; only then is it removed from the tree. A transaction that
 * still holds the record after that sees the mark: a reader looks the key up again, a committer aborts
 * ({@link org.terndb.txn.AbortReason#RECORD_REMOVED}). The waiting only makes that rare; correctness rests on
 * the mark.
 *
 * <p>The queue is a ring of parallel arrays, grown on demand and never shrunk: no allocation in steady state.
 */
public final class Reclaimer {
    /** Epochs that must pass (as seen by every running transaction) before a deleted record is unlinked. */
    public static final long GRACE_EPOCHS = 2;

    /** The protocol-specific part: lock, check and mark one record. */
    @FunctionalInterface
    public interface Unlinker {
        /** The record is marked unlinked: remove it from the tree. */
        int UNLINKED = 0;
        /** The record is locked by someone else right now: try again later. */
        int BUSY = 1;
        /** The record was written again since it was queued (re-inserted): forget the entry. */
        int REVIVED = 2;

        /**
         * Without waiting: locks the record, checks that it is still absent with the version {@code tag} it was
         * queued with, marks it unlinked and unlocks. Returns {@link #UNLINKED}, {@link #BUSY} or
         * {@link #REVIVED}. A record that is already marked unlinked returns {@link #UNLINKED}.
         */
        int tryUnlink(Record record, long tag);
    }

    private final EpochManager epochs;
    private final Unlinker unlinker;

    private Index[] indexes = new Index[16];
    private Record[] records = new Record[16];
    private long[] tags = new long[16];
    private long[] queuedEpochs = new long[16];
    private int head;
    private int size;

    private long checkedAt = -1; // global epoch at which safeEpoch was last computed
    private long safe;

    public Reclaimer(EpochManager epochs, Unlinker unlinker) {
        this.epochs = epochs;
        this.unlinker = unlinker;
    }

    /** Records waiting to be unlinked. */
    public int size() {
        return size;
    }

    /** Queues a record that became absent (deleted, or an insert placeholder left by an abort) in {@code epoch}. */
    public void add(Index index, Record record, long tag, long epoch) {
        if (size == records.length) {
            grow();
        }
        int i = (head + size) & (records.length - 1);
        indexes[i] = index;
        records[i] = record;
        tags[i] = tag;
        queuedEpochs[i] = epoch;
        size++;
    }

    private void grow() {
        int n = records.length * 2;
        Index[] ix = new Index[n];
        Record[] rs = new Record[n];
        long[] ts = new long[n];
        long[] es = new long[n];
        for (int k = 0; k < size; k++) {
            int i = (head + k) & (records.length - 1);
            ix[k] = indexes[i];
            rs[k] = records[i];
            ts[k] = tags[i];
            es[k] = queuedEpochs[i];
        }
        indexes = ix;
        records = rs;
        tags = ts;
        queuedEpochs = es;
        head = 0;
    }

    /**
     * Unlinks every queued record that is due; returns how many left their index. Cheap when nothing is due:
     * the safe epoch (a scan over all worker slots) is computed at most once per global epoch.
     */
    public int reclaim() {
        if (size == 0) {
            return 0;
        }
        long current = epochs.current();
        if (queuedEpochs[head] + GRACE_EPOCHS > current) {
            return 0;
        }
        if (checkedAt != current) {
            checkedAt = current;
            safe = epochs.safeEpoch();
        }
        int unlinked = 0;
        int mask = records.length - 1;
        // Entries are queued in epoch order (a busy one goes back to the tail): stop at the first one not due.
        for (int n = size; n > 0 && queuedEpochs[head] + GRACE_EPOCHS <= safe; n--) {
            Index index = indexes[head];
            Record record = records[head];
            long tag = tags[head];
            long epoch = queuedEpochs[head];
            indexes[head] = null;
            records[head] = null;
            head = (head + 1) & mask;
            size--;
            int outcome = unlinker.tryUnlink(record, tag);
            if (outcome == Unlinker.UNLINKED) {
                // Only removes the mapping if it is still this record (a reader may have helped already).
                index.unlink(record, null);
                unlinked++;
            } else if (outcome == Unlinker.BUSY) {
                add(index, record, tag, epoch);
            }
        }
        return unlinked;
    }
}
