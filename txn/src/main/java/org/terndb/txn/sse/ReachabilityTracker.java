package org.terndb.txn.sse;

/**
 * The protocol-independent part of the Scheduling Space Expander (seed 003 §4–§5): the layout of the per-record
 * reachability tracker, the Bloom-filter hashing of keys, and the omission test and tracker updates of
 * Algorithms 1–3 as pure functions over 64-bit words. {@link SseTransaction} applies them to Silo; another
 * optimistic, epoch-based protocol without a serialization order of its own may apply them to its records. MVTO
 * does not: its timestamp order gives the same tests without footprints ({@code org.terndb.txn.mvto}'s
 * package documentation says why footprints alone would not be sound there).
 *
 * <h2>Tracker word (Fig. 6)</h2>
 * <pre>
 *  63                          33   32    31              16 15               0
 * +------------------------------+-------+------------------+------------------+
 * |        epoch (31 bits)       | pivot | mergedRS (16 b.) | mergedWS (16 b.) |
 * +------------------------------+-------+------------------+------------------+
 * </pre>
 * A tracker is <em>live</em> in epoch {@code e} when its epoch field equals {@code e} (mod 2^31); any other
 * tracker reads as empty. {@code pivot} says that the record has a pivot version in that epoch: its first
 * <em>blind</em> update installed in the epoch. The paper's 32-bit epoch gives one bit to this flag because a
 * tracker must also carry footprints of transactions that read the record <em>before</em> its pivot exists.
 *
 * <p>The two filters hold Bloom bits ({@link #keyBit}) of <em>pivot records</em>, not of the accessing
 * transactions' own keys: bit {@code h(p)} in a record's filter means "a transaction reachable from the pivot
 * of {@code p} (in the multiversion serialization graph, MVSG) accessed this record". {@code mergedWS}: it wrote
 * the record, or read it at or after its pivot. {@code mergedRS}: it read the record before its pivot (also the
 * writers before the pivot, moved there when the pivot is set, {@link #markPivot}). Storing "which pivots reach
 * the accessors of this record" keeps every update local to the records a committing transaction touched.
 *
 * <h2>Omission test (Algorithms 1 and 2)</h2>
 * A transaction {@code t} whose writes are all blind updates of present records may commit without installing
 * them by placing each version just before the record's pivot (the erasing version order, §4.1). Steps:
 * <ol>
 *   <li>(A)+(B) every written record has a pivot in {@code t}'s commit epoch ({@link #hasPivot}); same epoch =
 *       concurrent, which is how linearizability is judged (§5.2). {@code writeKeys} = OR of their key bits.</li>
 *   <li>{@code incoming} = OR of {@link #mergedWS} of every record {@code t} read (step C: a transaction reachable
 *       from a pivot wrote what {@code t} read) and of {@link #mergedRS} of every record {@code t} writes (step D:
 *       a transaction reachable from a pivot read, before the pivot, a record whose version {@code t} places
 *       before that pivot). These are the only MVSG edges into {@code t}.</li>
 *   <li>{@link #omissionAllowed}: no bit of {@code incoming} is a pivot {@code t} leads to, i.e. none is in
 *       {@code writeKeys} nor in the epoch's linked pivots ({@link #linkedPivots}, below).</li>
 *   <li>Test of overwriters (§4.2): the protocol's own read validation, unchanged (Silo: every read version is
 *       still the latest; plus the node set for phantoms).</li>
 * </ol>
 *
 * <h2>Updates (Algorithm 3)</h2>
 * Every committing transaction, omitted or installed, computes the pivots that reach it (installed: OR of
 * {@link #mergedWS} of its reads and of {@link #mergedWS} | {@link #mergedRS} of its writes, plus its own key
 * bit for each record it becomes the pivot of; omitted: {@code incoming}) and, when that is not empty, merges
 * it into the trackers of everything it read ({@link #mergeRead}) and wrote ({@link #mergeWrite}). The first
 * blind update of a record installed in an epoch sets the pivot ({@link #markPivot}). All merges are CAS loops
 * that only add bits, so they never lose a concurrent merge and never need the whole commit to restart.
 *
 * <h2>Linked pivots: the one global word</h2>
 * Omitting {@code t} adds MVSG edges from {@code t} to its pivots, so every pivot reaching {@code t} now also
 * reaches those pivots and everything that already followed them, including transactions that committed earlier
 * and recorded only the later pivots' bits. Per-record trackers cannot be updated retroactively, so a per-epoch
 * word ({@link #linkPivots}, same layout, mergedWS only) collects the key bits of every pivot that an omission
 * reached from another pivot, and the test treats those bits as reachable from any pivot. It only changes when
 * a reachable transaction's omission adds a new bit, so it is mostly read.
 *
 * <h2>Contract for a protocol that uses these functions</h2>
 * <ul>
 *   <li>Epoch: the commit epoch, read after the read phase (and after locks, for lock-based commits). An
 *       omission re-reads the global epoch after its validation and gives up if it changed.</li>
 *   <li>Ordering: read a record's tracker after reading the record; merge a transaction's pivots into the
 *       trackers <em>before</em> validating its reads (a later overwriter of a read must see them) and before its
 *       writes become visible; set a pivot while the record is locked and before its version becomes
 *       visible; read the linked-pivot word again after validation and repeat the test with it.</li>
 *   <li>Only blind updates of present records are omitted; a pivot must itself be a blind update; a record whose
 *       tracker is live in the current epoch must not be unlinked (deferred) so its footprints stay.</li>
 *   <li>The epoch field wraps after 2^31 epochs: confirm a pivot against the record's newest version (Silo+SSE:
 *       its TID's epoch is at least the pivot's), so that a tracker untouched for 2^31 epochs is not taken for a
 *       pivot. (Stale filter bits taken for live ones only make the test stricter.)</li>
 *   <li>Every failure of the test delegates to the protocol's own commit, which then runs exactly as before.</li>
 * </ul>
 */
