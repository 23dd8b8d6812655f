package org.terndb.txn.common.mvcc;

/**
 * Implemented by multi-version protocols so that harnesses can report version lifetime (CCBench §7): how many
 * versions are linked into chains right now. Under steady load with short transactions it stays bounded; a
 * long-running reader makes it grow until the reader ends.
 */
public interface VersionGauge {
    /**
     * Versions currently alive: created (loaded, or installed by a commit) minus those collected, dropped after
     * an abort, or freed with their unlinked record. Approximate while workers run (per-worker counters are
     * read without stopping them); exact when they are quiet.
     */
    long versionsAlive();
}
