package org.terndb.executor.access;

import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import org.terndb.executor.Cursor;
import org.terndb.executor.ExecutionContext;
import org.terndb.executor.PlanNode;
import org.terndb.executor.expr.Expr;
import org.terndb.executor.meta.IndexMeta;
import org.terndb.executor.meta.TableMeta;
import org.terndb.storage.codec.Column;
import org.terndb.storage.codec.KeyBuilder;
import org.terndb.storage.codec.KeyCodec;
import org.terndb.txn.Index;
import org.terndb.txn.Transaction;

/**
 * Scans an index (primary or secondary) over a key range, forward or backward, and produces the table
 * rows it finds in index order. The range is an equality prefix on the first key columns, optionally
 * followed by a lower and/or upper bound on the next key column; with neither it is a full scan. Bounds are
 * evaluated when the scan opens (they may be parameters, or columns of an outer row: see {@link TableAccess}).
 * Rows are fetched from the transaction in chunks that grow from 16 to 1024, so a consumer that stops early
 * (LIMIT) reads little. A residual predicate is tested inside the scan, and a limit counts only rows that pass
 * it. Read for update (UPDATE, DELETE, SELECT ... FOR UPDATE), each row found is re-read with
 * {@code readForUpdate}, so locking protocols lock it before it is produced.
 */
public final class IndexRangeScan extends TableAccess {
    private static final int FIRST_CHUNK = 16;
    private static final int MAX_CHUNK = 1024;

    /** A bound on the key column after the equality prefix. */
    public record Bound(Expr value, boolean inclusive) {
    }

    private final IndexMeta index;
    private final Expr[] prefix;
    private final Bound lower;
    private final Bound upper;
    private final boolean reverse;
    private final Expr limit;
    private final boolean forUpdate;

    /**
     * @param prefix  values of the first {@code prefix.length} key columns
     * @param lower   lower bound (in value order) on key column {@code prefix.length}, or null
     * @param upper   upper bound (in value order) on that column, or null
     * @param reverse scan in descending key order
     * @param limit   most rows to produce (an expression, e.g. a LIMIT parameter), or null
     */
    public IndexRangeScan(TableMeta table, IndexMeta index, Expr[] prefix, Bound lower, Bound upper,
                          boolean reverse, Expr limit) {
        this(table, index, prefix, lower, upper, reverse, limit, false, null, null, null);
    }

    /**
     * @param forUpdate       the rows will be written: re-read each with {@code readForUpdate}
     * @param residual        predicate over the table row tested in the scan, or null
     * @param residualColumns the columns it reads (null: unknown)
     * @param decoded         columns to decode (null: all)
     */
    public IndexRangeScan(TableMeta table, IndexMeta index, Expr[] prefix, Bound lower, Bound upper,
                          boolean reverse, Expr limit, boolean forUpdate, Expr residual, boolean[] residualColumns,
                          boolean[] decoded) {
        super(table, residual, residualColumns, decoded);
        if (prefix.length + (lower != null || upper != null ? 1 : 0) > index.columnCount()) {
            throw new IllegalArgumentException("more bounds than key columns of " + index.name());
        }
        this.index = index;
        this.prefix = prefix.clone();
        this.lower = lower;
        this.upper = upper;
        this.reverse = reverse;
        this.limit = limit;
        this.forUpdate = forUpdate;
    }

    public IndexMeta index() {
        return index;
    }

    /** The values of the key columns fixed by equality, in key order. */
    public Expr[] prefix() {
        return prefix.clone();
    }

    /** Key columns fixed by equality. */
    public int prefixLength() {
        return prefix.length;
    }

    public boolean hasRangeBound() {
        return lower != null || upper != null;
    }

    public boolean isReverse() {
        return reverse;
    }

    /** The row limit expression, or null. */
    public Expr limit() {
        return limit;
    }

    /** The same scan in the other direction and/or with a row limit (for ORDER BY ... LIMIT on index order). */
    public IndexRangeScan with(boolean reverse, Expr limit) {
        return new IndexRangeScan(table, index, prefix, lower, upper, reverse, limit, forUpdate, residual,
                residualColumns, decodedColumns());
    }

