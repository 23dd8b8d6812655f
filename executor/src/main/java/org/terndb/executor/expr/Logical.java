package org.terndb.executor.expr;

import java.util.Arrays;
import java.util.stream.Collectors;
import org.terndb.executor.ExprType;
import org.terndb.storage.codec.ColumnType;

/** AND / OR over any number of operands, and NOT, with SQL's three-valued logic. */
public final class Logical implements Expr {
    private static final ExprType BOOLEAN = ExprType.of(ColumnType.BOOLEAN, true);

    /** The connectives. */
    public enum Op { AND, OR, NOT }

    private final Op op;
    private final Expr[] operands;

    public Logical(Op op, Expr... operands) {
        this.op = op;
        this.operands = operands.clone();
    }

    @Override
    public Object eval(Object[] row, Object[] params) {
        switch (op) {
            case NOT -> {
                Object v = operands[0].eval(row, params);
                return v == null ? null : !(Boolean) v;
            }
            case AND -> {
                boolean unknown = false;
                for (Expr e : operands) {
                    Object v = e.eval(row, params);
                    if (v == null) {
                        unknown = true;
                    } else if (!(Boolean) v) {
                        return false;
                    }
                }
                return unknown ? null : Boolean.TRUE;
            }
            default -> {
                boolean unknown = false;
                for (Expr e : operands) {
                    Object v = e.eval(row, params);
                    if (v == null) {
                        unknown = true;
                    } else if ((Boolean) v) {
                        return true;
                    }
                }
                return unknown ? null : Boolean.FALSE;
            }
        }
    }

    @Override
    public ExprType type() {
        return BOOLEAN;
    }

    @Override
    public String explain() {
        if (op == Op.NOT) {
            return "NOT (" + operands[0].explain() + ")";
        }
        return Arrays.stream(operands).map(e -> e instanceof Logical ? "(" + e.explain() + ")" : e.explain())
                .collect(Collectors.joining(" " + op + " "));
    }
}
