package org.terndb.txn.ermia;

import java.lang.invoke.VarHandle;
import java.util.Arrays;
import org.terndb.txn.AbortReason;
import org.terndb.txn.common.WriteSet;
import org.terndb.txn.common.mvcc.MvccRecord;
import org.terndb.txn.common.mvcc.Version;
import org.terndb.txn.si.SiTransaction;

/**
 * An ERMIA transaction: an SI transaction certified by the serial safety net, in the parallel, latch-free form
 * of Wang et al. §5. The package documentation walks through the protocol and why each step is ordered as it is.
 *
 * <p>η(T) ({@link #eta}, the predecessor high watermark, SSN's pstamp) and π(T) ({@link #pi}, the successor low
 * watermark, SSN's sstamp) start at 0 and infinity and only move towards each other; the transaction aborts as
 * soon as π(T) &lt;= η(T), during reads already and finally at commit.
 */
final class ErmiaTransaction extends SiTransaction {
    private final ErmiaConcurrencyControl ermia;
    private final TransactionTable transactions;
    private final int slot;
    private final long readerBit;

    private long eta;
    private long pi;
    private long cstamp;
    private boolean committing;
    private boolean absentWithoutTombstone;

    // the versions read (and their records), in read order; reused across transactions
    private ErmiaVersion[] readVersions = new ErmiaVersion[16];
    private MvccRecord[] readRecords = new MvccRecord[16];
    private int reads;

    ErmiaTransaction(ErmiaWorker worker) {
        super(worker);
        this.ermia = worker.ermia();
        this.transactions = worker.transactions();
        this.slot = worker.slot();
        this.readerBit = ErmiaVersion.readerBit(slot);
    }

    @Override
    protected void onBegin() {
        super.onBegin();
        eta = 0;
        pi = ErmiaVersion.INFINITY;
        cstamp = 0;
        committing = false;
        absentWithoutTombstone = false;
    }

    // ---------------------------------------------------------------- read phase (SSN §3 with §5's readers)

    @Override
    protected void onRead(MvccRecord record, Version version) {
        if (reads == readVersions.length) {
            readVersions = Arrays.copyOf(readVersions, reads * 2);
            readRecords = Arrays.copyOf(readRecords, reads * 2);
        }
        readRecords[reads] = record;
        if (version == null) {
            readVersions[reads++] = null; // no version at all: only the record's fate matters (unlink check)
            absentWithoutTombstone = true;
            return;
        }
        ErmiaVersion v = (ErmiaVersion) version;
        if (v.row() == null && Version.timestamp(v.stampAcquire()) == 0) {
            absentWithoutTombstone = true; // a genesis version: the key's deleter, if any, is not on this chain
        }
        v.addReader(readerBit); // before our commit stamp: an overwriter sees our bit or we see its mark
        readVersions[reads++] = v;
        eta = Math.max(eta, Version.timestamp(v.stampAcquire())); // w:r edge from the version's creator
        long s = v.sstampVolatile();
        if (!ErmiaVersion.isMark(s) && s < pi) {
            pi = s; // overwritten by a committed transaction: an r:w edge to it (ERMIA checks this early)
        }
        checkExclusionWindow();
    }

    /**
     * An insert over a <em>genesis</em> version gives the key its first committed row. A transaction T that
     * found the key absent before this record entered the index (a scan or a missed lookup, covered by T's node
     * set) has an r:w edge to us that no version records. If T validated its node set before the record was
     * inserted, T drew its commit stamp before too (T validates after drawing it), so T's stamp is at most the
     * counter read here, after the record was found in the tree: η(us) covers T.
     */
    @Override
    protected void onBufferWrite(MvccRecord record, int kind) {
        if (kind != WriteSet.INSERT) {
            return;
        }
        Version visible = snapshotVersion(record);
        if (visible != null && visible.row() == null && Version.timestamp(visible.stampAcquire()) == 0) {
            VarHandle.fullFence(); // the tree lookup that found the record happens before the counter read
            eta = Math.max(eta, clock.current());
            checkExclusionWindow();
        }
    }

    private void checkExclusionWindow() {
        if (pi <= eta) {
            throw abortNow(AbortReason.SERIALIZATION_FAILURE,
                    "exclusion window violated: successor low watermark <= predecessor high watermark");
        }
    }

