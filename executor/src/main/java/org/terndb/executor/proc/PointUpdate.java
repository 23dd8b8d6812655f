package org.terndb.executor.proc;

import java.util.List;
import org.terndb.executor.ExecutionContext;
import org.terndb.executor.PlanNode;
import org.terndb.executor.access.IndexGet;
import org.terndb.executor.access.StoredRow;
import org.terndb.executor.expr.Arithmetic;
import org.terndb.executor.expr.Cast;
import org.terndb.executor.expr.ColumnRef;
import org.terndb.executor.expr.Expr;
import org.terndb.executor.meta.TableMeta;
import org.terndb.executor.modify.Modifications;
import org.terndb.executor.modify.RowEncoder;
import org.terndb.executor.modify.Update;
import org.terndb.executor.relational.Project;
import org.terndb.storage.codec.Column;
import org.terndb.storage.codec.ColumnType;
import org.terndb.storage.codec.RowBuilder;
import org.terndb.storage.codec.RowCodec;
import org.terndb.txn.DuplicateKeyException;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;

/**
 * An embedded {@code UPDATE t SET c = e WHERE <full primary key> = v} whose plan reads the row ({@code Update} over
 * a {@code Project} of the old row and the new values over a primary-key {@link IndexGet} without a residual
 * filter), run without its plan: the key is encoded straight from the slots, the row read for update, and the new
 * values written into a copy of the stored row, nothing decoded that is not needed. An integer value that is a
 * variable, a constant, an integer column, a sum, difference or product of two of them, or an integer CAST of
 * one of these is computed as a {@code long}; any other value, or one that is NULL or overflows, is evaluated as the plan would (over the decoded
 * row and the bound arguments), so errors and their SQLStates are the plan's. The transaction calls are the plan's:
 * one read for update, one {@code update} (which maintains the secondary indexes). An UPDATE that sets a key column
 * stays on the plan.
 */
public final class PointUpdate {
    private final TableMeta meta;
    private final Table table;
    private final RowCodec codec;
    private final boolean forUpdate;
    private final SlotKey key;
    private final Expr[] arguments;      // the plan's parameters, for values evaluated as the plan would
    private final int[] targets;         // the table columns set
    private final Expr[] values;         // the new value of each target over (old row, parameters)
    private final LongValue[] integers;  // per target: the value as a long, or null
    private final long[] targetMin;      // per integer target: the range the column holds
    private final long[] targetMax;

    private PointUpdate(IndexGet get, SlotKey key, List<Expr> arguments, int[] targets, Expr[] values) {
        this.meta = get.table();
        this.table = meta.table();
        this.codec = meta.rowCodec();
        this.forUpdate = get.forUpdate();
        this.key = key;
        this.arguments = arguments.toArray(Expr[]::new);
        this.targets = targets;
        this.values = values;
        integers = new LongValue[targets.length];
        targetMin = new long[targets.length];
        targetMax = new long[targets.length];
        for (int i = 0; i < targets.length; i++) {
            Column target = meta.column(targets[i]);
            if (integral(target)) {
                integers[i] = LongValue.of(values[i], meta, arguments);
                long[] range = LongValue.range(target.type());
                targetMin[i] = range[0];
                targetMax[i] = range[1];
            }
        }
    }

    /**
     * The point update of {@code root}, a plan whose {@code ?} markers take {@code arguments} unconverted, or null
     * if the plan is not a read-modify-write of one row by its full primary key that keeps the key.
     */
    static PointUpdate of(PlanNode root, List<Expr> arguments) {
        if (!(root instanceof Update update) || update.changesKey()
                || !(update.inputs().get(0) instanceof Project project)
                || !(project.inputs().get(0) instanceof IndexGet get) || get.residual() != null
                || !get.index().primary()
                || get.table() != update.table()) {
            return null;
        }
        int[] targets = update.targetColumns();
        Expr[] exprs = project.exprs();
        int first = update.firstNewValue();
        if (first + targets.length != exprs.length) {
            return null;
        }
        for (int i = 0; i < first; i++) { // the old row as it is: the plan reads nothing else from it
            if (!(exprs[i] instanceof ColumnRef c) || c.index() != i) {
                return null;
            }
        }
        SlotKey key = SlotKey.of(get.table(), get.key(), arguments);
        if (key == null) {
            return null;
        }
        Expr[] values = java.util.Arrays.copyOfRange(exprs, first, exprs.length);
        return new PointUpdate(get, key, arguments, targets, values);
    }

