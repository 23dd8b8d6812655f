package org.terndb.executor.relational;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.terndb.executor.Cursor;
import org.terndb.executor.ExecutionContext;
import org.terndb.executor.PlanNode;
import org.terndb.executor.access.IndexGet;
import org.terndb.executor.access.StoredColumns;
import org.terndb.executor.expr.ColumnRef;
import org.terndb.executor.expr.Expr;

/** Computes one output column per expression from each input row. */
public final class Project extends PlanNode {
    private final PlanNode input;
    private final Expr[] exprs;
    /** Over a point get, the table columns this projection picks, decoded straight into the result (or null). */
    private final int[] pointColumns;
    /** Those columns as a result kept undecoded, when the get filters nothing; else null. */
    private final StoredColumns stored;

    public Project(PlanNode input, Expr[] exprs) {
        this.input = input;
        this.exprs = exprs.clone();
        this.pointColumns = input instanceof IndexGet ? columnsOnly(this.exprs) : null;
        this.stored = pointColumns != null ? ((IndexGet) input).storedColumns(pointColumns) : null;
    }

    /** The input columns of a projection of nothing but column references, or null. */
    private static int[] columnsOnly(Expr[] exprs) {
        int[] columns = new int[exprs.length];
        for (int i = 0; i < exprs.length; i++) {
            if (!(exprs[i] instanceof ColumnRef c)) {
                return null;
            }
            columns[i] = c.index();
        }
        return columns;
    }

    /** The output expressions, one per column. */
    public Expr[] exprs() {
        return exprs.clone();
    }

    @Override
    public Cursor open(ExecutionContext context) {
        Cursor in = input.open(context);
        Object[] params = context.parameters();
        return new Cursor() {
            private Object[] current;

            @Override
            public boolean next() {
                if (!in.next()) {
                    return false;
                }
                Object[] source = in.row();
                Object[] out = new Object[exprs.length];
                for (int i = 0; i < exprs.length; i++) {
                    out[i] = exprs[i].eval(source, params);
                }
                current = out;
                return true;
            }

            @Override
            public Object[] row() {
                return current;
            }

            @Override
            public byte[] primaryKey() {
                return in.primaryKey();
            }

            @Override
            public byte[] baseRow() {
                return in.baseRow();
            }
        };
    }

    @Override
    public boolean singleRow() {
        return input.singleRow();
    }

    /** Expressions read no records: a projection reads what its input reads. */
    @Override
    public boolean readsOneRecord() {
        return input.readsOneRecord();
    }

    @Override
    public StoredColumns storedColumns() {
        return stored;
    }

    @Override
    public byte[] fetchStored(ExecutionContext context) {
        if (stored == null) {
            throw new UnsupportedOperationException(describe() + " computes its row; use fetchOne");
        }
        return input.fetchStored(context);
    }

    @Override
    public Object[] fetchOne(ExecutionContext context) {
        if (pointColumns != null) {
            return ((IndexGet) input).fetchColumns(context, pointColumns);
        }
        Object[] source = input.fetchOne(context);
        if (source == null) {
            return null;
        }
        Object[] params = context.parameters();
        Object[] out = new Object[exprs.length];
        for (int i = 0; i < exprs.length; i++) {
            out[i] = exprs[i].eval(source, params);
        }
        return out;
    }

    @Override
    public List<PlanNode> inputs() {
        return List.of(input);
    }

    @Override
    public String describe() {
        return "Project(" + Arrays.stream(exprs).map(Expr::explain).collect(Collectors.joining(", ")) + ")";
    }
}
