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
 * transaction left open in an older epoch does so after two epoch lengths. {@code mvto-async}
 * ({@link org.terndb.txn.mvto.MvtoConcurrencyControl#async}) acknowledges at once: Cicada's original guarantee.
 * With a commit log, a commit reports the epoch read after validation and its wts as stamp
 * ({@link org.terndb.txn.common.AbstractTransaction}'s durability contract); the group-commit wait comes first,
 * then the log's wait for the epoch to be durable.
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
