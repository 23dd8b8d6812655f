package org.terndb.engine.proc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.terndb.engine.Database;
import org.terndb.engine.Session;
import org.terndb.executor.TernSqlException;
import org.terndb.executor.proc.ResultRows;

/**
 * Procedure bodies compiled to JVM code against the same bodies interpreted as steps: each procedure below runs on
 * two databases with the same tables, one compiling and one not, and every call must give the same OUT values,
 * result sets, table contents and errors (SQLState and message, line included). The procedures aim at what the
 * compiled code does itself: labels, LEAVE and ITERATE across loops, blocks and FOR loops, REPEAT, RETURN, integer
 * arithmetic at and past its limits, NULLs, subscripts outside arrays, point reads that find nothing or get a key
 * the column cannot hold, and statements it leaves to the steps between integer variables it keeps.
 */
class CompiledBodyTest {
    private Database compiledDb;
    private Database interpretedDb;
    private Session compiled;
    private Session interpreted;

    @BeforeEach
    void open() {
        compiledDb = Database.open(ProcedureModes.config("compiled-body", true));
        interpretedDb = Database.open(ProcedureModes.config("compiled-body", false));
        compiled = compiledDb.openSession();
        interpreted = interpretedDb.openSession();
        both("CREATE TABLE kv (id INT PRIMARY KEY, v BIGINT NOT NULL, name VARCHAR(20))");
        both("CREATE TABLE pair (a INT NOT NULL, b TINYINT NOT NULL, n BIGINT, PRIMARY KEY (a, b))");
        both("CREATE TABLE log (seq INT PRIMARY KEY, what VARCHAR(40))");
        for (int i = 1; i <= 20; i++) {
            both("INSERT INTO kv VALUES (" + i + ", " + (i * 10) + ", 'n" + i + "')");
            both("INSERT INTO pair VALUES (" + i + ", " + (i % 3) + ", " + (i % 4 == 0 ? "NULL" : i * 7) + ")");
        }
    }

    @AfterEach
    void close() {
        ProcedureModes.assertCompiledAsConfigured(compiledDb);
        ProcedureModes.assertCompiledAsConfigured(interpretedDb);
        compiled.close();
        interpreted.close();
        compiledDb.close();
        interpretedDb.close();
    }

    private void both(String sql) {
        compiled.execute(sql);
        interpreted.execute(sql);
    }

    /** What one call did: its OUT values and result sets, or its error. */
    private static String outcome(Session s, String call, Object... args) {
        try {
            CallResult r = s.call(s.prepare(call), args, null);
            StringBuilder out = new StringBuilder("out=").append(Arrays.deepToString(r.outValues()));
            for (ResultRows rows : r.resultSets()) {
                out.append(" rows=");
                for (Object[] row : rows.rows()) {
                    out.append(Arrays.deepToString(row));
                }
            }
            return out.toString();
        } catch (TernSqlException e) {
            return "error " + e.sqlState() + ": " + e.getMessage();
        }
    }

    /** Calls on both databases; the outcomes and the tables afterwards must be equal. Returns the outcome. */
    private String same(String call, Object... args) {
        String a = outcome(compiled, call, args);
        String b = outcome(interpreted, call, args);
        assertEquals(b, a, call + " " + Arrays.deepToString(args));
        for (String table : List.of("kv", "pair", "log")) {
            String q = "SELECT * FROM " + table + " ORDER BY 1, 2";
            assertEquals(rows(interpreted, q), rows(compiled, q), "table " + table + " after " + call);
        }
        return a;
    }

    private static String rows(Session s, String sql) {
        StringBuilder out = new StringBuilder();
        for (Object[] row : s.execute(sql).rows()) {
            out.append(Arrays.toString(row));
        }
        return out.toString();
    }

