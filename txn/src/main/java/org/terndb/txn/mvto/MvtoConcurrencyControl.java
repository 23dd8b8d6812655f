package org.terndb.txn.mvto;

import java.util.concurrent.atomic.AtomicLongArray;
import org.terndb.txn.TxnOptions;
import org.terndb.txn.common.AbstractWorker;
import org.terndb.txn.common.Record;
import org.terndb.txn.common.mvcc.MvccConcurrencyControl;
import org.terndb.txn.common.mvcc.Version;

/**
 * MVTO in Cicada's style (Lim, Kaminsky, Andersen, SIGMOD'17; CCBench §3.3), strictly serializable through
 * epoch-based group commit (seed 003). See the package documentation. Options: {@code epoch_ms} (group-commit
 * epoch), {@code gc_interval_us}, {@code version_reuse}, {@code aggressive_gc}, {@code lock_timeout_ms} (longest
 * wait for a pending version), {@code backoff}, {@code read_phase_extension_us}.
 */
public final class MvtoConcurrencyControl extends MvccConcurrencyControl {
    /** Strictly serializable: a commit returns once its epoch closed. */
    public static final String NAME = "mvto";
    /** Serializable, commits return at once (Cicada's original guarantee: no real-time order across threads). */
    public static final String ASYNC_NAME = "mvto-async";
    /** {@value #NAME} with the Scheduling Space Expander's write omission (seed 003): strictly serializable. */
    public static final String SSE_NAME = "mvto+sse";
    /** {@value #ASYNC_NAME} with write omission: serializable, commits return at once. */
    public static final String ASYNC_SSE_NAME = "mvto-async+sse";

    private static final int FLOOR = 8; // the insert floor, 64 bytes from anything else (no false sharing)

    private final Clocks clocks;
    private final boolean groupCommit;
    private final boolean sse;
    private final long epochNanos;
    private final AtomicLongArray insertFloorCell = new AtomicLongArray(2 * FLOOR + 1);

    /** Strictly serializable MVTO (epoch-based group commit). */
    public MvtoConcurrencyControl(TxnOptions options) {
        this(options, true);
    }

    /** {@code groupCommit=false}: commits are acknowledged at once (serializable, not strictly). */
    public MvtoConcurrencyControl(TxnOptions options, boolean groupCommit) {
        this(options, groupCommit, false, new Clocks());
    }

    private MvtoConcurrencyControl(TxnOptions options, boolean groupCommit, boolean sse, Clocks clocks) {
        super(sse ? (groupCommit ? SSE_NAME : ASYNC_SSE_NAME) : (groupCommit ? NAME : ASYNC_NAME), options,
                clocks::watermarkNow);
        this.clocks = clocks;
        this.groupCommit = groupCommit;
        this.sse = sse;
        this.epochNanos = options.epochMillis() * 1_000_000L;
        epochs().onAdvance(clocks::closeEpoch);
    }

    /** The {@value #ASYNC_NAME} variant: serializable, commits return without waiting for their epoch. */
    public static MvtoConcurrencyControl async(TxnOptions options) {
        return new MvtoConcurrencyControl(options, false);
    }

    /** The {@value #SSE_NAME} variant: strictly serializable MVTO whose blind updates may be omitted. */
    public static MvtoConcurrencyControl withSse(TxnOptions options) {
        return new MvtoConcurrencyControl(options, true, true, new Clocks());
    }

    /** The {@value #ASYNC_SSE_NAME} variant: serializable MVTO (no group commit) whose blind updates may be omitted. */
    public static MvtoConcurrencyControl asyncWithSse(TxnOptions options) {
        return new MvtoConcurrencyControl(options, false, true, new Clocks());
    }

    @Override
    public boolean isSerializable() {
        return true;
    }

    /** Whether commits wait for their epoch to close (strict serializability). */
    public boolean groupCommit() {
        return groupCommit;
    }

    /** Whether blind updates may be omitted (the Scheduling Space Expander, {@link MvtoSseTransaction}). */
    public boolean sse() {
        return sse;
    }

    @Override
    protected Version allocateVersion() {
        return new MvtoVersion(null);
    }

    @Override
    protected Record newCommittedRecord(byte[] key, byte[] row) {
        return MvtoRecord.loaded(key, row);
    }

    @Override
    protected AbstractWorker createWorker() {
        return new MvtoWorker(this);
    }

    Clocks clocks() {
        return clocks;
    }

    long epochNanos() {
        return epochNanos;
    }

    /**
     * The insert floor: at least the timestamp of every transaction that validated a node set (scans, missed
     * lookups) or a read of an absent version. An insert over a record's genesis version raises the genesis rts
     * to it, so the inserter must commit above every such transaction (see the package documentation).
     * Volatile load: pairs with {@link #raiseInsertFloor}.
     */
    long insertFloor() {
        return insertFloorCell.get(FLOOR);
    }

    /** Raises the insert floor to at least {@code ts} (CAS loop; no store when it is high enough already). */
    void raiseInsertFloor(long ts) {
        long f;
        while ((f = insertFloorCell.get(FLOOR)) < ts) {
            if (insertFloorCell.compareAndSet(FLOOR, f, ts)) {
                return;
            }
        }
    }

    @Override
    public void close() {
        clocks.close();
        super.close();
    }
}
