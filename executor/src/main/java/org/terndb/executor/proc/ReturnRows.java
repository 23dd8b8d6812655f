package org.terndb.executor.proc;

import java.util.List;
import org.terndb.executor.TernSqlException;

/** A SELECT without INTO: its rows become a result set of the call; ROW_COUNT() is their number. */
public final class ReturnRows extends Step {
    private final EmbeddedStatement query;

    public ReturnRows(int line, EmbeddedStatement query) {
        super(line);
        this.query = query;
    }

    @Override
    public int run(Frame frame) {
        try {
            List<Object[]> rows = query.rows(frame);
            frame.addResult(new ResultRows(query.columns(), rows));
            frame.setRowCount(rows.size());
        } catch (TernSqlException e) {
            throw located(e, frame);
        }
        return NEXT;
    }

    @Override
    public String describe() {
        return "ReturnRows(" + query.describe() + ")";
    }

    public EmbeddedStatement query() {
        return query;
    }
}
