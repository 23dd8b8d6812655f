package org.terndb.txn.silo;

import java.lang.invoke.VarHandle;
import org.terndb.txn.AbortReason;
import org.terndb.txn.Index;
import org.terndb.txn.RowPatch;
import org.terndb.txn.Table;
import org.terndb.txn.common.AbstractTransaction;
import org.terndb.txn.common.BlindEntries;
import org.terndb.txn.common.EpochManager;
import org.terndb.txn.common.Reclaimer;
import org.terndb.txn.common.Record;
import org.terndb.txn.common.WriteSet;

/**
 * A Silo transaction. The read phase reads records invisibly (no shared-memory writes) and buffers writes;
 * commit follows Silo §4.4 in three phases. Subclasses (MOCC) hook into the read of a committed record, the
 * write-set locking, and which reads need validation.
 *
 * <p>Write-set extras hold the word a locked record had before this transaction locked it, with the lock bit
 * set (so a non-zero extra means "locked by us"); an abort restores that word.
 */
public class SiloTransaction extends AbstractTransaction {
    private final SiloWorker silo;
    protected final EpochManager epochs;
    protected final boolean noWait;
    protected final SpinWait spin;

    private long observedWord; // the stable word of the last readStable
    private byte[] readTarget; // during readInto: the caller's array, which readStable copies into
    private int readTargetLength; // the length of the row readStable last copied into readTarget, or -1
    private long maxTid;       // largest TID read or written, gathered in phases 1 and 2
    private final BlindEntries blind = new BlindEntries(); // written by updateBlind without a read

    protected SiloTransaction(SiloWorker worker) {
        super(worker);
        this.silo = worker;
        this.epochs = worker.silo().epochs();
        this.noWait = worker.silo().options().noWait();
        this.spin = new SpinWait(worker.silo().options().integer("lock_timeout_ms"));
    }

    @Override
    protected void onBegin() {
        blind.clear();
        silo.reclaimer.reclaim();
    }

    // ---------------------------------------------------------------- read phase

    @Override
    protected byte[] readCommitted(Index index, Record record, boolean forUpdate) {
        byte[] row = readStable(record);
        long word = observedWord;
        if (TidWord.isUnlinked(word)) {
            return readRelinked(index, record, forUpdate);
        }
        // Absent records stay in the read set: a later insert of the key changes their word.
        readSet.add(record, word, 0);
        return TidWord.isAbsent(word) ? null : row;
    }

    /**
     * Silo §4.4 read: the word (waiting while it is locked), a copy of the row, the word again, until both words
     * agree. Returns the copy (rows are overwritten in place: see {@link #install}), or during {@link #readInto} the
     * caller's array it copied into; {@link #observedWord()} is the stable word it belongs to.
     */
    protected final byte[] readStable(Record record) {
        spin.start();
        byte[] into = readTarget;
        while (true) {
            long before = record.wordAcquire(); // acquire: the row load below cannot move above it
            if (!TidWord.isLocked(before)) {
                byte[] row; // the word re-read below cannot move above the copy
                int length = -1;
                if (into == null) {
                    row = record.rowCopyAcquire();
                } else {
                    length = record.rowCopyInto(into);
                    row = length < 0 ? null : into;
                }
                if (record.wordAcquire() == before) {
                    observedWord = before;
                    readTargetLength = length;
                    return row;
                }
            }
            if (!spin.pause()) {
                throw abortNow(AbortReason.TIMEOUT, "a record stayed locked while reading it");
            }
        }
    }

    /**
     * {@link #read} with the committed row copied straight from the record into {@code into} ({@link #readStable}),
     * not into a new array first. A row of this transaction's own write is copied from the write set.
     */
    @Override
    public final int readInto(Table table, byte[] primaryKey, byte[] into) {
        readTarget = into;
        readTargetLength = -1;
        byte[] row;
        try {
            row = read(table, primaryKey);
        } finally {
            readTarget = null;
        }
        if (row == null) {
            return -1;
        }
        if (row == into && readTargetLength >= 0) {
            return readTargetLength;
        }
        System.arraycopy(row, 0, into, 0, Math.min(row.length, into.length));
        return row.length;
    }

    /** The word of the last {@link #readStable}. */
    protected final long observedWord() {
        return observedWord;
    }

