package org.terndb.executor.proc;

import java.util.ArrayList;
import java.util.List;
import org.terndb.executor.TernSqlException;
import org.terndb.executor.expr.Expr;

/** {@code IF c1 THEN ... ELSEIF c2 THEN ... ELSE ... END IF}: a condition that is UNKNOWN counts as false. */
public final class Branch extends Step {
    private final Expr[] conditions;
    private final Step[] branches;
    private final Step otherwise;

    /** @param otherwise the ELSE part, or null */
    public Branch(int line, List<Expr> conditions, List<Step> branches, Step otherwise) {
        super(line);
        this.conditions = conditions.toArray(Expr[]::new);
        this.branches = branches.toArray(Step[]::new);
        this.otherwise = otherwise;
    }

    @Override
    public int run(Frame frame) {
        Object[] slots = frame.slots();
        for (int i = 0; i < conditions.length; i++) {
            boolean taken;
            try {
                taken = IntegerComparison.isTrue(conditions[i], slots);
            } catch (TernSqlException e) {
                throw located(e, frame);
            }
            if (taken) {
                return branches[i].run(frame);
            }
        }
        return otherwise == null ? NEXT : otherwise.run(frame);
    }

    /** The conditions, branches and ELSE part (null if none), for {@link BodySource}. */
    Expr[] conditions() {
        return conditions;
    }

    Step[] branches() {
        return branches;
    }

    Step otherwise() {
        return otherwise;
    }

    @Override
    public String describe() {
        StringBuilder s = new StringBuilder("If(");
        for (int i = 0; i < conditions.length; i++) {
            s.append(i == 0 ? "" : " | elseif ").append(conditions[i].explain());
        }
        return s.append(otherwise == null ? ")" : " | else)").toString();
    }

    @Override
    public List<Step> children() {
        List<Step> all = new ArrayList<>(List.of(branches));
        if (otherwise != null) {
            all.add(otherwise);
        }
        return all;
    }
}
