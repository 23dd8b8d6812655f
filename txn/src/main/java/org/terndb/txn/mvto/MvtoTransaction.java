package org.terndb.txn.mvto;

import java.lang.invoke.VarHandle;
import java.util.Arrays;
import org.terndb.txn.AbortReason;
import org.terndb.txn.Index;
import org.terndb.txn.RowPatch;
import org.terndb.txn.common.AbstractTransaction;
import org.terndb.txn.common.BlindEntries;
import org.terndb.txn.common.Record;
import org.terndb.txn.common.WriteSet;
import org.terndb.txn.common.mvcc.MvccRecord;
import org.terndb.txn.common.mvcc.Version;
import org.terndb.txn.silo.SpinWait;

/**
 * An MVTO transaction in Cicada's style: it reads and writes at its own timestamp, drawn at begin; reads find
 * the version visible at it, writes are buffered, and commit validates that the timestamp order still holds
 * (Cicada §3.5) before the pending versions become committed. The package documentation has the whole protocol.
 *
 * <p>Read set: each entry is the record and the stamp of the version read ({@link #readVersions} holds the
 * version at the same position; null when the record had no version at all).
 *
 * <p>Blind updates ({@code updateBlind} of a present record not read before) are buffered without a read: the
 * write needs no value, only MVTO's write rule at commit and a check that the version it follows is present. A
 * partial one (a {@link RowPatch}) is linked pending without a row; its row is the patch applied to the committed
 * version found directly below it at commit, filled in before the version commits.
 */
class MvtoTransaction extends AbstractTransaction {
    final MvtoWorker mw;
    final MvtoConcurrencyControl cc;
    private final SpinWait spin;
    private final boolean tracksPredecessors; // mvto+sse: keep what write omission needs on every version

    long ts;
    private boolean inSnapshot;
    /** A deferred commit under group commit: the epoch that must close before it is acknowledged (0: none). */
    private long groupCommitEpoch;
    MvtoVersion[] readVersions = new MvtoVersion[16];
    private MvtoVersion[] installed = new MvtoVersion[16]; // pending version of each write-set entry, once linked
    private int[] order = new int[16];          // write-set positions in install order
    private int[] scratch = new int[16];
    private long[] contention = new long[16];   // by write-set position: the newest live version's wts
    private boolean[] blindAt = new boolean[16]; // by write-set position, at commit: written blindly
    final BlindEntries blind = new BlindEntries(); // written by updateBlind without a read
    private MvtoVersion unconfirmedGenesis; // of a placeholder that may lose its race into the tree

    MvtoTransaction(MvtoWorker worker) {
        super(worker);
        this.mw = worker;
        this.cc = worker.mvto();
        this.spin = new SpinWait(cc.options().integer("lock_timeout_ms"));
        this.tracksPredecessors = cc.sse();
    }

    /** This transaction's timestamp. */
    long timestamp() {
        return ts;
    }

    /** Begin: RapidGC between transactions, then the timestamp (Cicada §3.1). */
    @Override
    protected void onBegin() {
        groupCommitEpoch = 0;
        blind.clear();
        mw.collectGarbage();
        ts = mw.beginTimestamp();
        inSnapshot = true;
    }

    // ---------------------------------------------------------------- read phase (Cicada §3.2)

