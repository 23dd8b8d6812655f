package org.terndb.engine.proc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.terndb.engine.Database;
import org.terndb.engine.DatabaseConfig;

/**
 * The two ways a procedure body runs: compiled to JVM code (the default) or as its interpreted steps. The procedure
 * tests run in both ({@code ...InterpretedTest} subclasses), so that the two are held to the same results and
 * errors, and check that every SQL procedure of a compiling database did compile.
 */
final class ProcedureModes {
    private ProcedureModes() {
    }

    static DatabaseConfig config(String name, boolean compiled) {
        return DatabaseConfig.of(name + (compiled ? "" : "-interpreted"),
                Map.of(DatabaseConfig.COMPILE_PROCEDURES, Boolean.toString(compiled)));
    }

    /** Every SQL procedure of {@code db} runs as JVM code exactly when the database compiles procedures. */
    static void assertCompiledAsConfigured(Database db) {
        ProcedureRegistry procedures = db.catalog().procedures();
        for (ProcedureInfo p : procedures.list()) {
            if (p.language() != ProcedureInfo.Language.SQL) {
                continue;
            }
            var program = procedures.compiled(p.name(), db.catalog().snapshot()).program();
            assertEquals(db.config().compileProcedures(), program.compiledBody() != null, program.listing());
        }
    }
}