    @Test
    void labelsLeaveAndIterateAcrossNestedLoopsAndBlocks() {
        both("""
                CREATE PROCEDURE grid (IN n INT, IN stop INT, OUT visits BIGINT, OUT last BIGINT)
                BEGIN
                  DECLARE i INT DEFAULT 0;
                  DECLARE j INT;
                  SET visits = 0;
                  outer_loop: WHILE i < n DO
                    SET i = i + 1;
                    SET j = 0;
                    inner_loop: LOOP
                      SET j = j + 1;
                      IF j > i THEN
                        LEAVE inner_loop;
                      ELSEIF j = 2 THEN
                        ITERATE inner_loop;
                      ELSEIF i * j = stop THEN
                        LEAVE outer_loop;
                      END IF;
                      IF MOD(i + j, 5) = 0 THEN
                        ITERATE outer_loop;
                      END IF;
                      SET visits = visits + 1;
                      SET last = i * 100 + j;
                    END LOOP inner_loop;
                  END WHILE outer_loop;
                  done: BEGIN
                    IF visits > 10 THEN
                      LEAVE done;
                    END IF;
                    SET last = -last;
                  END done;
                END""");
        for (int n = 0; n <= 9; n++) {
            for (int stop : new int[] {0, 6, 12, 30}) {
                same("CALL grid(?, ?, ?, ?)", n, stop, null, null);
            }
        }
        assertEquals("out=[15, 806]", same("CALL grid(9, 0, ?, ?)", null, null));
    }

    @Test
    void repeatTestsItsConditionAfterEveryIterationAndIterate() {
        both("""
                CREATE PROCEDURE rep (IN n INT, OUT total BIGINT, OUT rounds INT)
                BEGIN
                  DECLARE k INT DEFAULT 0;
                  SET total = 0;
                  SET rounds = 0;
                  r: REPEAT
                    SET k = k + 1;
                    SET rounds = rounds + 1;
                    IF MOD(k, 3) = 0 THEN
                      ITERATE r;
                    END IF;
                    SET total = total + k;
                  UNTIL k >= n END REPEAT r;
                  WHILE k > 0 DO
                    SET k = k - 4;
                    IF k < 2 THEN
                      RETURN;
                    END IF;
                    SET total = total - 1;
                  END WHILE;
                  SET total = 999;
                END""");
        for (int n = -1; n <= 12; n++) {
            same("CALL rep(?, ?, ?)", n, null, null);
        }
    }

    @Test
    void integerArithmeticAtItsLimitsAndNullsMeanWhatTheStepsMean() {
        both("""
                CREATE PROCEDURE arith (IN a BIGINT, IN b BIGINT, IN small INT, OUT s BIGINT, OUT d BIGINT,
                                        OUT p BIGINT, OUT narrow INT, OUT t TINYINT)
                BEGIN
                  DECLARE u BIGINT;
                  SET s = a + b;
                  SET d = a - b;
                  SET p = a * b;
                  SET narrow = small + 1;
                  SET t = small;
                  IF u IS NULL AND s IS NOT NULL THEN
                    SET u = s;
                  END IF;
                  IF u > 0 OR u < 0 THEN
                    SET d = d + 0;
                  ELSE
                    SET d = NULL;
                  END IF;
                END""");
        Object[][] cases = {
                {1L, 2L, 3}, {Long.MAX_VALUE, 1L, 0}, {Long.MIN_VALUE, 1L, 0}, {Long.MIN_VALUE, -1L, 0},
                {4_000_000_000L, 4_000_000_000L, 0}, {null, 5L, 7}, {5L, null, null}, {0L, 0L, Integer.MAX_VALUE},
                {-7L, 3L, 127}, {-7L, 3L, -128}, {-7L, 3L, 126}, {3_037_000_500L, 3_037_000_500L, 1}};
        for (Object[] c : cases) {
            same("CALL arith(?, ?, ?, ?, ?, ?, ?, ?)", c[0], c[1], c[2], null, null, null, null, null);
        }
    }

    @Test
    void pointReadsIntoIntegerVariablesFindNothingOrGetKeysTheColumnCannotHold() {
        both("""
                CREATE PROCEDURE reads (IN ids BIGINT ARRAY, IN k2 INT, OUT total BIGINT, OUT misses INT,
                                        OUT lastName VARCHAR(20), OUT pn BIGINT)
                BEGIN
                  DECLARE i INT DEFAULT 1;
                  DECLARE x BIGINT;
                  SET total = 0;
                  SET misses = 0;
                  WHILE i <= CARDINALITY(ids) DO
                    SELECT v, name INTO x, lastName FROM kv WHERE id = ids[i];
                    IF ROW_COUNT() = 0 THEN
                      SET misses = misses + 1;
                    ELSE
                      SET total = total + x;
                    END IF;
                    SELECT n INTO pn FROM pair WHERE a = ids[i] AND b = k2;
                    SET i = i + 1;
                  END WHILE;
                  SELECT v INTO x FROM kv WHERE id = ids[i];
                END""");
        Object[][] arrays = {
                {new Object[] {1L, 2L, 3L}}, {new Object[] {5L, 99L, null, 4_000_000_000L, -3L}},
                {new Object[] {}}, {new Object[] {20L, 8L}}, {null}};
        for (Object[] a : arrays) {
            for (int k2 = 0; k2 <= 2; k2++) {
                same("CALL reads(?, ?, ?, ?, ?, ?)", a[0], k2, null, null, null, null);
            }
        }
    }

