package org.terndb.executor.proc;

import java.util.Arrays;
import org.terndb.executor.TernSqlException;
import org.terndb.executor.expr.Values;

/**
 * Reading and writing one element of an array value (1-based, as SQL numbers them). An array value is an
 * {@code Object[]} of internal values, or the {@code int[]} a caller passed for an IN parameter of INTEGER or BIGINT
 * elements (kept as it is, so that a call does not box every element up front; see {@link SlotType#keepsInts}).
 */
final class ArrayElements {
    private ArrayElements() {
    }

    /** {@code array[index]}: NULL for a NULL array or index; 2202E outside the array. */
    static Object get(Object array, Object index, String name) {
        if (array == null || index == null) {
            return null;
        }
        long i = ((Number) index).longValue();
        if (array instanceof int[] ints) {
            check(i, ints.length, name);
            return (long) ints[(int) i - 1];
        }
        Object[] a = (Object[]) array;
        check(i, a.length, name);
        return a[(int) i - 1];
    }

    /** The number of elements of a (non-null) array value. */
    static int length(Object array) {
        return array instanceof int[] ints ? ints.length : ((Object[]) array).length;
    }

    private static void check(long i, int length, String name) {
        if (i < 1 || i > length) {
            throw new TernSqlException(SlotType.ARRAY_SUBSCRIPT_ERROR, "array subscript " + i + " is outside " + name
                    + ", which has " + length + " element" + (length == 1 ? "" : "s"));
        }
    }

    /**
     * {@code SET array[index] = value}: a new array with the element set; setting past the end extends the array
     * (the gap holds NULLs) up to its maximum cardinality. A NULL array counts as an empty one.
     */
    static Object[] set(Object array, Object index, Object value, SlotType type, String name) {
        if (index == null) {
            throw new TernSqlException(SlotType.ARRAY_SUBSCRIPT_ERROR, "the subscript of " + name + " is NULL");
        }
        long i = ((Number) index).longValue();
        Object[] a = array == null ? new Object[0] : array instanceof int[] ints ? boxed(ints) : (Object[]) array;
        int limit = type.maxCardinality() > 0 ? type.maxCardinality() : Integer.MAX_VALUE - 8;
        if (i < 1 || i > limit) {
            throw new TernSqlException(SlotType.ARRAY_SUBSCRIPT_ERROR, "array subscript " + i + " is outside " + name
                    + " (" + type + ")");
        }
        Object[] out = Arrays.copyOf(a, Math.max(a.length, (int) i));
        out[(int) i - 1] = Values.convert(value, type.element());
        return out;
    }

    private static Object[] boxed(int[] ints) {
        Object[] out = new Object[ints.length];
        for (int i = 0; i < ints.length; i++) {
            out[i] = (long) ints[i];
        }
        return out;
    }
}
