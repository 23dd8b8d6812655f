/**
 * Silo (Tu, Zheng, Kohler, Liskov, Madden, SOSP'13): optimistic concurrency control with invisible reads.
 *
 * <h2>TID word (§4.2)</h2>
 * {@link org.terndb.txn.silo.TidWord}: {@code epoch:37 | sequence:24 | absent | unlinked | lock}. A commit TID
 * exceeds every TID the transaction read or overwrote and the worker's previous TID, and carries the global
 * epoch read after the write set is locked (behind a full fence).
 *
 * <h2>Phases (§4.4)</h2>
 * <ul>
 *   <li>Read phase: word (spinning while locked), row, word again, until stable; absent records read as null and
 *       stay in the read set. Writes are buffered. An insert places an absent placeholder (§4.5) and keeps a
 *       read-set entry of its initial word, so two inserters of one key cannot both commit.</li>
 *   <li>Phase 1: lock the write set in (index id, key) order by CAS on the lock bit, spinning up to
 *       {@code lock_timeout_ms} (TIMEOUT), or aborting at the first locked record with {@code no_wait}
 *       (WRITE_LOCK_CONFLICT); a locked record found unlinked aborts with RECORD_REMOVED.</li>
 *   <li>Blind updates ({@code updateBlind} of a record not read before) are buffered without a read-set entry;
 *       after Phase 1 the locked word must not be absent (READ_VALIDATION_FAILED): no resurrected rows.</li>
 *   <li>Phase 2: each read TID unchanged and not locked by another transaction (READ_VALIDATION_FAILED, or
 *       RECORD_REMOVED when the record was unlinked), then the node set (NODE_SET_CHANGED, §4.6).</li>
 *   <li>Phase 3: install each row by a release store, then publish the new word, which unlocks.</li>
 * </ul>
 *
 * <h2>Deletes (§4.8)</h2>
 * A delete installs an absent version; the record is queued in the worker's
 * {@link org.terndb.txn.common.Reclaimer} and unlinked from the tree once every running transaction is two
 * epochs past the delete. Unlinking is one CAS that sets the unlinked bit on the still-absent, unlocked word of
 * the deleted version; a reader that meets the bit helps remove the record and looks the key up again, a
 * committer aborts. Placeholders left by aborted inserts are queued the same way.
 */
package org.terndb.txn.silo;