    @Test
    void subscriptsOutsideTheArrayAndAssignmentsOfElements() {
        both("""
                CREATE PROCEDURE sub (IN xs INT ARRAY, IN pos INT, OUT got BIGINT, OUT n INT)
                BEGIN
                  DECLARE copy INT ARRAY[10];
                  SET n = CARDINALITY(xs);
                  SET got = xs[pos];
                  SET copy = xs;
                  SET copy[1] = 42;
                  SET got = got + copy[1];
                END""");
        for (int pos = -1; pos <= 4; pos++) {
            same("CALL sub(?, ?, ?, ?)", new int[] {7, 8, 9}, pos, null, null);
            same("CALL sub(?, ?, ?, ?)", new Object[] {7L, null, 9L}, pos, null, null);
        }
        same("CALL sub(?, ?, ?, ?)", null, 1, null, null);
    }

    @Test
    void statementsLeftToTheStepsSeeAndChangeTheIntegerVariables() {
        both("""
                CREATE PROCEDURE mixed (IN first INT, IN cnt INT, OUT changed BIGINT, OUT seen BIGINT,
                                        OUT label VARCHAR(40))
                BEGIN
                  DECLARE i INT DEFAULT first;
                  DECLARE n_rows INT DEFAULT 0;
                  SET changed = 0;
                  SET seen = 0;
                  WHILE i < first + cnt DO
                    UPDATE kv SET v = v + i WHERE id = i;
                    SET changed = changed + ROW_COUNT();
                    SET n_rows = n_rows + 1;
                    INSERT INTO log VALUES (n_rows + first * 100, 'touched ' || i);
                    SET i = i + 1;
                  END WHILE;
                  scan: FOR r AS SELECT id, v FROM kv WHERE id >= first ORDER BY id DO
                    SET seen = seen + r.v;
                    IF r.id >= first + 2 THEN
                      LEAVE scan;
                    END IF;
                  END FOR;
                  SET label = 'i=' || i || ' rows=' || n_rows;
                  IF seen > 100000 THEN
                    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'too much: ' || seen;
                  END IF;
                  SELECT id, v FROM kv WHERE id BETWEEN first AND first + 1 ORDER BY id;
                END""");
        same("CALL mixed(1, 3, ?, ?, ?)", null, null, null);
        same("CALL mixed(18, 5, ?, ?, ?)", null, null, null);
        same("CALL mixed(1, 3, ?, ?, ?)", null, null, null); // the log rows exist now: 23505 on both
        both("UPDATE kv SET v = 100000 WHERE id = 5");
        String signalled = same("CALL mixed(4, 2, ?, ?, ?)", null, null, null);
        assertTrue(signalled.startsWith("error 45000: too much"), signalled);
    }

    @Test
    void nestedBlocksStartTheirVariablesNullEachTime() {
        both("""
                CREATE PROCEDURE nest (IN n INT, OUT a BIGINT, OUT b BIGINT)
                BEGIN
                  DECLARE x INT DEFAULT 100;
                  DECLARE k INT DEFAULT 0;
                  SET a = 0;
                  SET b = 0;
                  WHILE k < n DO
                    BEGIN
                      DECLARE z INT;
                      DECLARE y INT DEFAULT k * 2;
                      IF z IS NULL THEN
                        SET a = a + 1;
                      END IF;
                      SET z = y + k;
                      SET b = b + z;
                    END;
                    SET k = k + 1;
                  END WHILE;
                  SET b = b + x;
                END""");
        for (int n = 0; n < 5; n++) {
            same("CALL nest(?, ?, ?)", n, null, null);
        }
    }

