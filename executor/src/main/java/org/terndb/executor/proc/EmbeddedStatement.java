package org.terndb.executor.proc;

import java.util.ArrayList;
import java.util.List;
import org.terndb.executor.Cursor;
import org.terndb.executor.ExecutionContext;
import org.terndb.executor.PlanNode;
import org.terndb.executor.ResultColumn;
import org.terndb.executor.expr.Expr;
import org.terndb.executor.modify.ModificationNode;

/**
 * An SQL statement of a procedure, planned once at compile time: the executor plan, and one argument
 * expression per {@code ?} of the planned text (a variable, an array element, a FOR row's column). Each
 * execution evaluates the arguments over the frame's slots, binds them with the plan's {@link Binder} and
 * opens the plan in the call's transaction.
 */
public final class EmbeddedStatement {
    /** Converts argument values to the types of the statement's parameters (the planner's binding). */
    public interface Binder {
        /** The length of the parameter array the plan reads: one value per argument, then any the binder adds. */
        int width();

        /** Converts the arguments' values (first in {@code values}, which is {@link #width()} long) in place. */
        Object[] bind(Object[] values);
    }

    private final String sql;
    private final PlanNode root;
    private final List<ResultColumn> columns;
    private final Expr[] arguments;
    private final Binder binder;
    private final boolean singleRow;
    private final PointRead point;
    private final PointUpdate pointUpdate;

    /**
     * @param sql     the statement as planned (variables replaced by parameters), for listings
     * @param columns the result columns of a query, empty for DML
     */
    public EmbeddedStatement(String sql, PlanNode root, List<ResultColumn> columns, List<Expr> arguments, Binder binder) {
        this(sql, root, columns, arguments, binder, false);
    }

    /**
     * As above; {@code argumentsAsIs} says the binder leaves every argument as it is and adds nothing, so that a
     * primary-key read of some columns can run as a {@link PointRead}, and a primary-key UPDATE as a {@link PointUpdate},
     * without its plan.
     */
    public EmbeddedStatement(String sql, PlanNode root, List<ResultColumn> columns, List<Expr> arguments, Binder binder,
                             boolean argumentsAsIs) {
        this.sql = sql;
        this.root = root;
        this.columns = List.copyOf(columns);
        this.arguments = arguments.toArray(Expr[]::new);
        this.binder = binder;
        this.singleRow = root.singleRow();
        boolean asIs = argumentsAsIs && binder.width() == this.arguments.length;
        this.point = asIs ? PointRead.of(root, arguments) : null;
        this.pointUpdate = asIs ? PointUpdate.of(root, arguments) : null;
    }

    /** The statement as a point read of one row by primary key, or null if it is not one. */
    PointRead point() {
        return point;
    }

    /** The statement as an update of one row by primary key run without its plan, or null if it is not one. */
    PointUpdate pointUpdate() {
        return pointUpdate;
    }

    /**
     * Runs an INSERT, UPDATE or DELETE with the current values of the arguments and returns the number of rows it
     * changed, without a count row.
     */
    public long modify(Frame frame) {
        if (pointUpdate != null) {
            return pointUpdate.apply(frame);
        }
        if (root instanceof ModificationNode m) { // done with its parameters when it returns, as fetchOne
            return m.count(bind(frame, frame.context().scratchParameters(binder.width())));
        }
        Object[] count;
        if (singleRow) {
            count = fetchOne(frame);
        } else {
            Cursor cursor = open(frame);
            count = cursor.next() ? cursor.row() : null;
        }
        return count != null ? ((Number) count[0]).longValue() : 0;
    }

    public List<ResultColumn> columns() {
        return columns;
    }

    public PlanNode root() {
        return root;
    }

    /** Opens the plan with the current values of the arguments. */
    public Cursor open(Frame frame) {
        return root.open(bind(frame));
    }

    /** True if the plan yields at most one row, which {@link #fetchOne} returns without a cursor. */
    public boolean singleRow() {
        return singleRow;
    }

    /** The one row of a {@link #singleRow()} plan with the current values of the arguments, or null. */
    public Object[] fetchOne(Frame frame) {
        // the plan is done with its parameters when fetchOne returns: the context's own array serves every call
        return root.fetchOne(bind(frame, frame.context().scratchParameters(binder.width())));
    }

    private ExecutionContext bind(Frame frame) {
        return bind(frame, new Object[binder.width()]); // a cursor may read its parameters until it is closed
    }

    private ExecutionContext bind(Frame frame, Object[] values) {
        Object[] slots = frame.slots();
        for (int i = 0; i < arguments.length; i++) {
            values[i] = arguments[i].eval(null, slots);
        }
        return frame.context().reset(frame.transaction(), binder.bind(values));
    }

    /** All rows of a query (cursors hand out fresh row arrays, so they are kept as they come). */
    public List<Object[]> rows(Frame frame) {
        Cursor cursor = open(frame);
        List<Object[]> rows = new ArrayList<>();
        while (cursor.next()) {
            rows.add(cursor.row());
        }
        return rows;
    }

    /** The statement as planned, with its arguments, e.g. {@code UPDATE T SET V = ? WHERE K = ? [V, K]}. */
    public String describe() {
        StringBuilder s = new StringBuilder(sql.strip().replaceAll("\\s+", " "));
        if (arguments.length > 0) {
            s.append(" [");
            for (int i = 0; i < arguments.length; i++) {
                s.append(i == 0 ? "" : ", ").append(arguments[i].explain());
            }
            s.append(']');
        }
        return s.toString();
    }
}
