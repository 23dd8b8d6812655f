package org.terndb.txn.common;

import java.util.Arrays;
import java.util.List;
import org.terndb.txn.AbortReason;
import org.terndb.txn.CommitLog;
import org.terndb.txn.DuplicateKeyException;
import org.terndb.txn.Index;
import org.terndb.txn.RowPatch;
import org.terndb.txn.RowVisitor;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;

/**
 * What every protocol's transaction shares: the read, write and node sets, the table-level operations
 * (secondary-index maintenance, unique checks, chunked phantom-safe scans, reading one's own writes), the
 * life cycle (begin, commit, abort, misuse checks) and statistics. A protocol supplies how a committed record
 * is read, how a write is buffered, and its commit and abort.
 *
 * <p>Inserts put a placeholder record (absent) into the index during the read phase, as Silo does (§4.5), so
 * that concurrent inserters of the same key meet at one record and scans see the key's node change.
 *
 * <h2>Durability contract (every protocol, MVTO included)</h2>
 * When the protocol has a {@link CommitLog} ({@link #logsCommits()}), a {@link #commitWrites()} that commits
 * with writes must call {@link #reportCommit(long, long)} exactly once, after its validation has succeeded (the
 * commit can no longer fail) and before or while it installs; this class then appends the written primary-index
 * rows to the worker's log buffer after {@code commitWrites()} returns, and waits for durability after the
 * transaction ended. A commit with writes that reports nothing fails with {@link IllegalStateException}.
 *
 * <p>{@link #commit()} is {@link #commitDeferred()} followed by {@link org.terndb.txn.Worker#awaitDurable} of the
 * epoch it returns. {@code commitDeferred()} ends the transaction (writes installed and logged, epoch slot left)
 * without waiting and returns the epoch that must be durable before the commit may be acknowledged: the reported
 * epoch for a commit that reported one (an omitted commit included), 0 when there is nothing to wait for (no commit
 * log, or a read-only commit that reported nothing); or the protocol's {@link #groupCommitEpoch()} if that is
 * later, which its worker's {@link AbstractWorker#groupCommitted} tells closed. The caller then must not tell anyone
 * the commit happened until {@link org.terndb.txn.Worker#isDurable} says so or {@code awaitDurable} returned;
 * meanwhile the worker may run other transactions (SiloR §5: workers keep running while their clients' results
 * wait for the durable epoch).
 * <ul>
 *   <li><b>epoch</b>: {@code epochs().current()} read at the serialization point, i.e. after the write set is
 *       locked / validated (behind the fence of the lock CASes or an explicit full fence) and before the new
 *       versions become visible (Silo's rule). Every transaction's epoch is then at least the epochs of the
 *       transactions it read from or overwrote, so recovering every epoch up to the durable one gives a state
 *       closed under reads-from (SiloR §3).</li>
 *   <li><b>stamp</b>: a number that increases with each committed version of a key within one run of the
 *       database (recovery orders versions by run, then stamp): Silo/MOCC the TID, TicToc the commit timestamp,
 *       SI/ERMIA the commit timestamp, MVTO the version's write timestamp, 2PL a counter drawn under the
 *       exclusive locks (only while logging).</li>
 *   <li>A commit that installs none of its buffered writes but must still be acknowledged only once its
 *       epoch is durable (SSE's write omission) calls {@link #reportOmittedCommit(long)} instead: nothing is
 *       logged for it.</li>
 *   <li>{@link AbstractConcurrencyControl#readLatestCommitted} must return the stamp of the same version.</li>
 * </ul>
 */
public abstract class AbstractTransaction implements Transaction {
    /**
     * The most records fetched from the tree per scan step; later steps resume after the last key. A step fetches
     * as many as the scan still wants, and twice as many as the step before when that one did not satisfy it.
     */
    private static final int SCAN_CHUNK = 64;

