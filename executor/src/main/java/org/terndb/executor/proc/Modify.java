package org.terndb.executor.proc;

import org.terndb.executor.Cursor;
import org.terndb.executor.TernSqlException;

/** INSERT, UPDATE or DELETE; ROW_COUNT() becomes the number of rows it changed. */
public final class Modify extends Step {
    private final EmbeddedStatement statement;

    public Modify(int line, EmbeddedStatement statement) {
        super(line);
        this.statement = statement;
    }

    @Override
    public int run(Frame frame) {
        try {
            Object[] count;
            if (statement.singleRow()) {
                count = statement.fetchOne(frame);
            } else {
                Cursor cursor = statement.open(frame);
                count = cursor.next() ? cursor.row() : null;
            }
            frame.setRowCount(count != null ? ((Number) count[0]).longValue() : 0);
        } catch (TernSqlException e) {
            throw located(e, frame);
        }
        return NEXT;
    }

    @Override
    public String describe() {
        return "Modify(" + statement.describe() + ")";
    }

    public EmbeddedStatement statement() {
        return statement;
    }
}
