package org.terndb.engine.proc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.terndb.engine.Database;
import org.terndb.engine.Session;
import org.terndb.executor.TernSqlException;
import org.terndb.planner.PreparedPlan;

/**
 * Integer variables, comparisons and {@code int[]} arguments take a path that reads the slots directly; these
 * pin that it means exactly what the general evaluation means: NULLs, overflow, ranges, subscripts, and the
 * reuse of call plans across CREATE OR REPLACE and DROP.
 */
class ProcedureIntegerPathTest {
    /** Whether the database compiles procedure bodies to JVM code ({@link ProcedureModes}). */
    boolean compiled() {
        return true;
    }

    private Database db;
    private Session s;

    @BeforeEach
    void open() {
        db = Database.open(ProcedureModes.config("proc-integer-path", compiled()));
        s = db.openSession();
        s.execute("CREATE TABLE kv (id INT PRIMARY KEY, v BIGINT NOT NULL)");
        s.execute("INSERT INTO kv VALUES (1, 10), (2, 20), (3, 30)");
        s.execute("""
                CREATE PROCEDURE total (IN ids INT ARRAY, OUT acc BIGINT, OUT n BIGINT)
                BEGIN
                  DECLARE i INT DEFAULT 1;
                  DECLARE x BIGINT;
                  SET acc = 0;
                  WHILE i <= CARDINALITY(ids) DO
                    SELECT v INTO x FROM kv WHERE id = ids[i];
                    SET acc = acc + x;
                    SET i = i + 1;
                  END WHILE;
                  SET n = i - 1;
                END""");
    }

    @AfterEach
    void close() {
        ProcedureModes.assertCompiledAsConfigured(db);
        s.close();
        db.close();
    }

    private CallResult call(String sql, Object... values) {
        return s.call(s.prepare(sql), values, null);
    }

    private TernSqlException fails(String sql, Object... values) {
        return assertThrows(TernSqlException.class, () -> call(sql, values));
    }

    @Test
    void intArrayArgumentIsReadLikeAnyOtherArray() {
        assertArrayEquals(new Object[] {null, 60L, 3L}, call("CALL total(?, ?, ?)", new int[] {1, 2, 3}, null, null)
                .outValues());
        assertArrayEquals(new Object[] {null, 60L, 3L}, call("CALL total(?, ?, ?)", List.of(3, 2, 1), null, null)
                .outValues());
        assertArrayEquals(new Object[] {null, 0L, 0L}, call("CALL total(?, ?, ?)", new int[0], null, null)
                .outValues());
        assertArrayEquals(new Object[] {null, 1L}, call("CALL total(ARRAY[5], ?, ?)", null, null).outValues(),
                "key 5 is not found: x is NULL, so is acc + x, and the loop goes on");
    }

    @Test
    void repeatedCallsOfOnePreparedCallStartFromFreshVariables() {
        s.execute("""
                CREATE PROCEDURE fresh (OUT seen INT)
                BEGIN
                  DECLARE x INT;
                  SET seen = COALESCE(x, -1);
                  SET x = 5;
                END""");
        PreparedPlan plan = s.prepare("CALL fresh(?)");
        for (int i = 0; i < 3; i++) {
            assertEquals(-1L, s.call(plan, new Object[] {null}, null).outValues()[0], "call " + i);
        }
    }

    @Test
    void variableDeclaredInALoopBodyIsNullOnEveryIteration() {
        s.execute("""
                CREATE PROCEDURE inner_nulls (OUT fresh INT)
                BEGIN
                  DECLARE i INT DEFAULT 0;
                  SET fresh = 0;
                  WHILE i < 3 DO
                    BEGIN
                      DECLARE x INT;
                      IF x IS NULL THEN
                        SET fresh = fresh + 1;
                      END IF;
                      SET x = 7;
                    END;
                    SET i = i + 1;
                  END WHILE;
                END""");
        assertEquals(3L, call("CALL inner_nulls(?)", (Object) null).outValues()[0]);
    }

