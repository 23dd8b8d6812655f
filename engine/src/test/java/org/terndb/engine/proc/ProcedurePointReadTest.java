package org.terndb.engine.proc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.terndb.engine.Database;
import org.terndb.engine.Session;
import org.terndb.executor.TernSqlException;

/**
 * SELECT INTO by a full primary key runs without its plan (key from the slots, selected columns decoded into the
 * variables); these pin that it finds exactly the rows the plan finds, for every kind of key and target.
 */
class ProcedurePointReadTest {
    /** Whether the database compiles procedure bodies to JVM code ({@link ProcedureModes}). */
    boolean compiled() {
        return true;
    }

    private Database db;
    private Session s;

    @BeforeEach
    void open() {
        db = Database.open(ProcedureModes.config("proc-point-read", compiled()));
        s = db.openSession();
        s.execute("CREATE TABLE small (id TINYINT PRIMARY KEY, v INT NOT NULL)");
        s.execute("INSERT INTO small VALUES (1, 10), (127, 1270)");
        s.execute("CREATE TABLE pair (a INT, b BIGINT, v BIGINT, w VARCHAR(10), PRIMARY KEY (a, b))");
        s.execute("INSERT INTO pair VALUES (1, 7, 100, 'one-x'), (1, 8, NULL, 'one-y'), (2, 7, 200, 'two-x')");
        s.execute("CREATE TABLE price (p DECIMAL(5,2) PRIMARY KEY, label VARCHAR(10))");
        s.execute("INSERT INTO price VALUES (3.00, 'three'), (3.50, '3-fifty')");
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

    private Object[] call(String sql, Object... values) {
        return s.call(s.prepare(sql), values, null).outValues();
    }

    @Test
    void keyTheColumnCannotHoldFindsNothing() {
        s.execute("""
                CREATE PROCEDURE get_small (IN k BIGINT, OUT out_v INT, OUT found BIGINT)
                BEGIN
                  SET out_v = -1;
                  SELECT v INTO out_v FROM small WHERE id = k;
                  SET found = ROW_COUNT();
                END""");
        assertTrue(listing("GET_SMALL").contains("point read"), listing("GET_SMALL"));
        assertArrayEquals(new Object[] {null, 1270L, 1L}, call("CALL get_small(?, ?, ?)", 127L, null, null));
        assertArrayEquals(new Object[] {null, null, 0L}, call("CALL get_small(?, ?, ?)", 128L, null, null),
                "128 does not fit TINYINT: NOT FOUND, not an error");
        assertArrayEquals(new Object[] {null, null, 0L}, call("CALL get_small(?, ?, ?)", Long.MIN_VALUE, null, null));
        assertArrayEquals(new Object[] {null, null, 0L}, call("CALL get_small(?, ?, ?)", null, null, null),
                "a NULL key finds nothing");
    }

    @Test
    void compositeKeySelectsSomeColumns() {
        s.execute("""
                CREATE PROCEDURE get_pair (IN ka INT, IN kb BIGINT, OUT out_w VARCHAR(10), OUT out_v BIGINT)
                BEGIN
                  SELECT w, v INTO out_w, out_v FROM pair WHERE b = kb AND a = ka;
                END""");
        assertTrue(listing("GET_PAIR").contains("point read"), listing("GET_PAIR"));
        assertArrayEquals(new Object[] {null, null, "two-x", 200L}, call("CALL get_pair(?, ?, ?, ?)", 2, 7, null, null));
        assertArrayEquals(new Object[] {null, null, "one-y", null}, call("CALL get_pair(?, ?, ?, ?)", 1, 8, null, null),
                "a NULL column comes back NULL");
        assertArrayEquals(new Object[] {null, null, null, null}, call("CALL get_pair(?, ?, ?, ?)", 2, 8, null, null));
    }

    @Test
    void decimalKeyFromAnIntegerVariable() { // planned as a filtered scan, not a point read: the results agree
        s.execute("""
                CREATE PROCEDURE get_price (IN k INT, IN d DECIMAL(6,3), OUT by_int VARCHAR(10), OUT by_dec VARCHAR(10))
                BEGIN
                  SELECT label INTO by_int FROM price WHERE p = k;
                  SELECT label INTO by_dec FROM price WHERE p = d;
                END""");
        assertArrayEquals(new Object[] {null, null, "three", "3-fifty"},
                call("CALL get_price(?, ?, ?, ?)", 3, new BigDecimal("3.500"), null, null));
        assertArrayEquals(new Object[] {null, null, null, null},
                call("CALL get_price(?, ?, ?, ?)", 4, new BigDecimal("3.501"), null, null));
    }

    @Test
    void narrowingTargetOutOfRangeIsAnError() {
        s.execute("""
                CREATE PROCEDURE narrow (IN k INT, OUT t TINYINT)
                BEGIN
                  SELECT v INTO t FROM small WHERE id = k;
                END""");
        assertTrue(listing("NARROW").contains("point read"), listing("NARROW"));
        assertEquals(10L, call("CALL narrow(?, ?)", 1, null)[1]);
        TernSqlException e = assertThrows(TernSqlException.class, () -> call("CALL narrow(?, ?)", 127, null));
        assertEquals("22003", e.sqlState(), "1270 does not fit TINYINT");
    }

    @Test
    void subscriptOutsideTheKeyArrayIsAnErrorAtTheStatement() {
        s.execute("""
                CREATE PROCEDURE by_index (IN ids INT ARRAY, OUT out_v INT)
                BEGIN
                  SELECT v INTO out_v FROM small WHERE id = ids[2];
                END""");
        assertTrue(listing("BY_INDEX").contains("point read"), listing("BY_INDEX"));
        assertEquals(1270L, call("CALL by_index(?, ?)", new int[] {1, 127}, null)[1]);
        TernSqlException e = assertThrows(TernSqlException.class, () -> call("CALL by_index(?, ?)", new int[] {1}, null));
        assertEquals("2202E", e.sqlState());
        assertEquals(true, e.getMessage().contains("line 3"), e.getMessage());
    }

    @Test
    void forUpdateResidualFilterAndArrayTargetsStillWork() {
        s.execute("""
                CREATE PROCEDURE mixed (IN k INT, OUT locked INT, OUT filtered INT, OUT first_of BIGINT)
                BEGIN
                  DECLARE arr INT ARRAY;
                  SELECT v INTO locked FROM small WHERE id = k FOR UPDATE;
                  SELECT v INTO filtered FROM small WHERE id = k AND v > 100;
                  SELECT v INTO arr[2] FROM small WHERE id = k;
                  SET first_of = CARDINALITY(arr) * 1000 + arr[2];
                END""");
        String listing = listing("MIXED");
        assertEquals(1, listing.split("point read", -1).length - 1, "only the FOR UPDATE read is one: " + listing);
        assertArrayEquals(new Object[] {null, 10L, null, 2010L}, call("CALL mixed(?, ?, ?, ?)", 1, null, null, null));
        assertArrayEquals(new Object[] {null, 1270L, 1270L, 3270L}, call("CALL mixed(?, ?, ?, ?)", 127, null, null, null));
    }
}