    /** Runs the update with the slots' current values; returns the number of rows changed (0 or 1). */
    long apply(Frame frame) {
        byte[] pk = key.encode(frame);
        if (pk == null) {
            return 0;
        }
        byte[] old = read(frame.transaction(), pk);
        if (old == null) {
            return 0;
        }
        change(frame, pk, old);
        return 1;
    }

    /** The row of key {@code pk} as the plan reads it (for update or not), or null if there is none. */
    private byte[] read(Transaction txn, byte[] pk) {
        return forUpdate ? txn.readForUpdate(table, pk) : txn.read(table, pk);
    }

    /**
     * Writes the new values of the row {@code old} of key {@code pk}, computed from the slots' current values: the
     * update after its read. A compiled body calls it when a value it computes itself is not plain.
     */
    public void change(Frame frame, byte[] pk, byte[] old) {
        Object[] slots = frame.slots();
        ExecutionContext context = frame.context();
        RowBuilder rows = context.rowBuilder(codec).from(old);
        if (targets.length == 1) { // the common UPDATE of one column: its value computed once
            long v = integers[0] == null ? IntegerOperand.MISSING : integers[0].read(slots, old);
            if (v == IntegerOperand.MISSING && (integers[0] == null || !integers[0].plain(slots, old))) {
                setAsPlanned(context, slots, old, rows);
            } else { // MISSING and plain: a part is Long.MIN_VALUE itself; the value is computed as plain says
                set(rows, 0, v != IntegerOperand.MISSING ? v : integers[0].value(slots, old));
            }
        } else if (allIntegers(slots, old)) {
            for (int i = 0; i < targets.length; i++) {
                set(rows, i, integers[i].value(slots, old));
            }
        } else {
            setAsPlanned(context, slots, old, rows);
        }
        write(frame.transaction(), pk, rows.build());
    }

    /** Writes {@code row} as the new row of key {@code pk}; a unique index's duplicate fails as the plan's does. */
    public void write(Transaction txn, byte[] pk, byte[] row) {
        try {
            txn.update(table, pk, row);
        } catch (DuplicateKeyException e) {
            throw Modifications.duplicate(meta, e);
        }
    }

    // ---- what a compiled body needs to run the update as code of its own ({@link BodySource}) --------------------

    SlotKey key() {
        return key;
    }

    Table table() {
        return table;
    }

    RowCodec codec() {
        return codec;
    }

    boolean forUpdate() {
        return forUpdate;
    }

    /** The number of columns set. */
    int targets() {
        return targets.length;
    }

    /** The table column target {@code i} sets. */
    int target(int i) {
        return targets[i];
    }

    /** Target {@code i}'s value as a long computed from the slots and the old row, or null if it is not one. */
    LongValue integer(int i) {
        return integers[i];
    }

    /** The range of values target {@code i}'s column holds (an integer target). */
    long targetMin(int i) {
        return targetMin[i];
    }

    long targetMax(int i) {
        return targetMax[i];
    }

    /** Whether table column {@code column} may hold NULL. */
    boolean nullable(int column) {
        return meta.column(column).nullable();
    }

    /** Sets target {@code i} to the integer {@code v}; a value outside the column's range fails as the plan's does. */
    private void set(RowBuilder rows, int i, long v) {
        if (v >= targetMin[i] && v <= targetMax[i]) {
            rows.setLong(targets[i], v);
        } else {
            RowEncoder.set(meta, rows, targets[i], v); // out of the column's range: its error
        }
    }

