package org.terndb.txn;

/**
 * Why a transaction was aborted by its concurrency-control protocol. Reasons are shared across protocols so
 * that statistics line up in the YCSB/TPC-C harnesses; each protocol uses the subset its paper describes.
 */
public enum AbortReason {
    /** A record read by the transaction changed (or was locked by another writer) before commit. */
    READ_VALIDATION_FAILED,
    /** A Masstree border node covered by a scan or a missed lookup changed: a phantom (Silo §4.6). */
    NODE_SET_CHANGED,
    /** A write lock could not be taken without waiting, and the protocol does not wait (NoWait). */
    WRITE_LOCK_CONFLICT,
    /** A read lock (MOCC hot record, 2PL) could not be taken without waiting. */
    READ_LOCK_CONFLICT,
    /** Chosen as a victim to break or prevent a deadlock (2PL-Wait's wait-die, MOCC's canonical-order break). */
    DEADLOCK_VICTIM,
    /** The transaction's timestamp is too old for the data it touched (TicToc, MVTO, SI first-committer-wins). */
    TIMESTAMP_TOO_OLD,
    /** A write-write conflict with a concurrent committed transaction (snapshot isolation). */
    WRITE_WRITE_CONFLICT,
    /** The serial safety net found a dangerous structure (ERMIA). */
    SERIALIZATION_FAILURE,
    /** A record the transaction depended on was unlinked from its index by garbage collection. */
    RECORD_REMOVED,
    /** A lock or validation step timed out. */
    TIMEOUT,
    /** The application asked for the abort. */
    USER_ABORT;

    private static final AbortReason[] VALUES = values();

    /** All reasons, shared array: do not modify. Used by statistics to avoid allocation. */
    public static AbortReason[] all() {
        return VALUES;
    }
}
