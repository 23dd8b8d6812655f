package org.terndb.engine.proc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.terndb.engine.Database;
import org.terndb.engine.Session;
import org.terndb.executor.TernSqlException;
import org.terndb.executor.proc.ResultRows;

/** Every statement kind and control structure of the procedure language, run through an engine session. */
class ProcedureLanguageTest {
    /** Whether the database compiles procedure bodies to JVM code ({@link ProcedureModes}). */
    boolean compiled() {
        return true;
    }

    private Database db;
    private Session s;

    @BeforeEach
    void open() {
        db = Database.open(ProcedureModes.config("proc-language", compiled()));
        s = db.openSession();
        s.execute("CREATE TABLE item (id INT PRIMARY KEY, name VARCHAR(20) NOT NULL, price DECIMAL(8,2) NOT NULL, "
                + "stock INT NOT NULL)");
        s.execute("INSERT INTO item VALUES (1, 'apple', 0.50, 10), (2, 'pear', 0.75, 5), (3, 'plum', 1.20, 0)");
    }

    @AfterEach
    void close() {
        ProcedureModes.assertCompiledAsConfigured(db);
        s.close();
        db.close();
    }

    /** Runs CALL with the values of its markers (all set). */
    private CallResult call(String sql, Object... values) {
        return s.call(s.prepare(sql), values, null);
    }

    private Object out(String sql, Object... values) {
        CallResult r = call(sql, values);
        return r.outValues()[r.outValues().length - 1];
    }

    private long scalar(String sql) {
        return ((Number) s.execute(sql).rows().get(0)[0]).longValue();
    }

    @Test
    void declareDefaultSetAndStoreAssignmentRounding() {
        s.execute("""
                CREATE PROCEDURE calc (IN a INT, OUT total DECIMAL(12,2), OUT n BIGINT, OUT label VARCHAR(30))
                BEGIN
                  DECLARE x, y INT DEFAULT a + 1;
                  DECLARE rate DECIMAL(6,4) DEFAULT 0.0825;
                  DECLARE untouched VARCHAR(5);
                  SET x = x * 10;
                  SET total = x * rate + y / 2;     -- 60 * 0.0825 + 6 / 2 (integer division) = 7.95
                  SET n = x + y - -a % 4;
                  SET label = 'a=' || a || COALESCE(untouched, '!');
                END""");
        CallResult r = call("CALL calc(5, ?, ?, ?)", null, null, null);
        assertEquals(new BigDecimal("7.95"), r.outValues()[0]);
        assertEquals(67L, r.outValues()[1], "60 + 6 - (-5 % 4 = -1)");
        assertEquals("a=5!", r.outValues()[2]);
    }

    @Test
    void selectIntoSetsRowCountAndNotFoundMakesTargetsNull() {
        s.execute("""
                CREATE PROCEDURE lookup (IN k INT, OUT nm VARCHAR(20), OUT found BIGINT)
                BEGIN
                  SET nm = 'before';
                  SELECT name INTO nm FROM item WHERE id = k;
                  SET found = ROW_COUNT();
                END""");
        CallResult hit = call("CALL lookup(?, ?, ?)", 2, null, null);
        assertEquals("pear", hit.outValues()[1]);
        assertEquals(1L, hit.outValues()[2]);
        CallResult miss = call("CALL lookup(?, ?, ?)", 99, null, null);
        assertNull(miss.outValues()[1], "NOT FOUND sets the INTO targets to NULL");
        assertEquals(0L, miss.outValues()[2]);
    }

    @Test
    void selectIntoOfTwoRowsIsACardinalityViolation() {
        s.execute("CREATE PROCEDURE two (OUT n VARCHAR(20)) BEGIN SELECT name INTO n FROM item WHERE id < 3; END");
        TernSqlException e = assertThrows(TernSqlException.class, () -> call("CALL two(?)", (Object) null));
        assertEquals("21000", e.sqlState());
        assertTrue(e.getMessage().contains("line 1"), e.getMessage());
    }

