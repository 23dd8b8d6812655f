package org.terndb.storage.codec;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Reads single columns out of immutable row arrays laid out for one {@link Schema}, without decoding
 * the rest of the row; {@link #newBuilder()} makes the rows. A reader never sees a half-written row and
 * needs no lock: the transaction layer hands out rows that no commit writes afterwards.
 *
 * <h2>Row format (little-endian, the native order of our targets)</h2>
 * <pre>
 *  [null bitmap][fixed slots, in column order][variable area]
 * </pre>
 * <ul>
 *   <li><b>Null bitmap</b>: one bit per <em>nullable</em> column (NOT NULL columns have none), the j-th
 *       nullable column at byte {@code j >>> 3}, bit {@code j & 7} (LSB first); 1 = NULL.
 *       {@code ceil(nullableColumns / 8)} bytes, possibly 0.</li>
 *   <li><b>Fixed slots</b>, one per column, unaligned: TINYINT, BOOLEAN (0/1) 1 byte; SMALLINT 2;
 *       INTEGER, DATE, REAL 4; BIGINT, TIMESTAMP, DECIMAL (unscaled), DOUBLE 8. A CHAR/VARCHAR slot holds
 *       the <em>end</em> offset (from the row start, exclusive) of the column's bytes in the variable area,
 *       as an unsigned 2-byte value when no row of the schema can exceed 65535 bytes (computed from the
 *       declared lengths at 4 bytes per code point), else as a 4-byte int. A NULL column's slot is 0
 *       (strings: empty), so equal values give byte-equal rows.</li>
 *   <li><b>Variable area</b>: the UTF-8 bytes of the string columns, in column order, back to back; a
 *       string column starts where the previous string column ends (the first at the end of the fixed
 *       part).</li>
 * </ul>
 *
 * <p><b>CHAR(n)</b> values are stored without trailing spaces and read back that way (as PostgreSQL
 * returns {@code bpchar} for comparison). Equality therefore follows SQL's PAD SPACE rule; byte-wise
 * ordering of the stored forms matches PAD SPACE ordering except when one trimmed value is a prefix of
 * the other and the longer continues with a character below U+0020 (PAD SPACE puts it first).
 *
 * <p>Getters return 0, {@code false} or {@code null} for a NULL column; call {@link #isNull} when 0 is
 * ambiguous. They do not check that the array is a row of this schema. Thread-safe and immutable.
 */
public final class RowCodec {
    static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    static final VarHandle FLOAT = MethodHandles.byteArrayViewVarHandle(float[].class, ByteOrder.LITTLE_ENDIAN);
    static final VarHandle DOUBLE = MethodHandles.byteArrayViewVarHandle(double[].class, ByteOrder.LITTLE_ENDIAN);

    private static final int MAX_SHORT_OFFSET = 0xFFFF;

    private final Schema schema;
    final Column[] columns;
    final ColumnType[] types;
    /** Offset of each column's fixed slot. */
    final int[] slot;
    /** Bit index of each column in the null bitmap, -1 for NOT NULL columns. */
    final int[] nullBit;
    /** For string columns, the slot holding the previous string column's end offset; -1 for the first. */
    private final int[] previousEndSlot;
    /** Indexes of the string columns, in column order. */
    final int[] stringColumns;
    /** Length of bitmap + slots: where the variable area starts. */
    final int fixedEnd;
    final boolean wideOffsets;
    /** The fixed part of a row with every nullable column NULL and nothing else set. */
    final byte[] emptyFixedPart;
    /** One bit per column: set for NOT NULL columns, which a builder must be given. */
    final long[] requiredColumns;

    private RowCodec(Schema schema) {
        this.schema = schema;
        int n = schema.size();
        columns = schema.columns().toArray(new Column[0]);
        types = new ColumnType[n];
        slot = new int[n];
        nullBit = new int[n];
        previousEndSlot = new int[n];
        requiredColumns = new long[(n + 63) >>> 6];

        int nullable = 0;
        int strings = 0;
        long fixedSlots = 0;
        long maxVariable = 0;
        for (int i = 0; i < n; i++) {
            types[i] = columns[i].type();
            nullBit[i] = columns[i].nullable() ? nullable++ : -1;
            if (!columns[i].nullable()) {
                requiredColumns[i >>> 6] |= 1L << i;
            }
            if (types[i].isString()) {
                strings++;
                maxVariable += (long) columns[i].precision() * Utf8.MAX_BYTES_PER_CODE_POINT;
            } else {
                fixedSlots += types[i].fixedWidth();
            }
        }
        int nullBytes = (nullable + 7) >>> 3;
        wideOffsets = nullBytes + fixedSlots + 2L * strings + maxVariable > MAX_SHORT_OFFSET;
        int offsetWidth = wideOffsets ? 4 : 2;
        if (nullBytes + fixedSlots + (long) offsetWidth * strings + maxVariable > Integer.MAX_VALUE - 16) {
            throw new IllegalArgumentException("rows of schema " + schema + " could exceed 2 GiB");
        }

        stringColumns = new int[strings];
        int at = nullBytes;
        int previous = -1;
        for (int i = 0, s = 0; i < n; i++) {
            slot[i] = at;
            if (types[i].isString()) {
                stringColumns[s++] = i;
                previousEndSlot[i] = previous;
                previous = at;
                at += offsetWidth;
            } else {
                previousEndSlot[i] = -1;
                at += types[i].fixedWidth();
            }
        }
        fixedEnd = at;

        emptyFixedPart = new byte[fixedEnd];
        for (int i = 0; i < n; i++) {
            if (nullBit[i] >= 0) {
                emptyFixedPart[nullBit[i] >>> 3] |= (byte) (1 << (nullBit[i] & 7));
            }
        }
        // An all-NULL row has empty strings: every end offset is the start of the variable area.
        for (int c : stringColumns) {
            writeOffset(emptyFixedPart, slot[c], fixedEnd);
        }
    }

    /** The codec for rows of {@code schema}; make one per table (schema version) and share it. */
    public static RowCodec of(Schema schema) {
        return new RowCodec(schema);
    }

    public Schema schema() {
        return schema;
    }

    /** A new builder; builders are reusable but not thread-safe, so keep one per worker. */
    public RowBuilder newBuilder() {
        return new RowBuilder(this);
    }

    public boolean isNull(byte[] row, int col) {
        int bit = nullBit[col];
        return bit >= 0 && (row[bit >>> 3] & (1 << (bit & 7))) != 0;
    }

    /** TINYINT, SMALLINT, INTEGER or DATE. */
    public int getInt(byte[] row, int col) {
        int at = slot[col];
        return switch (types[col]) {
            case TINYINT -> row[at];
            case SMALLINT -> (short) SHORT.get(row, at);
            case INTEGER, DATE -> (int) INT.get(row, at);
            default -> throw columns[col].wrongType("getInt");
        };
    }

    /** Any integral type (TINYINT, SMALLINT, INTEGER, BIGINT, DATE, TIMESTAMP), widened to long. */
    public long getLong(byte[] row, int col) {
        int at = slot[col];
        return switch (types[col]) {
            case BIGINT, TIMESTAMP -> (long) LONG.get(row, at);
            case TINYINT -> row[at];
            case SMALLINT -> (short) SHORT.get(row, at);
            case INTEGER, DATE -> (int) INT.get(row, at);
            default -> throw columns[col].wrongType("getLong");
        };
    }

    /** The unscaled value of a DECIMAL column (scale is the column's). */
    public long getDecimalUnscaled(byte[] row, int col) {
        if (types[col] != ColumnType.DECIMAL) {
            throw columns[col].wrongType("getDecimalUnscaled");
        }
        return (long) LONG.get(row, slot[col]);
    }

    /** REAL. */
    public float getFloat(byte[] row, int col) {
        if (types[col] != ColumnType.REAL) {
            throw columns[col].wrongType("getFloat");
        }
        return (float) FLOAT.get(row, slot[col]);
    }

    /** DOUBLE, or REAL widened. */
    public double getDouble(byte[] row, int col) {
        return switch (types[col]) {
            case DOUBLE -> (double) DOUBLE.get(row, slot[col]);
            case REAL -> (float) FLOAT.get(row, slot[col]);
            default -> throw columns[col].wrongType("getDouble");
        };
    }

    public boolean getBoolean(byte[] row, int col) {
        if (types[col] != ColumnType.BOOLEAN) {
            throw columns[col].wrongType("getBoolean");
        }
        return row[slot[col]] != 0;
    }

    /** CHAR or VARCHAR as a new String ({@code null} for NULL); see {@link #stringOffset} to avoid it. */
    public String getString(byte[] row, int col) {
        int start = stringOffset(row, col);
        int end = readOffset(row, slot[col]);
        if (start == end && isNull(row, col)) {
            return null;
        }
        return new String(row, start, end - start, StandardCharsets.UTF_8);
    }

    /**
     * Where a CHAR/VARCHAR column's UTF-8 bytes start in {@code row}; with {@link #stringLength} this
     * gives zero-copy access for comparisons ({@code Arrays.compareUnsigned/equals} on ranges) and for
     * {@link KeyBuilder#addString(byte[], int, int)}. A NULL column has length 0.
     */
    public int stringOffset(byte[] row, int col) {
        if (!types[col].isString()) {
            throw columns[col].wrongType("stringOffset");
        }
        int previous = previousEndSlot[col];
        return previous < 0 ? fixedEnd : readOffset(row, previous);
    }

    /** Number of UTF-8 bytes of a CHAR/VARCHAR column (0 for NULL). */
    public int stringLength(byte[] row, int col) {
        int start = stringOffset(row, col); // checks the type before the slot is read as an offset
        return readOffset(row, slot[col]) - start;
    }

    /** The column as its boxed value ({@link ColumnType#javaClass()}), or {@code null}; for tools and tests. */
    public Object get(byte[] row, int col) {
        if (isNull(row, col)) {
            return null;
        }
        return switch (types[col]) {
            case TINYINT -> (byte) getInt(row, col);
            case SMALLINT -> (short) getInt(row, col);
            case INTEGER, DATE -> getInt(row, col);
            case BIGINT, TIMESTAMP -> getLong(row, col);
            case DECIMAL -> columns[col].fromUnscaled(getDecimalUnscaled(row, col));
            case REAL -> getFloat(row, col);
            case DOUBLE -> getDouble(row, col);
            case BOOLEAN -> getBoolean(row, col);
            case CHAR, VARCHAR -> getString(row, col);
        };
    }

    /** Every column boxed, as {@link #get} gives them; for tools and tests. */
    public Object[] decode(byte[] row) {
        Object[] values = new Object[columns.length];
        for (int i = 0; i < values.length; i++) {
            values[i] = get(row, i);
        }
        return values;
    }

    int readOffset(byte[] row, int at) {
        return wideOffsets ? (int) INT.get(row, at) : (short) SHORT.get(row, at) & 0xFFFF;
    }

    void writeOffset(byte[] row, int at, int offset) {
        if (wideOffsets) {
            INT.set(row, at, offset);
        } else {
            SHORT.set(row, at, (short) offset);
        }
    }
}
