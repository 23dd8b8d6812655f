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

    Conversion(List<RelConverter> converters, RexBuilder rexBuilder, boolean forUpdate) {
        this.converters = converters;
        this.rex = new RexCompiler(rexBuilder);
        this.forUpdate = forUpdate;
    }

    /** Converts a logical operator (and its inputs) with the first converter that matches. */
    public PlanNode convert(RelNode rel) {
        for (RelConverter c : converters) {
            if (c.matches(rel)) {
                return c.convert(rel, this);
            }
        }
        throw SqlState.notSupported("the operator " + rel.getRelTypeName() + " (" + rel.explain().trim() + ")");
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
        return flag == forUpdate ? this : new Conversion(converters, rex.rexBuilder(), flag);
    }
}
