package org.terndb.executor.proc;

import org.terndb.executor.Cursor;
import org.terndb.executor.TernSqlException;
import org.terndb.executor.expr.Expr;

/**
 * {@code SELECT ... INTO v1, v2 ...}: assigns the one row's columns to the targets and sets ROW_COUNT() to 1.
 * No row is NOT FOUND: every target becomes NULL and ROW_COUNT() is 0. A second row is an error (21000).
 */
public final class SelectInto extends Step {
    /** SQLState of a SELECT INTO that finds more than one row. */
    public static final String CARDINALITY_VIOLATION = "21000";

    private final EmbeddedStatement query;
    private final int[] slots;
    private final String[] names;
    private final SlotType[] types;
    private final Expr[] indexes;
    private final boolean[] exact;
    private final boolean scalarTargets; // no target is an array element

    /**
     * One target per result column: {@code slots[i]} of type {@code types[i]}; {@code indexes[i]} non-null when
     * the target is an array element; {@code exact[i]} when the column's values need no conversion.
     */
    public SelectInto(int line, EmbeddedStatement query, int[] slots, String[] names, SlotType[] types, Expr[] indexes,
                      boolean[] exact) {
        super(line);
        this.query = query;
        this.slots = slots.clone();
        this.names = names.clone();
        this.types = types.clone();
        this.indexes = indexes.clone();
        this.exact = exact.clone();
        boolean scalars = true;
        for (Expr index : indexes) {
            scalars &= index == null;
        }
        this.scalarTargets = scalars;
    }

    /** The point read's row's columns straight into the target variables (no row array in between). */
    private void readPoint(Frame frame, PointRead point) {
        byte[] row = point.read(frame);
        for (int i = 0; i < slots.length; i++) {
            assign(frame, row, i);
        }
        frame.setRowCount(row == null ? 0 : 1);
    }

    /**
     * Sets target {@code i} from a row of the point read (null: none, which sets NULL), as {@link #run} does; for
     * compiled bodies too ({@link CompiledBody}), which read the row themselves.
     */
    public void assign(Frame frame, byte[] row, int i) {
        Object v = row == null ? null : query.point().column(row, i);
        frame.slots()[slots[i]] = exact[i] ? v : SlotType.assignScalar(v, types[i].element());
    }

    /** The target slots, their types and whether a value needs no conversion ({@link BodySource}). */
    int targetSlot(int i) {
        return slots[i];
    }

    int targets() {
        return slots.length;
    }

    SlotType targetType(int i) {
        return types[i];
    }

    boolean exact(int i) {
        return exact[i];
    }

    /** Whether every target is a variable (no array element): the point read path. */
    boolean scalarTargets() {
        return scalarTargets;
    }

    @Override
    public int run(Frame frame) {
        try {
            PointRead point = query.point();
            if (point != null && scalarTargets) {
                readPoint(frame, point);
                return NEXT;
            }
            Object[] row;
            if (query.singleRow()) {
                row = query.fetchOne(frame);
            } else {
                Cursor cursor = query.open(frame);
                row = cursor.next() ? cursor.row() : null;
                if (row != null && cursor.next()) {
                    throw new TernSqlException(CARDINALITY_VIOLATION, "SELECT INTO found more than one row; add a "
                            + "condition or LIMIT 1, or loop over the rows with FOR");
                }
            }
            Object[] vars = frame.slots();
            for (int i = 0; i < slots.length; i++) {
                Object v = row == null ? null : row[i];
                if (indexes[i] == null) {
                    vars[slots[i]] = exact[i] ? v : SlotType.assignScalar(v, types[i].element());
                } else {
                    vars[slots[i]] = ArrayElements.set(vars[slots[i]], indexes[i].eval(null, vars), v, types[i],
                            names[i]);
                }
            }
            frame.setRowCount(row == null ? 0 : 1);
        } catch (TernSqlException e) {
            throw located(e, frame);
        }
        return NEXT;
    }

    @Override
    public String describe() {
        return "SelectInto(" + String.join(", ", names) + " <- " + query.describe()
                + (query.point() != null && scalarTargets ? ", point read" : "") + ")";
    }

    public EmbeddedStatement query() {
        return query;
    }
}
