package org.terndb.engine.proc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.terndb.engine.Database;
import org.terndb.engine.Session;
import org.terndb.executor.TernSqlException;
import org.terndb.executor.proc.PointUpdate;

/**
 * An UPDATE by full primary key that reads the row runs in a procedure without its plan (key from the slots, new
 * values patched into the stored row). Each case runs the same UPDATE in a procedure on one table and as a plain
 * statement (its plan) on a twin table, and pins that both give the same count or the same SQLState and leave the
 * same rows.
 */
class ProcedurePointUpdateTest {
    /** Whether the database compiles procedure bodies to JVM code ({@link ProcedureModes}). */
    boolean compiled() {
        return true;
    }

    private Database db;
    private Session s;

    @BeforeEach
    void open() {
        db = Database.open(ProcedureModes.config("proc-point-update", compiled()));
        s = db.openSession();
        for (String t : new String[] {"p", "s"}) {
            s.execute("CREATE TABLE acct_" + t + " (id INT PRIMARY KEY, bal BIGINT NOT NULL, sm SMALLINT, n INT,"
                    + " note VARCHAR(8))");
            s.execute("CREATE INDEX acct_" + t + "_n ON acct_" + t + " (n)");
            s.execute("INSERT INTO acct_" + t + " VALUES (1, 100, 10, 1, 'a'), (2, " + Long.MAX_VALUE
                    + ", 32000, 2, 'abcdefgh'), (3, 300, NULL, NULL, NULL)");
            s.execute("CREATE TABLE pair_" + t + " (a INT, b BIGINT, v INT NOT NULL, PRIMARY KEY (a, b))");
            s.execute("INSERT INTO pair_" + t + " VALUES (1, 7, 5), (1, 8, 6), (2, 7, 7)");
            s.execute("CREATE TABLE uniq_" + t + " (id INT PRIMARY KEY, code INT, CONSTRAINT uniq_" + t
                    + "_code UNIQUE (code))");
            s.execute("INSERT INTO uniq_" + t + " VALUES (1, 10), (2, 20)");
        }
    }

    @AfterEach
    void close() {
        ProcedureModes.assertCompiledAsConfigured(db);
        s.close();
        db.close();
    }

    private String listing(String procedure) {
        return db.catalog().procedures().compiled(procedure, db.catalog().snapshot()).program().listing();
    }

    /**
     * The UPDATE {@code update} (variables k, d, x) in a procedure of that name on the "_p" tables, whose compiled
     * body runs it as code of its own (every new value an integer).
     */
    private void procedure(String name, String params, String update) {
        procedure(name, params, update, true);
    }

    private void procedure(String name, String params, String update, boolean inline) {
        s.execute("CREATE PROCEDURE " + name + " (" + params + ", OUT cnt BIGINT)\nBEGIN\n  "
                + update + ";\n  SET cnt = ROW_COUNT();\nEND");
        assertTrue(listing(name.toUpperCase()).contains("point update"), listing(name.toUpperCase()));
        if (compiled()) { // else the compiled body calls the update's step
            assertEquals(inline, runsInline(name), name + " inline");
        }
    }

    private boolean runsInline(String procedure) {
        var body = db.catalog().procedures().compiled(procedure.toUpperCase(), db.catalog().snapshot()).program()
                .compiledBody();
        return body.constants().stream().anyMatch(PointUpdate.class::isInstance);
    }

    /**
     * Calls {@code name} with {@code args} and runs {@code statement} (the same UPDATE on the "_s" tables, its
     * variables as markers) with {@code statementArgs}; both must succeed with the same count or fail alike.
     */
    private void agree(String name, Object[] args, String statement, Object... statementArgs) {
        Object[] withOut = Arrays.copyOf(args, args.length + 1);
        String marks = String.join(", ", java.util.Collections.nCopies(withOut.length, "?"));
        String procState = null;
        long procCount = -1;
        try {
            procCount = (Long) s.call(s.prepare("CALL " + name + "(" + marks + ")"), withOut, null)
                    .outValues()[args.length];
        } catch (TernSqlException e) {
            procState = e.sqlState();
        }
        String planState = null;
        long planCount = -1;
        try {
            planCount = s.execute(statement, statementArgs).updateCount();
        } catch (TernSqlException e) {
            planState = e.sqlState();
        }
        assertEquals(planState, procState, "SQLState of " + name + Arrays.toString(args));
        assertEquals(planCount, procCount, "count of " + name + Arrays.toString(args));
        for (String table : new String[] {"acct", "pair", "uniq"}) {
            assertEquals(rows("SELECT * FROM " + table + "_s ORDER BY 1, 2"),
                    rows("SELECT * FROM " + table + "_p ORDER BY 1, 2"), table + " after " + name);
        }
    }