    protected final AbstractWorker worker;
    protected final ReadSet readSet = new ReadSet();
    protected final WriteSet writeSet = new WriteSet();
    protected final NodeSet nodeSet = new NodeSet();

    private ScanBuffer[] scanBuffers = new ScanBuffer[] {new ScanBuffer()};
    private int scanDepth;
    private boolean active;
    private String endedBy = "it was never begun";
    /** {@link #endedBy} after an abort, by the reason's ordinal: built once, so that a rollback builds no string. */
    private static final String[] ENDED_BY_ABORT = Arrays.stream(AbortReason.all())
            .map(reason -> "it was aborted (" + reason + ")").toArray(String[]::new);
    /** Set by another thread (statement cancel, connection close), read by the owner: volatile so it is seen. */
    private volatile boolean abortRequested;
    /**
     * The unique secondary index entry {@link #resolve} last read, and the primary key array it returned: a
     * lookup of that very array in the entry's table's primary index starts from the entry's {@linkplain
     * Record#target target} (see {@link #lookupPrimary}). Null when there is none.
     */
    private Record resolvedEntry;
    private byte[] resolvedKey;
    private Index resolvedIndex;

    private static final int NOT_REPORTED = 0;
    private static final int REPORTED = 1;
    private static final int REPORTED_OMITTED = 2;
    private int commitReport;
    private boolean deferredCommit;
    private long commitEpoch;
    private long commitStamp;

    protected AbstractTransaction(AbstractWorker worker) {
        this.worker = worker;
    }

    // ---------------------------------------------------------------- protocol hooks

    /** Called at begin, after the sets are cleared and the epoch is announced. */
    protected void onBegin() {
    }

    /**
     * Reads a committed record the transaction has not written: returns its row, or null if the record is
     * absent (not yet inserted or deleted). Records what validation needs (read set) and may lock.
     *
     * @param forUpdate the caller intends to write the record next (2PL takes the write lock now)
     */
    protected abstract byte[] readCommitted(Index index, Record record, boolean forUpdate);

    /** A new, absent record to be placed in the tree by an insert of this transaction. */
    protected abstract Record newPlaceholder(byte[] key);

    /**
     * Buffers a write: {@code row} is the new row, null to delete. {@code kind} is one of {@link WriteSet}'s.
     * {@code freshPlaceholder} = the record is this transaction's own new placeholder, which nobody else may
     * have written yet but someone else may write first: the protocol must make commit fail if that happened.
     */
    protected abstract void bufferWrite(Index index, Record record, byte[] row, int kind, boolean freshPlaceholder);

    /** Validates and installs the write set; throws {@link TransactionAbortedException} (after cleanup is due). */
    protected abstract void commitWrites();

    /**
     * For a protocol whose commits are acknowledged only once an epoch closed (MVTO's group commit): after a
     * {@link #commitDeferred()}, the epoch that must close before this commit may be acknowledged, beyond the log's
     * ({@link org.terndb.txn.Worker#isDurable} asks the worker, which knows when it closed); 0 for none. A protocol
     * that overrides this does not wait in {@link #commitWrites()} when {@link #deferredCommit()} says so.
     */
    protected long groupCommitEpoch() {
        return 0;
    }

    /**
     * Releases whatever the protocol holds (locks, reservations) after an abort in any phase, including a
     * commit that failed half way. Must be idempotent.
     */
    protected abstract void rollback();

    /**
     * Buffers {@link #updateBlind} of a record this transaction has neither read nor written; returns false if
     * the record is absent. This default reads the record first, as {@link #update} does: correct for every
     * protocol, but not blind. A protocol with a blind path buffers the write without a read of the value and
     * checks at commit that the row still exists.
     */
    protected boolean bufferBlindUpdate(Index index, Record record, byte[] row) {
        if (readCommitted(index, record, true) == null) {
            return false;
        }
        bufferWrite(index, record, row, WriteSet.UPDATE, false);
        return true;
    }

