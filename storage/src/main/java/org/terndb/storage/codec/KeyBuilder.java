package org.terndb.storage.codec;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigDecimal;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Writes one key at a time for a {@link KeyCodec} into a growable buffer, component by component in
 * key-column order, without boxing; {@link #toKey()} copies the result out. Stopping before the last
 * component gives a prefix key, the lower bound of a prefix range scan, and {@link #toPrefixSuccessor()}
 * its upper bound. Reused across keys ({@link #reset()}); not thread-safe, so keep one per worker.
 *
 * <p>Each {@code add} checks the next column's type and nullability and that integers fit the column
 * (TINYINT, SMALLINT, INTEGER, DATE), throwing {@link IllegalArgumentException} naming the column;
 * adding past the last column throws {@link IllegalStateException}. Declared string lengths and
 * DECIMAL precision are not checked, since search keys may exceed them.
 */
public final class KeyBuilder {
    private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    /** Null marker plus string terminator. */
    private static final int STRING_OVERHEAD = 3;

    private final KeyCodec codec;
    private byte[] buffer = new byte[32];
    private int length;
    private int components;
    /** Set after {@link #addStringPrefix}: nothing may follow a partial string. */
    private boolean closed;

    KeyBuilder(KeyCodec codec) {
        this.codec = codec;
    }

    public KeyCodec codec() {
        return codec;
    }

    /** Starts a new key. */
    public KeyBuilder reset() {
        length = 0;
        components = 0;
        closed = false;
        return this;
    }

    /** The next component is NULL; the column must be nullable. */
    public KeyBuilder addNull() {
        Column column = nextColumn();
        if (!column.nullable()) {
            throw new IllegalArgumentException(column.describe() + " is NOT NULL; a key cannot hold NULL there");
        }
        ensureCapacity(1);
        int start = length;
        buffer[length++] = KeyCodec.NULL_MARKER;
        finish(start);
        return this;
    }

    /** Next component, of any integral type (TINYINT, SMALLINT, INTEGER, BIGINT, DATE, TIMESTAMP). */
    public KeyBuilder addInt(int value) {
        return addLong(value);
    }

    /** Next component, of any integral type (TINYINT, SMALLINT, INTEGER, BIGINT, DATE, TIMESTAMP). */
    public KeyBuilder addLong(long value) {
        Column column = nextColumn();
        if (!column.type().isIntegral()) {
            throw column.wrongType("addLong");
        }
        column.checkIntegralRange(value);
        int start = beginValue(column, 8);
        switch (column.type().fixedWidth()) {
            case 1 -> buffer[length] = (byte) (value ^ 0x80);
            case 2 -> SHORT.set(buffer, length, (short) (value ^ 0x8000));
            case 4 -> INT.set(buffer, length, (int) value ^ Integer.MIN_VALUE);
            default -> LONG.set(buffer, length, value ^ Long.MIN_VALUE);
        }
        length += column.type().fixedWidth();
        finish(start);
        return this;
    }

    /** Next component, DECIMAL, as the unscaled value at the column's scale. */
    public KeyBuilder addDecimal(long unscaled) {
        Column column = nextColumn();
        column.requireType(ColumnType.DECIMAL, "addDecimal");
        int start = beginValue(column, 8);
        LONG.set(buffer, length, unscaled ^ Long.MIN_VALUE);
        length += 8;
        finish(start);
        return this;
    }

    /** Next component, REAL. */
    public KeyBuilder addFloat(float value) {
        Column column = nextColumn();
        column.requireType(ColumnType.REAL, "addFloat");
        int start = beginValue(column, 4);
        INT.set(buffer, length, flipFloat(value));
        length += 4;
        finish(start);
        return this;
    }

    /** Next component, DOUBLE. */
    public KeyBuilder addDouble(double value) {
        Column column = nextColumn();
        column.requireType(ColumnType.DOUBLE, "addDouble");
        int start = beginValue(column, 8);
        LONG.set(buffer, length, flipDouble(value));
        length += 8;
        finish(start);
        return this;
    }

    /** Next component, BOOLEAN. */
    public KeyBuilder addBoolean(boolean value) {
        Column column = nextColumn();
        column.requireType(ColumnType.BOOLEAN, "addBoolean");
        int start = beginValue(column, 1);
        buffer[length++] = value ? (byte) 1 : (byte) 0;
        finish(start);
        return this;
    }

    /** Next component, CHAR or VARCHAR; {@code null} adds NULL. Encoded without allocating. */
    public KeyBuilder addString(String value) {
        if (value == null) {
            return addNull();
        }
        Column column = nextStringColumn("addString");
        int end = column.type() == ColumnType.CHAR ? Utf8.trimmedEnd(value) : value.length();
        int start = beginValue(column, end * Utf8.MAX_BYTES_PER_CHAR + STRING_OVERHEAD);
        length = Utf8.encode(value, 0, end, buffer, length, true);
        buffer[length++] = 0;
        buffer[length++] = 0;
        finish(start);
        return this;
    }

    /** Next component, CHAR or VARCHAR, from UTF-8 bytes. */
    public KeyBuilder addString(byte[] utf8) {
        return addString(utf8, 0, utf8.length);
    }

    /**
     * Next component, CHAR or VARCHAR, from UTF-8 bytes, e.g. straight out of a row
     * ({@link RowCodec#stringOffset}). Any bytes are accepted and ordered unsigned-lexicographically.
     */
    public KeyBuilder addString(byte[] utf8, int offset, int count) {
        Column column = nextStringColumn("addString");
        if (column.type() == ColumnType.CHAR) {
            count = Utf8.trimmedLength(utf8, offset, count);
        }
        int start = beginValue(column, 2 * count + STRING_OVERHEAD);
        length = escape(utf8, offset, count);
        buffer[length++] = 0;
        buffer[length++] = 0;
        finish(start);
        return this;
    }

    /**
     * Ends the key with the first characters of a CHAR/VARCHAR component (no terminator): the key and
     * its {@link #toPrefixSuccessor()} then bound exactly the keys whose component starts with
     * {@code prefix} (e.g. {@code LIKE 'abc%'}). The component must be ascending; nothing can follow.
     * CHAR prefixes are used as given (trailing spaces kept).
     */
    public KeyBuilder addStringPrefix(String prefix) {
        Column column = nextStringColumn("addStringPrefix");
        if (codec.descending[components]) {
            throw new IllegalArgumentException(column.describe() + " is descending; a string prefix bound needs"
                    + " an ascending component (scan the range of the key prefix before it instead)");
        }
        int start = beginValue(column, prefix.length() * Utf8.MAX_BYTES_PER_CHAR);
        length = Utf8.encode(prefix, 0, prefix.length(), buffer, length, true);
        finish(start);
        closed = true;
        return this;
    }

    /**
     * Next component from a boxed value of the column type's {@link ColumnType#javaClass()} ({@code null}
     * = NULL; integral columns take any of Byte/Short/Integer/Long, DATE also a LocalDate, DOUBLE also a
     * Float). For loaders, tools and tests; hot paths use the typed methods.
     */
    public KeyBuilder add(Object value) {
        if (value == null) {
            return addNull();
        }
        Column column = nextColumn();
        return switch (column.type()) {
            case TINYINT, SMALLINT, INTEGER, BIGINT, DATE, TIMESTAMP -> addLong(column.boxedIntegral(value));
            case DECIMAL -> addDecimal(column.toUnscaled(column.boxedAs(value, BigDecimal.class)));
            case REAL -> addFloat(column.boxedAs(value, Float.class));
            case DOUBLE -> addDouble(column.boxedDouble(value));
            case BOOLEAN -> addBoolean(column.boxedAs(value, Boolean.class));
            case CHAR, VARCHAR -> addString(column.boxedAs(value, String.class));
        };
    }

    /**
     * Next component copied from column {@code col} of a row, without boxing or decoding strings: how
     * index keys are derived from rows. The row column must have the key column's type (and scale).
     */
    public KeyBuilder addFromRow(RowCodec rows, byte[] row, int col) {
        Column column = nextColumn();
        Column source = rows.columns[col];
        if (source.type() != column.type() || source.scale() != column.scale()) {
            throw new IllegalArgumentException("cannot key " + column.describe() + " from row " + source.describe());
        }
        if (rows.isNull(row, col)) {
            return addNull();
        }
        return switch (column.type()) {
            case TINYINT, SMALLINT, INTEGER, BIGINT, DATE, TIMESTAMP -> addLong(rows.getLong(row, col));
            case DECIMAL -> addDecimal(rows.getDecimalUnscaled(row, col));
            case REAL -> addFloat(rows.getFloat(row, col));
            case DOUBLE -> addDouble(rows.getDouble(row, col));
            case BOOLEAN -> addBoolean(rows.getBoolean(row, col));
            case CHAR, VARCHAR -> addString(row, rows.stringOffset(row, col), rows.stringLength(row, col));
        };
    }

    /** Components added since the last reset. */
    public int components() {
        return components;
    }

    /** Bytes written so far. */
    public int length() {
        return length;
    }

    /**
     * The internal buffer; the key is its bytes {@code [0, length())}. Valid until the builder changes:
     * for allocation-free lookups by APIs that take (array, length).
     */
    public byte[] buffer() {
        return buffer;
    }

    /** A copy of the key (or prefix key) built so far. */
    public byte[] toKey() {
        return Arrays.copyOf(buffer, length);
    }

    /** {@link KeyCodec#prefixSuccessor} of the key built so far ({@code null}: no upper bound). */
    public byte[] toPrefixSuccessor() {
        return KeyCodec.prefixSuccessor(buffer, length);
    }

    // ---- float order: positives get the sign bit flipped, negatives all bits --------------------

    static int flipFloat(float value) {
        int bits = Float.floatToIntBits(value == 0.0f ? 0.0f : value); // -0.0 -> 0.0, NaN canonical
        return bits ^ ((bits >> 31) | Integer.MIN_VALUE);
    }

    static int unflipFloat(int encoded) {
        return encoded ^ ((~encoded >> 31) | Integer.MIN_VALUE);
    }

    static long flipDouble(double value) {
        long bits = Double.doubleToLongBits(value == 0.0 ? 0.0 : value);
        return bits ^ ((bits >> 63) | Long.MIN_VALUE);
    }

    static long unflipDouble(long encoded) {
        return encoded ^ ((~encoded >> 63) | Long.MIN_VALUE);
    }

    // ---- component framing -----------------------------------------------------------------------

    private Column nextColumn() {
        if (closed) {
            throw new IllegalStateException("a string prefix ends the key; reset() to start another");
        }
        if (components == codec.columns.length) {
            throw new IllegalStateException("the key has only " + components + " columns " + codec.schema());
        }
        return codec.columns[components];
    }

    private Column nextStringColumn(String operation) {
        Column column = nextColumn();
        if (!column.type().isString()) {
            throw column.wrongType(operation);
        }
        return column;
    }

    /** Reserves room for the marker and {@code payload} bytes, writes the marker; returns the start. */
    private int beginValue(Column column, int payload) {
        ensureCapacity(payload + 1);
        int start = length;
        if (column.nullable()) {
            buffer[length++] = KeyCodec.VALUE_MARKER;
        }
        return start;
    }

    /** Ends the component started at {@code start}: inverts it if descending. */
    private void finish(int start) {
        if (codec.descending[components]) {
            for (int i = start; i < length; i++) {
                buffer[i] = (byte) ~buffer[i];
            }
        }
        components++;
    }

    private int escape(byte[] utf8, int offset, int count) {
        int at = length;
        for (int i = offset, end = offset + count; i < end; i++) {
            byte b = utf8[i];
            buffer[at++] = b;
            if (b == 0) {
                buffer[at++] = (byte) 0xFF;
            }
        }
        return at;
    }

    private void ensureCapacity(int extra) {
        if (buffer.length - length < extra) {
            buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, length + extra));
        }
    }
}