    /** True if every new value is an integer computed without NULL or overflow now. */
    private boolean allIntegers(Object[] slots, byte[] old) {
        for (LongValue v : integers) {
            if (v == null || !v.plain(slots, old)) {
                return false;
            }
        }
        return true;
    }

    /** The plan's way: every value evaluated over the decoded old row and the arguments, then set in order. */
    private void setAsPlanned(ExecutionContext context, Object[] slots, byte[] old, RowBuilder rows) {
        Object[] params = context.scratchParameters(arguments.length);
        for (int i = 0; i < arguments.length; i++) {
            params[i] = arguments[i].eval(null, slots);
        }
        Object[] row = StoredRow.decode(meta, old, new Object[meta.columnCount()]);
        Object[] newValues = new Object[values.length];
        for (int i = 0; i < values.length; i++) {
            newValues[i] = values[i].eval(row, params);
        }
        java.util.Arrays.fill(params, null);
        for (int i = 0; i < targets.length; i++) {
            RowEncoder.set(meta, rows, targets[i], newValues[i]);
        }
    }

    private static boolean integral(Column c) {
        return switch (c.type()) {
            case TINYINT, SMALLINT, INTEGER, BIGINT -> true;
            default -> false;
        };
    }

    /**
     * An integer value computed from the slots and the stored row without boxing: a leaf (a variable or constant
     * through {@link IntegerOperand}, or an integer column of the row), {@code leaf op leaf} for + - *, or an
     * integer CAST of one of these (which the planner puts around a value of a wider type than its column).
     */
    static final class LongValue {
        private final IntegerOperand operand; // a leaf read from the slots, or
        private final int column;             // a leaf read from the row (-1 if not), or
        private final LongValue left;         // an operation on two values, or a CAST of left
        private final LongValue right;
        private final Arithmetic.Op op;       // null for a leaf or a CAST
        private final RowCodec codec;
        private final long min;               // the result's range (its SQL type)
        private final long max;

        private LongValue(IntegerOperand operand, int column, RowCodec codec, LongValue left, LongValue right,
                          Arithmetic.Op op, long min, long max) {
            this.operand = operand;
            this.codec = codec;
            this.column = column;
            this.left = left;
            this.right = right;
            this.op = op;
            this.min = min;
            this.max = max;
        }

        static LongValue of(Expr e, TableMeta meta, List<Expr> arguments) {
            if (e instanceof Cast c && c.type().isIntegral()) {
                LongValue inner = of(c.operand(), meta, arguments);
                long[] range = range(c.type().type());
                return inner == null ? null : new LongValue(null, -1, null, inner, null, null, range[0], range[1]);
            }
            LongValue v = leaf(e, meta, arguments);
            if (v == null && e instanceof Arithmetic a && a.type().isIntegral()
                    && (a.op() == Arithmetic.Op.PLUS || a.op() == Arithmetic.Op.MINUS || a.op() == Arithmetic.Op.TIMES)) {
                LongValue l = leaf(a.left(), meta, arguments);
                LongValue r = leaf(a.right(), meta, arguments);
                if (l != null && r != null) {
                    long[] range = range(a.type().type());
                    v = new LongValue(null, -1, null, l, r, a.op(), range[0], range[1]);
                }
            }
            return v;
        }

        private static LongValue leaf(Expr e, TableMeta meta, List<Expr> arguments) {
            if (e instanceof ColumnRef c && c.index() < meta.columnCount() && integral(meta.column(c.index()))) {
                return new LongValue(null, c.index(), meta.rowCodec(), null, null, null, Long.MIN_VALUE, Long.MAX_VALUE);
            }
            Expr argument = SlotKey.argument(e, arguments);
            IntegerOperand operand = argument == null ? null : IntegerOperand.of(argument);
            return operand == null ? null
                    : new LongValue(operand, -1, null, null, null, null, Long.MIN_VALUE, Long.MAX_VALUE);
        }

