package org.terndb.engine.proc;

import java.util.List;
import org.terndb.executor.proc.ResultRows;
import org.terndb.executor.proc.SlotType;

/**
 * What a CALL returned: its result sets in order, and the values and types of its OUT and INOUT parameters,
 * indexed by the {@code ?} marker that stands for them (null at markers of IN parameters). Values are
 * internal values (see {@link org.terndb.executor.expr.Values}); arrays are {@code Object[]}. CREATE and DROP
 * PROCEDURE return nothing. The arrays are read-only: calls may share one result (calls that return nothing, and
 * calls of one prepared CALL on one session that return no result set and the same OUT values as the last one).
 */
public record CallResult(List<ResultRows> resultSets, Object[] outValues, SlotType[] outTypes) {
    /** The result of CREATE and DROP PROCEDURE: no result sets, no OUT values. */
    public static final CallResult NONE = new CallResult(List.of(), new Object[0], new SlotType[0]);

    public CallResult {
        resultSets = resultSets.isEmpty() ? List.of() : List.copyOf(resultSets); // most calls return no result set
    }

    /** The update count JDBC reports for a call: 0 (a procedure's own statements' counts are ROW_COUNT()). */
    public long updateCount() {
        return 0;
    }
}
