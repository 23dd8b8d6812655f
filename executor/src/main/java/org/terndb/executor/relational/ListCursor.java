package org.terndb.executor.relational;

import java.util.List;
import org.terndb.executor.Cursor;

/** Produces rows held in a list (the output of blocking operators). */
public final class ListCursor implements Cursor {
    private final List<Object[]> rows;
    private int next;
    private Object[] current;

    public ListCursor(List<Object[]> rows) {
        this.rows = rows;
    }

    @Override
    public boolean next() {
        if (next == rows.size()) {
            return false;
        }
        current = rows.get(next++);
        return true;
    }

    @Override
    public Object[] row() {
        return current;
    }
}