    /**
     * Buffers {@link #updateBlind(Table, byte[], RowPatch)} of a present record this transaction has neither read
     * nor written, blindly: returns true if it did, false to have the write done as a read-modify-write (read,
     * apply, {@link #update}). This default returns false: correct for every protocol, but not blind. A protocol
     * with a blind path buffers the patch ({@link WriteSet#putPatch}) and resolves it against the record's current
     * row when it installs, under the record's lock, checking there that the row still exists and
     * ({@link #checkPatchKeepsIndexKeys}) that no index key changed.
     */
    protected boolean bufferBlindPatch(Index index, Record record, RowPatch patch) {
        return false;
    }

    /**
     * A patch must leave every secondary key of its row unchanged (its columns were outside every index when the
     * statement was planned; an index built since then is maintained by writers before plans know of it). Aborts
     * if {@code after} (the patch applied to {@code before}) has another key than {@code before} in an index that
     * shares a column with the patch: the write cannot maintain the entry without having read the row.
     */
    protected final void checkPatchKeepsIndexKeys(Index primary, byte[] primaryKey, byte[] before, byte[] after,
                                                  RowPatch patch) {
        List<Index> secondaries = primary.table().secondaries();
        for (int i = 0; i < secondaries.size(); i++) {
            Index s = secondaries.get(i);
            if ((s.columnMask() & patch.columnMask()) != 0
                    && !Arrays.equals(s.keyOf(primaryKey, before), s.keyOf(primaryKey, after))) {
                throw abortNow(AbortReason.READ_VALIDATION_FAILED, "a partial blind write changed a column of index "
                        + s + ", built after the statement was planned");
            }
        }
    }

    /**
     * The transaction reads a record it wrote with an unresolved patch (write-set entry {@code w}): the write is
     * no longer blind. A protocol that keeps a list of its blind entries drops {@code w} from it here; the read
     * of the committed row that follows enters the read set as any read does.
     */
    protected void onPatchRead(int w) {
    }

    /**
     * An insert, a unique-index check or an index fill found a key of {@code index} taken by a committed row.
     * Before that is reported as a duplicate (false from {@link #insert}, {@link DuplicateKeyException}, false
     * from {@link #backfill}), the transaction's view must be one it could commit with: a duplicate that only
     * exists because the transaction read a value that has been overwritten since (a New-Order that read an old
     * order-id counter finds the order another New-Order inserted under that id) is a conflict, not a constraint
     * violation. A protocol whose reads are validated at commit therefore checks them here, read-only (no lock
     * taken, nothing changed that commit relies on), and throws {@link #abortNow} with the reason its commit
     * would give if they are no longer valid; returning normally means the duplicate is genuine.
     *
     * <p>This default checks nothing: right for protocols whose reads are locked until commit or form one
     * snapshot, where a row committed after the snapshot is invisible, so the insert goes ahead and meets
     * first-committer-wins (or its timestamp rule) instead of a duplicate.
     */
    protected void onDuplicateKey(Index index) {
    }

    /**
     * For {@link #onDuplicateKey}: aborts with {@code NODE_SET_CHANGED} if a range this transaction scanned or a
     * key it missed changed since (node versions never go back, so its commit could not succeed). Read-only.
     */
    protected final void abortIfNodeSetChanged() {
        if (nodeSet.changedSinceObserved()) {
            throw abortNow(AbortReason.NODE_SET_CHANGED,
                    "a scanned range or missed key changed, so the duplicate key may be one this transaction's reads "
                            + "did not account for");
        }
    }

    // ---------------------------------------------------------------- life cycle

    final void begin() {
        if (active) {
            throw new IllegalStateException("the worker's previous transaction is still active: commit or abort it "
                    + "before beginning another");
        }
        readSet.clear();
        writeSet.clear();
        nodeSet.clear();
        forgetResolved();
        active = true;
        onBegin();
    }

