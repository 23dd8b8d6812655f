package org.terndb.engine.proc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.terndb.engine.Database;
import org.terndb.engine.Session;
import org.terndb.executor.TernSqlException;

/** What goes wrong in CREATE PROCEDURE and CALL, with which SQLState, where, and what it undoes. */
class ProcedureErrorsTest {
    /** Whether the database compiles procedure bodies to JVM code ({@link ProcedureModes}). */
    boolean compiled() {
        return true;
    }

    private Database db;
    private Session s;

    @BeforeEach
    void open() {
        db = Database.open(ProcedureModes.config("proc-errors", compiled()));
        s = db.openSession();
        s.execute("CREATE TABLE account (id INT PRIMARY KEY, balance BIGINT NOT NULL, owner VARCHAR(10))");
        s.execute("INSERT INTO account VALUES (1, 100, 'ann'), (2, 50, 'bob')");
    }

    @AfterEach
    void close() {
        ProcedureModes.assertCompiledAsConfigured(db);
        s.close();
        db.close();
    }

    private TernSqlException fails(String expectedState, Executable action) {
        TernSqlException e = assertThrows(TernSqlException.class, action);
        assertEquals(expectedState, e.sqlState(), e.getMessage());
        return e;
    }

    private TernSqlException createFails(String expectedState, String sql) {
        TernSqlException e = fails(expectedState, () -> s.execute(sql));
        assertTrue(db.catalog().procedures().list().isEmpty(), "a procedure that does not compile is not created");
        return e;
    }

    private static void mentions(TernSqlException e, String... parts) {
        for (String p : parts) {
            assertTrue(e.getMessage().contains(p), "'" + p + "' in: " + e.getMessage());
        }
    }

    private long balance(int id) {
        return ((Number) s.execute("SELECT balance FROM account WHERE id = ?", id).rows().get(0)[0]).longValue();
    }

    @Test
    void syntaxErrorsGiveLineAndColumn() {
        mentions(createFails("42000", """
                CREATE PROCEDURE p (IN a INT)
                BEGIN
                  SET a = a +;
                END"""), "line 3, column 14");
        mentions(createFails("42000", "CREATE PROCEDURE p (IN a INT) BEGIN IF a > 1 THEN SET a = 1; END; END"),
                "line 1");
        mentions(createFails("42000", "CREATE PROCEDURE p () BEGIN lbl: WHILE TRUE DO LEAVE lbl; END WHILE other; END"),
                "END label OTHER", "column 69");
        mentions(createFails("42000", "CREATE PROCEDURE p () BEGIN SIGNAL SQLSTATE '00000'; END"), "SQLSTATE");
        mentions(createFails("42000", "CREATE PROCEDURE p (IN a FLUMP) BEGIN END"), "FLUMP", "column 26");
    }

    @Test
    void unknownTablesAndColumnsFailCreateWithTheirPosition() {
        mentions(createFails("42S22", """
                CREATE PROCEDURE p (IN k INT, OUT b BIGINT)
                BEGIN
                  SELECT balanse INTO b
                  FROM account WHERE id = k;
                END"""), "BALANSE", "line 3, column 10");
        mentions(createFails("42S02", """
                CREATE PROCEDURE p (IN k INT)
                BEGIN
                  DECLARE longer_name_than_k BIGINT;
                  UPDATE account SET balance = longer_name_than_k WHERE id = k;
                  DELETE FROM acount WHERE id = k;
                END"""), "ACOUNT", "line 5, column 15");
        // Columns after a replaced variable keep their place in the message.
        mentions(createFails("42S22", """
                CREATE PROCEDURE p (IN k INT)
                BEGIN
                  UPDATE account SET balance = 1 WHERE id = k AND ownr = 'x';
                END"""), "OWNR", "line 3, column 51");
    }

    @Test
    void namesAndTypesAreChecked() {
        mentions(createFails("42000", "CREATE PROCEDURE p () BEGIN SET nope = 1; END"), "unknown variable NOPE",
                "column 33");
        mentions(createFails("42702", "CREATE PROCEDURE p (IN id INT) BEGIN DELETE FROM account WHERE id = id; END"),
                "ID is both a variable and a column");
        mentions(createFails("42000", "CREATE PROCEDURE p (IN a INT) BEGIN SET a = 'text'; END"),
                "cannot assign VARCHAR(4) to A");
        mentions(createFails("42000", "CREATE PROCEDURE p (IN a INT) BEGIN IF a THEN RETURN; END IF; END"),
                "condition must be BOOLEAN");
        mentions(createFails("42000", "CREATE PROCEDURE p (IN a INT, OUT b VARCHAR(5)) BEGIN SET b = a + 'x'; END"),
                "needs numbers", "concatenate strings with ||");
        mentions(createFails("42000", "CREATE PROCEDURE p (IN a INT) BEGIN DECLARE a INT; END"), "declared already");
        mentions(createFails("42000", "CREATE PROCEDURE p (IN a INT) BEGIN LEAVE nowhere; END"), "NOWHERE");
        mentions(createFails("42000", "CREATE PROCEDURE p (IN a INT) BEGIN DECLARE b INT; SET b = FROB(a); END"),
                "unknown function FROB");
        mentions(createFails("42000", "CREATE PROCEDURE p (IN \"WHERE\" INT) BEGIN END"), "reserved word");
        mentions(createFails("42000", """
                CREATE PROCEDURE p (OUT a BIGINT)
                BEGIN
                  SELECT balance, owner INTO a FROM account WHERE id = 1;
                END"""), "2 columns but INTO names 1 variable");
        mentions(createFails("42000", "CREATE PROCEDURE p (IN a INT ARRAY) BEGIN DELETE FROM account WHERE id = a; END"),
                "one element at a time");
        mentions(createFails("42000", "CREATE PROCEDURE p () BEGIN DELETE FROM account WHERE id = ?; END"),
                "parameter markers");
        mentions(createFails("0A000", "CREATE PROCEDURE p () BEGIN CALL other(1); END"), "CALL OTHER inside a "
                + "procedure is not supported");
    }