    @Test
    void nullOperandsMakeNullAndUnknown() {
        s.execute("""
                CREATE PROCEDURE nulls (IN a INT ARRAY, OUT total BIGINT, OUT elem BIGINT, OUT branch INT)
                BEGIN
                  DECLARE n INT;
                  SET total = n + 1;
                  SET elem = a[2] * 3;
                  IF n < 5 THEN
                    SET branch = 1;
                  ELSEIF a[2] >= 0 THEN
                    SET branch = 2;
                  ELSE
                    SET branch = 3;
                  END IF;
                END""");
        CallResult r = call("CALL nulls(ARRAY[1, NULL, 3], ?, ?, ?)", null, null, null);
        assertNull(r.outValues()[0]);
        assertNull(r.outValues()[1]);
        assertEquals(3L, r.outValues()[2], "NULL < 5 and NULL >= 0 are UNKNOWN: the ELSE branch runs");
    }

    @Test
    void overflowAndOutOfRangeAreNumericErrors() {
        s.execute("""
                CREATE PROCEDURE calc (IN a BIGINT, IN b BIGINT, IN op INT, OUT r BIGINT)
                BEGIN
                  IF op = 1 THEN
                    SET r = a + b;
                  ELSEIF op = 2 THEN
                    SET r = a * b;
                  ELSE
                    SET r = a - b;
                  END IF;
                END""");
        String calc = "CALL calc(?, ?, ?, ?)";
        assertEquals("22003", fails(calc, Long.MAX_VALUE, 1L, 1, null).sqlState());
        assertEquals("22003", fails(calc, Long.MAX_VALUE / 2 + 1, 2L, 2, null).sqlState());
        assertEquals("22003", fails(calc, -2L, Long.MAX_VALUE, 3, null).sqlState());
        assertEquals(Long.MIN_VALUE, call(calc, Long.MIN_VALUE + 1, 1L, 3, null).outValues()[3]);
        assertEquals(Long.MIN_VALUE, call(calc, Long.MIN_VALUE / 2, 2L, 2, null).outValues()[3]);
        assertEquals(-6L, call(calc, -3L, 2L, 2, null).outValues()[3]);
        assertEquals(17L, call(calc, 5L, -12L, 3, null).outValues()[3]);

        s.execute("CREATE PROCEDURE narrow (IN i INT, OUT t SMALLINT) BEGIN SET t = i; END");
        assertEquals("22003", fails("CALL narrow(?, ?)", 40_000, null).sqlState(), "40000 does not fit SMALLINT");
        assertEquals(-32_768L, call("CALL narrow(?, ?)", -32_768, null).outValues()[1]);

        s.execute("CREATE PROCEDURE count_up (IN from_value INT, OUT r INT) BEGIN SET r = from_value; SET r = r + 1; END");
        assertEquals("22003", fails("CALL count_up(?, ?)", Integer.MAX_VALUE, null).sqlState());
        assertEquals((long) Integer.MIN_VALUE + 1, call("CALL count_up(?, ?)", Integer.MIN_VALUE, null)
                .outValues()[1]);
    }

    @Test
    void subscriptsOutsideAnIntArrayArgumentAreErrors() {
        s.execute("CREATE PROCEDURE pick (IN ids INT ARRAY, IN i INT, OUT v BIGINT) BEGIN SET v = ids[i] + 0; END");
        TernSqlException outside = fails("CALL pick(?, 3, ?)", new int[] {7, 8}, null);
        assertEquals("2202E", outside.sqlState());
        assertTrue(outside.getMessage().contains("array subscript 3 is outside IDS, which has 2 elements"),
                outside.getMessage());
        assertEquals("2202E", fails("CALL pick(?, 0, ?)", new int[] {7, 8}, null).sqlState());
        assertEquals(8L, call("CALL pick(?, 2, ?)", new int[] {7, 8}, null).outValues()[1]);
        assertNull(call("CALL pick(?, NULL, ?)", new int[] {7, 8}, null).outValues()[1]);
        assertEquals((long) Integer.MIN_VALUE, call("CALL pick(?, 1, ?)", new int[] {Integer.MIN_VALUE}, null)
                .outValues()[1]);
    }

    @Test
    void intArrayArgumentLongerThanItsDeclaredMaximumIsRejected() {
        s.execute("CREATE PROCEDURE two (IN ids INT ARRAY[2], OUT n BIGINT) BEGIN SET n = CARDINALITY(ids); END");
        assertEquals(2L, call("CALL two(?, ?)", new int[] {1, 2}, null).outValues()[1]);
        TernSqlException e = fails("CALL two(?, ?)", new int[] {1, 2, 3}, null);
        assertEquals("2202F", e.sqlState());
        assertTrue(e.getMessage().contains("argument 1 (IDS"), e.getMessage());
    }

