package org.terndb.planner.proc;

import java.util.List;
import org.terndb.executor.proc.Program;
import org.terndb.executor.proc.SlotType;
import org.terndb.sql.proc.CreateProcedure;
import org.terndb.sql.proc.ProcParameter;

/**
 * A procedure ready to run: its definition, its parameters with their slots and types, and its program
 * (null for a Java procedure). Immutable.
 */
public record CompiledProcedure(CreateProcedure definition, List<Parameter> parameters, Program program) {

    public CompiledProcedure {
        parameters = List.copyOf(parameters);
    }

    /** A parameter: as declared, the slot that holds it during a call, and its type. */
    public record Parameter(ProcParameter declared, int slot, SlotType type) {
    }
}
