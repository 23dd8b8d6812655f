package org.terndb.executor.proc;

import java.util.Collection;
import org.terndb.executor.ExprType;
import org.terndb.executor.SqlState;
import org.terndb.executor.TernSqlException;
import org.terndb.executor.expr.Values;

/**
 * The type of a procedure variable or parameter: a scalar {@link ExprType}, or an array of one (values are
 * {@code Object[]} of internal values, never changed once made; {@code maxCardinality} 0 = unbounded).
 * {@link #assign} is SQL's store assignment into the variable.
 */
public record SlotType(ExprType element, boolean array, int maxCardinality) {
    /** SQLState of an array subscript outside the array. */
    public static final String ARRAY_SUBSCRIPT_ERROR = "2202E";
    /** SQLState of an array longer than its declared maximum cardinality. */
    public static final String ARRAY_TOO_LONG = "2202F";

    public static SlotType scalar(ExprType type) {
        return new SlotType(type, false, 0);
    }

    /**
     * Converts a value to this type as assignment does: rounds decimals to the scale, checks ranges, lengths and
     * the cardinality of arrays. An array may be given as {@code Object[]}, a primitive array, a
     * {@link Collection} or a {@link java.sql.Array}.
     */
    public Object assign(Object value) {
        if (!array) {
            if (value instanceof Object[] || value instanceof Collection<?> || value instanceof java.sql.Array) {
                throw new TernSqlException(SqlState.INVALID_CAST, "an array cannot be assigned to " + this);
            }
            return Values.convert(value, element);
        }
        if (value == null) {
            return null;
        }
        if (value instanceof int[] ints) { // the usual JDBC argument: converted in one pass, each value boxed once
            return assignInts(ints);
        }
        Object[] elements = elements(value);
        checkCardinality(elements.length);
        Object[] out = new Object[elements.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = assignScalar(elements[i], element);
        }
        return out;
    }

    /**
     * True if an {@code int[]} argument of this type may stay as it is in the parameter's slot (arrays of INTEGER
     * or BIGINT hold every int unchanged): the procedure runtime reads such an array as well as an
     * {@code Object[]}, and SET of the whole array converts it. Only for IN parameters, whose value does not go
     * back to the caller.
     */
    public boolean keepsInts() {
        return array && switch (element.type()) {
            case INTEGER, BIGINT -> true;
            default -> false;
        };
    }

    /** {@link #assign} of an {@code int[]} for a {@link #keepsInts()} type: checks its cardinality, copies nothing. */
    public int[] assignKept(int[] ints) {
        checkCardinality(ints.length);
        return ints;
    }

    private Object[] assignInts(int[] ints) {
        checkCardinality(ints.length);
        Object[] out = new Object[ints.length];
        boolean fits = element.isIntegral() && switch (element.type()) {
            case TINYINT, SMALLINT -> false;
            default -> true; // INTEGER and BIGINT hold every int
        };
        for (int i = 0; i < out.length; i++) {
            Long v = (long) ints[i];
            out[i] = fits ? v : assignScalar(v, element);
        }
        return out;
    }

    private void checkCardinality(int length) {
        if (maxCardinality > 0 && length > maxCardinality) {
            throw new TernSqlException(ARRAY_TOO_LONG, "an array of " + length + " elements does not fit " + this);
        }
    }

    private Object[] elements(Object value) {
        if (value instanceof Object[] a) {
            return a;
        }
        if (value instanceof int[] ints) { // the usual JDBC argument: no reflection, no boxing twice
            Object[] out = new Object[ints.length];
            for (int i = 0; i < ints.length; i++) {
                out[i] = (long) ints[i];
            }
            return out;
        }
        if (value instanceof long[] longs) {
            Object[] out = new Object[longs.length];
            for (int i = 0; i < longs.length; i++) {
                out[i] = longs[i];
            }
            return out;
        }
        if (value instanceof Collection<?> c) {
            return c.toArray();
        }
        if (value instanceof java.sql.Array a) {
            try {
                Object inner = a.getArray();
                return inner instanceof Object[] o ? o : elements(inner);
            } catch (java.sql.SQLException e) {
                throw new TernSqlException(SqlState.INVALID_CAST, "cannot read the array: " + e.getMessage(), e);
            }
        }
        if (value.getClass().isArray()) {
            int n = java.lang.reflect.Array.getLength(value);
            Object[] out = new Object[n];
            for (int i = 0; i < n; i++) {
                out[i] = java.lang.reflect.Array.get(value, i);
            }
            return out;
        }
        throw new TernSqlException(SqlState.INVALID_CAST, "cannot convert " + value.getClass().getSimpleName() + " "
                + Values.toSqlLiteral(Values.normalize(value)) + " to " + this);
    }

    /**
     * Store assignment of a scalar value the compiler has type-checked: as {@link Values#convert}, with the
     * common case of an integer into an integer variable checked without converting or boxing anew.
     */
    static Object assignScalar(Object value, ExprType target) {
        if (value instanceof Long l && target.isIntegral()) {
            long v = l;
            boolean fits = switch (target.type()) {
                case TINYINT -> v == (byte) v;
                case SMALLINT -> v == (short) v;
                case INTEGER -> v == (int) v;
                default -> true;
            };
            if (fits) {
                return value;
            }
        }
        return Values.convert(value, target);
    }

    @Override
    public String toString() {
        if (!array) {
            return element.sqlName();
        }
        return element.sqlName() + " ARRAY" + (maxCardinality > 0 ? "[" + maxCardinality + "]" : "");
    }
}