    @Test
    void changingAnIntArrayArgumentChangesACopy() {
        s.execute("""
                CREATE PROCEDURE change (IN ids INT ARRAY, OUT dup BIGINT ARRAY, OUT head BIGINT)
                BEGIN
                  SET ids[1] = 100;
                  SET ids[4] = 4;
                  SET dup = ids;
                  SET head = ids[1];
                END""");
        int[] argument = {1, 2, 3};
        CallResult r = call("CALL change(?, ?, ?)", argument, null, null);
        assertArrayEquals(new int[] {1, 2, 3}, argument, "the caller's array is never written");
        assertArrayEquals(new Object[] {100L, 2L, 3L, 4L}, (Object[]) r.outValues()[1]);
        assertEquals(100L, r.outValues()[2]);
    }

    @Test
    void inoutIntArrayComesBackAsAnArrayOfValues() {
        s.execute("CREATE PROCEDURE echo (INOUT ids INT ARRAY) BEGIN END");
        Object out = call("CALL echo(?)", (Object) new int[] {4, 5}).outValues()[0];
        assertArrayEquals(new Object[] {4L, 5L}, (Object[]) out);
    }

    @Test
    void onePreparedCallFollowsCreateOrReplaceAndDrop() {
        s.execute("CREATE PROCEDURE p (OUT r INT) BEGIN SET r = 1; END");
        PreparedPlan plan = s.prepare("CALL p(?)");
        assertEquals(1L, s.call(plan, new Object[] {null}, null).outValues()[0]);
        s.execute("CREATE OR REPLACE PROCEDURE p (OUT r INT) BEGIN SET r = 2; END");
        assertEquals(2L, s.call(plan, new Object[] {null}, null).outValues()[0]);
        s.execute("DROP PROCEDURE p");
        TernSqlException e = assertThrows(TernSqlException.class, () -> s.call(plan, new Object[] {null}, null));
        assertEquals(ProcedureRegistry.UNKNOWN_PROCEDURE, e.sqlState());
        s.execute("CREATE PROCEDURE p (IN a INT, OUT r INT) BEGIN SET r = a; END");
        TernSqlException count = assertThrows(TernSqlException.class, () -> s.call(plan, new Object[] {null}, null));
        assertTrue(count.getMessage().contains("takes 2 arguments, the CALL gives 1"), count.getMessage());
    }

    @Test
    void theSmallestBigintIsAnOrdinaryValueOnTheIntegerPath() {
        long min = Long.MIN_VALUE;
        s.execute("CREATE TABLE big (id BIGINT PRIMARY KEY, v BIGINT)");
        s.execute("INSERT INTO big VALUES (-9223372036854775808, 1), (1, -9223372036854775808), (2, 5)");
        s.execute("""
                CREATE PROCEDURE edge (IN m BIGINT, IN arr BIGINT ARRAY, OUT a BIGINT, OUT b BIGINT, OUT c INT,
                                       OUT d BIGINT, OUT x BIGINT, OUT n BIGINT)
                BEGIN
                  SET a = m;
                  SET b = m + 1;
                  SET c = 0;
                  IF m < 0 THEN SET c = 1; END IF;
                  IF m = arr[1] THEN SET c = c + 10; END IF;
                  SET d = arr[1];
                  SELECT v INTO x FROM big WHERE id = m;
                  UPDATE big SET v = v + m WHERE id = 2;
                  UPDATE big SET v = m WHERE id = m;
                  SELECT v INTO n FROM big WHERE id = 2;
                END""");
        Object[] out = call("CALL edge(?, ?, ?, ?, ?, ?, ?, ?)", min, new Object[] {min}, null, null, null, null, null,
                null).outValues();
        assertEquals(min, out[2]);
        assertEquals(min + 1, out[3]);
        assertEquals(11L, ((Number) out[4]).longValue(), "MIN < 0 and MIN = arr[1]");
        assertEquals(min, out[5]);
        assertEquals(1L, out[6], "the row whose key is the smallest BIGINT");
        assertEquals(min + 5, out[7]);
        assertEquals(min, ((Number) s.execute("SELECT v FROM big WHERE id = -9223372036854775808").rows().get(0)[0])
                .longValue());
        s.execute("CREATE PROCEDURE under (IN m BIGINT, OUT b BIGINT) BEGIN SET b = m - 1; END");
        TernSqlException overflow = fails("CALL under(?, ?)", min, null);
        assertEquals("22003", overflow.sqlState(), overflow.getMessage());
        s.execute("CREATE PROCEDURE dec (IN k BIGINT) BEGIN UPDATE big SET v = v - 1 WHERE id = k; END");
        TernSqlException below = fails("CALL dec(?)", 1L);
        assertEquals("22003", below.sqlState(), "v is the smallest BIGINT already: " + below.getMessage());
        assertEquals(min, ((Number) s.execute("SELECT v FROM big WHERE id = 1").rows().get(0)[0]).longValue());
    }