    /**
     * The record was unlinked by reclamation (it was absent): help remove it from the tree, then read what the
     * key maps to now. Our node set observes the removal, so removing an absent record is not taken for a
     * phantom of ours.
     */
    protected final byte[] readRelinked(Index index, Record dead, boolean forUpdate) {
        index.unlink(dead, nodeSet);
        Record now = index.get(dead.key(), nodeSet);
        return now == null ? null : readRecord(index, now, forUpdate);
    }

    @Override
    protected Record newPlaceholder(byte[] key) {
        return silo.silo().newRecord(key, TidWord.PLACEHOLDER, null);
    }

    @Override
    protected void bufferWrite(Index index, Record record, byte[] row, int kind, boolean freshPlaceholder) {
        if (freshPlaceholder) {
            // Silo §4.5 insert: a concurrent inserter of the key may meet at this placeholder and commit first;
            // validating the placeholder's initial word makes exactly one of them commit.
            readSet.add(record, TidWord.PLACEHOLDER, 0);
        } else if (TidWord.isUnlinked(record.wordOpaque())) {
            throw abortNow(AbortReason.RECORD_REMOVED, "the record was unlinked before it was written");
        }
        writeSet.put(index, record, row, kind);
    }

    /**
     * A blind update: the row is buffered with no read-set entry for its value, so a concurrent update of the row
     * does not make this transaction abort. Whether the row still exists is checked at commit, under its lock
     * (a row deleted meanwhile makes the commit abort: it is never resurrected). An absent or unlinked record is
     * read as usual instead (the absence is then validated like any read).
     */
    @Override
    protected boolean bufferBlindUpdate(Index index, Record record, byte[] row) {
        long word = record.wordAcquire(); // acquire: the presence last published; commit checks it again, locked
        if (TidWord.isAbsent(word) || TidWord.isUnlinked(word)) {
            return super.bufferBlindUpdate(index, record, row);
        }
        blind.add(writeSet.put(index, record, row, WriteSet.UPDATE));
        return true;
    }

    /**
     * A partial blind write: the patch is buffered as it is, with no read of the row, and applied in Phase 3 to
     * the row the record holds under our lock, i.e. the version our TID directly follows. Absent or unlinked
     * records are read as usual instead.
     */
    @Override
    protected boolean bufferBlindPatch(Index index, Record record, RowPatch patch) {
        long word = record.wordAcquire(); // acquire: the presence last published; commit checks it again, locked
        if (TidWord.isAbsent(word) || TidWord.isUnlinked(word)) {
            return false; // read as usual: the absence is then validated like any read
        }
        blind.add(writeSet.putPatch(index, record, patch));
        return true;
    }

    /** Our own patched record is read: the entry becomes a read-modify-write, no longer blind. */
    @Override
    protected void onPatchRead(int w) {
        blind.remove(w);
    }

    /** The number of write-set entries written blindly (their record was never read by this transaction). */
    protected final int blindUpdateCount() {
        return blind.size();
    }

    /** The write-set position of the {@code k}-th blind entry (kind UPDATE, or DELETE if deleted afterwards). */
    protected final int blindUpdatePosition(int k) {
        return blind.get(k);
    }

    // ---------------------------------------------------------------- commit

    @Override
    protected void commitWrites() {
        if (commitWithoutInstalling()) {
            return;
        }
        maxTid = 0;
        int[] order = writeSet.sortedOrder();
        // Silo §4.4 Phase 1: lock the write set in a global order, so that committers never deadlock.
        lockWriteSet(order);
        // Serialization point: the epoch and the validation loads below must not move above the lock CASes.
        VarHandle.fullFence();
        long epoch = epochs.current();
        checkBlindUpdatesPresent();
        beforeValidation(epoch);
        // Phase 2: validate the read set, then the node set (phantoms, §4.6).
        validateReadSet();
        if (!nodeSet.validate()) {
            throw abortNow(AbortReason.NODE_SET_CHANGED, "a scanned range or missed key changed");
        }
        // Phase 3: pick the TID, install the rows and unlock.
        if (writeSet.size() > 0) {
            resolvePatches();
            long tid = TidWord.nextTid(maxTid, silo.lastTid, epoch);
            beforeInstall(tid, epoch);
            reportCommit(epoch, tid); // durability: the epoch read after locking, the TID as the stamp
            install(tid, epoch);
        }
    }