    @Override
    public final boolean isActive() {
        return active;
    }

    // ---------------------------------------------------------------- durability (see the class documentation)

    /** Whether commits are logged: protocols draw a stamp that costs something (2PL's counter) only then. */
    protected final boolean logsCommits() {
        return worker.log != null;
    }

    /** The commit's epoch (read at the serialization point) and per-key stamp; see the class documentation. */
    protected final void reportCommit(long epoch, long stamp) {
        commitReport = REPORTED;
        commitEpoch = epoch;
        commitStamp = stamp;
    }

    /** The commit installs none of its writes (write omission) but is acknowledged once {@code epoch} is durable. */
    protected final void reportOmittedCommit(long epoch) {
        commitReport = REPORTED_OMITTED;
        commitEpoch = epoch;
        commitStamp = 0;
    }

    /** Appends the written primary-index rows to the log buffer (after install, before the epoch slot is left). */
    private void logWrites(CommitLog.Buffer log) {
        if (commitReport == REPORTED) {
            for (int i = 0, n = writeSet.size(); i < n; i++) {
                Index index = writeSet.index(i);
                if (index.isPrimary()) { // secondary entries are rebuilt from the rows at recovery
                    log.append(index.table(), writeSet.record(i).key(), writeSet.row(i), commitEpoch, commitStamp);
                }
            }
        }
    }

    /** Throws unless the transaction can run an operation on this thread; aborts it if that was requested. */
    protected final void checkActive() {
        worker.checkThread();
        if (!active) {
            throw new IllegalStateException("transaction is not active: " + endedBy
                    + "; begin a new one with Worker.begin()");
        }
        checkAbortRequested();
    }

    @Override
    public final void requestAbort() {
        abortRequested = true;
    }

    @Override
    public final void clearAbortRequest() {
        abortRequested = false;
    }

    /** Aborts now if another thread asked for it ({@link #requestAbort()}): at operation boundaries and in waits. */
    protected final void checkAbortRequested() {
        if (abortRequested) {
            throw abortNow(AbortReason.USER_ABORT, "the transaction was asked to abort by another thread");
        }
    }

    @Override
    public final void commit() {
        long epoch = end(false);
        if (epoch != 0) {
            worker.log.awaitDurable(epoch); // outside the epoch slot, which would otherwise hold the epoch back
        }
    }

    @Override
    public final long commitDeferred() {
        return end(true);
    }

    /**
     * Whether the running commit is a {@link #commitDeferred()}: its caller waits for the acknowledgement, so the
     * protocol must not wait in {@link #commitWrites()} but name the epoch to wait for ({@link #groupCommitEpoch()}).
     */
    protected final boolean deferredCommit() {
        return deferredCommit;
    }

    /** Commits; returns the epoch whose durability (and group commit, when deferred) the acknowledgement waits for. */
    private long end(boolean deferred) {
        checkActive();
        deferredCommit = deferred;
        CommitLog.Buffer log = worker.log;
        commitReport = NOT_REPORTED;
        try {
            if (log != null && writeSet.size() > 0) {
                log.checkWritable(); // a failed log refuses writes before anything is installed
            }
            Backoff.spinMicros(worker.readPhaseExtensionMicros);
            commitWrites();
        } catch (TransactionAbortedException e) {
            finishAborted(e.reason());
            throw e;
        } catch (RuntimeException | Error e) {
            finishAborted(AbortReason.USER_ABORT);
            throw e;
        }
        boolean wait = log != null && commitReport != NOT_REPORTED;
        if (wait) {
            // Appended while the worker still announces its epoch: the logger's durable epoch counts on it.
            logWrites(log);
        }
        active = false;
        endedBy = "it was committed";
        worker.onCommitted();
        if (log != null && !wait && writeSet.size() > 0) {
            throw new IllegalStateException("protocol " + worker.cc.name() + " committed writes without reporting "
                    + "their epoch and stamp (AbstractTransaction.reportCommit): it cannot run with a commit log");
        }
        return Math.max(wait ? commitEpoch : 0, deferred ? groupCommitEpoch() : 0);
    }

