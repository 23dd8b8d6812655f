package org.terndb.executor;

import java.util.IdentityHashMap;
import java.util.Map;
import org.terndb.storage.codec.KeyBuilder;
import org.terndb.storage.codec.KeyCodec;
import org.terndb.storage.codec.RowBuilder;
import org.terndb.storage.codec.RowCodec;
import org.terndb.txn.Transaction;

/**
 * What an executing plan needs from its session: the current transaction, the bound parameter values and
 * reusable key/row builders. One context per session, reused across statements; not thread-safe.
 */
public final class ExecutionContext {
    private final Map<KeyCodec, KeyBuilder> keyBuilders = new IdentityHashMap<>();
    private final Map<RowCodec, RowBuilder> rowBuilders = new IdentityHashMap<>();
    private final Map<RowCodec, RowBuilder> patchBuilders = new IdentityHashMap<>();
    private Transaction transaction;
    private Object[] parameters = new Object[0];
    private KeyCodec lastKeyCodec;
    private KeyBuilder lastKeyBuilder;
    private RowCodec lastRowCodec;
    private RowBuilder lastRowBuilder;
    private byte[] fetchedPrimaryKey;
    private byte[] fetchedBaseRow;
    private Object[][] scratchParameters = new Object[0][];

    /** Sets the transaction and parameters of the next execution. */
    public ExecutionContext reset(Transaction transaction, Object[] parameters) {
        this.transaction = transaction;
        this.parameters = parameters;
        return this;
    }

    /**
     * A parameter array of {@code width} values owned by this context, the same one each time for one width: for
     * executions that are over before the next one binds (a {@code fetchOne}, never a cursor left open).
     */
    public Object[] scratchParameters(int width) {
        if (width >= scratchParameters.length) {
            scratchParameters = java.util.Arrays.copyOf(scratchParameters, width + 1);
        }
        Object[] values = scratchParameters[width];
        if (values == null) {
            values = new Object[width];
            scratchParameters[width] = values;
        }
        return values;
    }

    public Transaction transaction() {
        return transaction;
    }

    /** Parameter values in internal representation, already converted to their inferred types. */
    public Object[] parameters() {
        return parameters;
    }

    /** Records the base-table row behind the row a {@code fetchOne} is returning (see {@code PlanNode#fetchOne}). */
    public void fetched(byte[] primaryKey, byte[] baseRow) {
        this.fetchedPrimaryKey = primaryKey;
        this.fetchedBaseRow = baseRow;
    }

    /** The primary key of the base-table row the last {@code fetchOne} returned a row of. */
    public byte[] fetchedPrimaryKey() {
        return fetchedPrimaryKey;
    }

    /** The stored base-table row the last {@code fetchOne} returned a row of. */
    public byte[] fetchedBaseRow() {
        return fetchedBaseRow;
    }

    /** A builder for keys of this codec, reset, shared within the session. */
    public KeyBuilder keyBuilder(KeyCodec codec) {
        if (codec != lastKeyCodec) { // statements of one session mostly use one index after another
            lastKeyBuilder = keyBuilders.computeIfAbsent(codec, KeyCodec::newBuilder);
            lastKeyCodec = codec;
        }
        return lastKeyBuilder.reset();
    }

    /** A builder for rows of this codec, reset, shared within the session. */
    public RowBuilder rowBuilder(RowCodec codec) {
        if (codec != lastRowCodec) { // as for keys: mostly one table after another
            lastRowBuilder = rowBuilders.computeIfAbsent(codec, RowCodec::newBuilder);
            lastRowCodec = codec;
        }
        return lastRowBuilder.reset();
    }

    /**
     * A builder for applying the session's row patches (partial blind writes), which the transaction does at
     * commit or when it reads a patched row: apart from {@link #rowBuilder} so that a patch applied while a
     * statement builds a row leaves that row alone.
     */
    public RowBuilder patchBuilder(RowCodec codec) {
        return patchBuilders.computeIfAbsent(codec, RowCodec::newBuilder);
    }

    /** Drops cached builders of codecs that may be gone (after DDL). */
    public void clearBuilders() {
        lastKeyCodec = null;
        lastKeyBuilder = null;
        lastRowCodec = null;
        lastRowBuilder = null;
        keyBuilders.clear();
        rowBuilders.clear();
        patchBuilders.clear();
    }
}