    @Test
    void ifElseIfElseTakesTheFirstTrueBranch() {
        s.execute("""
                CREATE PROCEDURE classify (IN v INT, OUT c VARCHAR(10))
                BEGIN
                  IF v IS NULL THEN SET c = 'null';
                  ELSEIF v < 0 THEN SET c = 'negative';
                  ELSEIF v = 0 THEN SET c = 'zero';
                  ELSEIF v IN (1, 2, 3) THEN SET c = 'small';
                  ELSE SET c = 'large';
                  END IF;
                END""");
        assertEquals("null", out("CALL classify(?, ?)", null, null));
        assertEquals("negative", out("CALL classify(?, ?)", -4, null));
        assertEquals("zero", out("CALL classify(?, ?)", 0, null));
        assertEquals("small", out("CALL classify(?, ?)", 2, null));
        assertEquals("large", out("CALL classify(?, ?)", 40, null));
    }

    @Test
    void whileLoopOverAnArrayParameterReadsRowsByElement() {
        s.execute("""
                CREATE PROCEDURE total (IN ids INT ARRAY, IN qty INT ARRAY[15], OUT amount DECIMAL(12,2))
                BEGIN
                  DECLARE i INT DEFAULT 1;
                  DECLARE p DECIMAL(8,2);
                  SET amount = 0;
                  WHILE i <= CARDINALITY(ids) DO
                    SELECT price INTO p FROM item WHERE id = ids[i];
                    SET amount = amount + p * qty[i];
                    SET i = i + 1;
                  END WHILE;
                END""");
        Object sum = out("CALL total(?, ?, ?)", new int[] {1, 2, 3}, List.of(2, 4, 1), null);
        assertEquals(new BigDecimal("5.20"), sum, "2 * 0.50 + 4 * 0.75 + 1 * 1.20");
        TernSqlException tooLong = assertThrows(TernSqlException.class,
                () -> call("CALL total(?, ?, ?)", new int[] {1}, new int[16], null));
        assertEquals("2202F", tooLong.sqlState(), tooLong.getMessage());
    }

    @Test
    void repeatLoopLeaveAndIterate() {
        s.execute("""
                CREATE PROCEDURE loops (IN n INT, OUT evens BIGINT, OUT r INT, OUT l INT)
                BEGIN
                  DECLARE i INT DEFAULT 0;
                  SET evens = 0;
                  count_up: WHILE i < n DO
                    SET i = i + 1;
                    IF MOD(i, 2) = 1 THEN ITERATE count_up; END IF;
                    SET evens = evens + i;
                  END WHILE count_up;
                  SET r = 0;
                  REPEAT SET r = r + 3; UNTIL r > 10 END REPEAT;
                  SET l = 0;
                  forever: LOOP
                    SET l = l + 1;
                    IF l = 4 THEN LEAVE forever; END IF;
                  END LOOP;
                  outer_block: BEGIN
                    SET l = l * 10;
                    LEAVE outer_block;
                    SET l = -1;
                  END;
                END""");
        CallResult r = call("CALL loops(10, ?, ?, ?)", null, null, null);
        assertArrayEquals(new Object[] {30L, 12, 40}, new Object[] {r.outValues()[0], ((Number) r.outValues()[1])
                .intValue(), ((Number) r.outValues()[2]).intValue()});
    }

    @Test
    void forLoopIteratesRowsAndMayUpdateThem() {
        s.execute("""
                CREATE PROCEDURE restock (IN threshold INT, IN amount INT, OUT names VARCHAR(100), OUT rows_seen BIGINT)
                BEGIN
                  SET names = '';
                  FOR r AS SELECT id, name AS nm, stock FROM item WHERE stock < threshold ORDER BY id DO
                    UPDATE item SET stock = stock + amount WHERE id = r.id;
                    SET names = names || r.nm || '(' || r.stock || ')';
                  END FOR;
                  SET rows_seen = ROW_COUNT();
                END""");
        CallResult r = call("CALL restock(6, 100, ?, ?)", null, null);
        assertEquals("pear(5)plum(0)", r.outValues()[0]);
        assertEquals(2L, r.outValues()[1]);
        assertEquals(215, scalar("SELECT SUM(stock) FROM item"));
    }

