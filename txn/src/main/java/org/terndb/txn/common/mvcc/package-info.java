/**
 * Multi-version infrastructure shared by SI, ERMIA and MVTO: versions, version chains, the GC watermark
 * (RapidGC), version reuse (AssertiveVersionReuse), record unlinking and the versions-alive gauge
 * (CCBench §3.3, §4.1, §7).
 *
 * <h2>Layout</h2>
 * <pre>
 *  index (Masstree) ──► MvccRecord { key, word = GC-lock | LOCK | UNLINKED, head }
 *                                                                      │
 *            Version { stamp = ts:62 | status:2, row (null = absent), older } ──► older ──► ... ──► null
 * </pre>
 * A {@link org.terndb.txn.common.mvcc.MvccRecord} holds the newest version; versions link to the next older one
 * ({@link org.terndb.txn.common.mvcc.Version#TRUNCATED} where GC cut the chain). Committed versions are ordered
 * by timestamp, newest first; a snapshot at ts sees the newest committed version with timestamp &lt;= ts
 * ({@link org.terndb.txn.common.mvcc.MvccRecord#visibleAt}), waiting for a pending version that may turn out
 * to be that one. A version's row is null when the record is absent in it (a delete's tombstone, ERMIA's genesis
 * version of an insert placeholder); a record with no version at all is absent everywhere. Protocols subclass
 * {@code Version} for their per-version state and reset it in {@code reset()}.
 *
 * <h2>Writing a protocol on it (MVTO)</h2>
 * <ul>
 *   <li>Extend {@link org.terndb.txn.common.mvcc.MvccConcurrencyControl} (implement {@code allocateVersion}) and
 *       {@link org.terndb.txn.common.mvcc.MvccWorker}. Loaded rows are one committed version at timestamp 0.</li>
 *   <li>Begin: {@code worker.collectGarbage()}, then announce: {@code enterSnapshot()} with the central
 *       {@link org.terndb.txn.common.mvcc.TimestampCounter}, or {@code announce(lowerBound)} with your own
 *       clocks, honouring the contract on {@link org.terndb.txn.common.mvcc.Watermark}: announce a lower bound
 *       first, then choose a timestamp at least what a concurrent scan could have read as "now".
 *       End (commit or abort): {@code exitSnapshot()}.</li>
 *   <li>Versions: take each from {@code worker.newVersion()}, fill it with {@code prepare(stamp, row, older)},
 *       publish with a release store or CAS of the head (or of an older link). Decide it with a release store
 *       of its stamp (COMMITTED, or ABORTED and unlink it: {@code worker.discard(v)}). After a commit, call
 *       {@code worker.retire(index, record, ts, row == null)} per version: GC trims the record's chain once
 *       the watermark passes ts, and unlinks the record if that version was a delete.</li>
 *   <li>Never change an older link below the newest committed version at or below
 *       {@link org.terndb.txn.common.mvcc.Watermark#safe()}: that part belongs to the collector. A transaction's
 *       own timestamp is at or above the watermark, so installing at or above its visible version is fine.</li>
 *   <li>A record marked {@code UNLINKED} has left (or is leaving) its index: writing it must abort
 *       (RECORD_REMOVED). The unlinker sets the mark only while {@code LOCK} is clear and then re-checks the
 *       head; a protocol that installs versions without taking {@code LOCK} must re-check the mark after
 *       installing (the two sides then see each other: both use full fences).</li>
 *   <li>An insert placeholder that an abort leaves absent: {@code worker.unlinkLater(index, record, now)}.</li>
 * </ul>
 *
 * <h2>Garbage collection</h2>
 * <ul>
 *   <li>Watermark (RapidGC): per-worker announced start timestamps; at most every {@code gc_interval_us} one
 *       worker scans them; {@link org.terndb.txn.common.mvcc.Watermark#safe()} = the oldest running snapshot
 *       (or "now" when none runs).</li>
 *   <li>{@link org.terndb.txn.common.mvcc.VersionCollector}, one per worker, fed by its commits in timestamp
 *       order: once ts &lt;= watermark, the chain below the newest committed version at or below the watermark
 *       is cut and its versions go to the worker's {@link org.terndb.txn.common.mvcc.VersionCache}
 *       ({@code version_reuse}); a deleted record whose tombstone is at or below the watermark is unlinked from
 *       its index (a ts-ordered queue, not {@link org.terndb.txn.common.Reclaimer}, whose epoch-based due time
 *       and busy re-queueing do not fit a timestamp watermark).</li>
 *   <li>Versions a stale reader may still hold are never reused, only dropped to the JVM: aborted versions,
 *       the tombstone of an unlinked record, and versions collected above the safe watermark by
 *       {@code aggressive_gc} (whose readers then abort with TIMESTAMP_TOO_OLD when they reach the cut).</li>
 *   <li>{@link org.terndb.txn.common.mvcc.VersionGauge#versionsAlive()} counts versions linked into chains.</li>
 * </ul>
 */
package org.terndb.txn.common.mvcc;
