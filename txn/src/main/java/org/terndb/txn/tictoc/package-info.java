/**
 * TicToc (Yu, Pavlo, Sanchez, Devadas, SIGMOD'16): time-traveling optimistic concurrency control.
 *
 * <h2>Timestamps</h2>
 * Each record's word ({@link org.terndb.txn.tictoc.TsWord}) is {@code lock:1 | delta:15 | wts:48}, rts = wts +
 * delta, with §3.6's delta-overflow handling. A version is valid over [wts, rts]; a transaction commits at a
 * timestamp at which every version it read is valid and after the rts of every record it writes.
 *
 * <h2>Phases</h2>
 * <ul>
 *   <li>Read phase (§3.2 Algorithm 1, §3.6 Algorithm 4): word, row, word; the read set keeps (wts, rts).</li>
 *   <li>Validation phase (§3.2 Algorithm 2): lock the write set in the global (index id, key) order; commit_ts =
 *       max(written records' rts + 1, read records' wts); validate each read whose rts is below commit_ts by
 *       extending its rts with a CAS (§3.6 Algorithm 5), failing if its wts changed or a writer holds it
 *       (READ_VALIDATION_FAILED). An rts that already reaches commit_ts is left alone (CCBench's fix of
 *       redundant rts updates). Then the node set (NODE_SET_CHANGED).</li>
 *   <li>Write phase (§3.2 Algorithm 3): install rows with wts = rts = commit_ts and unlock.</li>
 * </ul>
 *
 * <h2>Options (§5)</h2>
 * <ul>
 *   <li>{@code tictoc_no_wait} — NoWaitTT (§5.1): a record found locked while locking the write set makes the
 *       committer release all its locks, pause about a microsecond and restart locking, rather than wait holding
 *       locks; after 64 attempts it aborts with WRITE_LOCK_CONFLICT. Without it, committers spin in sorted
 *       order (deadlock-free); the shared {@code no_wait} option (CCBench's NoWait) aborts on the first locked
 *       record instead.</li>
 *   <li>{@code tictoc_preemptive_abort} — PreemptiveAbort (§5.2): before locking, an approximate commit timestamp
 *       from the local read set (a lower bound of the real one) and the records' current words decide whether
 *       validation would fail; if so, abort at once with TIMESTAMP_TOO_OLD instead of locking first.</li>
 *   <li>{@code tictoc_timestamp_history} — TimestampHistory (§5.3): each record keeps the wts of its previous
 *       version; a read whose record was overwritten still validates if it read exactly that previous version
 *       and commit_ts is below the overwrite's wts (the transaction serializes before the overwriter).</li>
 * </ul>
 *
 * <h2>Inserts, deletes, phantoms</h2>
 * An insert places an absent placeholder in the tree (Silo §4.5); a delete installs an absent version (row null)
 * at commit; both are ordinary versions to the timestamp rules, so two inserters of one key meet at one record
 * and the second to commit fails validation. Deleted records stay in the tree for now.
 *
 * <p>Silo's node-set validation alone is not enough under TicToc: Silo serializes in physical commit order,
 * TicToc by commit timestamp, so an insert made after a scanner validated its node set could otherwise commit
 * at a timestamp below the scanner's and be ordered before it although the scanner did not see it. Hence an
 * <em>insert floor</em>: a committer with a non-empty node set raises a global floor to its commit_ts before
 * validating the node set (fence in between), and a new placeholder, born locked, is given rts = floor right
 * after it entered the tree (fence in between). Either the scanner sees the insert's node change and aborts, or
 * the inserter sees a floor &ge; the scanner's commit_ts and must commit after it. The floor is one shared
 * counter per {@link org.terndb.txn.tictoc.TicTocConcurrencyControl}, written only by transactions that scanned
 * or missed a key and read once per insert.
 */
package org.terndb.txn.tictoc;