    /**
     * Partial blind writes: each patch is applied to the row its record holds under our lock (Phase 1 checked that
     * it exists), i.e. the version our TID directly follows; the resolved row is what Phase 3 installs and the log
     * records. Done before anything is installed, so nothing is half-installed should a patch fail.
     */
    private void resolvePatches() {
        for (int k = 0, n = blind.size(); k < n; k++) {
            int i = blind.get(k);
            RowPatch patch = writeSet.patch(i);
            if (patch != null) {
                Record record = writeSet.record(i);
                byte[] current = record.rowAcquire();
                byte[] row = patch.apply(current);
                checkPatchKeepsIndexKeys(writeSet.index(i), record.key(), current, row, patch);
                writeSet.resolve(i, row);
            }
        }
    }

    /** A blindly updated row must still exist: its word was read when we locked it (Phase 1). */
    private void checkBlindUpdatesPresent() {
        for (int k = 0, n = blind.size(); k < n; k++) {
            if (TidWord.isAbsent(writeSet.extra(blind.get(k)))) {
                throw abortNow(AbortReason.READ_VALIDATION_FAILED, "a blindly updated row was deleted before commit");
            }
        }
    }

    /** Phase 1: locks every written record in {@code order}, remembering its word. */
    protected void lockWriteSet(int[] order) {
        for (int k = 0, n = writeSet.size(); k < n; k++) {
            int i = order[k];
            long word = lockWord(writeSet.record(i));
            writeSet.setExtra(i, word | TidWord.LOCK);
            if (TidWord.isUnlinked(word)) {
                throw abortNow(AbortReason.RECORD_REMOVED, "a written record was unlinked");
            }
            maxTid = Math.max(maxTid, TidWord.tid(word));
        }
    }

    /** Sets the record's lock bit (spinning, or aborting at once under NoWait); returns the word it replaced. */
    protected final long lockWord(Record record) {
        spin.start();
        while (true) {
            long word = record.wordAcquire();
            if (!TidWord.isLocked(word)) {
                if (record.casWord(word, word | TidWord.LOCK)) { // CAS: the lock is the record's only writer gate
                    return word;
                }
                continue;
            }
            if (noWait) {
                throw abortNow(AbortReason.WRITE_LOCK_CONFLICT, "a written record is locked (NoWait)");
            }
            if (!spin.pause()) {
                throw abortNow(AbortReason.TIMEOUT, "a written record stayed locked");
            }
        }
    }

    /** Phase 2, read set: each TID unchanged and not locked by another transaction. */
    private void validateReadSet() {
        for (int i = 0, n = readSet.size(); i < n; i++) {
            long seen = readSet.word(i);
            if (!validatedByLock(i)) {
                Record record = readSet.record(i);
                long now = record.wordAcquire();
                if ((now & ~TidWord.LOCK) != seen || (TidWord.isLocked(now) && writeSet.indexOf(record) < 0)) {
                    onReadValidationFailed(record);
                    throw TidWord.isUnlinked(now)
                            ? abortNow(AbortReason.RECORD_REMOVED, "a read record was unlinked")
                            : abortNow(AbortReason.READ_VALIDATION_FAILED, "a read record changed or is locked");
                }
            }
            maxTid = Math.max(maxTid, TidWord.tid(seen));
        }
    }

