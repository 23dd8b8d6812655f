package org.terndb.tpcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.sql.Connection;
import java.sql.DriverManager;
import org.junit.jupiter.api.Test;
import org.terndb.engine.Database;
import org.terndb.engine.proc.ProcedureInfo;
import org.terndb.jdbc.TernConnection;

/** The five TPC-C procedures run as JVM code, not as interpreted steps (a body that fails to compile would). */
class ProcCompilationTest {
    @Test
    void everyTpccProcedureCompilesToJvmCode() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:tern:mem:tpcc-proc-compilation")) {
            c.setAutoCommit(false);
            JdbcDatabase.createSchema(c);
            c.setAutoCommit(true);
            ProcTransactions.createProcedures(c);
            Database db = c.unwrap(TernConnection.class).session().database();
            int n = 0;
            for (ProcedureInfo p : db.catalog().procedures().list()) {
                var program = db.catalog().procedures().compiled(p.name(), db.catalog().snapshot()).program();
                assertNotNull(program.compiledBody(), program.listing());
                n++;
            }
            assertEquals(5, n);
        }
    }
}
