package org.terndb.sql.proc;

import org.terndb.sql.ddl.DataType;

/**
 * The declared type of a parameter or variable: a column type ({@link DataType}, as in CREATE TABLE), or an
 * array of one ({@code INT ARRAY}, {@code VARCHAR(16) ARRAY[15]}). {@code maxCardinality} is 0 when the
 * array is unbounded.
 */
public record ProcType(DataType element, boolean array, int maxCardinality) {

    public static ProcType scalar(DataType type) {
        return new ProcType(type, false, 0);
    }

    @Override
    public String toString() {
        if (!array) {
            return element.toString();
        }
        return element + " ARRAY" + (maxCardinality > 0 ? "[" + maxCardinality + "]" : "");
    }
}