    /**
     * Phase 3: rows first, then the new word, which unlocks; deletes go to the reclaimer. A short primary row (at most
     * {@link Record#OVERWRITTEN_MAX} bytes) of the same length as the new one is overwritten in place, so it stays
     * beside its record (readers copy short rows under the word check: {@link #readStable}); any other new short
     * primary row is installed as a copy, so that the record alone holds an array a later commit may overwrite (the
     * write set's array is still logged after the unlock, and the statement that built it may keep it). Long rows and
     * secondary records' rows are installed as they are: they are never overwritten.
     */
    private void install(long tid, long epoch) {
        Reclaimer reclaimer = silo.reclaimer;
        int n = writeSet.size();
        for (int i = 0; i < n; i++) {
            Record record = writeSet.record(i);
            byte[] row = writeSet.row(i);
            if (!writeSet.index(i).isPrimary()) {
                record.setRowRelease(row); // release: a reader that sees the new row also sees our lock bit
            } else if (!record.overwriteRow(row)) {
                boolean overwritable = row != null && row.length <= Record.OVERWRITTEN_MAX;
                record.setRowRelease(overwritable ? row.clone() : row);
            }
            // release: publishes the row with its TID and unlocks, in one store
            record.setWordRelease(TidWord.word(tid, row == null));
            writeSet.setExtra(i, 0);
            if (row == null) {
                reclaimer.add(writeSet.index(i), record, tid, epoch);
            }
        }
        silo.lastTid = tid;
        worker.stats().recordInstalledWrites(n);
    }

    // ---------------------------------------------------------------- duplicate keys

    /**
     * A key this transaction inserts (or needs unique) is taken. Phase 2 is run read-only first: if a record read
     * has a new TID since, the duplicate may stem from that stale read (the row keyed by a counter someone else
     * advanced), and the transaction aborts as its commit would. A record locked by a committer is waited for, as
     * a read waits, since it is about to change; committers never wait for a transaction in its read phase.
     */
    @Override
    protected void onDuplicateKey(Index index) {
        for (int i = 0, n = readSet.size(); i < n; i++) {
            if (validatedByLock(i)) {
                continue;
            }
            Record record = readSet.record(i);
            long now = unlockedWord(record);
            if (now != readSet.word(i)) {
                onReadValidationFailed(record);
                throw TidWord.isUnlinked(now)
                        ? abortNow(AbortReason.RECORD_REMOVED, "a read record was unlinked")
                        : abortNow(AbortReason.READ_VALIDATION_FAILED, "a read record changed, so the duplicate key "
                                + "may come from a stale read");
            }
        }
        abortIfNodeSetChanged();
    }

    /** The record's word once no committer holds its lock bit. */
    private long unlockedWord(Record record) {
        spin.start();
        while (true) {
            long word = record.wordAcquire();
            if (!TidWord.isLocked(word)) {
                return word;
            }
            if (!spin.pause()) {
                throw abortNow(AbortReason.TIMEOUT, "a read record stayed locked");
            }
        }
    }

    // ---------------------------------------------------------------- hooks for protocols built on Silo

    /**
     * Called first at commit. An extension that can commit the transaction without installing anything (SSE's
     * write omission) does so and returns true; false runs Silo's commit unchanged. With writes omitted it must
     * {@link #reportOmittedCommit} its epoch (durability contract of {@code AbstractTransaction}).
     */
    protected boolean commitWithoutInstalling() {
        return false;
    }

    /** Called with the write set locked and the commit epoch read, before Phase 2 validates anything. */
    protected void beforeValidation(long epoch) {
    }

    /** Called after Phase 2 passed, with the write set still locked, before Phase 3 installs with {@code tid}. */
    protected void beforeInstall(long tid, long epoch) {
    }

    /** True if read-set entry {@code i} needs no validation (MOCC: it was read under a lock still held). */
    protected boolean validatedByLock(int i) {
        return false;
    }

    /** Called when validating a read of {@code record} failed, before the abort (MOCC: temperature). */
    protected void onReadValidationFailed(Record record) {
    }

    // ---------------------------------------------------------------- abort

    @Override
    protected void rollback() {
        Reclaimer reclaimer = silo.reclaimer;
        long epoch = worker.currentEpoch();
        for (int i = 0, n = writeSet.size(); i < n; i++) {
            Record record = writeSet.record(i);
            long held = writeSet.extra(i);
            if (held != 0) {
                writeSet.setExtra(i, 0);
                record.setWordRelease(held & ~TidWord.LOCK); // release: unlock, word unchanged
            }
            if (writeSet.kind(i) == WriteSet.INSERT) {
                // An insert placeholder we leave behind stays absent; queue it so it leaves the tree unless
                // someone else's insert revives it first.
                long word = record.wordAcquire();
                if (TidWord.isAbsent(word) && !TidWord.isUnlinked(word)) {
                    reclaimer.add(writeSet.index(i), record, TidWord.tid(word), epoch);
                }
            }
        }
    }
}
