package org.terndb.executor.proc;

import java.util.Arrays;
import org.terndb.executor.TernSqlException;
import org.terndb.executor.expr.Values;

/** Reading and writing one element of an array value (1-based, as SQL numbers them). */
final class ArrayElements {
    private ArrayElements() {
    }

    /** {@code array[index]}: NULL for a NULL array or index; 2202E outside the array. */
    static Object get(Object array, Object index, String name) {
        if (array == null || index == null) {
            return null;
        }
        Object[] a = (Object[]) array;
        long i = ((Number) index).longValue();
        if (i < 1 || i > a.length) {
            throw new TernSqlException(SlotType.ARRAY_SUBSCRIPT_ERROR, "array subscript " + i + " is outside " + name
                    + ", which has " + a.length + " element" + (a.length == 1 ? "" : "s"));
        }
        return a[(int) i - 1];
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
        Object[] a = array == null ? new Object[0] : (Object[]) array;
        int limit = type.maxCardinality() > 0 ? type.maxCardinality() : Integer.MAX_VALUE - 8;
        if (i < 1 || i > limit) {
            throw new TernSqlException(SlotType.ARRAY_SUBSCRIPT_ERROR, "array subscript " + i + " is outside " + name
                    + " (" + type + ")");
        }
        Object[] out = Arrays.copyOf(a, Math.max(a.length, (int) i));
        out[(int) i - 1] = Values.convert(value, type.element());
        return out;
    }
}
