package org.terndb.engine.proc;

import java.util.List;
import org.terndb.executor.proc.SlotType;
import org.terndb.sql.proc.ProcParameter;

/**
 * A procedure as the catalog lists it (for DatabaseMetaData.getProcedures / getProcedureColumns and the
 * shell): name, language, parameters with modes and types, the CREATE statement that defined it, and how its body
 * runs ({@code execution}: for SQL whether it was compiled to JVM code, see {@code Program.execution()}; for Java
 * the class).
 */
public record ProcedureInfo(String name, Language language, List<Parameter> parameters, String definition,
                            String execution) {
    /** The language of the body. */
    public enum Language { SQL, JAVA }

    /** One parameter: name, mode and type (the element type and array flag for arrays). */
    public record Parameter(String name, ProcParameter.Mode mode, SlotType type) {
    }

    public ProcedureInfo {
        parameters = List.copyOf(parameters);
    }

    /** The signature as text, e.g. {@code PAY(IN W INTEGER, OUT TOTAL DECIMAL(12,2))}. */
    public String signature() {
        StringBuilder s = new StringBuilder(name).append('(');
        for (int i = 0; i < parameters.size(); i++) {
            Parameter p = parameters.get(i);
            s.append(i == 0 ? "" : ", ").append(p.mode()).append(' ').append(p.name()).append(' ').append(p.type());
        }
        return s.append(')').toString();
    }
}