    /**
     * The newest committed version with wts &lt; ts; a pending version below ts may become that version, so the
     * read waits for its outcome (timestamps are unique: no other writer's wts equals ts).
     */
    @Override
    protected byte[] readCommitted(Index index, Record record, boolean forUpdate) {
        MvtoRecord r = (MvtoRecord) record;
        while (true) {
            Version head = r.headAcquire();
            Version v = visibleFrom(head);
            if (v == Version.TRUNCATED) {
                throw abortNow(AbortReason.TIMESTAMP_TOO_OLD,
                        "the version this timestamp needs was collected (aggressive_gc); retry with a newer one");
            }
            if (v == Version.TIMED_OUT) {
                throw abortNow(AbortReason.TIMEOUT, "a pending version stayed undecided");
            }
            long s = v == null ? 0 : v.stampAcquire();
            byte[] row = v == null ? null : v.row();
            // Unlike a snapshot reader, a walk may be overtaken: a version below our timestamp committed above
            // the walk lets GC collect (and reuse) what the walk is on. Such a version is a new head, so an
            // unchanged head (and stamp) means the row is the version's own; otherwise walk again.
            if (r.headAcquire() != head || (v != null && v.stampAcquire() != s)) {
                continue;
            }
            addRead(r, (MvtoVersion) v, s);
            return row;
        }
    }

    /** The version visible at ts, walking down from {@code v}; see {@link MvccRecord#visibleAt}. */
    private Version visibleFrom(Version v) {
        spin.start();
        while (v != null && v != Version.TRUNCATED) {
            long s = v.stampAcquire(); // acquire: row and older link below belong to this stamp
            int status = Version.status(s);
            if (Version.timestamp(s) < ts) {
                if (status == Version.COMMITTED) {
                    return v;
                }
                if (status == Version.PENDING) {
                    if (!spin.pause()) {
                        return Version.TIMED_OUT;
                    }
                    continue; // its commit would make it the answer: re-read its stamp
                }
            }
            v = v.olderAcquire();
        }
        return v;
    }

    private void addRead(MvtoRecord r, MvtoVersion v, long stamp) {
        int i = readSet.add(r, stamp, 0);
        if (i == readVersions.length) {
            readVersions = Arrays.copyOf(readVersions, i * 2);
        }
        readVersions[i] = v;
    }

    /** An insert placeholder: a genesis version (committed at 0, absent), so absence is read like any version. */
    @Override
    protected Record newPlaceholder(byte[] key) {
        dropUnconfirmedGenesis(); // the previous placeholder lost its race into the tree
        MvtoVersion genesis = (MvtoVersion) mw.newVersion();
        genesis.prepare(Version.stamp(0, Version.COMMITTED), null, null);
        unconfirmedGenesis = genesis;
        return new MvtoRecord(key, genesis);
    }

    private void dropUnconfirmedGenesis() {
        if (unconfirmedGenesis != null) {
            mw.discard(unconfirmedGenesis); // never reachable: only keeps the versions-alive count exact
            unconfirmedGenesis = null;
        }
    }

    @Override
    protected void bufferWrite(Index index, Record record, byte[] row, int kind, boolean freshPlaceholder) {
        MvtoRecord r = (MvtoRecord) record;
        if (freshPlaceholder) {
            unconfirmedGenesis = null; // our placeholder is in the tree
            // Another inserter may have found it and committed first: read its absence like any other read.
            if (readCommitted(index, r, true) != null) {
                throw abortNow(AbortReason.READ_VALIDATION_FAILED, "a concurrent transaction inserted the same key");
            }
        }
        if (r.isUnlinked()) {
            throw abortNow(AbortReason.RECORD_REMOVED, "the record was unlinked before it was written");
        }
        Version newest = newestLive(r);
        if (kind == WriteSet.INSERT && isGenesis(newest)) {
            // The key may have entered the index after a scanner validated its node set: see the package docs.
            VarHandle.fullFence(); // the tree lookup or insert that gave us the record is ordered before the load
            ((MvtoVersion) newest).raiseRts(cc.insertFloor());
        }
        earlyAbort(newest); // EarlyAborts (Cicada §3.2)
        writeSet.put(index, r, row, kind);
    }

