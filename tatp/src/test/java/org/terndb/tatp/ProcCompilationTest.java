package org.terndb.tatp;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.sql.Connection;
import java.sql.DriverManager;
import org.junit.jupiter.api.Test;
import org.terndb.engine.Database;
import org.terndb.jdbc.TernConnection;

/** The seven TATP procedures run as JVM code, not as interpreted steps (a body that fails to compile would). */
class ProcCompilationTest {
    @Test
    void everyTatpProcedureCompilesToJvmCode() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:tern:mem:tatp-proc-compilation")) {
            c.setAutoCommit(false);
            JdbcDatabase.createSchema(c);
            ProcTransactions.createProcedures(c);
            Database db = c.unwrap(TernConnection.class).session().database();
            for (TatpTxn txn : TatpTxn.all()) {
                var program = db.catalog().procedures().compiled(txn.name(), db.catalog().snapshot()).program();
                assertNotNull(program.compiledBody(), program.listing());
            }
        }
    }
}