        /** The values an integer type holds. */
        static long[] range(ColumnType type) {
            return switch (type) {
                case TINYINT -> new long[] {Byte.MIN_VALUE, Byte.MAX_VALUE};
                case SMALLINT -> new long[] {Short.MIN_VALUE, Short.MAX_VALUE};
                case INTEGER -> new long[] {Integer.MIN_VALUE, Integer.MAX_VALUE};
                default -> new long[] {Long.MIN_VALUE, Long.MAX_VALUE};
            };
        }

        /** A leaf read from the slots, or null. */
        IntegerOperand operand() {
            return operand;
        }

        /** A leaf read from the old row: its column; -1 if the value is not one. */
        int column() {
            return column;
        }

        /** The first operand of an operation, or the operand of a CAST; null for a leaf. */
        LongValue left() {
            return left;
        }

        /** The second operand of an operation; null for a leaf or a CAST. */
        LongValue right() {
            return right;
        }

        /** PLUS, MINUS or TIMES; null for a leaf or a CAST. */
        Arithmetic.Op op() {
            return op;
        }

        /** The range of the value's SQL type (an operation's or a CAST's; a leaf's is every long). */
        long min() {
            return min;
        }

        long max() {
            return max;
        }

        /**
         * The value in one pass, or {@link IntegerOperand#MISSING} when it is NULL, an operation overflows or leaves
         * its type's range now; a value of {@code Long.MIN_VALUE} reads as MISSING too ({@link #plain} tells which).
         */
        long read(Object[] slots, byte[] row) {
            if (left == null) {
                if (operand != null) {
                    return operand.read(slots);
                }
                return codec.isNull(row, column) ? IntegerOperand.MISSING : codec.getLong(row, column);
            }
            long a = left.read(slots, row);
            if (a == IntegerOperand.MISSING) {
                return a;
            }
            if (op == null) { // a CAST
                return a >= min && a <= max ? a : IntegerOperand.MISSING;
            }
            long b = right.read(slots, row);
            if (b == IntegerOperand.MISSING) {
                return b;
            }
            long r;
            switch (op) {
                case PLUS -> {
                    r = a + b;
                    if (((a ^ r) & (b ^ r)) < 0) {
                        return IntegerOperand.MISSING;
                    }
                }
                case MINUS -> {
                    r = a - b;
                    if (((a ^ b) & (a ^ r)) < 0) {
                        return IntegerOperand.MISSING;
                    }
                }
                default -> {
                    r = a * b;
                    if (Math.multiplyHigh(a, b) != (r >> 63)) {
                        return IntegerOperand.MISSING;
                    }
                }
            }
            return r >= min && r <= max ? r : IntegerOperand.MISSING;
        }

        /** True if the value is not NULL, and no operation overflows or leaves its type's range, now. */
        boolean plain(Object[] slots, byte[] row) {
            if (left == null) {
                return operand != null ? operand.plain(slots) : !codec.isNull(row, column);
            }
            if (op == null) { // a CAST: the plan's CAST gives the error of a value outside the type
                if (!left.plain(slots, row)) {
                    return false;
                }
                long v = left.value(slots, row);
                return v >= min && v <= max;
            }
            if (!left.plain(slots, row) || !right.plain(slots, row)) {
                return false;
            }
            long a = left.value(slots, row);
            long b = right.value(slots, row);
            long r;
            try {
                r = switch (op) {
                    case PLUS -> Math.addExact(a, b);
                    case MINUS -> Math.subtractExact(a, b);
                    default -> Math.multiplyExact(a, b);
                };
            } catch (ArithmeticException e) {
                return false; // the plan's expression gives the overflow error
            }
            return r >= min && r <= max;
        }

        /** The value; only after {@link #plain} said there is one. */
        long value(Object[] slots, byte[] row) {
            if (left == null) {
                return operand != null ? operand.value(slots) : codec.getLong(row, column);
            }
            long a = left.value(slots, row);
            if (op == null) {
                return a;
            }
            long b = right.value(slots, row);
            return switch (op) {
                case PLUS -> a + b;
                case MINUS -> a - b;
                default -> a * b;
            };
        }
    }
}
