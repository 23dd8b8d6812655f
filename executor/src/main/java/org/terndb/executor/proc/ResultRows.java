package org.terndb.executor.proc;

import java.util.List;
import org.terndb.executor.ResultColumn;

/** A result set a procedure returns to its caller: columns and materialised rows (internal values). */
public record ResultRows(List<ResultColumn> columns, List<Object[]> rows) {

    public ResultRows {
        columns = List.copyOf(columns);
    }
}