    /**
     * A blind update: buffered with no read, so the version it will follow is whatever is newest at commit (MVTO's
     * write rule still applies there). A record that is absent, deleted, unlinked or whose newest version is
     * undecided is read as {@code update} does instead. With write omission the EarlyAbort below is left to
     * commit: an omission may still place the write below a newer version.
     */
    @Override
    protected boolean bufferBlindUpdate(Index index, Record record, byte[] row) {
        MvtoRecord r = (MvtoRecord) record;
        Version newest = newestLive(r);
        if (r.isUnlinked() || newest == null || !Version.isCommitted(newest.stampAcquire()) || newest.row() == null) {
            return super.bufferBlindUpdate(index, record, row);
        }
        if (!cc.sse()) {
            earlyAbort(newest); // EarlyAborts (Cicada §3.2)
        }
        blind.add(writeSet.put(index, r, row, WriteSet.UPDATE));
        return true;
    }

    /**
     * A partial blind write, on the same terms as {@link #bufferBlindUpdate}: the patch is applied at commit to the
     * committed version directly below ours ({@link #checkVersionConsistency}). Once our pending version heads the
     * chain no version can be linked below it (a writer below ts finds a live version above it and aborts), and
     * pending versions below are waited for, so that version is the one directly below ours in timestamp order.
     */
    @Override
    protected boolean bufferBlindPatch(Index index, Record record, RowPatch patch) {
        MvtoRecord r = (MvtoRecord) record;
        Version newest = newestLive(r);
        if (r.isUnlinked() || newest == null || !Version.isCommitted(newest.stampAcquire()) || newest.row() == null) {
            return false; // read as update does
        }
        if (!cc.sse()) {
            earlyAbort(newest); // EarlyAborts (Cicada §3.2)
        }
        blind.add(writeSet.putPatch(index, r, patch));
        return true;
    }

    /** Our own patched record is read: the entry becomes a read-modify-write, no longer blind. */
    @Override
    protected void onPatchRead(int w) {
        blind.remove(w);
    }

    /** The write-set position of the {@code k}-th blind entry (kind UPDATE, or DELETE if deleted afterwards). */
    final int blindUpdatePosition(int k) {
        return blind.get(k);
    }

    /** A write after a version with wts &gt; ts, or after one read at a timestamp above ts, can never commit. */
    private void earlyAbort(Version newest) {
        if (newest == null) {
            return;
        }
        long wts = Version.timestamp(newest.stampAcquire());
        if (wts > ts) {
            mw.boostAbove(wts);
            throw abortNow(AbortReason.TIMESTAMP_TOO_OLD, "a written record has a version newer than our timestamp");
        }
        long rts = ((MvtoVersion) newest).rtsVolatile();
        if (rts > ts) {
            mw.boostAbove(rts);
            throw abortNow(AbortReason.TIMESTAMP_TOO_OLD, "a written record was read at a later timestamp");
        }
    }

    /** The newest version that is not aborted (pending or committed), or null. */
    static Version newestLive(MvccRecord r) {
        Version v = skipAborted(r.headAcquire());
        return v == Version.TRUNCATED ? null : v;
    }

    /** The first version from {@code v} down that is not aborted (null or TRUNCATED at the chain's end). */
    static Version skipAborted(Version v) {
        while (v != null && v != Version.TRUNCATED && Version.status(v.stampAcquire()) == Version.ABORTED) {
            v = v.olderAcquire();
        }
        return v;
    }

    private static boolean isGenesis(Version v) {
        if (v == null || v.row() != null) {
            return false;
        }
        long s = v.stampAcquire();
        return Version.isCommitted(s) && Version.timestamp(s) == 0;
    }

