package org.terndb.executor.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;
import org.terndb.executor.ExprType;
import org.terndb.executor.TernSqlException;
import org.terndb.storage.codec.ColumnType;

/** The scalar functions TPC-C and TATP need, with SQL's edge cases. */
class FunctionsTest {
    private static final ExprType TEXT = ExprType.of(ColumnType.VARCHAR, true);
    private static final ExprType CHAR = new ExprType(ColumnType.CHAR, 5, 0, true);
    private static final ExprType INT = ExprType.of(ColumnType.INTEGER, true);
    private static final Object[] NONE = {};

    private static Expr s(String v) {
        return new Literal(v, TEXT);
    }

    private static Expr i(long v) {
        return new Literal(v, INT);
    }

    @Test
    void substringFollowsSqlPositions() {
        assertEquals("ell", new Substring(s("hello"), i(2), i(3), TEXT).eval(null, NONE));
        assertEquals("he", new Substring(s("hello"), i(0), i(3), TEXT).eval(null, NONE), "start 0 shortens");
        assertEquals("llo", new Substring(s("hello"), i(3), null, TEXT).eval(null, NONE));
        assertEquals("", new Substring(s("hello"), i(9), i(2), TEXT).eval(null, NONE));
        assertEquals("😀b", new Substring(s("a😀b"), i(2), i(2), TEXT).eval(null, NONE), "code points, not chars");
        assertEquals("22011", assertThrows(TernSqlException.class,
                () -> new Substring(s("x"), i(1), i(-1), TEXT).eval(null, NONE)).sqlState());
        assertNull(new Substring(s("x"), new Literal(null, INT), null, TEXT).eval(null, NONE));
    }

    @Test
    void trimCaseLengthAndConcat() {
        assertEquals("x", new Trim(Trim.Side.BOTH, s(" "), s("  x  "), TEXT).eval(null, NONE));
        assertEquals("x..", new Trim(Trim.Side.LEADING, s("."), s("..x.."), TEXT).eval(null, NONE));
        assertEquals("ABC", new StringFunction(StringFunction.Function.UPPER, s("aBc"), TEXT).eval(null, NONE));
        assertEquals(3L, new StringFunction(StringFunction.Function.CHAR_LENGTH, s("a😀b"), INT).eval(null, NONE));
        assertEquals("ab", new Concat(s("a"), s("b"), TEXT).eval(null, NONE));
        assertNull(new Concat(s("a"), new Literal(null, TEXT), TEXT).eval(null, NONE));
    }

    @Test
    void roundAndAbs() {
        ExprType dec = new ExprType(ColumnType.DECIMAL, 6, 3, true);
        assertEquals(new BigDecimal("2.600"), new Round(new Literal(new BigDecimal("2.567"), dec), i(1), dec).eval(null, NONE));
        assertEquals(new BigDecimal("-3.000"), new Round(new Literal(new BigDecimal("-2.5"), dec), null, dec).eval(null, NONE));
        assertEquals(1300L, new Round(i(1250), i(-2), INT).eval(null, NONE));
        assertEquals(5L, new Abs(i(-5), INT).eval(null, NONE));
        assertEquals("22003", assertThrows(TernSqlException.class,
                () -> new Abs(new Literal(Long.MIN_VALUE, ExprType.of(ColumnType.BIGINT, true)),
                        ExprType.of(ColumnType.BIGINT, true)).eval(null, NONE)).sqlState());
    }

    @Test
    void charComparesWithTrailingSpacesIgnoredVarcharDoesNot() {
        assertEquals(true, new Comparison(Comparison.Op.EQ, new Literal("ab", CHAR), new Literal("ab   ", CHAR))
                .eval(null, NONE));
        assertEquals(false, new Comparison(Comparison.Op.EQ, s("ab"), s("ab ")).eval(null, NONE));
    }

    @Test
    void statementTimeComesFromItsBindingSlot() {
        LocalDateTime t = LocalDateTime.of(2024, 1, 2, 3, 4, 5);
        ExprType ts = ExprType.of(ColumnType.TIMESTAMP, false);
        assertEquals(t, new CurrentDateTime(1, ts).eval(null, new Object[] {7L, t}));
        assertEquals(t.toLocalDate(), new CurrentDateTime(1, ExprType.of(ColumnType.DATE, false))
                .eval(null, new Object[] {7L, t}));
    }
}