    @Override
    public final void abort() {
        worker.checkThread();
        if (!active) {
            return;
        }
        finishAborted(AbortReason.USER_ABORT);
    }

    /** Aborts now (locks released, statistics counted) and returns the exception for the caller to throw. */
    protected final TransactionAbortedException abortNow(AbortReason reason, String detail) {
        finishAborted(reason);
        return new TransactionAbortedException(reason, detail);
    }

    private void finishAborted(AbortReason reason) {
        if (!active) {
            return;
        }
        try {
            rollback();
        } finally {
            active = false;
            endedBy = ENDED_BY_ABORT[reason.ordinal()];
            worker.onAborted(reason);
        }
    }

    // ---------------------------------------------------------------- reads

    @Override
    public final byte[] read(Table table, byte[] primaryKey) {
        checkActive();
        requireKey(primaryKey);
        return readPrimary(table.primary(), primaryKey, false);
    }

    @Override
    public final byte[] readForUpdate(Table table, byte[] primaryKey) {
        checkActive();
        requireKey(primaryKey);
        return readPrimary(table.primary(), primaryKey, true);
    }

    @Override
    public final byte[] read(Index index, byte[] key) {
        checkActive();
        requireKey(key);
        if (index.isPrimary()) {
            return readKey(index, key, false);
        }
        if (!index.isUnique()) {
            throw new IllegalArgumentException("point read through non-unique index " + index + ": use scan");
        }
        if (index.isRetired()) {
            throw retired(index);
        }
        byte[] primaryKey = resolve(index, key);
        return primaryKey == null ? null : readPrimary(index.table().primary(), primaryKey, false);
    }

    /** {@link #readKey} of a primary key, which may start from the entry {@link #resolve} found it by. */
    private byte[] readPrimary(Index primary, byte[] primaryKey, boolean forUpdate) {
        Record r = lookupPrimary(primary, primaryKey);
        return r == null ? null : readRecord(primary, r, forUpdate);
    }

    /**
     * The record {@code primary.get(primaryKey, nodeSet)} returns, found without probing the index's hash when
     * {@code primaryKey} is the very array {@link #resolve} last returned for an entry of a secondary index of
     * the same table, and the primary record the entry led to before is still the index's record of that key.
     */
    private Record lookupPrimary(Index primary, byte[] primaryKey) {
        Record entry = resolvedEntry;
        if (entry == null || primaryKey != resolvedKey || resolvedIndex.table().primary() != primary) {
            return primary.get(primaryKey, nodeSet);
        }
        Record target = entry.target();
        if (target != null && primary.isEntry(target, primaryKey)) {
            return target; // a record of primary (the only index whose records an entry of its table targets)
        }
        Record r = primary.get(primaryKey, nodeSet); // a hit adds nothing to the node set, nor does the target's
        if (r != null && r != target) {
            entry.setTarget(r);
        }
        return r;
    }

    /**
     * The primary key a unique secondary index entry holds for {@code key} (null if none), remembered with the entry
     * for {@link #lookupPrimary}. The entry's target and its row start loading before the entry's own row is read, so
     * that their misses overlap.
     */
    private byte[] resolve(Index index, byte[] key) {
        Record entry = index.get(key, nodeSet);
        if (entry == null) {
            return null;
        }
        Record target = entry.target();
        if (target != null) {
            PointHash.touch(target.rowOpaque());
        }
        byte[] primaryKey = readRecord(index, entry, false);
        if (primaryKey != null) {
            resolvedEntry = entry;
            resolvedKey = primaryKey;
            resolvedIndex = index;
        }
        return primaryKey;
    }