    @Test
    void dmlSetsRowCount() {
        s.execute("""
                CREATE PROCEDURE churn (OUT ins BIGINT, OUT upd BIGINT, OUT del BIGINT)
                BEGIN
                  INSERT INTO item VALUES (10, 'fig', 2.00, 1), (11, 'kiwi', 0.30, 2);
                  SET ins = ROW_COUNT();
                  UPDATE item SET price = price * 2 WHERE price < 1;
                  SET upd = ROW_COUNT();
                  DELETE FROM item WHERE id >= 10;
                  SET del = ROW_COUNT();
                END""");
        CallResult r = call("CALL churn(?, ?, ?)", null, null, null);
        assertArrayEquals(new Object[] {2L, 3L, 2L}, r.outValues());
        assertEquals(3, scalar("SELECT COUNT(*) FROM item"));
    }

    @Test
    void selectsWithoutIntoAreResultSetsInOrder() {
        s.execute("""
                CREATE PROCEDURE report (IN min_price DECIMAL(8,2))
                BEGIN
                  SELECT id, name FROM item WHERE price >= min_price ORDER BY id;
                  SELECT COUNT(*) AS n FROM item;
                END""");
        CallResult r = call("CALL report(?)", new BigDecimal("0.70"));
        assertEquals(2, r.resultSets().size());
        ResultRows first = r.resultSets().get(0);
        assertEquals(List.of("ID", "NAME"), first.columns().stream().map(c -> c.label()).toList());
        assertEquals(List.of("pear", "plum"), first.rows().stream().map(row -> row[1]).toList());
        assertEquals(3L, r.resultSets().get(1).rows().get(0)[0]);
        // A plain statement sees the first result set.
        assertEquals(2, s.execute("CALL report(0.70)").rows().size());
    }

    @Test
    void inoutParametersAreReadAndWritten() {
        s.execute("CREATE PROCEDURE twice (INOUT v BIGINT, INOUT t VARCHAR(10)) BEGIN SET v = v * 2; SET t = t || t; END");
        CallResult r = call("CALL twice(?, ?)", 21, "ab");
        assertArrayEquals(new Object[] {42L, "abab"}, r.outValues());
    }

    @Test
    void arrayElementsCanBeSetAndArraysReturned() {
        s.execute("""
                CREATE PROCEDURE prices (IN ids INT ARRAY, OUT ps DECIMAL(8,2) ARRAY, OUT first_two INT ARRAY)
                BEGIN
                  DECLARE i INT DEFAULT 1;
                  WHILE i <= CARDINALITY(ids) DO
                    SELECT price INTO ps[i] FROM item WHERE id = ids[i];
                    SET i = i + 1;
                  END WHILE;
                  SET first_two = ARRAY[ids[1], ids[2]];
                  SET first_two[4] = 7;
                END""");
        CallResult r = call("CALL prices(?, ?, ?)", new Object[] {3, 1}, null, null);
        assertEquals(Arrays.asList(new BigDecimal("1.20"), new BigDecimal("0.50")), Arrays.asList((Object[]) r.outValues()[1]));
        assertEquals(Arrays.asList(3L, 1L, null, 7L), Arrays.asList((Object[]) r.outValues()[2]),
                "setting past the end extends the array with NULLs");
        TernSqlException outside = assertThrows(TernSqlException.class,
                () -> call("CALL prices(?, ?, ?)", new Object[] {1}, null, null));
        assertEquals("2202E", outside.sqlState(), "ids[2] of a one-element array: " + outside.getMessage());
    }