public final class ReachabilityTracker {
    /** Bits of each merged filter. */
    public static final int FILTER_BITS = 16;
    /** The record has a pivot version in the tracker's epoch. */
    public static final long PIVOT = 1L << 32;

    private static final long FILTER = (1L << FILTER_BITS) - 1;
    private static final int RS_SHIFT = 16;
    private static final int EPOCH_SHIFT = 33;
    private static final long EPOCH_MASK = (1L << 31) - 1;

    private ReachabilityTracker() {
    }

    /**
     * The key's Bloom bit: one of {@link #FILTER_BITS}, from an FNV-1a hash of the key bytes finished with
     * MurmurHash3's mixer (keys often differ only in their last byte). Computed once per record.
     */
    public static int keyBit(byte[] key) {
        int h = 0x811C9DC5;
        for (byte b : key) {
            h = (h ^ (b & 0xFF)) * 0x01000193;
        }
        h ^= h >>> 16;
        h *= 0x85EBCA6B;
        h ^= h >>> 13;
        h *= 0xC2B2AE35;
        h ^= h >>> 16;
        return 1 << (h >>> 28);
    }

    /** A tracker of {@code epoch} with the given flag and filters. */
    public static long compose(long epoch, boolean pivot, int mergedRS, int mergedWS) {
        return (epoch & EPOCH_MASK) << EPOCH_SHIFT | (pivot ? PIVOT : 0)
                | (mergedRS & FILTER) << RS_SHIFT | (mergedWS & FILTER);
    }

    /** The tracker's epoch field (31 bits). */
    public static long epochOf(long tracker) {
        return tracker >>> EPOCH_SHIFT;
    }

    /** The tracker belongs to {@code epoch}; any other tracker holds nothing for it. */
    public static boolean isLive(long tracker, long epoch) {
        return epochOf(tracker) == (epoch & EPOCH_MASK);
    }

