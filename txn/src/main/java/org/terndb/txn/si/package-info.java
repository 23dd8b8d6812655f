/**
 * Snapshot isolation (Berenson et al., SIGMOD'95; CCBench §3.3) on {@link org.terndb.txn.common.mvcc}.
 *
 * <h2>Protocol</h2>
 * <ul>
 *   <li>Begin: the start timestamp is read from one centralized counter
 *       ({@link org.terndb.txn.common.mvcc.TimestampCounter}, padded; CCBench measures its cost, so it stays
 *       centralized) after announcing it in the GC watermark.</li>
 *   <li>Read phase: every read sees the snapshot at the start timestamp (the newest version committed at or
 *       before it), plus the transaction's own buffered writes. Scans read the snapshot too; nothing protects
 *       against phantoms, which SI allows. Writes are buffered; a write to a record whose newest committed
 *       version is newer than the snapshot aborts at once (the commit would fail anyway).</li>
 *   <li>Commit (first committer wins): lock the written records without waiting (one already held by another
 *       committer: WRITE_WRITE_CONFLICT), check that none has a version newer than the snapshot
 *       (WRITE_WRITE_CONFLICT), install pending versions, draw the commit timestamp from the counter, publish the
 *       versions as committed, unlock. A snapshot that reads a pending version which may fall inside it waits
 *       for the outcome, so a snapshot never sees part of a commit. Read-only transactions commit with no step
 *       at all.</li>
 * </ul>
 *
 * <h2>Not serializable</h2>
 * {@link org.terndb.txn.si.SiConcurrencyControl#isSerializable()} is false. SI prevents lost updates and dirty
 * or non-repeatable reads, but allows <em>write skew</em>: two concurrent transactions that each read what the
 * other writes, and write disjoint records, both commit (the on-call doctors: each sees the other on call and
 * goes off, leaving nobody). It also allows phantoms and the read-only anomaly. Use ERMIA for SI's behaviour
 * made serializable.
 *
 * <h2>Inserts and deletes</h2>
 * An insert places a placeholder record without versions in the index (Silo §4.5); two inserters of one key
 * meet there and first-committer-wins lets one commit. A delete commits an absent version (tombstone); once
 * every running snapshot sees the tombstone the record leaves its index (see the mvcc package). A placeholder
 * left by an aborted insert is unlinked the same way.
 */
package org.terndb.txn.si;