    private void forgetResolved() {
        resolvedEntry = null;
        resolvedKey = null;
        resolvedIndex = null;
    }

    /** Looks the key up (a miss is recorded in the node set) and reads the record as this transaction sees it. */
    protected final byte[] readKey(Index index, byte[] key, boolean forUpdate) {
        Record r = index.get(key, nodeSet);
        return r == null ? null : readRecord(index, r, forUpdate);
    }

    /** Own writes first, then the protocol's committed read. */
    protected final byte[] readRecord(Index index, Record record, boolean forUpdate) {
        int w = writeSet.indexOf(record);
        if (w >= 0) {
            RowPatch patch = writeSet.patch(w);
            return patch == null ? writeSet.row(w) : resolvePatchByRead(index, record, w, patch);
        }
        return readCommitted(index, record, forUpdate);
    }

    /**
     * Reading one's own partial blind write: the write becomes a read-modify-write of the committed row (read and
     * validated like any read), with the patch applied to it now.
     */
    private byte[] resolvePatchByRead(Index index, Record record, int w, RowPatch patch) {
        onPatchRead(w);
        byte[] current = readCommitted(index, record, true);
        if (current == null) {
            // updateBlind saw the row; it was deleted since, so this transaction cannot commit its write
            throw abortNow(AbortReason.READ_VALIDATION_FAILED, "a row written blindly was deleted before commit");
        }
        byte[] row = patch.apply(current);
        checkPatchKeepsIndexKeys(index, record.key(), current, row, patch);
        writeSet.resolve(w, row);
        return row;
    }

    @Override
    public final int scan(Index index, byte[] lo, boolean loInclusive, byte[] hi, boolean hiInclusive,
                          boolean reverse, int limit, RowVisitor visitor) {
        checkActive();
        if (visitor == null) {
            throw new IllegalArgumentException("scan visitor must not be null");
        }
        if (lo != null && hi != null && Arrays.compareUnsigned(lo, hi) > 0) {
            throw new IllegalArgumentException("scan bounds inverted: lo > hi");
        }
        if (index.isRetired()) {
            throw retired(index);
        }
        Index primary = index.table().primary();
        int remaining = limit <= 0 ? Integer.MAX_VALUE : limit;
        int visited = 0;
        ScanBuffer buffer = pushScanBuffer();
        try {
            int chunk = Math.min(remaining, SCAN_CHUNK);
            while (true) {
                checkAbortRequested(); // a long scan is many operations: it stops between chunks when asked
                buffer.clear();
                int n = index.tree().scan(lo, loInclusive, hi, hiInclusive, reverse, chunk, buffer, nodeSet);
                for (int i = 0; i < buffer.size(); i++) {
                    Record r = buffer.get(i);
                    byte[] row = readRecord(index, r, false);
                    if (row == null) {
                        continue;
                    }
                    byte[] primaryKey = r.key();
                    if (!index.isPrimary()) {
                        primaryKey = row;
                        row = readKey(primary, primaryKey, false);
                        if (row == null) {
                            continue; // the entry's row is gone: validation of the entry will fail at commit
                        }
                    }
                    visited++;
                    remaining--;
                    if (!visitor.visit(primaryKey, row) || remaining == 0) {
                        return visited;
                    }
                }
                if (n < chunk) {
                    return visited;
                }
                byte[] last = buffer.get(buffer.size() - 1).key();
                if (reverse) {
                    hi = last;
                    hiInclusive = false;
                } else {
                    lo = last;
                    loInclusive = false;
                }
                // The step's records were not all rows (deleted ones wait in the tree until reclaimed): a scan
                // for the first row of a range whose head was just deleted, as TPC-C's Delivery does, would
                // otherwise descend the tree once for each deleted record it passes.
                chunk = Math.min(Math.max(remaining, chunk * 2), SCAN_CHUNK);
            }
        } finally {
            buffer.clear();
            scanDepth--;
        }
    }

