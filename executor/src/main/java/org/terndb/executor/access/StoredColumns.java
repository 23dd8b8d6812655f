package org.terndb.executor.access;

import org.terndb.executor.meta.TableMeta;
import org.terndb.storage.codec.Column;
import org.terndb.storage.codec.RowCodec;

/**
 * The result columns of a point query as positions in the one stored row it reads ({@link IndexGet}, or a
 * projection of columns over one). A result can then keep the stored row, which is immutable once read, and
 * decode only the columns its reader asks for: a client reading 3 of 34 columns pays for 3. Made with the plan,
 * immutable, shared by its executions.
 */
public final class StoredColumns {
    private final RowCodec codec;
    /** Per result column: its schema column and its position in the stored row. */
    private final Column[] columns;
    private final int[] positions;
    private final boolean[] integer;

    StoredColumns(TableMeta table, int[] positions) {
        this.codec = table.rowCodec();
        this.positions = positions.clone();
        this.columns = new Column[positions.length];
        this.integer = new boolean[positions.length];
        for (int i = 0; i < positions.length; i++) {
            columns[i] = codec.schema().column(positions[i]);
            integer[i] = switch (columns[i].type()) {
                case TINYINT, SMALLINT, INTEGER, BIGINT -> true;
                default -> false;
            };
        }
    }

    /** The result columns of {@code table}'s rows in table order. */
    static StoredColumns all(TableMeta table) {
        int[] positions = new int[table.columnCount()];
        for (int c = 0; c < positions.length; c++) {
            positions[c] = c;
        }
        return new StoredColumns(table, positions);
    }

    /** The number of result columns. */
    public int size() {
        return positions.length;
    }

    /** Result column {@code i} (0-based) of {@code row} as an internal value, or null. */
    public Object value(byte[] row, int i) {
        return StoredRow.column(codec, columns[i], row, positions[i]);
    }

    public boolean isNull(byte[] row, int i) {
        return codec.isNull(row, positions[i]);
    }

    /** True if result column {@code i} is TINYINT, SMALLINT, INTEGER or BIGINT, so {@link #getLong} reads it. */
    public boolean isInteger(int i) {
        return integer[i];
    }

    /** Result column {@code i} of {@code row}, an integer column that is not null, without boxing. */
    public long getLong(byte[] row, int i) {
        return codec.getLong(row, positions[i]);
    }

    /** Every result column of {@code row}, decoded into a new array. */
    public Object[] decode(byte[] row) {
        Object[] out = new Object[positions.length];
        for (int i = 0; i < positions.length; i++) {
            out[i] = StoredRow.column(codec, columns[i], row, positions[i]);
        }
        return out;
    }
}