    private List<String> rows(String sql, Object... args) {
        List<String> out = new ArrayList<>();
        for (Object[] row : s.execute(sql, args).rows()) {
            out.add(Arrays.toString(row));
        }
        return out;
    }

    @Test
    void countsOneForARowAndZeroForAMissingOrNullKey() {
        procedure("add", "IN k INT, IN d BIGINT", "UPDATE acct_p SET bal = bal + d WHERE id = k");
        agree("add", new Object[] {1, 5L}, "UPDATE acct_s SET bal = bal + ? WHERE id = ?", 5L, 1);
        agree("add", new Object[] {9, 5L}, "UPDATE acct_s SET bal = bal + ? WHERE id = ?", 5L, 9);
        agree("add", new Object[] {null, 5L}, "UPDATE acct_s SET bal = bal + ? WHERE id = ?", 5L, null);
        agree("add", new Object[] {3, -300L}, "UPDATE acct_s SET bal = bal + ? WHERE id = ?", -300L, 3);
        assertEquals(List.of("[105]"), rows("SELECT bal FROM acct_p WHERE id = 1"));
    }

    @Test
    void arithmeticOverflowAndColumnRangeAre22003() {
        procedure("add", "IN k INT, IN d BIGINT", "UPDATE acct_p SET bal = bal + d WHERE id = k");
        agree("add", new Object[] {2, 1L}, "UPDATE acct_s SET bal = bal + ? WHERE id = ?", 1L, 2); // BIGINT overflow
        procedure("widen", "IN k INT, IN d INT", "UPDATE acct_p SET sm = sm + d WHERE id = k");
        agree("widen", new Object[] {2, 1000}, "UPDATE acct_s SET sm = sm + ? WHERE id = ?", 1000, 2); // > SMALLINT
        agree("widen", new Object[] {1, 1000}, "UPDATE acct_s SET sm = sm + ? WHERE id = ?", 1000, 1);
        procedure("times", "IN k INT, IN d BIGINT", "UPDATE acct_p SET bal = bal * d WHERE id = k");
        agree("times", new Object[] {1, 3L}, "UPDATE acct_s SET bal = bal * ? WHERE id = ?", 3L, 1);
        agree("times", new Object[] {2, 2L}, "UPDATE acct_s SET bal = bal * ? WHERE id = ?", 2L, 2);
    }

    @Test
    void nullIntoNotNullIs23502AndNullableColumnsTakeNull() {
        procedure("add", "IN k INT, IN d BIGINT", "UPDATE acct_p SET bal = bal + d WHERE id = k");
        agree("add", new Object[] {1, null}, "UPDATE acct_s SET bal = bal + ? WHERE id = ?", null, 1);
        agree("add", new Object[] {9, null}, "UPDATE acct_s SET bal = bal + ? WHERE id = ?", null, 9);
        procedure("bump", "IN k INT, IN d INT", "UPDATE acct_p SET sm = sm + d, n = n + 1 WHERE id = k");
        agree("bump", new Object[] {3, 1}, "UPDATE acct_s SET sm = sm + ?, n = n + 1 WHERE id = ?", 1, 3);
        agree("bump", new Object[] {1, null}, "UPDATE acct_s SET sm = sm + ?, n = n + 1 WHERE id = ?", null, 1);
        assertEquals(List.of("[null, 2]"), rows("SELECT sm, n FROM acct_p WHERE id = 1"));
    }

    @Test
    void changingAnIndexedColumnMovesItsIndexEntry() {
        procedure("renum", "IN k INT, IN d INT", "UPDATE acct_p SET n = n + d WHERE id = k");
        agree("renum", new Object[] {1, 40}, "UPDATE acct_s SET n = n + ? WHERE id = ?", 40, 1);
        assertEquals(List.of("[1]"), rows("SELECT id FROM acct_p WHERE n = 41"));
        assertEquals(List.of(), rows("SELECT id FROM acct_p WHERE n = 1"));
        String plan = rows("EXPLAIN SELECT id FROM acct_p WHERE n = 41").toString();
        assertTrue(plan.contains("index=ACCT_P_N"), plan); // the lookups above went through the index
    }

    @Test
    void uniqueIndexViolationIs23505AndLeavesTheRow() {
        procedure("recode", "IN k INT, IN d INT", "UPDATE uniq_p SET code = code + d WHERE id = k");
        agree("recode", new Object[] {1, 10}, "UPDATE uniq_s SET code = code + ? WHERE id = ?", 10, 1);
        agree("recode", new Object[] {1, 5}, "UPDATE uniq_s SET code = code + ? WHERE id = ?", 5, 1);
        assertEquals(List.of("[1, 15]", "[2, 20]"), rows("SELECT * FROM uniq_p ORDER BY id"));
    }