    // ---------------------------------------------------------------- commit (SSN §5, parallel pre-commit)

    @Override
    protected boolean certifiesReadOnly() {
        return true; // a read-only transaction can close a cycle too
    }

    @Override
    protected void beforeInstall() {
        committing = true;
        transactions.set(slot, 0, TransactionTable.COMMITTING); // volatile: visible before any mark of ours
    }

    @Override
    protected void onInstalled(int i, Version overwritten) {
        if (overwritten != null) {
            // volatile: the mark is visible before we draw our commit stamp, so a reader that commits after us
            // finds it; one that committed before us is found in the readers bits.
            ((ErmiaVersion) overwritten).setSstampVolatile(ErmiaVersion.mark(slot));
        }
    }

    @Override
    protected void preCommit(long commitTs) {
        cstamp = commitTs;
        transactions.set(slot, commitTs, TransactionTable.COMMITTING);
        // Phantoms: Silo §4.6 node set, validated after the commit stamp (see onBufferWrite).
        if (!nodeSet.validate()) {
            throw abortNow(AbortReason.NODE_SET_CHANGED, "a scanned range or missed key changed");
        }
        for (int k = 0; k < reads; k++) {
            if (readRecords[k].isUnlinked()) {
                // unlinked after we read its absence: a new record for the key would not carry our read
                throw abortNow(AbortReason.RECORD_REMOVED, "a record read as absent was unlinked");
            }
        }
        // A key found missing from its index (a missed lookup or a scan's gap, both in the node set) or found
        // as a placeholder's genesis version may have been deleted by a transaction D whose absent version left
        // with its unlinked record: the w:r edge D -> T is on no version we read. D raised the delete high mark
        // before its commit point, so before the unlink and our lookup, and c(D) is within our snapshot: the
        // smaller of the mark and our snapshot is at least c(D) and names only transactions committed before
        // us (η may only be too large, which costs an abort, never a cycle). Without it a read-only T that saw
        // such a delete and missed a concurrent insert I commits T -rw-> I -rw-> D -wr-> T.
        if (absentWithoutTombstone || nodeSet.size() > 0) {
            eta = Math.max(eta, Math.min(ermia.deleteHigh(), startTimestamp()));
        }
        // Finalize π(T): the smallest π of a successor (an overwriter of a version we read) committed before us.
        pi = Math.min(pi, commitTs);
        for (int k = 0; k < reads; k++) {
            ErmiaVersion v = readVersions[k];
            if (v != null) {
                pi = Math.min(pi, successorStamp(v, commitTs));
            }
        }
        // Finalize η(T): the largest commit stamp of a predecessor (a reader of a version we overwrite)
        // committed before us.
        for (int i = 0, n = writeSet.size(); i < n; i++) {
            Version overwritten = overwritten(i);
            if (overwritten != null) {
                eta = Math.max(eta, predecessorStamp((ErmiaVersion) overwritten, commitTs));
            }
        }
        checkExclusionWindow();
        boolean deletes = false;
        for (int i = 0, n = writeSet.size(); i < n; i++) {
            ((ErmiaVersion) installed(i)).initPstamp(commitTs);
            deletes |= writeSet.row(i) == null;
        }
        if (deletes) {
            ermia.raiseDeleteHigh(commitTs); // before the commit point, so before our absent versions can go
        }
        transactions.setSstamp(slot, pi);
        transactions.publish(slot, commitTs, TransactionTable.COMMITTED); // release: π above is visible with it
    }

