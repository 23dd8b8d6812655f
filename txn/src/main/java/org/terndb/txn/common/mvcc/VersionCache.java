package org.terndb.txn.common.mvcc;

/**
 * AssertiveVersionReuse (CCBench §4.1, Table 1): a worker's stack of collected versions. New versions are taken
 * from it before the allocator is asked, so in steady state creating and collecting versions allocates nothing.
 * Only versions that no reader can reach any more enter it (see {@link VersionCollector}); versions that a
 * stale reader may still hold (aborted ones, the tombstone of an unlinked record, versions collected
 * aggressively above the safe watermark) are left to the JVM's collector instead.
 */
public final class VersionCache {
    private final Version[] stack;
    private int size;
    private long reused;

    public VersionCache(int capacity) {
        this.stack = new Version[capacity];
    }

    /** A cached version, or null if the cache is empty. */
    Version take() {
        if (size == 0) {
            return null;
        }
        Version v = stack[--size];
        stack[size] = null;
        reused++;
        return v;
    }

    /** Keeps a collected version for reuse; false (the version is dropped) when the cache is full. */
    boolean give(Version v) {
        if (size == stack.length) {
            return false;
        }
        v.scrub();
        stack[size++] = v;
        return true;
    }

    public int size() {
        return size;
    }

    /** Versions handed out from the cache so far. */
    public long reused() {
        return reused;
    }
}
