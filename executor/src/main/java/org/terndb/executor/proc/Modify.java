package org.terndb.executor.proc;

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
            frame.setRowCount(statement.modify(frame));
        } catch (TernSqlException e) {
            throw located(e, frame);
        }
        return NEXT;
    }

    @Override
    public String describe() {
        return "Modify(" + statement.describe() + (statement.pointUpdate() != null ? ", point update" : "") + ")";
    }

    public EmbeddedStatement statement() {
        return statement;
    }
}
