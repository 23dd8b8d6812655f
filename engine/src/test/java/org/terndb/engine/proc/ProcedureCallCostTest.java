package org.terndb.engine.proc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.terndb.engine.Database;
import org.terndb.engine.DatabaseConfig;
import org.terndb.engine.Session;
import org.terndb.executor.TernSqlException;
import org.terndb.planner.PreparedPlan;

/**
 * What a CALL skips to cost little: argument conversion for INTEGER and BIGINT arguments, a result object for
 * calls that return nothing, a dispatch per assignment. Each test pins that the shortcut means what the general
 * path means.
 */
class ProcedureCallCostTest {
    private Database db;
    private Session s;

    @BeforeEach
    void open() {
        db = Database.open(DatabaseConfig.defaults("proc-call-cost"));
        s = db.openSession();
        s.execute("CREATE TABLE item (id INT PRIMARY KEY, stock INT NOT NULL)");
        s.execute("INSERT INTO item VALUES (1, 10), (2, 5)");
        s.execute("CREATE PROCEDURE touch (IN k INT) BEGIN UPDATE item SET stock = stock + 1 WHERE id = k; END");
    }

    @AfterEach
    void close() {
        s.close();
        db.close();
    }

    private CallResult call(Session session, String sql, Object... values) {
        return session.call(session.prepare(sql), values, null);
    }

    @Test
    void commitsOfSessionsOnOtherThreadsStayInTheTotal() throws Exception {
        ProcedureStats stats = db.catalog().procedures().stats();
        for (int i = 0; i < 3; i++) {
            call(s, "CALL touch(?)", 1);
        }
        Thread[] threads = new Thread[3];
        for (int t = 0; t < threads.length; t++) {
            threads[t] = new Thread(() -> {
                try (Session other = db.openSession()) {
                    PreparedPlan touch = other.prepare("CALL touch(?)");
                    for (int i = 0; i < 100; i++) {
                        other.call(touch, new Object[] {2}, null);
                    }
                }
            });
            threads[t].start();
        }
        for (Thread t : threads) {
            t.join();
        }
        assertEquals(303, stats.commits(), stats.toString());
        assertEquals(303, stats.calls(), stats.toString());
        assertEquals(305L, ((Number) s.execute("SELECT stock FROM item WHERE id = 2").rows().get(0)[0]).longValue());
        assertEquals(0, stats.failures());
    }

    @Test
    void aRepeatedCallSeesEveryReplacementDropAndTableChange() {
        PreparedPlan touch = s.prepare("CALL touch(?)");
        Object[] one = {1};
        s.call(touch, one, null);
        assertEquals(11L, stock(1));
        s.execute("CREATE OR REPLACE PROCEDURE touch (IN k INT) BEGIN UPDATE item SET stock = stock + 10 WHERE id = k; "
                + "END");
        s.call(touch, one, null);
        assertEquals(21L, stock(1), "the replacement runs");
        s.execute("DROP PROCEDURE touch");
        assertEquals("42883", assertThrows(TernSqlException.class, () -> s.call(touch, one, null)).sqlState());
        s.execute("CREATE PROCEDURE touch (IN k INT) BEGIN UPDATE item SET stock = stock - 1 WHERE id = k; END");
        s.call(touch, one, null);
        assertEquals(20L, stock(1), "the procedure created again runs");
        s.execute("DROP TABLE item");
        s.execute("CREATE TABLE item (stock INT NOT NULL, id INT PRIMARY KEY)");
        s.execute("INSERT INTO item VALUES (7, 1)");
        s.call(touch, one, null);
        assertEquals(6L, stock(1), "recompiled against the new table");
        TernSqlException unset = assertThrows(TernSqlException.class, () -> s.call(touch, one, new boolean[] {false}));
        assertEquals("07001", unset.sqlState(), unset.getMessage());
        assertTrue(unset.getMessage().contains("parameter 1 of the CALL (IN K of TOUCH) is not set"), unset.getMessage());
        assertEquals("22018", assertThrows(TernSqlException.class, () -> s.call(touch, new Object[] {"x"}, null))
                .sqlState());
        s.call(touch, one, null);
        assertEquals(5L, stock(1), "a failed bind leaves the next call alone");
    }