    @Override
    public IndexRangeScan withResidual(Expr residual, boolean[] columns) {
        return new IndexRangeScan(table, index, prefix, lower, upper, reverse, limit, forUpdate, residual, columns,
                null);
    }

    @Override
    public IndexRangeScan withDecodedColumns(boolean[] columns) {
        return new IndexRangeScan(table, index, prefix, lower, upper, reverse, limit, forUpdate, residual,
                residualColumns, columns);
    }

    @Override
    public Cursor open(ExecutionContext context, Object[] outer) {
        Object[] params = context.parameters();
        KeyCodec codec = index.codec();
        KeyBuilder keys = context.keyBuilder(codec);
        for (int i = 0; i < prefix.length; i++) {
            // col = NULL is never true, nor is col = a value the column cannot hold
            if (!ExactKeys.addExact(keys, codec.schema().column(i), prefix[i].eval(outer, params))) {
                return EmptyCursor.INSTANCE;
            }
        }
        byte[] prefixKey = keys.toKey();
        int rangeColumn = prefix.length;
        boolean descending = hasRangeBound() && codec.isDescending(rangeColumn);
        // In key order a descending column's value bounds swap sides.
        Bound keyLower = descending ? upper : lower;
        Bound keyUpper = descending ? lower : upper;

        byte[] lo;
        boolean loInclusive = true;
        byte[] hi;
        if (keyLower != null) {
            Object v = keyLower.value().eval(outer, params);
            if (v == null) {
                return EmptyCursor.INSTANCE;
            }
            KeyValues.Fit fit = boundKey(keys, outer, params, codec, rangeColumn, v, keyLower == lower);
            if (isEmpty(fit, keyLower == lower)) {
                return EmptyCursor.INSTANCE;
            }
            byte[] k = keys.toKey();
            lo = keyLower.inclusive() || fit != KeyValues.Fit.EXACT ? k : KeyCodec.prefixSuccessor(k);
            if (lo == null) {
                return EmptyCursor.INSTANCE;
            }
        } else {
            lo = prefixKey.length == 0 ? null : prefixKey;
        }
        if (keyUpper != null) {
            Object v = keyUpper.value().eval(outer, params);
            if (v == null) {
                return EmptyCursor.INSTANCE;
            }
            KeyValues.Fit fit = boundKey(keys, outer, params, codec, rangeColumn, v, keyUpper == lower);
            if (isEmpty(fit, keyUpper == lower)) {
                return EmptyCursor.INSTANCE;
            }
            byte[] k = keys.toKey();
            hi = keyUpper.inclusive() || fit != KeyValues.Fit.EXACT ? KeyCodec.prefixSuccessor(k) : k;
        } else {
            hi = prefixKey.length == 0 ? null : KeyCodec.prefixSuccessor(prefixKey);
        }
        if (lo != null && hi != null && KeyCodec.compare(lo, hi) >= 0) {
            return EmptyCursor.INSTANCE; // hi is exclusive
        }
        long max = Long.MAX_VALUE;
        if (limit != null) {
            Object n = limit.eval(outer, params);
            max = n == null ? Long.MAX_VALUE : Math.max(0, ((Number) n).longValue());
        }
        return new ScanCursor(context.transaction(), params, lo, loInclusive, hi, max);
    }

    /** A lower bound above, or an upper bound below, every value the column can hold admits no row. */
    private static boolean isEmpty(KeyValues.Fit fit, boolean isValueLowerBound) {
        return isValueLowerBound ? fit == KeyValues.Fit.ABOVE : fit == KeyValues.Fit.BELOW;
    }

    /** Builds prefix + bound value into {@code keys}; says how the bound value fitted the column. */
    private KeyValues.Fit boundKey(KeyBuilder keys, Object[] outer, Object[] params, KeyCodec codec, int column,
                                   Object value, boolean isValueLowerBound) {
        keys.reset();
        for (int i = 0; i < prefix.length; i++) {
            KeyValues.add(keys, codec.schema().column(i), prefix[i].eval(outer, params), KeyValues.Rounding.NEAREST);
        }
        Column c = codec.schema().column(column);
        return KeyValues.add(keys, c, value, isValueLowerBound ? KeyValues.Rounding.UP : KeyValues.Rounding.DOWN);
    }