    private ScanBuffer pushScanBuffer() {
        if (scanDepth == scanBuffers.length) {
            scanBuffers = Arrays.copyOf(scanBuffers, scanDepth * 2);
        }
        ScanBuffer b = scanBuffers[scanDepth];
        if (b == null) {
            b = scanBuffers[scanDepth] = new ScanBuffer();
        }
        scanDepth++;
        return b;
    }

    // ---------------------------------------------------------------- writes

    @Override
    public final boolean insert(Table table, byte[] primaryKey, byte[] row) {
        checkActive();
        requireKey(primaryKey);
        requireRow(row);
        List<Index> secondaries = table.secondaries();
        for (int i = 0; i < secondaries.size(); i++) {
            Index s = secondaries.get(i);
            if (s.isUnique() && readKey(s, s.keyOf(primaryKey, row), false) != null) {
                onDuplicateKey(s);
                throw new DuplicateKeyException(s.toString());
            }
        }
        if (!insertEntry(table.primary(), primaryKey, row)) {
            return false;
        }
        for (int i = 0; i < secondaries.size(); i++) {
            Index s = secondaries.get(i);
            if (!insertEntry(s, s.keyOf(primaryKey, row), primaryKey)) {
                throw concurrentEntry(s);
            }
        }
        return true;
    }

    @Override
    public final boolean update(Table table, byte[] primaryKey, byte[] row) {
        checkActive();
        requireKey(primaryKey);
        requireRow(row);
        Index primary = table.primary();
        Record r = lookupPrimary(primary, primaryKey);
        if (r == null) {
            return false;
        }
        byte[] old = readRecord(primary, r, true);
        if (old == null) {
            return false;
        }
        List<Index> secondaries = table.secondaries();
        for (int i = 0; i < secondaries.size(); i++) {
            Index s = secondaries.get(i);
            if (s.isUnique()) {
                byte[] newKey = s.keyOf(primaryKey, row);
                if (!Arrays.equals(newKey, s.keyOf(primaryKey, old)) && readKey(s, newKey, false) != null) {
                    onDuplicateKey(s);
                    throw new DuplicateKeyException(s.toString());
                }
            }
        }
        bufferWrite(primary, r, row, WriteSet.UPDATE, false);
        for (int i = 0; i < secondaries.size(); i++) {
            Index s = secondaries.get(i);
            byte[] oldKey = s.keyOf(primaryKey, old);
            byte[] newKey = s.keyOf(primaryKey, row);
            if (!Arrays.equals(oldKey, newKey)) {
                deleteEntry(s, oldKey);
                if (!insertEntry(s, newKey, primaryKey)) {
                    throw concurrentEntry(s);
                }
            }
        }
        return true;
    }

    @Override
    public final boolean updateBlind(Table table, byte[] primaryKey, byte[] row) {
        checkActive();
        requireKey(primaryKey);
        requireRow(row);
        if (!table.secondaries().isEmpty()) {
            return update(table, primaryKey, row); // maintaining secondary indexes needs the old row
        }
        Index primary = table.primary();
        Record r = lookupPrimary(primary, primaryKey);
        if (r == null) {
            return false;
        }
        if (writeSet.indexOf(r) >= 0 || readSet.indexOf(r) >= 0) {
            return update(table, primaryKey, row); // read or written before: a read-modify-write, not blind
        }
        return bufferBlindUpdate(primary, r, row);
    }

    @Override
    public final boolean updateBlind(Table table, byte[] primaryKey, RowPatch patch) {
        checkActive();
        requireKey(primaryKey);
        if (patch == null) {
            throw new IllegalArgumentException("patch must not be null");
        }
        Index primary = table.primary();
        Record r = lookupPrimary(primary, primaryKey);
        if (r == null) {
            return false;
        }
        if (writeSet.indexOf(r) < 0 && readSet.indexOf(r) < 0 && bufferBlindPatch(primary, r, patch)) {
            return true;
        }
        // read or written before, or no blind path: a read-modify-write, which maintains index entries as any does
        byte[] current = readRecord(primary, r, true);
        return current != null && update(table, primaryKey, patch.apply(current));
    }

