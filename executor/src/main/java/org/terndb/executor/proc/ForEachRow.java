package org.terndb.executor.proc;

import java.util.List;
import org.terndb.executor.TernSqlException;

/**
 * {@code FOR r AS SELECT ... DO ... END FOR}: runs the body once per row, with the row's columns in the slots
 * of {@code r.column}. The query's rows are read first (so the body may change the rows it loops over without
 * seeing its own changes, as UPDATE does); afterwards ROW_COUNT() is the number of rows.
 */
public final class ForEachRow extends Step {
    private final int label;
    private final EmbeddedStatement query;
    private final int firstSlot;
    private final Step body;

    /** @param firstSlot the slot of the row's first column; the others follow */
    public ForEachRow(int line, int label, EmbeddedStatement query, int firstSlot, Step body) {
        super(line);
        this.label = label;
        this.query = query;
        this.firstSlot = firstSlot;
        this.body = body;
    }

    @Override
    public int run(Frame frame) {
        List<Object[]> rows;
        try {
            rows = query.rows(frame);
        } catch (TernSqlException e) {
            throw located(e, frame);
        }
        Object[] slots = frame.slots();
        for (Object[] row : rows) {
            System.arraycopy(row, 0, slots, firstSlot, row.length);
            int jump = body.run(frame);
            if (jump != NEXT && !(label != 0 && jump == iterate(label))) {
                if (label != 0 && jump == leave(label)) {
                    break;
                }
                return jump;
            }
        }
        frame.setRowCount(rows.size());
        return NEXT;
    }

    @Override
    public String describe() {
        return "ForEachRow(" + query.describe() + ")" + (label != 0 ? " label " + label : "");
    }

    @Override
    public List<Step> children() {
        return List.of(body);
    }

    public EmbeddedStatement query() {
        return query;
    }
}
