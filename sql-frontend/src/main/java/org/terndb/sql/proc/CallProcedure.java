package org.terndb.sql.proc;

import java.util.List;

/**
 * {@code CALL name(arguments)}: each argument is a {@code ?} marker ({@link ProcExpr.Marker}) or a constant
 * expression. Markers are numbered 0.. in text order; {@code markerCount} of them.
 */
public record CallProcedure(String name, List<ProcExpr> arguments, int markerCount) implements ProcStatement {

    public CallProcedure {
        arguments = List.copyOf(arguments);
    }
}