    @Override
    public final byte[] readPrimaryKey(Index index, byte[] key) {
        checkActive();
        requireKey(key);
        if (index.isPrimary() || !index.isUnique()) {
            throw new IllegalArgumentException("readPrimaryKey needs a unique secondary index, not " + index);
        }
        if (index.isRetired()) {
            throw retired(index);
        }
        return resolve(index, key);
    }

    @Override
    public final boolean delete(Table table, byte[] primaryKey) {
        checkActive();
        requireKey(primaryKey);
        Index primary = table.primary();
        Record r = lookupPrimary(primary, primaryKey);
        if (r == null) {
            return false;
        }
        byte[] old = readRecord(primary, r, true);
        if (old == null) {
            return false;
        }
        bufferWrite(primary, r, null, WriteSet.DELETE, false);
        List<Index> secondaries = table.secondaries();
        for (int i = 0; i < secondaries.size(); i++) {
            Index s = secondaries.get(i);
            deleteEntry(s, s.keyOf(primaryKey, old));
        }
        return true;
    }

    @Override
    public final boolean backfill(Index index, byte[] primaryKey, byte[] row) {
        checkActive();
        requireKey(primaryKey);
        requireRow(row);
        if (index.isPrimary()) {
            throw new IllegalArgumentException("backfill is for secondary indexes, not " + index);
        }
        byte[] key = index.keyOf(primaryKey, row);
        byte[] present = readKey(index, key, false);
        if (present != null) {
            if (Arrays.equals(present, primaryKey)) {
                return true;
            }
            onDuplicateKey(index);
            return false;
        }
        if (!insertEntry(index, key, primaryKey)) {
            throw concurrentEntry(index);
        }
        return true;
    }

    /**
     * Inserts one index entry; false if the key is present (the presence was read and is validated, and
     * {@link #onDuplicateKey} found the transaction's reads still valid).
     */
    private boolean insertEntry(Index index, byte[] key, byte[] value) {
        while (true) {
            Record r = index.get(key, null);
            if (r == null) {
                Record fresh = newPlaceholder(key);
                if (index.putIfAbsent(fresh, nodeSet) == null) {
                    bufferWrite(index, fresh, value, WriteSet.INSERT, true);
                    return true;
                }
                continue; // lost a race with another inserter: meet at its record
            }
            if (readRecord(index, r, true) != null) {
                onDuplicateKey(index);
                return false;
            }
            bufferWrite(index, r, value, WriteSet.INSERT, false);
            return true;
        }
    }

    private void deleteEntry(Index index, byte[] key) {
        Record r = index.get(key, nodeSet);
        if (r == null || readRecord(index, r, true) == null) {
            // The row we read has this entry unless a concurrent writer changed the row: abort now.
            throw abortNow(AbortReason.READ_VALIDATION_FAILED, "index " + index + " entry changed concurrently");
        }
        bufferWrite(index, r, null, WriteSet.DELETE, false);
    }

    private TransactionAbortedException retired(Index index) {
        return abortNow(AbortReason.READ_VALIDATION_FAILED, "index " + index + " was dropped");
    }

    private TransactionAbortedException concurrentEntry(Index index) {
        return abortNow(AbortReason.READ_VALIDATION_FAILED,
                "a concurrent transaction inserted the same key into " + index);
    }

    private static void requireKey(byte[] key) {
        if (key == null) {
            throw new IllegalArgumentException("key must not be null");
        }
    }

    private static void requireRow(byte[] row) {
        if (row == null) {
            throw new IllegalArgumentException("row must not be null (use delete to remove a row)");
        }
    }
}
