package org.terndb.txn.common.mvcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.terndb.txn.silo.SpinWait;

/** Snapshot visibility over a version chain, and the record word's bits. */
class MvccRecordTest {
    private static final byte[] KEY = {1};

    private static Version version(long ts, int status, byte[] row, Version older) {
        Version v = new Version();
        v.prepare(Version.stamp(ts, status), row, older);
        return v;
    }

    @Test
    void aSnapshotSeesTheNewestCommittedVersionAtOrBeforeIt() {
        Version v5 = version(5, Version.COMMITTED, new byte[] {5}, null);
        Version v9 = version(9, Version.COMMITTED, null, v5);
        Version aborted = version(12, Version.ABORTED, new byte[] {12}, v9);
        Version later = version(20, Version.PENDING, new byte[] {20}, aborted);
        MvccRecord r = new MvccRecord(KEY, later);
        SpinWait spin = new SpinWait(1_000);
        assertNull(r.visibleAt(4, spin), "before the first version the record did not exist");
        assertSame(v5, r.visibleAt(5, spin));
        assertSame(v5, r.visibleAt(8, spin));
        assertSame(v9, r.visibleAt(15, spin), "an aborted version is skipped; the tombstone is the answer");
        assertSame(v9, r.newestCommittedAtOrBefore(Long.MAX_VALUE));
    }

    @Test
    void aCollectedChainEndIsReported() {
        Version v9 = version(9, Version.COMMITTED, new byte[] {9}, Version.TRUNCATED);
        MvccRecord r = new MvccRecord(KEY, v9);
        SpinWait spin = new SpinWait(1_000);
        assertSame(v9, r.visibleAt(10, spin));
        assertSame(Version.TRUNCATED, r.visibleAt(8, spin));
    }

    @Test
    void aReaderWaitsForAPendingVersionWhoseTimestampIsUnknownOrInsideItsSnapshot() throws Exception {
        Version base = version(1, Version.COMMITTED, new byte[] {1}, null);
        Version pending = version(Version.UNKNOWN_TS, Version.PENDING, new byte[] {2}, base);
        MvccRecord r = new MvccRecord(KEY, pending);
        CompletableFuture<Version> seen = CompletableFuture.supplyAsync(() -> r.visibleAt(10, new SpinWait(60_000)));
        assertWaiting(seen);
        pending.setStampRelease(Version.stamp(7, Version.PENDING)); // now known, and inside the snapshot
        assertWaiting(seen);
        pending.setStampRelease(Version.stamp(7, Version.COMMITTED));
        assertSame(pending, seen.get(30, TimeUnit.SECONDS));
    }

    @Test
    void aPendingVersionKnownToCommitAfterTheSnapshotIsSkipped() {
        Version base = version(1, Version.COMMITTED, new byte[] {1}, null);
        MvccRecord r = new MvccRecord(KEY, version(11, Version.PENDING, new byte[] {2}, base));
        assertSame(base, r.visibleAt(10, new SpinWait(60_000)));
    }

    @Test
    void aPendingVersionThatNeverResolvesTimesOut() {
        Version base = version(1, Version.COMMITTED, new byte[] {1}, null);
        MvccRecord r = new MvccRecord(KEY, version(Version.UNKNOWN_TS, Version.PENDING, null, base));
        assertSame(Version.TIMED_OUT, r.visibleAt(10, new SpinWait(1)));
    }

    @Test
    void lockGcAndUnlinkBitsAreIndependentButUnlinkNeedsTheLockFree() {
        MvccRecord r = new MvccRecord(KEY, null);
        assertTrue(r.tryLockGc());
        assertEquals(MvccRecord.LOCKED, r.tryLock(), "a collector does not keep committers out");
        assertEquals(MvccRecord.BUSY, r.tryLock());
        assertFalse(r.tryLockGc());
        assertFalse(r.tryMarkUnlinked(), "a committer holds the record");
        r.unlock();
        assertTrue(r.tryMarkUnlinked());
        assertEquals(MvccRecord.GONE, r.tryLock());
        r.unlockGc();
        assertTrue(r.isUnlinked());
        assertFalse(r.isLocked());
    }

    /** One-sided: fails only if the reader returned although it had to wait. */
    private static void assertWaiting(CompletableFuture<Version> seen) throws Exception {
        try {
            Version v = seen.get(50, TimeUnit.MILLISECONDS);
            throw new AssertionError("the reader did not wait for the pending version; it returned " + v);
        } catch (TimeoutException expected) {
            // still waiting
        }
    }
}
