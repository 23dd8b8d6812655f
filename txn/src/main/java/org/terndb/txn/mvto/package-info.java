/**
 * Multi-version timestamp ordering in Cicada's style (Lim, Kaminsky, Andersen, "Cicada: Dependably fast
 * multi-core in-memory transactions", SIGMOD'17; CCBench §3.3 with its fix of Cicada's validation), on
 * {@link org.terndb.txn.common.mvcc}, strictly serializable through epoch-based group commit (seed 003).
 * Serializable, including inserts, deletes and range scans.
 *
 * <h2>Layout</h2>
 * <pre>
 *  timestamp   = clock:53 | thread:9                 (Clocks: per-worker clock, 32 ns ticks, worker slot)
 *  MvtoRecord  { key, word = GC | LOCK (unused) | UNLINKED, head, inline: MvtoVersion, inlineState }
 *  MvtoVersion { stamp = wts:62 | PENDING/COMMITTED/ABORTED:2, rts, row (null = absent), older }
 * </pre>
 * Each transaction has one timestamp ts, drawn at begin from its worker's clock (Cicada §3.1: no shared
 * counter; the clock follows {@code System.nanoTime()}, grows by one at least per transaction, syncs one-sidedly
 * to another worker's clock every ~100 µs, is boosted above the conflicting timestamp after a TIMESTAMP_TOO_OLD
 * abort, and never falls below the commit floor). A version's wts is its writer's ts; its rts is the largest ts
 * of a transaction that validated a read of it. Chains are newest first; live (non-aborted) versions are in wts
 * order, because a write is only ever installed at the head, above a live version with a smaller wts.
 *
 * <h2>Phases</h2>
 * <ul>
 *   <li>Read phase (§3.2): a read returns the newest committed version with wts &lt; ts, waiting for a pending
 *       version below ts (its commit would make it the answer). Writes are buffered. EarlyAborts: a write to a
 *       record whose newest live version has wts &gt; ts or rts &gt; ts aborts at once (TIMESTAMP_TOO_OLD).</li>
 *   <li>Validation (§3.5): SortWriteSetByContention (newest wts first); PrecheckVersionConsistency (the cheap
 *       checks below, without waiting); pending version installation at each written record's head by CAS (the
 *       record's inline version when free, §3.3's best-effort inlining; else a chain version from the worker's
 *       cache); read timestamp update (rts = max(rts, ts) by CAS); phantom checks (below); version consistency
 *       check: every version read is still the visible one <em>and no version appeared between it and ts</em>
 *       (CCBench's fix, seed 000: the paper checks only the former), waiting for pending ones in that range; and
 *       the live version below each of our pending versions was not read above ts.</li>
 *   <li>Commit: the pending versions become COMMITTED; on abort they become ABORTED and each is taken off its
 *       chain if still the head (otherwise the next writer skips and unlinks it, or GC collects it).</li>
 * </ul>
 * A reader that raised rts and a writer that installed below that read each order their store before re-reading
 * the other's side (full fences), so at least one sees the other: the writer aborts on the rts, or the reader
 * finds the new version in its visible range. Waits only go to pending versions with smaller timestamps, so they
 * cannot form a cycle; {@code lock_timeout_ms} bounds them.
 *
 * <h2>Phantoms and absent keys</h2>
 * The node set (Silo §4.6) is validated after the pending versions are installed. An insert places a record with
 * a <em>genesis</em> version (committed at 0, absent), so reading a key's absence from a record is an ordinary
 * MVTO read whose rts guards it. Two cases remain, as for TicToc and ERMIA: a key that enters the index after a
 * scanner validated its node set, and a key whose record the collector unlinked after a transaction read its
 * absence there (a later insert then makes a new record). Timestamp order would let such an insert commit below
 * the reader's ts. Hence an <em>insert floor</em>: a transaction that relies on absence (a non-empty node set, or
 * an absent version read from a record it does not write) raises the floor to its ts, then (fence) validates its
 * node set and checks that those records are not unlinked; an insert over a genesis version first (fence) raises
 * the genesis rts to the floor. Either the reader sees the insert (node change, or the unlink mark that precedes
 * the new record) and aborts, or the inserter sees a floor &ge; the reader's ts and must commit above it.
 *
 * <h2>Strict serializability (seed 003)</h2>
 * Cicada alone is serializable but not strict: a worker whose clock lags could begin after another's commit
 * returned and still draw a smaller timestamp, missing that commit. With group commit (the default, protocol
 * {@code mvto}) a commit returns only after its epoch closed: at each epoch boundary the commit floor becomes one
 * more than the largest clock any worker published, and every new transaction's clock is at least the floor, so
 * every transaction that begins after the commit returned is ordered after it. This costs up to an epoch
 * ({@code epoch_ms}) of latency per transaction, read-only ones included (a read-only transaction's reads must
 * also stay before later writers in real time), so a closed-loop worker commits at most one transaction per
 * epoch. A committer whose begin epoch has already closed raises the floor itself at once; one held back by a
 * transaction left open in an older epoch does so after two epoch lengths. A deferred commit
 * ({@link org.terndb.txn.Transaction#commitDeferred}) does not wait: it names an epoch read after its clock was
 * published, and is acknowledged once that epoch closed and the floor was raised after it, so a worker serving many
 * clients keeps running while their commits wait (as SiloR's workers do for durability). {@code mvto-async}
 * ({@link org.terndb.txn.mvto.MvtoConcurrencyControl#async}) acknowledges at once: Cicada's original guarantee.
 * With a commit log, a commit reports the epoch read after validation and its wts as stamp
 * ({@link org.terndb.txn.common.AbstractTransaction}'s durability contract); the group-commit wait comes first,
 * then the log's wait for the epoch to be durable.
 *
 * <h2>Blind updates</h2>
 * {@code updateBlind} of a present record not read before buffers the row without reading it (no read-set entry,
 * no rts). At commit the write follows MVTO's write rule like any other, and the committed version it lands on
 * must be present: a row deleted meanwhile makes the commit abort (a blind update never revives a row).
 *
 * <p>Partial blind writes ({@link org.terndb.txn.RowPatch}) are blind too: the version is linked pending without a
 * row, and at commit, once the committed version directly below it is known, its row is the patch applied to that
 * version's row (filled in before the release store that commits it; nobody reads a pending version's row). That
 * version is fixed for good: our pending version heads the chain when linked, a writer below ts then finds a live
 * version above its timestamp and aborts (writes are only ever linked at the head), and the pending versions below
 * ours are waited for (aborted ones skipped), as the version consistency check already does. With write omission a
 * pivot must also set every column of a write omitted just below it ({@code MvtoVersion.columnMask}).
 *
 * <h2>Write omission: {@code mvto+sse} and {@code mvto-async+sse} (seed 003)</h2>
 * The Scheduling Space Expander on MVTO ({@link org.terndb.txn.mvto.MvtoSseTransaction}). A transaction whose
 * writes are all blind updates first tries SSE's erasing version order at commit: each of its versions is placed
 * just below the record's <em>pivot</em>, a committed blind update, where no reader will ever look; if the tests
 * pass, it commits with nothing installed (counted in {@link org.terndb.txn.TxnStats#omittedWrites}), otherwise
 * MVTO's commit runs exactly as it would without SSE. SSE never aborts a transaction. With no blind writes
 * (YCSB {@code --rmw}, TPC-C) the variants cost one branch per read validation and the bookkeeping below.
 *
 * <p><b>Why MVTO needs no reachability trackers.</b> Silo+SSE ({@link org.terndb.txn.sse}) needs Algorithm 3's
 * per-record footprints because Silo has no serialization order until commit. MVTO has one already, the
 * timestamp order, and footprints alone would not be sound on it: a reader with a timestamp below a pivot may,
 * long after the omission, still read the version just below that pivot (MVTO serves old snapshots), an edge
 * into the omitted transaction that no footprint existed for at omission time. So the omitted transaction gets
 * a position in the timestamp order instead: h - 1/2, where h is the smallest wts among the newest versions of
 * its records, and each record's pivot is its oldest version at or above h (whose predecessor is below h). The
 * history is then the MVTO history with the omitted transaction inserted at h - 1/2, and every graph edge points
 * forward in that order if:
 * <ol>
 *   <li>(A) every pivot is a committed blind update of a present row (so no pivot writer read the value our
 *       version replaces);</li>
 *   <li>(B) every pivot's clock is at least the commit floor read at our begin (raised at each epoch boundary):
 *       its writer ran concurrently with us, in the current epoch (the paper's test of linearizability). With
 *       group commit its writer was not acknowledged before we began, h is above every commit that was (the
 *       worker's own included), and our acknowledgement waits until the floor passes h; in both variants an
 *       omitted write is never placed below a pivot older than an epoch. Without group commit the position must
 *       also stay above the worker's previous commit (and the worker's clock is boosted above h), so a worker's
 *       transactions keep their order (as {@code mvto-async} keeps it); with it, a previous commit of the worker
 *       not yet acknowledged (a deferred commit, another client's) may come after us;</li>
 *   <li>test of overwriters: every version we read is still the newest below h - 1/2, with no version (committed
 *       or pending) between; its rts is raised to h so no later writer can come between (MVTO's own read
 *       validation, moved from ts to our position); node set and insert floor as MVTO's, at h;</li>
 *   <li>(C)+(D) test of successors: no transaction at or above our position read the version just below a pivot.
 *       Past readers are in the pivot's {@code predRts} (the rts of its predecessor, captured when the pivot
 *       committed, plus later readers that met the pivot above their read); readers running now or later are
 *       excluded when the pivot is above h by a fresh scan of the watermark slots (all of them at or above that
 *       pivot); omitted readers at the same or a higher position are caught by {@code omitFloor}, which an
 *       omission lowers on its pivots and an omitted reader checks on the versions above what it read (each side
 *       stores, fences, then loads the other's word).</li>
 * </ol>
 * Each of these is a timestamp comparison on the version chains MVTO keeps anyway; the per-version words
 * ({@code blind}, {@code predWts}, {@code predRts}, {@code omitFloor}) replace the 64-bit tracker. The trade-off:
 * positions are a total order, so a transaction is delegated whenever some reader sits between h and a pivot,
 * even if it never reached a pivot of ours (Silo+SSE's Bloom filters would let some of those through).
 *
 * <p><b>Which commit mode.</b> {@code mvto+sse} extends {@code mvto} (epoch-based group commit, strictly
 * serializable, as the paper measures MVTO+ESSE). In a closed loop that acknowledges one transaction per worker
 * per epoch for both, so its throughput says nothing about SSE; a worker that serves many clients with deferred
 * commits keeps running meanwhile and measures it. {@code mvto-async+sse} extends {@code mvto-async}
 * (serializable, and each worker's transactions in their order, as Cicada's clocks give). Keeping the worker's
 * order costs {@code mvto-async+sse} omissions: a pivot must be newer than the worker's previous commit, so under
 * a fast closed loop mostly pivots written during the transaction qualify. Dropping that rule there would let every
 * blind write sink below a stable pivot (all writes omitted, rows frozen for an epoch) at the price of a weaker
 * guarantee than {@code mvto-async}'s; we keep the guarantee. Under group commit (B) bounds the same sinking to the
 * current epoch and strictness holds without the rule, so {@code mvto+sse} does without it (the paper's pivot
 * versions per epoch). An omission under group commit may return at once: it waits only for the floor to pass h, not
 * its own clock.
 *
 * <h2>Garbage collection</h2>
 * RapidGC and AssertiveVersionReuse through {@link org.terndb.txn.common.mvcc}'s watermark, collector and cache;
 * the watermark's "now" is the physical clock, below which no later timestamp falls. A collected inline version
 * goes back to its record; an inline version that a stale reader may still hold (aborted and unlinked by a
 * writer, or dropped by aggressive GC) is retired in the current epoch and reused only once every running
 * transaction began in a later one. Unlike a snapshot reader, an MVTO read can be overtaken: a writer below its
 * timestamp may commit above the version it is walking to, and GC may then collect that part of the chain. A
 * read therefore accepts a version only if the record's head and the version's stamp did not change meanwhile
 * (else it walks again); validation rejects any read whose version left the chain or changed its stamp.
 * {@link org.terndb.txn.common.mvcc.VersionGauge#versionsAlive()} counts chain and inline versions alike.
 */
package org.terndb.txn.mvto;
