package org.terndb.executor.join;

/** Builds joined rows: the left row's columns, then the right row's (NULLs for a missing side). */
final class JoinRows {
    private JoinRows() {
    }

    static Object[] concat(Object[] left, int leftWidth, Object[] right, int rightWidth) {
        Object[] out = new Object[leftWidth + rightWidth];
        if (left != null) {
            System.arraycopy(left, 0, out, 0, leftWidth);
        }
        if (right != null) {
            System.arraycopy(right, 0, out, leftWidth, rightWidth);
        }
        return out;
    }
}
