package org.terndb.executor.expr;

import java.util.Arrays;
import org.terndb.executor.ExprType;

/** {@code CASE WHEN c1 THEN v1 ... ELSE e END} (COALESCE and NULLIF arrive in this form). */
public final class CaseWhen implements Expr {
    private final Expr[] conditions;
    private final Expr[] results;
    private final Expr otherwise;
    private final ExprType type;

    public CaseWhen(Expr[] conditions, Expr[] results, Expr otherwise, ExprType type) {
        this.conditions = conditions.clone();
        this.results = results.clone();
        this.otherwise = otherwise;
        this.type = type;
    }

    @Override
    public Object eval(Object[] row, Object[] params) {
        for (int i = 0; i < conditions.length; i++) {
            if (Expr.isTrue(conditions[i], row, params)) {
                return convert(results[i].eval(row, params));
            }
        }
        return otherwise == null ? null : convert(otherwise.eval(row, params));
    }

    private Object convert(Object v) {
        return v == null ? null : Values.convert(v, type);
    }

    @Override
    public ExprType type() {
        return type;
    }

    @Override
    public String explain() {
        StringBuilder s = new StringBuilder("CASE");
        for (int i = 0; i < conditions.length; i++) {
            s.append(" WHEN ").append(conditions[i].explain()).append(" THEN ").append(results[i].explain());
        }
        if (otherwise != null) {
            s.append(" ELSE ").append(otherwise.explain());
        }
        return s.append(" END").toString();
    }

    @Override
    public String toString() {
        return explain() + Arrays.toString(conditions);
    }
}