    /**
     * π of the transaction that overwrote {@code v}, if it committed before us; infinity otherwise. An
     * overwriter still deciding with a smaller stamp (or one not drawn yet) is waited for: its outcome decides.
     */
    private long successorStamp(ErmiaVersion v, long commitTs) {
        spin.start();
        while (true) {
            long s = v.sstampVolatile();
            if (!ErmiaVersion.isMark(s)) {
                return s;
            }
            int owner = ErmiaVersion.markOwner(s);
            if (owner == slot) {
                return ErmiaVersion.INFINITY; // we overwrite it ourselves
            }
            long w = transactions.word(owner);
            int state = TransactionTable.state(w);
            long c = TransactionTable.cstamp(w);
            boolean deciding = state == TransactionTable.COMMITTING || state == TransactionTable.COMMITTED;
            if (deciding && c > commitTs) {
                return ErmiaVersion.INFINITY; // commits after us; it finds our reader bit
            }
            if (state == TransactionTable.COMMITTED && c != 0) {
                long ownerPi = transactions.sstamp(owner);
                if (v.sstampVolatile() == s && transactions.word(owner) == w) {
                    return ownerPi; // still that transaction's mark and row: its π is final
                }
                continue;
            }
            // committing with a smaller or unknown stamp, rolling back, or a stale mark: look again
            if (!spin.pause()) {
                throw abortNow(AbortReason.TIMEOUT, "an overwriter of a version we read stayed undecided");
            }
        }
    }

    /** η contribution of the readers of a version we overwrite: committed readers' stamps below ours. */
    private long predecessorStamp(ErmiaVersion o, long commitTs) {
        long result = o.pstampVolatile();
        long bits = o.readersVolatile();
        if (readerBit != ErmiaVersion.OVERFLOW_READER) {
            bits &= ~readerBit;
        }
        while (bits != 0) {
            int b = Long.numberOfTrailingZeros(bits);
            bits &= bits - 1;
            if (b == 63) {
                for (int s = 63, n = transactions.limit(); s < n; s++) {
                    if (s != slot) {
                        result = Math.max(result, committedBefore(s, commitTs));
                    }
                }
            } else {
                result = Math.max(result, committedBefore(b, commitTs));
            }
        }
        // readers that finished meanwhile raised pstamp before clearing their bit and leaving the table
        return Math.max(result, o.pstampVolatile());
    }

    /** The commit stamp of slot {@code s}'s transaction if it committed before {@code commitTs}, else 0. */
    private long committedBefore(int s, long commitTs) {
        spin.start();
        while (true) {
            long w = transactions.word(s);
            int state = TransactionTable.state(w);
            long c = TransactionTable.cstamp(w);
            if (state == TransactionTable.COMMITTED) {
                return c < commitTs ? c : 0;
            }
            if (state != TransactionTable.COMMITTING || (c != 0 && c > commitTs)) {
                return 0; // not deciding (it will see our mark when it commits), aborted, or after us
            }
            if (!spin.pause()) {
                throw abortNow(AbortReason.TIMEOUT, "a reader of a version we overwrite stayed undecided");
            }
        }
    }

    /** SSN §5 post-commit: raise η of the versions read, hand π to the versions overwritten, leave the table. */
    @Override
    protected void postCommit(long commitTs) {
        for (int k = 0; k < reads; k++) {
            ErmiaVersion v = readVersions[k];
            if (v != null) {
                v.raisePstamp(commitTs);
            }
        }
        for (int i = 0, n = writeSet.size(); i < n; i++) {
            Version overwritten = overwritten(i);
            if (overwritten != null) {
                ((ErmiaVersion) overwritten).setSstampVolatile(pi); // replaces our mark
            }
        }
        leave();
    }

    @Override
    protected void onRollback() {
        if (committing) {
            transactions.set(slot, cstamp, TransactionTable.ABORTED); // waiters stop waiting for us
            for (int i = 0, n = writeSet.size(); i < n; i++) {
                Version overwritten = overwritten(i);
                if (overwritten != null && ((ErmiaVersion) overwritten).sstampVolatile() == ErmiaVersion.mark(slot)) {
                    ((ErmiaVersion) overwritten).setSstampVolatile(ErmiaVersion.INFINITY);
                }
            }
        }
        leave();
    }

    /** Clears our reader bits (after any pstamp raise) and our table row. */
    private void leave() {
        for (int k = 0; k < reads; k++) {
            ErmiaVersion v = readVersions[k];
            if (v != null) {
                v.removeReader(readerBit);
            }
            readVersions[k] = null;
            readRecords[k] = null;
        }
        reads = 0;
        if (committing) {
            committing = false;
            transactions.publish(slot, 0, TransactionTable.IDLE); // release: stamps and bits above come first
        }
    }
}