    @Test
    void callArgumentsAreCheckedAgainstTheSignature() {
        s.execute("CREATE PROCEDURE p (IN a INT, IN t VARCHAR(3), OUT r INT) BEGIN SET r = a; END");
        mentions(fails("42883", () -> s.execute("CALL p(1, 'x')")), "takes 3 arguments", "gives 2");
        mentions(fails("22018", () -> s.execute("CALL p('one', 'x', ?)", (Object) null)), "argument 1 (A INTEGER)");
        mentions(fails("22001", () -> s.execute("CALL p(1, 'long', ?)", (Object) null)), "argument 2");
        mentions(fails("07001", () -> s.call(s.prepare("CALL p(?, ?, ?)"), new Object[] {1, null, null},
                new boolean[] {true, false, false})), "parameter 2 of the CALL");
        mentions(fails("42000", () -> s.execute("CALL p(1, 'x', 5)")), "must be a ? marker");
        mentions(fails("42000", () -> s.execute("CALL p(a, 'x', ?)", (Object) null)), "constants");
        fails("42883", () -> s.execute("CALL nosuch()"));
        mentions(fails("42000", () -> s.execute("EXPLAIN CALL p(1, 'x', ?)", (Object) null)), "EXPLAIN");
    }

    @Test
    void signalRollsBackTheCallAndReachesTheCallerWithItsState() {
        s.execute("""
                CREATE PROCEDURE withdraw (IN k INT, IN amount BIGINT)
                BEGIN
                  DECLARE b BIGINT;
                  UPDATE account SET balance = balance - amount WHERE id = k;
                  SELECT balance INTO b FROM account WHERE id = k;
                  IF ROW_COUNT() = 0 THEN
                    SIGNAL SQLSTATE '02000' SET MESSAGE_TEXT = 'no account ' || k;
                  END IF;
                  IF b < 0 THEN
                    SIGNAL SQLSTATE VALUE 'P0001' SET MESSAGE_TEXT = 'balance of ' || k || ' would be ' || b;
                  END IF;
                END""");
        TernSqlException e = fails("P0001", () -> s.execute("CALL withdraw(1, 150)"));
        assertEquals("balance of 1 would be -50", e.getMessage(), "the message is the user's");
        assertEquals(100, balance(1), "the UPDATE before the SIGNAL was rolled back");
        mentions(fails("02000", () -> s.execute("CALL withdraw(7, 1)")), "no account 7");
        s.execute("CALL withdraw(1, 40)");
        assertEquals(60, balance(1));
        assertEquals(2, db.catalog().procedures().stats().signals());
        assertEquals(0, db.catalog().procedures().stats().retries(), "a SIGNAL is never retried");
    }

    @Test
    void aSignalWithoutMessageNamesTheProcedureAndLine() {
        s.execute("CREATE PROCEDURE p ()\nBEGIN\n  SIGNAL SQLSTATE '45000';\nEND");
        mentions(fails("45000", () -> s.execute("CALL p()")), "procedure P", "line 3");
    }

    @Test
    void constraintViolationsRollBackTheWholeCall() {
        s.execute("""
                CREATE PROCEDURE open_two (IN a INT, IN b INT)
                BEGIN
                  UPDATE account SET balance = 0 WHERE id = 1;
                  INSERT INTO account VALUES (a, 1, 'x');
                  INSERT INTO account VALUES (b, 1, 'y');
                END""");
        mentions(fails("23505", () -> s.execute("CALL open_two(3, 2)")), "duplicate", "procedure OPEN_TWO, line 5");
        assertEquals(100, balance(1));
        assertEquals(2L, s.execute("SELECT COUNT(*) FROM account").rows().get(0)[0], "account 3 was not kept");
    }

    @Test
    void runtimeErrorsNameTheLine() {
        s.execute("""
                CREATE PROCEDURE p (IN d INT, OUT r INT)
                BEGIN
                  SET r = 1;
                  SET r = 10 / d;
                END""");
        mentions(fails("22012", () -> s.execute("CALL p(0, ?)", (Object) null)), "procedure P, line 4");
        s.execute("CREATE PROCEDURE q (OUT r SMALLINT) BEGIN SET r = 40000; END");
        mentions(fails("22003", () -> s.execute("CALL q(?)", (Object) null)), "SMALLINT", "procedure Q, line 1");
    }

    @Test
    void anErrorInsideAnExplicitTransactionRollsItBack() {
        s.execute("CREATE PROCEDURE boom () BEGIN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'boom'; END");
        s.setAutoCommit(false);
        s.execute("UPDATE account SET balance = 0 WHERE id = 2");
        TernSqlException e = fails("45000", () -> s.execute("CALL boom()"));
        mentions(e, "boom", "rolled back");
        s.setAutoCommit(true);
        assertEquals(50, balance(2), "the transaction's earlier UPDATE is gone");
    }
}
