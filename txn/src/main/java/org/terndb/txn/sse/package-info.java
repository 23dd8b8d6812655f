/**
 * Silo+SSE: the Scheduling Space Expander (Nakamori, Nemoto, Hoshino, Kawashima; seed 003) on Silo, in its
 * epoch-based form (ESSE, §5) with 64-bit reachability trackers.
 *
 * <h2>What it adds to Silo</h2>
 * A transaction whose writes are all blind updates ({@link org.terndb.txn.Transaction#updateBlind}, of records
 * it did not read) may commit without installing them: each of its versions is placed, in the version order,
 * just before the record's <em>pivot</em> (the first blind update of the record installed in the current epoch),
 * where no transaction will ever read it (the erasing version order, §4.1). Such writes are counted as omitted
 * ({@link org.terndb.txn.TxnStats#omittedWrites}); they take no lock and change no record. When the test below
 * fails, Silo's commit runs exactly as it would without SSE ({@link org.terndb.txn.sse.SseTransaction}); SSE
 * never aborts a transaction itself.
 *
 * <h2>Test and bookkeeping</h2>
 * {@link org.terndb.txn.sse.ReachabilityTracker} (reusable by other protocols) documents the tracker word, the
 * omission test of Algorithms 1–2 and the updates of Algorithm 3. Mapped to code:
 * <ul>
 *   <li>Algorithm 2 (A)+(B): {@code SseTransaction.omitWrites} requires a pivot of the commit epoch on every
 *       written record ({@code hasPivot}).</li>
 *   <li>Partial blind writes ({@link org.terndb.txn.RowPatch}): an omitted version sits just before the pivot,
 *       and the pivot's row was computed without it, so the pivot must set every column the omitted write sets
 *       (a whole row, or a patch whose mask covers it); the pivot's column mask is kept with the record
 *       ({@code SseRecord.pivotMaskAcquire}), set before the pivot is marked, and checked with (A).</li>
 *   <li>(C)+(D): the pivots reaching the transaction's predecessors ({@code mergedWS} of read records,
 *       {@code mergedRS} of written ones) must not include any of its own pivots, nor a linked pivot.</li>
 *   <li>Overwriters: Silo's read validation and node set, unchanged, without locks.</li>
 *   <li>Algorithm 3: every commit merges the pivots that reach it into the trackers of what it read and wrote
 *       (installing commits in {@code beforeValidation}, with the write set locked); the first blind update of
 *       an epoch sets the pivot in {@code beforeInstall}, before its version becomes visible.</li>
 * </ul>
 *
 * <h2>Deviations from the paper, and why</h2>
 * <ul>
 *   <li>Filters hold the Bloom bits of <em>pivot records</em> reaching a record's accessors rather than the
 *       accessors' own read/write keys, so that a commit only touches trackers of records it accessed and the
 *       test knows which pivots a predecessor is reachable from.</li>
 *   <li>A per-epoch <em>linked-pivot</em> word: an omission makes earlier-committed followers of its pivots
 *       reachable from the pivots that reach it, which per-record trackers cannot record after the fact; the
 *       word makes the test treat such pivots as reachable from anywhere. It saturates under heavy contention,
 *       after which only transactions no pivot reaches are omitted (until the next epoch).</li>
 *   <li>The tracker's epoch field is 31 bits plus a pivot flag (a tracker can hold footprints of reads made
 *       before its pivot exists). Merges are per-word CAS loops that only add bits, so a failed CAS retries that
 *       word instead of the whole commit.</li>
 * </ul>
 *
 * <h2>Guarantee</h2>
 * Histories are serializable: the version order is Silo's for installed versions, with omitted versions just
 * before their pivots, and its serialization graph is acyclic. Real-time order is respected at epoch
 * granularity, as in the paper (§5.2, epoch-based group commit): an omitted transaction is ordered before the
 * pivots of its epoch, which may have committed before it began. So a worker that commits a blind update may,
 * within the same epoch, later read the value of an earlier concurrent blind update that "overwrote" it.
 *
 * <p>Why it holds, in short: in commit order every graph edge points forward except those from an omitted
 * transaction to versions at or after its pivots, so the newest transaction of any cycle is an omitted one whose
 * pivot reaches, via forward edges and earlier omissions, a predecessor of it; the predecessor's tracker entry
 * then holds that pivot's bit (published before the predecessor validated or installed), or the pivot is linked.
 * A record whose tracker is live in the current epoch is not unlinked by reclamation, so footprints of deleted
 * records survive as long as an omission may need them.
 */
package org.terndb.txn.sse;
