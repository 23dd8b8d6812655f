package org.terndb.executor.expr;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import org.terndb.executor.ExprType;
import org.terndb.executor.SqlState;
import org.terndb.executor.TernSqlException;
import org.terndb.storage.codec.ColumnType;

/**
 * {@code + - * / %} over numbers, computed in the domain of the result type the validator derived:
 * exact 64-bit integers (overflow is an error, not a wrap), DECIMAL, or DOUBLE.
 */
public final class Arithmetic implements Expr {
    /** The operators, with their SQL spelling. */
    public enum Op {
        PLUS("+"), MINUS("-"), TIMES("*"), DIVIDE("/"), MOD("%");

        final String symbol;

        Op(String symbol) {
            this.symbol = symbol;
        }
    }

    private enum Domain { INTEGER, DECIMAL, DOUBLE }

    private final Op op;
    private final Expr left;
    private final Expr right;
    private final ExprType type;
    private final Domain domain;

    public Arithmetic(Op op, Expr left, Expr right, ExprType type) {
        this.op = op;
        this.left = left;
        this.right = right;
        this.type = type;
        if (type.isIntegral()) {
            domain = Domain.INTEGER;
        } else if (type.type() == ColumnType.DECIMAL) {
            domain = Domain.DECIMAL;
        } else if (type.type() == ColumnType.DOUBLE || type.type() == ColumnType.REAL) {
            domain = Domain.DOUBLE;
        } else {
            throw SqlState.notSupported("arithmetic " + op.symbol + " on " + type.sqlName());
        }
    }

    public Op op() {
        return op;
    }

    public Expr left() {
        return left;
    }

    public Expr right() {
        return right;
    }

    @Override
    public Object eval(Object[] row, Object[] params) {
        Object a = left.eval(row, params);
        if (a == null) {
            return null;
        }
        Object b = right.eval(row, params);
        if (b == null) {
            return null;
        }
        try {
            return switch (domain) {
                case INTEGER -> Values.checkRange(integer(asLong(a), asLong(b)), type);
                case DECIMAL -> decimal(Values.toBigDecimal((Number) a), Values.toBigDecimal((Number) b));
                case DOUBLE -> floating(((Number) a).doubleValue(), ((Number) b).doubleValue());
            };
        } catch (ArithmeticException e) {
            throw new TernSqlException(SqlState.NUMERIC_OUT_OF_RANGE, "numeric overflow in " + explain()
                    + " (result does not fit " + type.sqlName() + ")");
        }
    }

    private long integer(long a, long b) {
        return switch (op) {
            case PLUS -> Math.addExact(a, b);
            case MINUS -> Math.subtractExact(a, b);
            case TIMES -> Math.multiplyExact(a, b);
            case DIVIDE -> {
                checkDivisor(b == 0);
                yield a == Long.MIN_VALUE && b == -1 ? Math.negateExact(a) : a / b;
            }
            case MOD -> {
                checkDivisor(b == 0);
                yield b == -1 ? 0 : a % b;
            }
        };
    }

    private BigDecimal decimal(BigDecimal a, BigDecimal b) {
        BigDecimal r = switch (op) {
            case PLUS -> a.add(b);
            case MINUS -> a.subtract(b);
            case TIMES -> a.multiply(b);
            case DIVIDE -> {
                checkDivisor(b.signum() == 0);
                yield a.divide(b, Math.max(type.scale(), 0), RoundingMode.HALF_UP);
            }
            case MOD -> {
                checkDivisor(b.signum() == 0);
                yield a.remainder(b, MathContext.UNLIMITED);
            }
        };
        return type.precision() > 0 && type.scale() >= 0 ? r.setScale(type.scale(), RoundingMode.HALF_UP) : r;
    }

    private double floating(double a, double b) {
        return switch (op) {
            case PLUS -> a + b;
            case MINUS -> a - b;
            case TIMES -> a * b;
            case DIVIDE -> {
                checkDivisor(b == 0.0);
                yield a / b;
            }
            case MOD -> {
                checkDivisor(b == 0.0);
                yield a % b;
            }
        };
    }

    private static long asLong(Object v) {
        if (v instanceof Long l) {
            return l;
        }
        if (v instanceof BigDecimal d) {
            return d.longValueExact();
        }
        return ((Number) v).longValue();
    }

    private void checkDivisor(boolean zero) {
        if (zero) {
            throw new TernSqlException(SqlState.DIVISION_BY_ZERO, "division by zero in " + explain());
        }
    }

    @Override
    public ExprType type() {
        return type;
    }

    @Override
    public String explain() {
        return "(" + left.explain() + " " + op.symbol + " " + right.explain() + ")";
    }
}
