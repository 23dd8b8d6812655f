package org.terndb.planner.physical;

import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexBuilder;
import org.terndb.executor.PlanNode;
import org.terndb.executor.SqlState;

/** The state of converting one statement: the converters, the expression compiler, statement flags. */
public final class Conversion {
    private final List<RelConverter> converters;
    private final RexCompiler rex;
    private final boolean forUpdate;

    Conversion(List<RelConverter> converters, RexBuilder rexBuilder, boolean forUpdate, int parameterCount) {
        this(converters, new RexCompiler(rexBuilder, parameterCount), forUpdate);
    }

    private Conversion(List<RelConverter> converters, RexCompiler rex, boolean forUpdate) {
        this.converters = converters;
        this.rex = rex;
        this.forUpdate = forUpdate;
    }

    /** Converts a logical operator (and its inputs) with the first converter that matches. */
    public PlanNode convert(RelNode rel) {
        for (RelConverter c : converters) {
            if (c.matches(rel)) {
                return c.convert(rel, this);
            }
        }
        throw SqlState.notSupported(describe(rel));
    }

    /** What the user wrote that became {@code rel}, as far as it can be told. */
    private static String describe(RelNode rel) {
        if (rel instanceof org.apache.calcite.rel.core.Intersect) {
            return "INTERSECT";
        }
        if (rel instanceof org.apache.calcite.rel.core.Minus) {
            return "EXCEPT";
        }
        if (rel instanceof org.apache.calcite.rel.core.Window) {
            return "window functions (... OVER (...))";
        }
        if (rel instanceof org.apache.calcite.rel.core.Correlate) {
            return "a correlated subquery";
        }
        return "the operator " + rel.getRelTypeName();
    }

    public RexCompiler rex() {
        return rex;
    }

    /** The rows read will be written by this statement (UPDATE, DELETE, SELECT ... FOR UPDATE). */
    public boolean forUpdate() {
        return forUpdate;
    }

    /** This conversion with the for-update flag set (used below UPDATE and DELETE). */
    Conversion forUpdate(boolean flag) {
        return flag == forUpdate ? this : new Conversion(converters, rex, flag);
    }
}