    /**
     * A taken key: the first half of the version consistency check, read-only (no rts raised), and the node set.
     * Reads do not hold back writers below ts until commit raises their rts, so a version committed below ts
     * over one we read (a counter another transaction advanced) makes the duplicate a conflict.
     */
    @Override
    protected void onDuplicateKey(Index index) {
        for (int i = 0, m = readSet.size(); i < m; i++) {
            Version read = readVersions[i];
            for (Version x = ((MvccRecord) readSet.record(i)).headAcquire(); x != read; x = x.olderAcquire()) {
                if (x == null || x == Version.TRUNCATED) {
                    throw abortNow(AbortReason.READ_VALIDATION_FAILED, "a version we read is no longer in its chain");
                }
                long s = decided(x);
                if (Version.isCommitted(s) && Version.timestamp(s) < ts) {
                    throw abortNow(AbortReason.READ_VALIDATION_FAILED, "a newer version appeared in the visible "
                            + "range of a read, so the duplicate key may come from a stale read");
                }
            }
            requireNotReused(i);
        }
        abortIfNodeSetChanged();
    }

    // ---------------------------------------------------------------- validation and commit (Cicada §3.5)

    @Override
    protected void commitWrites() {
        int n = writeSet.size();
        if (installed.length < n) {
            int cap = Integer.highestOneBit(n) << 1;
            installed = new MvtoVersion[cap];
            order = new int[cap];
            scratch = new int[cap];
            contention = new long[cap];
            blindAt = new boolean[cap];
        }
        dropUnconfirmedGenesis();
        if (commitWithoutInstalling()) {
            return;
        }
        Arrays.fill(blindAt, 0, n, false);
        for (int k = 0, b = blind.size(); k < b; k++) {
            blindAt[blind.get(k)] = true;
        }
        sortWriteSetByContention(n);
        precheckVersionConsistency(n);
        installPendingVersions(n);
        updateReadTimestamps();
        checkPhantoms();
        checkVersionConsistency(n);
        if (n > 0) {
            // Durability (AbstractTransaction's contract): the epoch after validation, before the versions become
            // visible; the stamp is the versions' wts.
            reportCommit(cc.epochs().current(), ts);
        }
        // Commit: each pending version becomes committed (release store). A reader that met one of them pending
        // waited for it, so no reader sees part of the commit.
        for (int i = 0; i < n; i++) {
            installed[i].setStampRelease(Version.stamp(ts, Version.COMMITTED));
            installed[i] = null;
            mw.retire(writeSet.index(i), record(i), ts, writeSet.row(i) == null);
        }
        if (n > 0) {
            worker.stats().recordInstalledWrites(n);
        }
        endTransaction();
        // Epoch-based group commit (seed 003): acknowledge once our epoch closed and the commit floor passed our
        // clock, so every transaction that begins after we return draws a larger timestamp.
        awaitGroupCommit(ts);
    }

    /**
     * With group commit, waits until the commit floor passed {@code position}'s clock. The worker still announces
     * its epoch (a commit log appends after this), which holds back no advance but the one after the next: see
     * Clocks.awaitFloorAbove. A deferred commit does not wait but names the epoch to wait for (see Clocks): one
     * read after {@code position}'s clock was published, ours at begin or a pivot's seen through its version.
     */
    final void awaitGroupCommit(long position) {
        if (!cc.groupCommit()) {
            return;
        }
        if (deferredCommit()) {
            VarHandle.fullFence(); // the clock's publication before the epoch read: Clocks' deferred acknowledgement
            groupCommitEpoch = cc.epochs().current();
        } else {
            cc.clocks().awaitFloorAbove(Clocks.clockOf(position), worker.currentEpoch(), cc.epochs(), cc.epochNanos());
        }
    }

    @Override
    protected final long groupCommitEpoch() {
        return groupCommitEpoch;
    }

    /**
     * Called at commit before anything is validated or installed. Write omission (SSE) commits the transaction
     * here without installing its writes and returns true; false runs the commit below unchanged.
     */
    boolean commitWithoutInstalling() {
        return false;
    }

    /**
     * SortWriteSetByContention (Cicada §3.5): install into the most recently written records first (newest wts
     * first), so a transaction that is going to fail fails before it has installed much.
     */
    private void sortWriteSetByContention(int n) {
        for (int i = 0; i < n; i++) {
            Version newest = newestLive(record(i));
            contention[i] = newest == null ? 0 : Version.timestamp(newest.stampAcquire());
            order[i] = i;
        }
        sortByContention(0, n);
    }