    @Test
    void scalarFunctions() {
        s.execute("""
                CREATE PROCEDURE f (IN t VARCHAR(20), OUT a VARCHAR(40), OUT b BIGINT, OUT c DECIMAL(10,2),
                                    OUT d BIGINT, OUT e VARCHAR(10), OUT ts TIMESTAMP, OUT g INT)
                BEGIN
                  SET a = UPPER(SUBSTRING(t FROM 2 FOR 3)) || '|' || LOWER(SUBSTRING(t, 1, 2)) || '|' || TRIM('  x ');
                  SET b = CHAR_LENGTH(t) + ABS(-3);
                  SET c = ROUND(2.345, 2) + CAST('1.5' AS DECIMAL(4,1));
                  SET d = CASE WHEN t LIKE 'He%' THEN 1 ELSE 0 END + CASE b WHEN 8 THEN 10 ELSE 20 END;
                  SET e = CASE WHEN NOT (t = 'x') AND (b > 100 OR b <> 0) THEN 'yes' END;
                  SET ts = CURRENT_TIMESTAMP;
                  SET g = COALESCE(NULL, NULL, 7);
                END""");
        CallResult r = call("CALL f('Hello', ?, ?, ?, ?, ?, ?, ?)", null, null, null, null, null, null, null);
        Object[] v = r.outValues();
        assertEquals("ELL|he|x", v[0]);
        assertEquals(8L, v[1]);
        assertEquals(new BigDecimal("3.85"), v[2]);
        assertEquals(11L, v[3]);
        assertEquals("yes", v[4]);
        assertTrue(v[5] instanceof LocalDateTime);
        assertEquals(7L, ((Number) v[6]).longValue());
    }

    @Test
    void returnEndsTheCallAndItsWorkCommits() {
        s.execute("""
                CREATE PROCEDURE early (IN stop INT)
                BEGIN
                  UPDATE item SET stock = 1 WHERE id = 1;
                  IF stop = 1 THEN RETURN; END IF;
                  UPDATE item SET stock = 2 WHERE id = 1;
                END""");
        call("CALL early(1)");
        assertEquals(1, scalar("SELECT stock FROM item WHERE id = 1"));
        call("CALL early(0)");
        assertEquals(2, scalar("SELECT stock FROM item WHERE id = 1"));
    }

    @Test
    void nestedBlocksHaveTheirOwnVariables() {
        s.execute("""
                CREATE PROCEDURE nest (OUT r INT)
                BEGIN
                  DECLARE i INT DEFAULT 0;
                  SET r = 0;
                  WHILE i < 3 DO
                    BEGIN
                      DECLARE fresh INT;
                      IF fresh IS NULL THEN SET r = r + 1; END IF;   -- each entry starts the block's variables again
                      SET fresh = 5;
                    END;
                    SET i = i + 1;
                  END WHILE;
                END""");
        assertEquals(3, ((Number) out("CALL nest(?)", (Object) null)).intValue());
    }

    @Test
    void aCallParsesAndPlansNothingAfterTheFirst() {
        s.execute("CREATE PROCEDURE get_stock (IN k INT, OUT st INT) BEGIN SELECT stock INTO st FROM item WHERE id = k; END");
        ProcedureStats stats = db.catalog().procedures().stats();
        call("CALL get_stock(?, ?)", 1, null);
        long misses = db.planCache().misses();
        for (int i = 0; i < 200; i++) {
            assertEquals(10, ((Number) out("CALL get_stock(?, ?)", 1, null)).intValue());
        }
        assertEquals(misses, db.planCache().misses(), "the CALL text is planned once, from then on a cache hit");
        assertEquals(1, stats.compilations(), "the procedure was compiled once, at CREATE");
        assertTrue(stats.calls() >= 201 && stats.commits() >= 201, stats.toString());
    }

    @Test
    void ddlMakesTheNextCallRecompileAndAVanishedTableFailsClearly() {
        s.execute("CREATE TABLE audit (id INT PRIMARY KEY, note VARCHAR(10))");
        s.execute("CREATE PROCEDURE note (IN k INT, IN t VARCHAR(10)) BEGIN INSERT INTO audit VALUES (k, t); END");
        ProcedureStats stats = db.catalog().procedures().stats();
        call("CALL note(1, 'a')");
        s.execute("CREATE TABLE other (id INT PRIMARY KEY)");
        call("CALL note(2, 'b')");
        assertEquals(2, stats.compilations(), "compiled at CREATE and again after the catalog changed");
        assertEquals(2, scalar("SELECT COUNT(*) FROM audit"));
        s.execute("DROP TABLE audit");
        TernSqlException e = assertThrows(TernSqlException.class, () -> call("CALL note(3, 'c')"));
        assertEquals("42S02", e.sqlState());
        assertTrue(e.getMessage().contains("no longer compiles") && e.getMessage().contains("AUDIT"), e.getMessage());
        s.execute("CREATE TABLE audit (id INT PRIMARY KEY, note VARCHAR(10))");
        call("CALL note(3, 'c')");
        assertEquals(1, scalar("SELECT COUNT(*) FROM audit"), "the procedure works again on the new table");
    }