    @Override
    public List<PlanNode> inputs() {
        return List.of();
    }

    @Override
    public String describe() {
        StringJoiner s = new StringJoiner(", ", "IndexRangeScan(", ")");
        s.add("table=" + table.name()).add("index=" + index.name());
        if (prefix.length == 0 && !hasRangeBound()) {
            s.add("range=all");
        }
        if (prefix.length > 0) {
            StringJoiner p = new StringJoiner(", ", "[", "]");
            for (int i = 0; i < prefix.length; i++) {
                p.add(keyColumnName(i) + " = " + prefix[i].explain());
            }
            s.add("prefix=" + p);
        }
        if (lower != null) {
            s.add("lower=" + keyColumnName(prefix.length) + (lower.inclusive() ? " >= " : " > ") + lower.value().explain());
        }
        if (upper != null) {
            s.add("upper=" + keyColumnName(prefix.length) + (upper.inclusive() ? " <= " : " < ") + upper.value().explain());
        }
        s.add(reverse ? "backward" : "forward");
        if (limit != null) {
            s.add("limit=" + limit.explain());
        }
        if (residual != null) {
            s.add("filter=" + residual.explain());
        }
        if (forUpdate) {
            s.add("for update");
        }
        return s.toString();
    }

    private String keyColumnName(int keyPosition) {
        return index.codec().schema().column(keyPosition).name();
    }

    /** Pulls the range chunk by chunk, resuming after the last index key it saw. */
    private final class ScanCursor implements Cursor {
        private final Transaction txn;
        private final Object[] params;
        private final Index txnIndex = index.index();
        private byte[] lo;
        private boolean loInclusive;
        private byte[] hi;
        private boolean hiInclusive;
        private long remaining;
        private final List<byte[]> keys = new ArrayList<>();
        private final List<byte[]> rows = new ArrayList<>();
        private int position;
        private int chunk = FIRST_CHUNK;
        private boolean exhausted;
        private byte[] currentKey;
        private byte[] currentRow;
        private Object[] current;

        ScanCursor(Transaction txn, Object[] params, byte[] lo, boolean loInclusive, byte[] hi, long remaining) {
            this.txn = txn;
            this.params = params;
            this.lo = lo;
            this.loInclusive = loInclusive;
            this.hi = hi;
            this.hiInclusive = false;
            this.remaining = remaining;
        }

        @Override
        public boolean next() {
            while (remaining > 0) {
                if (position == keys.size() && !fill()) {
                    return false;
                }
                currentKey = keys.get(position);
                currentRow = rows.get(position);
                position++;
                if (forUpdate) {
                    currentRow = txn.readForUpdate(table.table(), currentKey);
                    if (currentRow == null) {
                        continue;
                    }
                }
                current = decode(currentRow);
                if (passes(current, params)) {
                    remaining--;
                    return true;
                }
            }
            return false;
        }

        private boolean fill() {
            keys.clear();
            rows.clear();
            position = 0;
            if (exhausted) {
                return false;
            }
            int want = residual == null ? (int) Math.min(chunk, remaining) : chunk;
            int n = txn.scan(txnIndex, lo, loInclusive, hi, hiInclusive, reverse, want, (pk, row) -> {
                keys.add(pk);
                rows.add(row);
                return true;
            });
            if (n < want) {
                exhausted = true;
            } else {
                byte[] lastPk = keys.get(keys.size() - 1);
                byte[] resume = txnIndex.isPrimary() ? lastPk : txnIndex.keyOf(lastPk, rows.get(rows.size() - 1));
                if (reverse) {
                    hi = resume;
                    hiInclusive = false;
                } else {
                    lo = resume;
                    loInclusive = false;
                }
                chunk = Math.min(chunk * 2, MAX_CHUNK);
            }
            return !keys.isEmpty();
        }

        @Override
        public Object[] row() {
            return current;
        }

        @Override
        public byte[] primaryKey() {
            return currentKey;
        }

        @Override
        public byte[] baseRow() {
            return currentRow;
        }
    }
}
