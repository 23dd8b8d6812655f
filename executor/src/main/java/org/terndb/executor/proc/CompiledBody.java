package org.terndb.executor.proc;

import java.util.Arrays;
import java.util.List;
import org.terndb.executor.TernSqlException;
import org.terndb.executor.expr.Expr;

/**
 * A procedure body compiled to JVM code ({@link BodySource} writes its Java source at CREATE time): the same
 * statements as the {@link Step} tree of its {@link Program}, with control flow as Java control flow and integer
 * variables in Java locals instead of boxed in the frame's slots. What it does not compile it leaves to the steps
 * themselves; it also falls back to a step wherever a value is not plain (NULL, an overflow, a subscript outside its
 * array, a key the column cannot hold), so every result and every error is the step's. Generated subclasses reach
 * the runtime only through public API: this package's, these helpers, and for a point read the frame's transaction
 * and context with the table and codecs the read was planned with.
 */
public abstract class CompiledBody {
    /** What {@link #element} returns for no plain element (and for the value itself; see {@link #hasElement}). */
    public static final long MISSING = IntegerOperand.MISSING;
    public static final Long ZERO = 0L;
    public static final Long ONE = 1L;

    /** The objects the generated code uses (steps, expressions, statements), in the order its source numbers them. */
    protected final Object[] constants;

    protected CompiledBody(Object[] constants) {
        this.constants = constants;
    }

    /**
     * The objects the generated code uses, in the order its source numbers them: the steps it calls, and for a
     * statement it runs as code of its own what that code reads (a {@link PointUpdate}, a table, codecs).
     */
    public List<Object> constants() {
        return Arrays.asList(constants.clone());
    }

    /** Runs the body in {@code frame} (its slots, transaction and context), as {@link Program#run} does. */
    public abstract void run(Frame frame);

    /** {@code e} located at {@code line} of the frame's procedure, as a step locates its errors. */
    public static TernSqlException located(TernSqlException e, Frame frame, int line) {
        return ProcedureException.at(e, frame.program().name(), line);
    }

    /** The condition of a loop or IF over the slots, as the interpreter tests it (UNKNOWN is false). */
    public static boolean isTrue(Expr condition, Object[] slots) {
        return IntegerComparison.isTrue(condition, slots);
    }

    /** The cardinality of an array value, or -1 for NULL. */
    public static long cardinality(Object array) {
        return array == null ? -1 : ArrayElements.length(array);
    }

    /** Element {@code i} (from 1) of an array value as a long, or {@link #MISSING} when it has none that is plain. */
    public static long element(Object array, long i) {
        if (array instanceof int[] ints) {
            return i >= 1 && i <= ints.length ? ints[(int) i - 1] : MISSING;
        }
        return array instanceof Object[] values && i >= 1 && i <= values.length
                && values[(int) i - 1] instanceof Long v ? v : MISSING;
    }

    /** Whether element {@code i} of an array value is a plain integer (what {@link #element} returned is one). */
    public static boolean hasElement(Object array, long i) {
        if (array instanceof int[] ints) {
            return i >= 1 && i <= ints.length;
        }
        return array instanceof Object[] values && i >= 1 && i <= values.length && values[(int) i - 1] instanceof Long;
    }

    /** An integer variable's value as its slot holds it. */
    public static Long box(long v) {
        return v;
    }
}