    @Test
    void callsAlternatingBetweenMoreStatementsThanASessionKeepsEachRunTheirOwn() {
        s.execute("CREATE PROCEDURE shift (IN k INT, IN d INT, OUT r INT) BEGIN SET r = k + d; END");
        int statements = 20; // more than a session keeps plans of: the rotation replaces them
        PreparedPlan[] calls = new PreparedPlan[statements];
        for (int n = 0; n < statements; n++) {
            calls[n] = s.prepare("CALL shift(?, " + n + ", ?)"); // a CALL statement of its own per constant
        }
        for (int round = 0; round < 3; round++) {
            for (int n = 0; n < statements; n++) {
                int first = n % 3; // a few at the front come again before the rest: kept ones and replaced ones mix
                assertEquals((long) (100 + first), out(calls[first], 100));
                assertEquals((long) (round + n), out(calls[n], round));
            }
        }
        s.execute("CREATE OR REPLACE PROCEDURE shift (IN k INT, IN d INT, OUT r INT) BEGIN SET r = k * d; END");
        for (int n = 0; n < statements; n++) {
            assertEquals((long) (7 * n), out(calls[n], 7), "the replacement runs for CALL " + n);
            assertEquals(0L, out(calls[0], 7));
        }
    }

    private Object out(PreparedPlan call, int k) {
        return s.call(call, new Object[] {k, null}, null).outValues()[1];
    }

    private long stock(int id) {
        return ((Number) s.execute("SELECT stock FROM item WHERE id = ?", id).rows().get(0)[0]).longValue();
    }

    @Test
    void aFailedCallCountsAsAFailureNotACommit() {
        ProcedureStats stats = db.catalog().procedures().stats();
        s.execute("CREATE PROCEDURE boom () BEGIN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'no'; END");
        call(s, "CALL touch(?)", 1);
        assertThrows(TernSqlException.class, () -> call(s, "CALL boom()"));
        assertEquals(1, stats.commits(), stats.toString());
        assertEquals(1, stats.failures(), stats.toString());
        assertEquals(1, stats.signals(), stats.toString());
        assertEquals(2, stats.calls(), stats.toString());
    }

    @Test
    void integerArgumentsBindAsTheGeneralConversionDoes() {
        s.execute("CREATE PROCEDURE sum2 (IN a INT, IN b BIGINT, OUT r BIGINT) BEGIN SET r = a + b; END");
        String sql = "CALL sum2(?, ?, ?)";
        assertEquals(7L, call(s, sql, 3, 4L, null).outValues()[2]);
        assertEquals(7L, call(s, sql, 3L, 4, null).outValues()[2], "a Long to INT and an Integer to BIGINT");
        assertEquals(5_000_000_000L + 1, call(s, sql, 1, 5_000_000_000L, null).outValues()[2]);
        assertEquals(3L, call(s, sql, (short) 1, (byte) 2, null).outValues()[2], "other integer types convert");
        assertEquals(3L, call(s, sql, "1", "2", null).outValues()[2], "so do numeric strings");
        TernSqlException tooBig = assertThrows(TernSqlException.class, () -> call(s, sql, 3_000_000_000L, 1, null));
        assertEquals("22003", tooBig.sqlState(), tooBig.getMessage());
        assertTrue(tooBig.getMessage().contains("argument 1 (A"), tooBig.getMessage());
        assertNull(call(s, sql, null, 1, null).outValues()[2], "NULL + 1 is NULL");
    }

    @Test
    void aCallWithoutOutArgumentsReturnsTheResultSetsOfThisCallOnly() {
        s.execute("""
                CREATE PROCEDURE maybe (IN n INT)
                BEGIN
                  IF n > 0 THEN
                    SELECT id FROM item WHERE id <= n ORDER BY id;
                  END IF;
                END""");
        PreparedPlan maybe = s.prepare("CALL maybe(?)");
        CallResult none = s.call(maybe, new Object[] {0}, null);
        assertEquals(List.of(), none.resultSets());
        assertEquals(1, none.outValues().length);
        assertNull(none.outValues()[0]);
        CallResult rows = s.call(maybe, new Object[] {2}, null);
        assertEquals(1, rows.resultSets().size());
        assertEquals(2, rows.resultSets().get(0).rows().size());
        CallResult again = s.call(maybe, new Object[] {0}, null);
        assertEquals(List.of(), again.resultSets());
        assertSame(none, again, "a call that returns nothing allocates no result");
        assertEquals(2, rows.resultSets().get(0).rows().size(), "an earlier result is not touched by later calls");
    }

