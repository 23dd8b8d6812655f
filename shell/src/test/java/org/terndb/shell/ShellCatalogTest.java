package org.terndb.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/** \dt, \d, \di and \dp, answered from DatabaseMetaData. */
class ShellCatalogTest {
    private static final String SCHEMA = """
            \\timing off
            CREATE TABLE acc (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL, bal DECIMAL(10,2) DEFAULT 0);
            CREATE UNIQUE INDEX acc_name ON acc (name, id DESC);
            CREATE TABLE "Mixed" (k BIGINT, PRIMARY KEY (k));
            CREATE TABLE order_line (a INT PRIMARY KEY);
            """;

    private static ShellRun run(String commands) {
        return ShellRun.run(SCHEMA + commands);
    }

    @Test
    void dtListsTheTables() {
        ShellRun run = run("\\dt\n");
        assertEquals(0, run.status(), run.toString());
        assertTrue(run.out().contains("""
                 Name       | Type
                ------------+-------
                 ACC        | TABLE
                 Mixed      | TABLE
                 ORDER_LINE | TABLE
                (3 rows)
                """), run.toString());
    }

    @Test
    void dtTakesALikePatternThatFoldsLikeAnUnquotedName() {
        ShellRun run = run("\\dt order%\n");
        assertTrue(run.out().contains(" ORDER_LINE | TABLE\n(1 row)\n"), run.toString());
        assertTrue(ShellRun.run("\\dt\n").out().contains("No tables."));
    }

    @Test
    void describeShowsColumnsKeysAndIndexes() {
        ShellRun run = run("\\d acc\n");
        assertEquals(0, run.status(), run.toString());
        String out = run.out();
        assertTrue(out.contains("Table ACC\n"), out);
        assertTrue(out.matches("(?s).*\n ID +\\| INTEGER +\\| not null +\\|\n.*"), out);
        assertTrue(out.matches("(?s).*\n NAME +\\| VARCHAR\\(40\\) +\\| not null +\\|\n.*"), out);
        assertTrue(out.matches("(?s).*\n BAL +\\| DECIMAL\\(10,2\\) +\\| +\\| 0.*"), out);
        assertTrue(out.matches("(?s).*\\| PRIMARY KEY \\| \\(ID\\)\n.*"), out);
        assertTrue(out.matches("(?s).*\n ACC_NAME +\\| UNIQUE +\\| \\(NAME, ID DESC\\)\n.*"), out);
    }

    @Test
    void describeFindsQuotedNamesAsWritten() {
        ShellRun run = run("\\d \"Mixed\"\n");
        assertTrue(run.out().contains("Table Mixed\n") && run.out().contains("| (K)\n"), run.toString());
    }

    @Test
    void describingAMissingTableIsA42S02Error() {
        ShellRun run = run("\\d nope\n");
        assertEquals(1, run.status());
        assertTrue(run.err().contains("ERROR 42S02: table \"NOPE\" does not exist; \\dt lists the tables\n"),
                run.toString());
    }

    @Test
    void diListsIndexesOfAllTablesOrOne() {
        ShellRun all = run("\\di\n");
        assertTrue(all.out().matches("(?s).*\n ACC_NAME +\\| ACC +\\| yes +\\| \\(NAME, ID DESC\\)\n.*"), all.toString());
        assertTrue(all.out().contains("| ORDER_LINE |"), all.toString());
        ShellRun one = run("\\di acc\n");
        assertTrue(one.out().contains("ACC_NAME") && !one.out().contains("ORDER_LINE"), one.toString());
    }

    @Test
    void dpListsProceduresOrSaysTheyAreNotAvailable() throws SQLException {
        boolean supported;
        try (Connection c = DriverManager.getConnection("jdbc:tern:mem:")) {
            ResultSet rs = c.getMetaData().getProcedures(null, null, "%");
            rs.close();
            supported = true;
        } catch (SQLException e) {
            assertEquals("0A000", e.getSQLState(), e.toString());
            supported = false;
        }
        ShellRun run = ShellRun.run("\\dp\n");
        assertEquals(0, run.status(), run.toString());
        assertEquals(supported ? "No stored procedures.\n" : MetaCommands.NO_PROCEDURES + "\n", run.out());
    }

    @Test
    void catalogCommandsFollowTheOutputFormat() {
        ShellRun run = ShellRun.run(SCHEMA + "\\dt\n", "--csv");
        assertEquals("Name,Type\nACC,TABLE\nMixed,TABLE\nORDER_LINE,TABLE\n", run.out(), run.toString());
    }
}
