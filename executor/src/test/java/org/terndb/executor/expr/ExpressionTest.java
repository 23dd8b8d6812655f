package org.terndb.executor.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;
import org.terndb.executor.ExprType;
import org.terndb.executor.TernSqlException;
import org.terndb.storage.codec.ColumnType;

class ExpressionTest {
    private static final ExprType INT = ExprType.of(ColumnType.INTEGER, true);
    private static final ExprType BIGINT = ExprType.of(ColumnType.BIGINT, true);
    private static final ExprType DEC = new ExprType(ColumnType.DECIMAL, 10, 2, true);
    private static final Object[] NO_PARAMS = {};

    private static Expr col(int i, ExprType t) {
        return new ColumnRef(i, "C" + i, t);
    }

    @Test
    void threeValuedLogic() {
        Expr unknown = new Literal(null, ExprType.of(ColumnType.BOOLEAN, true));
        Expr yes = new Literal(true, ExprType.of(ColumnType.BOOLEAN, false));
        Expr no = new Literal(false, ExprType.of(ColumnType.BOOLEAN, false));
        assertEquals(false, new Logical(Logical.Op.AND, unknown, no).eval(null, NO_PARAMS));
        assertNull(new Logical(Logical.Op.AND, unknown, yes).eval(null, NO_PARAMS));
        assertEquals(true, new Logical(Logical.Op.OR, unknown, yes).eval(null, NO_PARAMS));
        assertNull(new Logical(Logical.Op.OR, unknown, no).eval(null, NO_PARAMS));
        assertNull(new Logical(Logical.Op.NOT, unknown).eval(null, NO_PARAMS));
        assertNull(new Comparison(Comparison.Op.EQ, col(0, INT), new Literal(1L, INT)).eval(new Object[] {null}, NO_PARAMS));
        assertEquals(true, new NullTest(col(0, INT), false).eval(new Object[] {null}, NO_PARAMS));
    }

    @Test
    void integerArithmeticIsExact() {
        Expr plus = new Arithmetic(Arithmetic.Op.PLUS, col(0, BIGINT), new Parameter(0, BIGINT), BIGINT);
        assertEquals(5L, plus.eval(new Object[] {2L}, new Object[] {3L}));
        TernSqlException overflow = assertThrows(TernSqlException.class,
                () -> plus.eval(new Object[] {Long.MAX_VALUE}, new Object[] {1L}));
        assertEquals("22003", overflow.sqlState());
        Expr intPlus = new Arithmetic(Arithmetic.Op.PLUS, col(0, INT), new Literal(1L, INT), INT);
        assertEquals("22003", assertThrows(TernSqlException.class,
                () -> intPlus.eval(new Object[] {(long) Integer.MAX_VALUE}, NO_PARAMS)).sqlState());
        Expr div = new Arithmetic(Arithmetic.Op.DIVIDE, col(0, INT), new Literal(0L, INT), INT);
        assertEquals("22012", assertThrows(TernSqlException.class, () -> div.eval(new Object[] {1L}, NO_PARAMS)).sqlState());
        assertEquals(-3L, new Arithmetic(Arithmetic.Op.DIVIDE, new Literal(-7L, INT), new Literal(2L, INT), INT)
                .eval(null, NO_PARAMS));
    }

    @Test
    void decimalArithmeticKeepsTheResultScale() {
        Expr times = new Arithmetic(Arithmetic.Op.TIMES, col(0, DEC), new Literal(3L, INT), DEC);
        assertEquals(new BigDecimal("3.75"), times.eval(new Object[] {new BigDecimal("1.25")}, NO_PARAMS));
    }

    @Test
    void comparisonsCrossNumericTypes() {
        assertEquals(0, Values.compare(2L, new BigDecimal("2.00")));
        assertEquals(-1, Integer.signum(Values.compare(2L, 2.5)));
        assertEquals(1, Integer.signum(Values.compare("b", "a")));
        assertEquals(-1, Integer.signum(Values.compare(LocalDate.of(2020, 1, 1), LocalDate.of(2021, 1, 1))));
    }

    @Test
    void conversionsCheckTheTargetType() {
        assertEquals(5L, Values.convert(5, INT));
        assertEquals(5L, Values.convert("5", INT));
        assertEquals("22018", assertThrows(TernSqlException.class, () -> Values.convert(2.5, INT)).sqlState());
        assertEquals("22003", assertThrows(TernSqlException.class, () -> Values.convert(1L << 40, INT)).sqlState());
        assertEquals(new BigDecimal("1.24"), Values.convert(new BigDecimal("1.235"), DEC), "assignment rounds half up");
        assertEquals("22003", assertThrows(TernSqlException.class,
                () -> Values.convert(new BigDecimal("123456789"), DEC)).sqlState());
        ExprType varchar3 = new ExprType(ColumnType.VARCHAR, 3, 0, true);
        assertEquals("22001", assertThrows(TernSqlException.class, () -> Values.convert("abcd", varchar3)).sqlState());
        assertEquals("ab", Values.convert("ab  ", new ExprType(ColumnType.CHAR, 3, 0, true)), "CHAR drops trailing spaces");
        assertEquals(LocalDate.of(2024, 2, 29), Values.convert("2024-02-29", ExprType.of(ColumnType.DATE, true)));
        assertEquals("22007", assertThrows(TernSqlException.class,
                () -> Values.convert("yesterday", ExprType.of(ColumnType.DATE, true))).sqlState());
    }

    @Test
    void likeMatchesPercentAndUnderscore() {
        ExprType vc = new ExprType(ColumnType.VARCHAR, 10, 0, true);
        Expr like = new Like(col(0, vc), new Literal("a_c%", vc), false);
        assertEquals(true, like.eval(new Object[] {"abcdef"}, NO_PARAMS));
        assertEquals(false, like.eval(new Object[] {"ac"}, NO_PARAMS));
        assertEquals(true, new Like(col(0, vc), new Literal("a.c", vc), false).eval(new Object[] {"a.c"}, NO_PARAMS),
                "regex characters are literal");
    }
}