    @Test
    void integerVariablesSetOnTheIntegerPathReadTheSameInEveryKindOfUse() {
        s.execute("CREATE TABLE n (id INT PRIMARY KEY, v BIGINT, w INT)");
        s.execute("INSERT INTO n VALUES (1, 7, NULL), (2, -9223372036854775808, 3)");
        s.execute("""
                CREATE PROCEDURE spread (IN k INT, INOUT io BIGINT, OUT text VARCHAR(40), OUT copy BIGINT,
                                         OUT twice DECIMAL(12,2), OUT elem INT, OUT arr INT ARRAY, OUT smallest BIGINT,
                                         OUT missing INT, OUT rows_seen BIGINT, OUT stored BIGINT)
                BEGIN
                  DECLARE x BIGINT;
                  DECLARE y BIGINT;
                  DECLARE a INT ARRAY DEFAULT ARRAY[5, 6, 7, 8, 9, 10, 11, 12];
                  SELECT v INTO x FROM n WHERE id = k;
                  SET io = io + x;
                  SET text = 'x=' || CAST(x AS VARCHAR(20)) || ' io=' || CAST(io AS VARCHAR(20));
                  SET y = x;
                  SET copy = y;
                  SET twice = x * 2.5;
                  SET elem = a[x];
                  SET a[x] = x * 100;
                  SET arr = a;
                  SELECT v INTO smallest FROM n WHERE id = 2;
                  SET y = smallest;
                  IF y < 0 AND y = smallest THEN SET smallest = y; ELSE SET smallest = 0; END IF;
                  SELECT w INTO missing FROM n WHERE id = k;
                  SET rows_seen = ROW_COUNT();
                  INSERT INTO n VALUES (x + 10, io, NULL);
                  SELECT v INTO stored FROM n WHERE id = x + 10;
                END""");
        Object[] out = call("CALL spread(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", 1, 100L, null, null, null, null, null, null,
                null, null, null).outValues();
        assertEquals(107L, out[1], "INOUT through the integer path");
        assertEquals("x=7 io=107", out[2]);
        assertEquals(7L, out[3], "a copy of a copy");
        assertEquals(0, new BigDecimal("17.50").compareTo((BigDecimal) out[4]), "" + out[4]);
        assertEquals(11L, ((Number) out[5]).longValue(), "a variable as a subscript");
        assertArrayEquals(new Object[] {5L, 6L, 7L, 8L, 9L, 10L, 700L, 12L}, (Object[]) out[6]);
        assertEquals(Long.MIN_VALUE, out[7], "the smallest BIGINT read, copied and compared");
        assertNull(out[8], "a NULL integer column reads as NULL");
        assertEquals(1L, out[9]);
        assertEquals(107L, out[10], "a variable as the argument of a planned INSERT");
    }

    @Test
    void callsWhoseIntegerOutValuesAreEqualShareOneResult() {
        PreparedPlan total = s.prepare("CALL total(?, ?, ?)");
        CallResult first = s.call(total, new Object[] {new int[] {1, 2}, null, null}, null);
        CallResult again = s.call(total, new Object[] {new int[] {2, 1}, null, null}, null);
        assertSame(first, again, "30 and 2 again: the earlier result is returned");
        CallResult other = s.call(total, new Object[] {new int[] {3}, null, null}, null);
        assertEquals(30L, other.outValues()[1]);
        assertEquals(1L, other.outValues()[2]);
        assertEquals(30L, first.outValues()[1], "an earlier result is not touched by later calls");
    }
}