    @Test
    void createOrReplaceDropAndTheRegistryListing() {
        s.execute("CREATE PROCEDURE p (IN a INT, OUT b INT) BEGIN SET b = a; END");
        TernSqlException dup = assertThrows(TernSqlException.class,
                () -> s.execute("CREATE PROCEDURE p (IN a INT) BEGIN END"));
        assertEquals("42723", dup.sqlState());
        s.execute("CREATE OR REPLACE PROCEDURE p (IN a INT, OUT b INT) BEGIN SET b = a * 2; END");
        assertEquals(6, ((Number) out("CALL p(3, ?)", (Object) null)).intValue());
        ProcedureInfo info = db.catalog().procedures().find("P");
        assertEquals("P(IN A INTEGER, OUT B INTEGER)", info.signature());
        assertTrue(info.definition().startsWith("CREATE OR REPLACE PROCEDURE p"), "the CREATE text is kept");
        assertEquals(List.of(info.definition()), db.catalog().procedures().definitions());
        s.execute("DROP PROCEDURE p");
        assertEquals("42883", assertThrows(TernSqlException.class, () -> s.execute("DROP PROCEDURE p")).sqlState());
        s.execute("DROP PROCEDURE IF EXISTS p");
        assertEquals("42883", assertThrows(TernSqlException.class, () -> call("CALL p(1, ?)", (Object) null))
                .sqlState());
        assertTrue(db.catalog().procedures().list().isEmpty());
    }

    @Test
    void insideAnExplicitTransactionACallIsPartOfIt() {
        s.execute("CREATE PROCEDURE zero (IN k INT) BEGIN UPDATE item SET stock = 0 WHERE id = k; END");
        s.setAutoCommit(false);
        call("CALL zero(1)");
        call("CALL zero(2)");
        s.rollback();
        assertEquals(15, scalar("SELECT SUM(stock) FROM item"), "both calls rolled back with the transaction");
        call("CALL zero(1)");
        s.commit();
        s.setAutoCommit(true);
        assertEquals(5, scalar("SELECT SUM(stock) FROM item"));
    }

    @Test
    void everyCallStartsWithFreshVariablesAndRowCount() {
        s.execute("""
                CREATE PROCEDURE remember (IN a INT, OUT seen INT, OUT rows_before BIGINT, OUT nm VARCHAR(20))
                BEGIN
                  DECLARE x INT;
                  SET rows_before = ROW_COUNT();
                  IF a > 0 THEN
                    SET x = a;
                    SELECT name INTO nm FROM item WHERE id = a;
                  END IF;
                  SET seen = x;
                END""");
        CallResult first = call("CALL remember(?, ?, ?, ?)", 2, null, null, null);
        assertEquals(2L, first.outValues()[1]);
        assertEquals("pear", first.outValues()[3]);
        CallResult second = call("CALL remember(?, ?, ?, ?)", 0, null, null, null);
        assertNull(second.outValues()[1], "x of the first call must not leak into the second");
        assertEquals(0L, second.outValues()[2]);
        assertNull(second.outValues()[3]);
        assertEquals("pear", first.outValues()[3], "a returned value stays as it was after the next call");
    }

    @Test
    void intArrayArgumentsAreCheckedAgainstTheElementType() {
        s.execute("""
                CREATE PROCEDURE small (IN v SMALLINT ARRAY, OUT total BIGINT)
                BEGIN
                  DECLARE i INT DEFAULT 1;
                  SET total = 0;
                  WHILE i <= CARDINALITY(v) DO
                    SET total = total + v[i];
                    SET i = i + 1;
                  END WHILE;
                END""");
        assertEquals(32767L + 3, out("CALL small(?, ?)", new int[] {32767, 1, 2}, null));
        TernSqlException e = assertThrows(TernSqlException.class,
                () -> call("CALL small(?, ?)", new int[] {1, 40000}, null));
        assertTrue(e.getMessage().contains("argument 1"), e.getMessage());
    }
}
