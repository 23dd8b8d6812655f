package org.terndb.storage.codec;

import java.math.BigDecimal;
import java.util.Arrays;

/**
 * Assembles rows for one {@link RowCodec}: set columns by index in any order, then {@link #build()} a
 * new immutable array. The builder is reused across rows (only {@code build()} allocates, plus buffer
 * growth for longer strings than seen before), so keep one per worker; it is not thread-safe.
 *
 * <p>After {@link #reset()} every nullable column is NULL and every NOT NULL column must be set before
 * {@code build()}. For UPDATE, {@link #from(byte[])} starts from an existing row (string bytes are not
 * copied until {@code build()}), then only the changed columns are set.
 *
 * <p>Setters check what the codec can check cheaply and throw {@link IllegalArgumentException} naming
 * the column: wrong type for the setter, NULL into NOT NULL, integers outside TINYINT/SMALLINT/INTEGER
 * range, DECIMAL digits beyond the precision, and strings longer than the declared length (CHAR values
 * are measured after trailing spaces are dropped). UTF-8 passed as bytes is assumed well-formed.
 */
public final class RowBuilder {
    private final RowCodec codec;
    /** Bitmap and slots of the row being built; string slots are written by {@link #build()}. */
    private final byte[] fixed;
    private final long[] assigned;
    /** Where each string column's bytes are now: the scratch buffer or a source row (immutable). */
    private final byte[][] stringArray;
    private final int[] stringOffset;
    private final int[] stringLength;
    private byte[] scratch = new byte[64];
    private int scratchUsed;

    RowBuilder(RowCodec codec) {
        this.codec = codec;
        int n = codec.columns.length;
        fixed = new byte[codec.fixedEnd];
        assigned = new long[(n + 63) >>> 6];
        stringArray = new byte[n][];
        stringOffset = new int[n];
        stringLength = new int[n];
        reset();
    }

    public RowCodec codec() {
        return codec;
    }

    /** Forgets all values: nullable columns become NULL, NOT NULL columns unset. */
    public RowBuilder reset() {
        System.arraycopy(codec.emptyFixedPart, 0, fixed, 0, fixed.length);
        Arrays.fill(assigned, 0L);
        for (int c : codec.stringColumns) {
            stringArray[c] = null;
            stringLength[c] = 0;
        }
        scratchUsed = 0;
        return this;
    }

    /** Starts over from the values of {@code row}, which must be a row of this builder's codec. */
    public RowBuilder from(byte[] row) {
        System.arraycopy(row, 0, fixed, 0, fixed.length);
        Arrays.fill(assigned, -1L);
        for (int c : codec.stringColumns) {
            stringArray[c] = row;
            stringOffset[c] = codec.stringOffset(row, c);
            stringLength[c] = codec.stringLength(row, c);
        }
        scratchUsed = 0;
        return this;
    }

    public RowBuilder setNull(int col) {
        Column column = codec.columns[col];
        int bit = codec.nullBit[col];
        if (bit < 0) {
            throw new IllegalArgumentException(column.describe() + " is NOT NULL; NULL is not allowed");
        }
        fixed[bit >>> 3] |= (byte) (1 << (bit & 7));
        if (column.type().isString()) {
            stringArray[col] = null;
            stringLength[col] = 0;
        } else {
            Arrays.fill(fixed, codec.slot[col], codec.slot[col] + column.type().fixedWidth(), (byte) 0);
        }
        markAssigned(col);
        return this;
    }

    /** Any integral column (TINYINT, SMALLINT, INTEGER, BIGINT, DATE, TIMESTAMP); range-checked. */
    public RowBuilder setInt(int col, int value) {
        return setLong(col, value);
    }

    /** Any integral column (TINYINT, SMALLINT, INTEGER, BIGINT, DATE, TIMESTAMP); range-checked. */
    public RowBuilder setLong(int col, long value) {
        int at = codec.slot[col];
        switch (codec.types[col]) {
            case BIGINT, TIMESTAMP -> RowCodec.LONG.set(fixed, at, value);
            case INTEGER, DATE -> {
                codec.columns[col].checkIntegralRange(value);
                RowCodec.INT.set(fixed, at, (int) value);
            }
            case SMALLINT -> {
                codec.columns[col].checkIntegralRange(value);
                RowCodec.SHORT.set(fixed, at, (short) value);
            }
            case TINYINT -> {
                codec.columns[col].checkIntegralRange(value);
                fixed[at] = (byte) value;
            }
            default -> throw codec.columns[col].wrongType("setLong");
        }
        markPresent(col);
        return this;
    }

    /** DECIMAL, as the unscaled value at the column's scale; checked against the precision. */
    public RowBuilder setDecimal(int col, long unscaled) {
        Column column = codec.columns[col];
        column.requireType(ColumnType.DECIMAL, "setDecimal");
        column.checkPrecision(unscaled);
        RowCodec.LONG.set(fixed, codec.slot[col], unscaled);
        markPresent(col);
        return this;
    }

    /** REAL. */
    public RowBuilder setFloat(int col, float value) {
        codec.columns[col].requireType(ColumnType.REAL, "setFloat");
        RowCodec.FLOAT.set(fixed, codec.slot[col], value);
        markPresent(col);
        return this;
    }

    /** DOUBLE (a REAL column takes {@link #setFloat}: narrowing is the caller's decision). */
    public RowBuilder setDouble(int col, double value) {
        codec.columns[col].requireType(ColumnType.DOUBLE, "setDouble");
        RowCodec.DOUBLE.set(fixed, codec.slot[col], value);
        markPresent(col);
        return this;
    }

