/**
 * ERMIA as CCBench runs it: snapshot isolation plus the serial safety net (SSN), latch-free (Wang, Johnson,
 * Fekete, Pandis, "Efficiently making (almost) any concurrency control mechanism serializable", VLDB J. 2017;
 * CCBench §3.3). Serializable, including inserts, deletes and range scans.
 *
 * <h2>SSN in brief</h2>
 * Each committed transaction T has a commit stamp c(T), a predecessor high watermark η(T) (the largest c(U) of
 * a U that must precede T: U wrote what T read or overwrote, or U read what T overwrote and committed first) and
 * a successor low watermark π(T) (the smallest π(U) of a U that must follow T yet committed first: U overwrote
 * what T read). T may commit only if π(T) &gt; η(T) — the exclusion window; otherwise it aborts with
 * SERIALIZATION_FAILURE, which breaks every dependency cycle. Each version V keeps η(V) (pstamp, the largest
 * stamp of a committed reader, initially its creator's) and π(V) (sstamp, its overwriter's π): see
 * {@link org.terndb.txn.ermia.ErmiaVersion}.
 *
 * <h2>Phases</h2>
 * <ul>
 *   <li>Read phase: SI snapshot reads. Each read registers the reader in the version's readers bits, raises
 *       η(T) to the version's creation stamp, and lowers π(T) to its sstamp if a committed transaction already
 *       overwrote it; π(T) &lt;= η(T) aborts at once. Writes are buffered.</li>
 *   <li>Commit, SI part (as in {@link org.terndb.txn.si}): lock the written records, first committer wins.
 *       Then T's row in the {@link org.terndb.txn.ermia.TransactionTable} says COMMITTING, each overwritten
 *       version's sstamp is marked with T's slot, the pending versions are installed, and c(T) is drawn from the
 *       central counter.</li>
 *   <li>Pre-commit (§5, parallel): the node set is validated (phantoms, Silo §4.6) and no record read is
 *       unlinked. π(T) = min(c(T), π of each read version's overwriter that committed before T); an overwriter
 *       still deciding with a smaller stamp is waited for. η(T) = max of the overwritten versions' pstamps and
 *       of the stamps of their in-flight readers (readers bits) that committed before T, again waiting for
 *       smaller stamps still deciding. Check the window; publish π(T) and COMMITTED in the table.</li>
 *   <li>Post-commit: the versions are published; each version read gets pstamp = max(pstamp, c(T)) by CAS
 *       and loses T's reader bit; each overwritten version's mark becomes π(T); T leaves the table.</li>
 * </ul>
 * Whichever of two conflicting transactions commits later accounts for the edge: the mark is set before the
 * overwriter draws its stamp and the reader bit before the reader draws its stamp, and each side reads the
 * other's after drawing its own (all volatile), so at least one sees the other. Waits only go to
 * transactions with smaller stamps that are deciding, so they cannot deadlock.
 *
 * <h2>Phantoms and absent keys</h2>
 * An insert placeholder carries a genesis version (committed at 0, absent), so reading a key's absence from a
 * record is an ordinary SSN read. A key that was not in the index at all is covered by the node set, validated
 * after c(T) is drawn. The remaining case is an insert made after a scanner T validated: the inserter raises
 * η to the counter read after finding the record in the tree, which is at least c(T) (the same idea as
 * TicToc's insert floor). A record unlinked by GC after T read its absence makes T abort (RECORD_REMOVED) if T
 * has not yet passed its pre-commit check; otherwise c(T) is below the counter any later inserter of the key
 * reads.
 *
 * <p>The converse edge needs care too: a delete's absent version leaves with its record once every snapshot
 * sees the row as deleted, so a transaction T that then misses the key (a lookup or a scan's gap) or finds a
 * newer placeholder's genesis version reads no version carrying the deleter D, yet D -wr-&gt; T. Left out of
 * η(T), it lets a read-only T that saw such a delete and missed a concurrent insert I (which did not see D's
 * writes) close T -rw-&gt; I -rw-&gt; D -wr-&gt; T. So each committing deleter raises a delete high mark before its
 * commit point (before its absent versions can be unlinked), and a T with node-set entries or genesis reads
 * raises η(T) to min(mark, snapshot) at pre-commit: c(D) is at most both. Conservative only where deletes are
 * recent; a workload without deletes pays nothing.
 *
 * <h2>Limits</h2>
 * Readers bits are exact for the first 63 worker slots; workers beyond share one bit, which makes an
 * overwriter check all of them (still correct, a little slower).
 */
package org.terndb.txn.ermia;