    @Test
    void compositeKeyFromArrayElements() {
        procedure("twice", "IN ks INT ARRAY, IN kb BIGINT",
                "UPDATE pair_p SET v = v * 2 WHERE b = kb AND a = ks[2]");
        agree("twice", new Object[] {new int[] {9, 1}, 8L}, "UPDATE pair_s SET v = v * 2 WHERE b = ? AND a = ?", 8L, 1);
        agree("twice", new Object[] {new int[] {9, 2}, 8L}, "UPDATE pair_s SET v = v * 2 WHERE b = ? AND a = ?", 8L, 2);
        assertEquals(List.of("[12]"), rows("SELECT v FROM pair_p WHERE a = 1 AND b = 8"));
    }

    @Test
    void otherValuesAreEvaluatedAsThePlanDoes() {
        procedure("tag", "IN k INT, IN d BIGINT", "UPDATE acct_p SET note = note || 'z', bal = bal - d WHERE id = k",
                false);
        agree("tag", new Object[] {1, 1L}, "UPDATE acct_s SET note = note || 'z', bal = bal - ? WHERE id = ?", 1L, 1);
        agree("tag", new Object[] {2, 1L},
                "UPDATE acct_s SET note = note || 'z', bal = bal - ? WHERE id = ?", 1L, 2); // 9 characters: 22001
        agree("tag", new Object[] {3, 1L}, "UPDATE acct_s SET note = note || 'z', bal = bal - ? WHERE id = ?", 1L, 3);
        assertEquals(List.of("[az, 99]"), rows("SELECT note, bal FROM acct_p WHERE id = 1"));
    }

    @Test
    void aKeyValueTheKeyColumnCannotHoldMatchesNothing() {
        procedure("far", "IN k BIGINT, IN d BIGINT", "UPDATE acct_p SET bal = bal + d WHERE id = k");
        agree("far", new Object[] {1L << 40, 1L}, "UPDATE acct_s SET bal = bal + ? WHERE id = ?", 1L, 1L << 40);
        agree("far", new Object[] {1L, 1L}, "UPDATE acct_s SET bal = bal + ? WHERE id = ?", 1L, 1L);
    }

    @Test
    void aValueThatIsNotPlainIsComputedFromTheVariablesCurrentValues() {
        // x reaches its slot as 7 (the concatenation runs as its step), then becomes NULL in the compiled code only:
        // the update's fallback must see NULL (23502), not the 7 its slot held
        s.execute("""
                CREATE PROCEDURE stale (IN k INT, IN d BIGINT, OUT cnt BIGINT)
                BEGIN
                  DECLARE x BIGINT DEFAULT 7;
                  DECLARE t VARCHAR(20);
                  SET t = 'v' || CAST(x AS VARCHAR(20));
                  IF d IS NULL THEN SET x = NULL; ELSE SET x = d; END IF;
                  UPDATE acct_p SET bal = bal + x WHERE id = k;
                  SET cnt = ROW_COUNT();
                END""");
        if (compiled()) {
            assertTrue(runsInline("stale"));
        }
        agree("stale", new Object[] {1, null}, "UPDATE acct_s SET bal = bal + ? WHERE id = ?", null, 1);
        agree("stale", new Object[] {1, 3L}, "UPDATE acct_s SET bal = bal + ? WHERE id = ?", 3L, 1);
        agree("stale", new Object[] {2, 3L}, "UPDATE acct_s SET bal = bal + ? WHERE id = ?", 3L, 2); // overflow
    }

    @Test
    void keyChangesAndBlindUpdatesStayOnTheirPlans() {
        s.execute("""
                CREATE PROCEDURE others (IN k INT, IN d BIGINT, OUT cnt BIGINT)
                BEGIN
                  UPDATE acct_p SET id = id + 10 WHERE id = k;
                  UPDATE acct_p SET bal = d WHERE id = k + 10;
                  SET cnt = ROW_COUNT();
                END""");
        assertFalse(listing("OTHERS").contains("point update"), listing("OTHERS"));
        assertEquals(1L, s.call(s.prepare("CALL others(?, ?, ?)"), new Object[] {1, 7L, null}, null).outValues()[2]);
        assertEquals(List.of("[11, 7]"), rows("SELECT id, bal FROM acct_p WHERE id = 11"));
        try {
            s.call(s.prepare("CALL others(?, ?, ?)"), new Object[] {2, null, null}, null);
            fail("NULL into a NOT NULL column");
        } catch (TernSqlException e) {
            assertEquals("23502", e.sqlState());
        }
    }
}