    @Test
    void callsReturningTheSameOutValuesShareOneResultAndOthersGetTheirOwn() {
        s.execute("""
                CREATE PROCEDURE stock_of (IN k INT, OUT n BIGINT, OUT tag VARCHAR(10))
                BEGIN
                  SELECT stock INTO n FROM item WHERE id = k;
                  SET tag = 'item ' || k;
                  IF k = 2 THEN
                    SELECT id FROM item ORDER BY id;
                  END IF;
                END""");
        PreparedPlan stockOf = s.prepare("CALL stock_of(?, ?, ?)");
        CallResult first = s.call(stockOf, new Object[] {1, null, null}, null);
        CallResult same = s.call(stockOf, new Object[] {1, null, null}, null);
        assertSame(first, same, "equal OUT values: the earlier (immutable) result is returned again");
        assertEquals(10L, same.outValues()[1]);
        assertEquals("item 1", same.outValues()[2]);
        call(s, "CALL touch(?)", 1);
        CallResult changed = s.call(stockOf, new Object[] {1, null, null}, null);
        assertEquals(11L, changed.outValues()[1]);
        assertEquals(10L, first.outValues()[1], "an earlier result is not touched by later calls");
        CallResult missing = s.call(stockOf, new Object[] {7, null, null}, null);
        assertNull(missing.outValues()[1], "NOT FOUND");
        assertEquals("item 7", missing.outValues()[2]);
        CallResult rows = s.call(stockOf, new Object[] {2, null, null}, null);
        assertEquals(1, rows.resultSets().size(), "a call with result sets gets a result of its own");
        CallResult rowsAgain = s.call(stockOf, new Object[] {2, null, null}, null);
        assertEquals(1, rowsAgain.resultSets().size());
        assertTrue(rows != rowsAgain, "result sets are never shared between calls");
        assertEquals(5L, rowsAgain.outValues()[1]);
    }

    @Test
    void consecutiveAssignmentsRunInOrderAndAFailureNamesItsOwnLine() {
        s.execute("""
                CREATE PROCEDURE chain (IN d INT, OUT a BIGINT, OUT b BIGINT, OUT c BIGINT)
                BEGIN
                  SET a = 1;
                  SET b = a + 1;
                  SET c = b * 10 / d;
                  SET a = c + b;
                END""");
        String sql = "CALL chain(?, ?, ?, ?)";
        CallResult r = call(s, sql, 2, null, null, null);
        assertEquals(12L, r.outValues()[1]);
        assertEquals(2L, r.outValues()[2]);
        assertEquals(10L, r.outValues()[3]);
        TernSqlException e = assertThrows(TernSqlException.class, () -> call(s, sql, 0, null, null, null));
        assertEquals("22012", e.sqlState(), e.getMessage());
        assertTrue(e.getMessage().contains("line 5"), e.getMessage());
    }

    @Test
    void whileConditionWithANullOperandIsUnknownAndEndsTheLoop() {
        s.execute("""
                CREATE PROCEDURE count_to (IN n INT, OUT k INT)
                BEGIN
                  SET k = 0;
                  WHILE k < n DO
                    SET k = k + 1;
                  END WHILE;
                  IF k >= n THEN
                    SET k = k * 100;
                  END IF;
                END""");
        assertEquals(300L, ((Number) call(s, "CALL count_to(?, ?)", 3, null).outValues()[1]).longValue());
        assertEquals(0L, ((Number) call(s, "CALL count_to(?, ?)", null, null).outValues()[1]).longValue(),
                "k < NULL is UNKNOWN: the loop does not run and the IF is not taken");
    }
}