    public RowBuilder setBoolean(int col, boolean value) {
        codec.columns[col].requireType(ColumnType.BOOLEAN, "setBoolean");
        fixed[codec.slot[col]] = value ? (byte) 1 : (byte) 0;
        markPresent(col);
        return this;
    }

    /** CHAR or VARCHAR; {@code null} sets NULL. Encoded to UTF-8 without allocating. */
    public RowBuilder setString(int col, String value) {
        if (value == null) {
            return setNull(col);
        }
        Column column = stringColumn(col, "setString");
        int end = column.type() == ColumnType.CHAR ? Utf8.trimmedEnd(value) : value.length();
        Utf8.checkMaxLength(column, value, end);
        int start = reserveScratch(end * Utf8.MAX_BYTES_PER_CHAR);
        scratchUsed = Utf8.encode(value, 0, end, scratch, start, false);
        stage(col, scratch, start, scratchUsed - start);
        return this;
    }

    /** CHAR or VARCHAR from well-formed UTF-8 bytes, which are copied (the caller may reuse its array). */
    public RowBuilder setString(int col, byte[] utf8, int offset, int length) {
        Column column = stringColumn(col, "setString");
        if (column.type() == ColumnType.CHAR) {
            length = Utf8.trimmedLength(utf8, offset, length);
        }
        Utf8.checkMaxLength(column, utf8, offset, length);
        int start = reserveScratch(length);
        System.arraycopy(utf8, offset, scratch, start, length);
        scratchUsed = start + length;
        stage(col, scratch, start, length);
        return this;
    }

    /**
     * Sets a boxed value ({@code null} = NULL) of the column type's {@link ColumnType#javaClass()}; integral
     * columns take any of Byte/Short/Integer/Long, DATE also a {@link java.time.LocalDate}, DOUBLE also a Float.
     * For loaders, tools and tests; hot paths use the typed setters.
     */
    public RowBuilder set(int col, Object value) {
        if (value == null) {
            return setNull(col);
        }
        Column column = codec.columns[col];
        switch (column.type()) {
            case TINYINT, SMALLINT, INTEGER, BIGINT, DATE, TIMESTAMP -> setLong(col, column.boxedIntegral(value));
            case DECIMAL -> setDecimal(col, column.toUnscaled(column.boxedAs(value, BigDecimal.class)));
            case REAL -> setFloat(col, column.boxedAs(value, Float.class));
            case DOUBLE -> setDouble(col, column.boxedDouble(value));
            case BOOLEAN -> setBoolean(col, column.boxedAs(value, Boolean.class));
            case CHAR, VARCHAR -> setString(col, column.boxedAs(value, String.class));
        }
        return this;
    }

    /** A new row array holding the values set so far; the builder keeps them for further rows. */
    public byte[] build() {
        long[] required = codec.requiredColumns;
        for (int w = 0; w < required.length; w++) {
            long missing = required[w] & ~assigned[w];
            if (missing != 0) {
                Column column = codec.columns[(w << 6) + Long.numberOfTrailingZeros(missing)];
                throw new IllegalStateException(column.describe() + " is NOT NULL but was not set");
            }
        }
        int[] strings = codec.stringColumns;
        int length = fixed.length;
        for (int c : strings) {
            length += stringLength[c];
        }
        byte[] row = new byte[length];
        System.arraycopy(fixed, 0, row, 0, fixed.length);
        int at = fixed.length;
        for (int c : strings) {
            int n = stringLength[c];
            if (n > 0) {
                System.arraycopy(stringArray[c], stringOffset[c], row, at, n);
                at += n;
            }
            codec.writeOffset(row, codec.slot[c], at);
        }
        return row;
    }

    /**
     * The values this builder holds for {@code columns} (at most 64, all of them set and none a CHAR or VARCHAR), as a
     * patch that writes them into a copy of any row of the codec ({@link FixedPatch#applyTo}); the builder is
     * unchanged. The patch keeps {@code columns}: the caller must not change the array afterwards.
     */
    public FixedPatch fixedPatch(int[] columns) {
        if (columns.length > Long.SIZE) {
            throw new IllegalArgumentException("a FixedPatch sets at most 64 columns, not " + columns.length);
        }
        for (int c : columns) {
            Column column = codec.columns[c];
            if (column.type().isString()) {
                throw new IllegalArgumentException(column.describe() + " is not fixed-width: a FixedPatch cannot "
                        + "set it");
            }
            if ((assigned[c >>> 6] & 1L << c) == 0) {
                throw new IllegalStateException(column.describe() + " was not set: a FixedPatch needs its value");
            }
        }
        return new FixedPatch(codec, columns, fixed);
    }

    private void markAssigned(int col) {
        assigned[col >>> 6] |= 1L << col;
    }

    private void markPresent(int col) {
        int bit = codec.nullBit[col];
        if (bit >= 0) {
            fixed[bit >>> 3] &= (byte) ~(1 << (bit & 7));
        }
        markAssigned(col);
    }

    private Column stringColumn(int col, String operation) {
        Column column = codec.columns[col];
        if (!column.type().isString()) {
            throw column.wrongType(operation);
        }
        return column;
    }

    private void stage(int col, byte[] array, int offset, int length) {
        stringArray[col] = array;
        stringOffset[col] = offset;
        stringLength[col] = length;
        markPresent(col);
    }

    /**
     * Returns where {@code bytes} more fit in the scratch buffer. On growth the old array is left to
     * the columns staged in it, so their (offset, length) stay valid.
     */
    private int reserveScratch(int bytes) {
        if (scratch.length - scratchUsed < bytes) {
            scratch = new byte[Math.max(scratch.length * 2, bytes + 64)];
            scratchUsed = 0;
        }
        return scratchUsed;
    }
}
