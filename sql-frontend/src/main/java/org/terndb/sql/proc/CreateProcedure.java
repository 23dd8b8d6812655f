package org.terndb.sql.proc;

import java.util.List;

/**
 * {@code CREATE [OR REPLACE] PROCEDURE name (parameters) body}. The body is a block of procedural SQL, or,
 * for {@code LANGUAGE JAVA EXTERNAL NAME 'class'}, the name of a Java class ({@code body} is then null).
 *
 * @param text the whole statement as given, so that the definition can be shown and replayed
 */
public record CreateProcedure(String name, boolean orReplace, List<ProcParameter> parameters, ProcStmt.Block body,
                              String javaClass, String text, Pos pos) implements ProcStatement {

    public CreateProcedure {
        parameters = List.copyOf(parameters);
    }

    public boolean isJava() {
        return javaClass != null;
    }
}
