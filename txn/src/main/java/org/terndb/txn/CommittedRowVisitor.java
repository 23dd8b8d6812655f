package org.terndb.txn;

/** Receives the rows of {@link ConcurrencyControl#scanCommitted} (a fuzzy checkpoint read). */
@FunctionalInterface
public interface CommittedRowVisitor {
    /**
     * @param primaryKey the record's key (must not be modified)
     * @param row        its latest committed row (immutable)
     * @param stamp      the protocol's per-key stamp of that version, or 0 where the protocol keeps none (2PL):
     *                   a logged version of the key at or after the checkpoint's start epoch is then the newer one
     */
    void visit(byte[] primaryKey, byte[] row, long stamp);
}