    /** Merge sort of order[from, to) by contention, descending; insertion sort for OLTP-sized ranges. */
    private void sortByContention(int from, int to) {
        if (to - from <= 16) {
            for (int i = from + 1; i < to; i++) {
                int e = order[i];
                int j = i - 1;
                while (j >= from && contention[order[j]] < contention[e]) {
                    order[j + 1] = order[j];
                    j--;
                }
                order[j + 1] = e;
            }
            return;
        }
        int mid = (from + to) >>> 1;
        sortByContention(from, mid);
        sortByContention(mid, to);
        System.arraycopy(order, from, scratch, from, to - from);
        int a = from;
        int b = mid;
        int k = from;
        while (a < mid && b < to) {
            order[k++] = contention[scratch[a]] >= contention[scratch[b]] ? scratch[a++] : scratch[b++];
        }
        while (a < mid) {
            order[k++] = scratch[a++];
        }
        while (b < to) {
            order[k++] = scratch[b++];
        }
    }

    /**
     * PrecheckVersionConsistency (Cicada §3.5): the checks of {@link #checkVersionConsistency} that need no
     * waiting, before anything is installed: no committed version appeared in a read's visible range, and no
     * written record has a version or a read above our timestamp.
     */
    private void precheckVersionConsistency(int n) {
        for (int i = 0, m = readSet.size(); i < m; i++) {
            Version read = readVersions[i];
            for (Version x = ((MvccRecord) readSet.record(i)).headAcquire();
                 x != read && x != null && x != Version.TRUNCATED; x = x.olderAcquire()) {
                long s = x.stampAcquire();
                if (Version.isCommitted(s) && Version.timestamp(s) < ts) {
                    throw abortNow(AbortReason.READ_VALIDATION_FAILED,
                            "a version committed below our timestamp after we read the record");
                }
            }
        }
        for (int i = 0; i < n; i++) {
            earlyAbort(newestLive(record(i)));
        }
    }

    /**
     * Pending version installation (Cicada §3.5): each write gets a version at wts = ts, PENDING, at the head of
     * its record's chain (the inline version when free, Cicada §3.3's best-effort inlining), by CAS. Aborted
     * versions on top of the chain are unlinked on the way. A record whose newest live version is above ts
     * cannot take our write.
     */
    private void installPendingVersions(int n) {
        for (int k = 0; k < n; k++) {
            int i = order[k];
            MvtoRecord r = record(i);
            MvtoVersion inline = r.claimInline(mw);
            MvtoVersion v = inline != null ? (MvtoVersion) mw.adopt(inline) : (MvtoVersion) mw.newVersion();
            while (true) {
                Version head = r.headAcquire();
                Version live = skipAborted(head);
                if (live != null) {
                    long wts = Version.timestamp(live.stampAcquire());
                    if (live == Version.TRUNCATED || wts > ts) {
                        mw.discard(v); // never published
                        mw.boostAbove(wts);
                        throw abortNow(AbortReason.TIMESTAMP_TOO_OLD,
                                "a written record got a version above our timestamp");
                    }
                }
                v.prepare(Version.stamp(ts, Version.PENDING), writeSet.row(i), live);
                v.initRts(ts);
                v.initBlind(blindAt[i] && writeSet.kind(i) == WriteSet.UPDATE, writeSet.columnMask(i));
                if (r.casHead(head, v)) { // CAS: publishes the version and fences the checks that follow
                    for (Version x = head; x != live; ) {
                        Version next = x.olderAcquire();
                        mw.discard(x); // an aborted version we took off the chain (its writer's CAS now fails)
                        x = next;
                    }
                    break;
                }
            }
            installed[i] = v;
            if ((r.wordVolatile() & MvccRecord.UNLINKED) != 0) {
                // The collector is removing the record (the key now lives in another record): see MvccRecord.
                throw abortNow(AbortReason.RECORD_REMOVED, "a written record was unlinked");
            }
        }
    }