    /** The record has a pivot version in {@code epoch} (Algorithm 2, steps A and B). */
    public static boolean hasPivot(long tracker, long epoch) {
        return isLive(tracker, epoch) && (tracker & PIVOT) != 0;
    }

    /**
     * The tracker was written by a transaction of the epoch after {@code epoch}: leave it alone (its footprints
     * matter to that epoch; ours no longer to any omission). No tracker can be newer than that: the global epoch
     * passes a transaction's begin epoch by at most one while it runs, and commit epochs are at least the begin's.
     */
    public static boolean isNewer(long tracker, long epoch) {
        return epochOf(tracker) == ((epoch + 1) & EPOCH_MASK);
    }

    /** Pivots reaching a reader of the record before its pivot (or a writer before it); empty unless live. */
    public static int mergedRS(long tracker, long epoch) {
        return isLive(tracker, epoch) ? (int) (tracker >>> RS_SHIFT & FILTER) : 0;
    }

    /** Pivots reaching a writer of the record, or a reader at or after its pivot; empty unless live. */
    public static int mergedWS(long tracker, long epoch) {
        return isLive(tracker, epoch) ? (int) (tracker & FILTER) : 0;
    }

    /**
     * Algorithms 1/2, steps C and D, for a transaction whose writes all have pivots: true if no transaction that
     * one of its pivots reaches has an edge into it. {@code incoming}: the pivots reaching its predecessors;
     * {@code writeKeys}: the key bits of its written records; {@code linked}: {@link #linkedPivots}.
     */
    public static boolean omissionAllowed(int incoming, int writeKeys, int linked) {
        return (incoming & (writeKeys | linked)) == 0;
    }

    /**
     * Algorithm 3, step 3: a transaction of {@code epoch} reached by {@code pivots} read the record. If the record
     * has its pivot, the read was at or after it (the caller validates the read afterwards) and goes to mergedWS;
     * otherwise to mergedRS. Returns the tracker unchanged when nothing is to be added.
     */
    public static long mergeRead(long tracker, long epoch, int pivots) {
        if (pivots == 0 || isNewer(tracker, epoch)) {
            return tracker;
        }
        long base = isLive(tracker, epoch) ? tracker : compose(epoch, false, 0, 0);
        long add = (base & PIVOT) != 0 ? pivots & FILTER : (pivots & FILTER) << RS_SHIFT;
        return base | add;
    }

    /** Algorithm 3, step 4 (not a new pivot): a transaction reached by {@code pivots} wrote the record. */
    public static long mergeWrite(long tracker, long epoch, int pivots) {
        if (pivots == 0 || isNewer(tracker, epoch)) {
            return tracker;
        }
        long base = isLive(tracker, epoch) ? tracker : compose(epoch, false, 0, 0);
        return base | (pivots & FILTER);
    }

    /**
     * Algorithm 3, step 4 (first blind update of the epoch): the writer, reached by {@code pivots} (which include
     * this record's own bit), becomes the record's pivot. What the tracker held for writers before the pivot
     * moves to mergedRS: an omitted version placed just before the pivot follows them, so a reachable one of them
     * closes a cycle just like an early reader does.
     */
    public static long markPivot(long tracker, long epoch, int pivots) {
        if (isNewer(tracker, epoch)) {
            return tracker;
        }
        if (hasPivot(tracker, epoch)) {
            return mergeWrite(tracker, epoch, pivots);
        }
        int before = mergedRS(tracker, epoch) | mergedWS(tracker, epoch);
        return compose(epoch, true, before, pivots);
    }

    /** The epoch's linked pivots (key bits of pivots that an omission made reachable from other pivots). */
    public static int linkedPivots(long word, long epoch) {
        return mergedWS(word, epoch);
    }

    /** The linked-pivot word after an omission reached from some pivot placed versions before {@code writeKeys}. */
    public static long linkPivots(long word, long epoch, int writeKeys) {
        return mergeWrite(word, epoch, writeKeys);
    }
}