    @Test
    void randomIntegerProgramsMeanTheSameCompiledAndInterpreted() {
        SplittableRandom random = new SplittableRandom(2026);
        for (int p = 0; p < 40; p++) {
            StringBuilder body = new StringBuilder();
            body.append("CREATE PROCEDURE rnd").append(p)
                    .append(" (IN a BIGINT, IN b INT, OUT r1 BIGINT, OUT r2 INT, OUT r3 SMALLINT)\nBEGIN\n")
                    .append("  DECLARE i INT DEFAULT 0;\n  DECLARE t BIGINT DEFAULT a;\n");
            String[] vars = {"a", "b", "t", "i", "r1", "r2", "r3"};
            String[] targets = {"t", "r1", "r2", "r3"};
            body.append("  WHILE i < ").append(1 + random.nextInt(6)).append(" DO\n");
            for (int k = 0; k < 4; k++) {
                String left = random.nextInt(4) == 0 ? Long.toString(random.nextLong(-40000, 40000))
                        : vars[random.nextInt(vars.length)];
                String right = random.nextInt(3) == 0 ? Long.toString(random.nextLong(-3, 300000))
                        : vars[random.nextInt(vars.length)];
                String op = new String[] {"+", "-", "*"}[random.nextInt(3)];
                String target = targets[random.nextInt(targets.length)];
                if (random.nextInt(3) == 0) {
                    body.append("    IF ").append(left).append(random.nextBoolean() ? " < " : " = ").append(right)
                            .append(" THEN SET ").append(target).append(" = ").append(left).append(";")
                            .append(" ELSE SET ").append(target).append(" = NULL; END IF;\n");
                } else {
                    body.append("    SET ").append(target).append(" = ").append(left).append(' ').append(op)
                            .append(' ').append(right).append(";\n");
                }
            }
            body.append("    SELECT v INTO t FROM kv WHERE id = i + b;\n    SET i = i + 1;\n  END WHILE;\nEND");
            both(body.toString());
            for (int c = 0; c < 6; c++) {
                Object a = random.nextInt(5) == 0 ? null : random.nextLong(-5_000_000_000L, 5_000_000_000L);
                Object b = random.nextInt(5) == 0 ? null : (Object) random.nextInt(-3, 25);
                same("CALL rnd" + p + "(?, ?, ?, ?, ?)", a, b, null, null, null);
            }
        }
    }

    @Test
    void aBodyTooLongForTheJitToCompileRunsOnTheStepsAndSaysWhy() {
        StringBuilder sql = new StringBuilder("CREATE PROCEDURE long_body (OUT x INT) BEGIN SET x = 0;");
        for (int i = 0; i < 60; i++) { // some 13 KB of bytecode: past the JIT's limit, within a method's 64 KB
            sql.append(" IF x >= 0 THEN SET x = x + ").append(i % 7).append("; END IF;");
        }
        both(sql.append(" END").toString());
        var program = compiledDb.catalog().procedures().compiled("LONG_BODY", compiledDb.catalog().snapshot()).program();
        assertNull(program.compiledBody(), program.listing());
        assertTrue(program.execution().startsWith("steps interpreted: its method would be "), program.execution());
        assertTrue(program.execution().contains("more than the 8,000"), program.execution());
        assertEquals("out=[174]", same("CALL long_body(?)", (Object) null)); // 8 rounds of 0..6, then 0..3
        both("DROP PROCEDURE long_body"); // the check after each test expects every remaining body compiled
    }

    @Test
    void aBodyWhosePointUpdatesWouldMakeItTooLongLeavesThemToTheirSteps() {
        StringBuilder sql = new StringBuilder("CREATE PROCEDURE many_updates (IN k INT, OUT x BIGINT) BEGIN");
        for (int i = 1; i <= 40; i++) { // as code of their own past the JIT's limit, as steps well within it
            sql.append(" UPDATE kv SET v = v + ").append(i).append(" WHERE id = ").append(i % 5 + 1).append(';');
        }
        both(sql.append(" SELECT v INTO x FROM kv WHERE id = k; END").toString());
        var program = compiledDb.catalog().procedures().compiled("MANY_UPDATES", compiledDb.catalog().snapshot())
                .program();
        assertNotNull(program.compiledBody(), program.listing());
        assertTrue(program.execution().startsWith("compiled to JVM code: point updates run as their steps"),
                program.execution());
        assertEquals("out=[null, " + (30 + 156) + "]", same("CALL many_updates(?, ?)", 3, null)); // 2 + 7 + ... + 37
        assertEquals("out=[null, null]", same("CALL many_updates(?, ?)", 30, null));
    }

    @Test
    void theListingSaysTheBodyRunsAsJvmCode() {
        both("CREATE PROCEDURE tiny (OUT x INT) BEGIN SET x = 1; END");
        var program = compiledDb.catalog().procedures().compiled("TINY", compiledDb.catalog().snapshot()).program();
        assertNotNull(program.compiledBody(), program.listing());
        assertTrue(program.listing().startsWith("(compiled to JVM code)"), program.listing());
    }
}