    /**
     * Read timestamp update (Cicada §3.5): rts = max(rts, ts) on every version read. A writer that installs
     * below one of our reads afterwards sees our rts and aborts; one that installed before is found below.
     */
    private void updateReadTimestamps() {
        for (int i = 0, m = readSet.size(); i < m; i++) {
            MvtoVersion v = readVersions[i];
            if (v != null) {
                v.raiseRts(ts);
            }
        }
        // The rts stores are ordered before the chain re-reads below; a writer orders its install before its rts
        // load the same way, so at least one of the two sees the other (Dekker).
        VarHandle.fullFence();
    }

    /**
     * Phantoms: Silo §4.6 node-set validation after our pending versions are installed, plus the insert floor
     * (see the package documentation) for transactions that relied on a key being absent.
     */
    private void checkPhantoms() {
        boolean reliesOnAbsence = nodeSet.size() > 0;
        for (int i = 0, m = readSet.size(); i < m && !reliesOnAbsence; i++) {
            reliesOnAbsence = readAbsentAndNotWritten(i);
        }
        if (!reliesOnAbsence) {
            return;
        }
        cc.raiseInsertFloor(ts);
        VarHandle.fullFence(); // the floor store is ordered before the node versions and unlink marks we load
        if (!nodeSet.validate()) {
            throw abortNow(AbortReason.NODE_SET_CHANGED, "a scanned range or missed key changed");
        }
        for (int i = 0, m = readSet.size(); i < m; i++) {
            if (readAbsentAndNotWritten(i) && (readSet.record(i).wordVolatile() & MvccRecord.UNLINKED) != 0) {
                // A later inserter of the key gets a new record that does not carry our read.
                throw abortNow(AbortReason.RECORD_REMOVED, "a record read as absent was unlinked");
            }
        }
    }

    final boolean readAbsentAndNotWritten(int i) {
        MvtoVersion v = readVersions[i];
        return (v == null || v.row() == null) && writeSet.indexOf(readSet.record(i)) < 0;
    }

    /**
     * Version consistency check (Cicada §3.5, with CCBench's fix from seed 000): every version read is still the
     * version visible at ts, <em>and</em> no other version has appeared between it and ts (Cicada's paper checks
     * only the former; a newer version in the visible range is one we should have read). Pending versions in the
     * range are waited for. Each written record's previous live version must not have been read above ts.
     */
    private void checkVersionConsistency(int n) {
        for (int i = 0, m = readSet.size(); i < m; i++) {
            Version read = readVersions[i];
            Version x = ((MvccRecord) readSet.record(i)).headAcquire();
            while (x != read) {
                if (x == null || x == Version.TRUNCATED) {
                    throw abortNow(AbortReason.READ_VALIDATION_FAILED, "a version we read is no longer in its chain");
                }
                long s = decided(x);
                if (Version.isCommitted(s) && Version.timestamp(s) < ts) {
                    throw abortNow(AbortReason.READ_VALIDATION_FAILED,
                            "a newer version appeared in the visible range of a read");
                }
                if (tracksPredecessors && Version.status(s) != Version.ABORTED && Version.timestamp(s) != ts) {
                    // We read a version below this one (after our rts store and the fence): write omission must
                    // not place a version between the two at a position below ours (MvtoSseTransaction).
                    ((MvtoVersion) x).raisePredRts(ts);
                }
                x = x.olderAcquire(); // aborted, ours (wts = ts), or above ts
            }
            requireNotReused(i);
        }
        for (int i = 0; i < n; i++) {
            boolean found = false;
            for (Version x = installed[i].olderAcquire(); x != null && x != Version.TRUNCATED; x = x.olderAcquire()) {
                long s = decided(x);
                if (Version.isCommitted(s)) {
                    long rts = ((MvtoVersion) x).rtsVolatile();
                    if (rts > ts) {
                        mw.boostAbove(rts);
                        throw abortNow(AbortReason.TIMESTAMP_TOO_OLD,
                                "the version we overwrite was read above our timestamp");
                    }
                    if (blindAt[i] && x.row() == null) {
                        throw abortNow(AbortReason.READ_VALIDATION_FAILED,
                                "a blindly updated row was deleted before commit");
                    }
                    if (tracksPredecessors) {
                        installed[i].capturePredecessor(Version.timestamp(s), rts);
                    }
                    RowPatch patch = writeSet.patch(i);
                    if (patch != null) {
                        // x is the version directly below ours for good: apply the patch to it
                        byte[] row = patch.apply(x.row());
                        checkPatchKeepsIndexKeys(writeSet.index(i), writeSet.record(i).key(), x.row(), row, patch);
                        writeSet.resolve(i, row);
                        installed[i].fillPendingRow(row); // published by the release store that commits it
                    }
                    found = true;
                    break;
                }
            }
            if (!found && blindAt[i]) {
                throw abortNow(AbortReason.READ_VALIDATION_FAILED, "a blindly updated row has no committed version");
            }
        }
    }

