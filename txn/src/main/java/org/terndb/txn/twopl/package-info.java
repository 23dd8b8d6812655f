/**
 * Strict two-phase locking: 2PL-Wait ({@code 2pl-wait}, wait-die) and 2PL-NoWait ({@code 2pl-nowait}), after
 * CCBench's 2PL (seed 000, §2 and Table 1: "NoWait or Wait").
 *
 * <h2>Locks</h2>
 * Each record's word is a reader/writer lock changed by CAS (layout in {@code LockWord}): an X bit, a count of
 * shared holders and a 51-bit timestamp field (the X owner's timestamp, or a lower bound of the shared holders'
 * timestamps). A read takes S, a write or {@code readForUpdate} takes X, upgrading the transaction's S when it is
 * the only holder. Locks are held to the end (strict 2PL). Writes are buffered in the write set and installed at
 * commit under their X locks; then every lock is released, X by a release store. A delete installs "absent"
 * (row null); the record stays in the tree.
 *
 * <h2>Conflicts</h2>
 * <ul>
 *   <li>NoWait: a lock not available at once aborts the transaction with {@code READ_LOCK_CONFLICT} (S
 *       requested) or {@code WRITE_LOCK_CONFLICT} (X or upgrade requested).</li>
 *   <li>Wait, deadlock policy wait-die (Rosenkrantz et al. 1978): a transaction waits for a lock only if it is
 *       older (smaller timestamp) than every other holder, otherwise it aborts with {@code DEADLOCK_VICTIM}.
 *       Waits then always point from older to younger, so no deadlock can form, without sorting a transaction's
 *       accesses in advance as CCBench's 2PL-Wait does. The decision is re-made at every look at the lock word.
 *       When the shared holders' lower bound is stale (its reader left), the oldest timestamp among the other
 *       workers' running attempts is used instead, so the oldest transaction always waits and never dies. A wait
 *       spins, yields, then parks in short slices; after {@code lock_timeout_ms} it aborts with {@code TIMEOUT}.
 *       Readers do not queue behind a waiting writer (no writer preference): the timeout bounds a writer's wait.
 *       {@code deadlock=wound-wait} is rejected: wounding needs every shared holder's identity, which the lock
 *       word does not keep.</li>
 * </ul>
 *
 * <h2>Timestamps (2PL-Wait)</h2>
 * Drawn from a counter when a logical transaction begins. When the protocol aborts an attempt (any reason it
 * raises: {@code DEADLOCK_VICTIM}, {@code TIMEOUT}, {@code NODE_SET_CHANGED}), the worker's next
 * {@code begin()} reuses that timestamp, so a retry keeps its age and cannot starve; a commit, an application
 * {@code abort()} or an abort raised by the shared index-maintenance code draws a fresh one. A caller that
 * does not retry after an abort gives its next transaction the kept timestamp, i.e. a higher priority; that
 * costs fairness, never correctness.
 *
 * <h2>Phantoms</h2>
 * Node-set validation, as every serializable TernDB protocol does: scans and missed lookups record the Masstree
 * border nodes they covered, and commit checks them (Silo §4.6) after the growing phase, with every lock held,
 * aborting with {@code NODE_SET_CHANGED}. Records a scan meets are S-locked like any read, absent ones included,
 * so a key cannot be re-inserted or deleted under a scanner. An insert's placeholder is born X-locked by its
 * inserter: concurrent readers and inserters of that key wait or abort as the mode says, and two inserters of
 * one key meet at one record, so exactly one of them inserts. An aborted insert leaves its placeholder absent
 * in the tree, like a delete.
 */
package org.terndb.txn.twopl;
