package org.terndb.executor.access;

import org.terndb.executor.Cursor;

/** No rows. */
public final class EmptyCursor implements Cursor {
    public static final Cursor INSTANCE = new EmptyCursor();

    private EmptyCursor() {
    }

    @Override
    public boolean next() {
        return false;
    }

    @Override
    public Object[] row() {
        throw new IllegalStateException("no current row");
    }
}