    /**
     * After a walk from read {@code i}'s head down to the version object it read: that object still carries the stamp
     * the read saw. A version superseded below our timestamp may be collected while we run and its object reused
     * (an inline version heads its record's chain again), and a walk down to the object then stops too early.
     */
    private void requireNotReused(int i) {
        Version read = readVersions[i];
        if (read != null && read.stampAcquire() != readSet.word(i)) {
            throw abortNow(AbortReason.READ_VALIDATION_FAILED, "a version we read was collected and reused");
        }
    }

    /**
     * The stamp of {@code v} once decided; waits while it is pending below ts (its writer, with a smaller
     * timestamp, only ever waits for smaller ones: no cycle).
     */
    private long decided(Version v) {
        long s = v.stampAcquire();
        if (Version.status(s) != Version.PENDING || Version.timestamp(s) >= ts) {
            return s;
        }
        spin.start();
        while (Version.status(s = v.stampAcquire()) == Version.PENDING) {
            if (!spin.pause()) {
                throw abortNow(AbortReason.TIMEOUT, "a pending version stayed undecided");
            }
        }
        return s;
    }

    final MvtoRecord record(int i) {
        return (MvtoRecord) writeSet.record(i);
    }

    // ---------------------------------------------------------------- abort

    /**
     * Marks our pending versions ABORTED and takes each off its chain if it is still the head (otherwise a later
     * writer or the collector takes it off). An insert placeholder left absent is unlinked later.
     */
    @Override
    protected void rollback() {
        dropUnconfirmedGenesis();
        for (int i = 0, n = writeSet.size(); i < n; i++) {
            MvtoRecord r = record(i);
            MvtoVersion v = i < installed.length ? installed[i] : null;
            if (v != null) {
                installed[i] = null;
                v.setStampRelease(Version.stamp(ts, Version.ABORTED)); // readers waiting on it move on
                if (r.casHead(v, v.olderAcquire())) {
                    mw.discard(v);
                }
            }
            if (writeSet.kind(i) != WriteSet.UPDATE && mayStayAbsent(r)) {
                mw.unlinkLater(writeSet.index(i), r, ts);
            }
        }
        endTransaction();
    }

    static boolean mayStayAbsent(MvtoRecord r) {
        Version head = r.headAcquire();
        return head == null || (head.row() == null && Version.isCommitted(head.stampAcquire()));
    }

    final void endTransaction() {
        Arrays.fill(readVersions, 0, readSet.size(), null);
        if (inSnapshot) {
            inSnapshot = false;
            mw.exitSnapshot();
        }
    }
}
