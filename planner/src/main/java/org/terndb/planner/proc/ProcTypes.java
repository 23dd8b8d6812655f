package org.terndb.planner.proc;

import org.terndb.executor.ExprType;
import org.terndb.executor.proc.SlotType;
import org.terndb.sql.ddl.DataType;
import org.terndb.sql.proc.ProcType;
import org.terndb.storage.codec.ColumnType;

/**
 * Type rules of procedure expressions. Integer arithmetic is exact in BIGINT; DECIMAL arithmetic is exact
 * for {@code + - *} (the scale grows as SQL says: max(s1, s2) for + and -, s1 + s2 for *) and keeps at least
 * six decimals for {@code /}; anything with REAL or DOUBLE is DOUBLE. A value is rounded, range- and
 * length-checked only when it is assigned to a variable or column (SQL's store assignment).
 */
final class ProcTypes {
    static final ExprType BOOLEAN = ExprType.of(ColumnType.BOOLEAN, true);
    static final ExprType BIGINT = ExprType.of(ColumnType.BIGINT, true);
    static final ExprType UNBOUNDED_VARCHAR = new ExprType(ColumnType.VARCHAR, 0, 0, true);
    static final ExprType NULL = new ExprType(null, 0, 0, true);

    private ProcTypes() {
    }

    /** The slot type of a declared type (variables are always nullable). */
    static SlotType slotType(ProcType type) {
        return new SlotType(exprType(type.element()), type.array(), type.maxCardinality());
    }

    static ExprType exprType(DataType type) {
        return new ExprType(ColumnType.valueOf(type.name().name()), type.precision(), type.scale(), true);
    }

    static boolean isNull(ExprType t) {
        return t.type() == null;
    }

    static boolean isString(ExprType t) {
        return t.type() == ColumnType.CHAR || t.type() == ColumnType.VARCHAR;
    }

    static boolean isTemporal(ExprType t) {
        return t.type() == ColumnType.DATE || t.type() == ColumnType.TIMESTAMP;
    }

    static boolean isFloating(ExprType t) {
        return t.type() == ColumnType.REAL || t.type() == ColumnType.DOUBLE;
    }

    static int scale(ExprType t) {
        return t.type() == ColumnType.DECIMAL ? Math.max(t.scale(), 0) : 0;
    }

    /** The result type of {@code a op b} for numeric operands ({@code op} one of {@code + - * / %}). */
    static ExprType arithmetic(String op, ExprType a, ExprType b) {
        if (isNull(a)) {
            return isNull(b) ? BIGINT : nullable(b);
        }
        if (isNull(b)) {
            return nullable(a);
        }
        if (isFloating(a) || isFloating(b)) {
            return ExprType.of(ColumnType.DOUBLE, true);
        }
        if (a.isIntegral() && b.isIntegral()) {
            return BIGINT;
        }
        int sa = scale(a);
        int sb = scale(b);
        int scale = switch (op) {
            case "*" -> sa + sb;
            case "/" -> Math.max(6, Math.max(sa, sb));
            default -> Math.max(sa, sb);
        };
        return new ExprType(ColumnType.DECIMAL, 0, scale, true);
    }

    /**
     * The common type of the branches of CASE / COALESCE or the elements of an ARRAY, or null if there is none:
     * numbers widen (integer, DECIMAL, DOUBLE), strings become VARCHAR of the longest, other types must agree.
     */
    static ExprType common(Iterable<ExprType> types) {
        ExprType result = NULL;
        for (ExprType t : types) {
            if (isNull(t)) {
                continue;
            }
            if (isNull(result)) {
                result = nullable(t);
            } else if (result.isNumeric() && t.isNumeric()) {
                if (isFloating(result) || isFloating(t)) {
                    result = ExprType.of(ColumnType.DOUBLE, true);
                } else if (!(result.isIntegral() && t.isIntegral())) {
                    result = new ExprType(ColumnType.DECIMAL, 0, Math.max(scale(result), scale(t)), true);
                } else {
                    result = BIGINT;
                }
            } else if (isString(result) && isString(t)) {
                int p = result.precision() == 0 || t.precision() == 0 ? 0 : Math.max(result.precision(), t.precision());
                result = new ExprType(ColumnType.VARCHAR, p, 0, true);
            } else if (result.type() != t.type()) {
                return null;
            }
        }
        return result;
    }

    /** Whether values of the two types can be compared with {@code = <> < ...}. */
    static boolean comparable(ExprType a, ExprType b) {
        return isNull(a) || isNull(b) || a.isNumeric() && b.isNumeric() || isString(a) && isString(b)
                || isTemporal(a) && isTemporal(b) || a.type() == b.type();
    }

    /**
     * Whether a value of type {@code from} may be assigned to {@code to}: numbers to numbers, anything to a
     * string (as text), dates and timestamps from each other or from strings, booleans from booleans.
     */
    static boolean assignable(ExprType from, ExprType to) {
        if (isNull(from) || isString(to)) {
            return true;
        }
        if (to.isNumeric()) {
            return from.isNumeric();
        }
        if (isTemporal(to)) {
            return isTemporal(from) || isString(from);
        }
        return from.type() == to.type();
    }

    /**
     * Whether every value of type {@code from} is already a value of {@code to} as assignment would store it,
     * so that the assignment can skip the conversion (the common {@code SET total = total + x} on BIGINT, or a
     * column read into a variable of the column's type).
     */
    static boolean exact(ExprType from, SlotType to) {
        if (to.array()) {
            return false;
        }
        ExprType t = to.element();
        if (isNull(from)) {
            return true;
        }
        if (from.type() == t.type()) {
            return switch (t.type()) {
                case DECIMAL -> from.precision() > 0 && from.scale() == t.scale()
                        && from.precision() - from.scale() <= t.precision() - t.scale();
                case VARCHAR -> from.precision() > 0 && from.precision() <= t.precision();
                case CHAR -> false; // assignment drops trailing spaces
                default -> true;
            };
        }
        if (from.isIntegral() && t.isIntegral()) {
            return width(from.type()) <= width(t.type());
        }
        return from.type() == ColumnType.REAL && t.type() == ColumnType.DOUBLE;
    }

    private static int width(ColumnType t) {
        return switch (t) {
            case TINYINT -> 1;
            case SMALLINT -> 2;
            case INTEGER -> 4;
            default -> 8;
        };
    }

    static ExprType nullable(ExprType t) {
        return t.nullable() ? t : new ExprType(t.type(), t.precision(), t.scale(), true);
    }

    /** The type as SQL text for {@code CAST(? AS type)} (lengths and precisions that are unknown are left out). */
    static String sqlText(ExprType t) {
        return switch (t.type()) {
            case DECIMAL -> "DECIMAL(" + (t.precision() > 0 ? t.precision() : 19) + "," + Math.max(t.scale(), 0) + ")";
            // A CHAR variable holds its value without trailing spaces, so VARCHAR says exactly what it is.
            case CHAR, VARCHAR -> "VARCHAR" + (t.precision() > 0 ? "(" + t.precision() + ")" : "");
            default -> t.type().name();
        };
    }
}
