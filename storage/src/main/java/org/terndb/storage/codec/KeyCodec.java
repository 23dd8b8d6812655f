package org.terndb.storage.codec;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Order-preserving encoding of typed composite keys into {@code byte[]}, so that the index's unsigned
 * lexicographic byte order ({@link Arrays#compareUnsigned(byte[], byte[])}) is SQL order, component by
 * component. Keys are made with a reusable {@link KeyBuilder} ({@link #newBuilder()}); one codec per
 * index, immutable and thread-safe.
 *
 * <h2>Key format</h2>
 * A key is its components' encodings back to back. Each encoding is self-delimiting, so no encoding is
 * a proper prefix of another and a key built from the first k components is a byte prefix of every
 * full key that starts with them; that is what makes prefix range scans work (see
 * {@link #prefixSuccessor}). Per component, in order:
 * <ul>
 *   <li><b>Null marker</b>, only if the column is nullable: {@link #NULL_MARKER} 0x00 for NULL (nothing
 *       follows), {@link #VALUE_MARKER} 0x01 before a value. NULL thus sorts before every value.</li>
 *   <li><b>Integers</b> (TINYINT 1, SMALLINT 2, INTEGER/DATE 4, BIGINT/TIMESTAMP 8 bytes) and
 *       <b>DECIMAL</b> (its unscaled {@code long}, 8 bytes; one scale per column, so the caller rescales
 *       search values): big-endian two's complement with the sign bit flipped.</li>
 *   <li><b>REAL/DOUBLE</b> (4/8 bytes): IEEE bits big-endian; positive values get the sign bit flipped,
 *       negative values all bits. -0.0 is encoded as 0.0 and every NaN as the canonical NaN, which sorts
 *       after +Infinity. Decoding returns 0.0 and the canonical NaN.</li>
 *   <li><b>BOOLEAN</b>: 0x00 false, 0x01 true.</li>
 *   <li><b>CHAR/VARCHAR</b>: the UTF-8 bytes with each 0x00 written as 0x00 0xFF, then the terminator
 *       0x00 0x00. A string therefore sorts before its extensions, and strings order by Unicode code
 *       point (binary collation). CHAR values are encoded without trailing spaces, as rows store them.
 *       Declared lengths are not checked here: a search key may legitimately be longer.</li>
 *   <li><b>Descending</b> components are encoded as above (marker included) with every byte inverted,
 *       which reverses their order; so NULL comes first in ascending and last in descending components
 *       (NULL is the smallest value, as in SQLite, MySQL and SQL Server).</li>
 * </ul>
 */
public final class KeyCodec {
    /** Null marker byte of a NULL component (ascending; inverted in descending components). */
    public static final byte NULL_MARKER = 0x00;
    /** Null marker byte before a value (ascending; inverted in descending components). */
    public static final byte VALUE_MARKER = 0x01;

    private final Schema schema;
    final Column[] columns;
    final boolean[] descending;

    private KeyCodec(Schema schema, boolean[] descending) {
        if (descending.length != schema.size()) {
            throw new IllegalArgumentException("need one direction per key column: " + schema.size()
                    + " columns, " + descending.length + " directions");
        }
        this.schema = schema;
        this.columns = schema.columns().toArray(new Column[0]);
        this.descending = descending.clone();
    }

    /** A codec for keys of these columns, all ascending. */
    public static KeyCodec of(Schema keyColumns) {
        return new KeyCodec(keyColumns, new boolean[keyColumns.size()]);
    }

    /** A codec for keys of these columns, with one direction flag per column (true = descending). */
    public static KeyCodec of(Schema keyColumns, boolean... descending) {
        return new KeyCodec(keyColumns, descending);
    }

    /** The key columns, in key order. */
    public Schema schema() {
        return schema;
    }

    public boolean isDescending(int component) {
        return descending[component];
    }

    /** A new builder; builders are reusable but not thread-safe, so keep one per worker. */
    public KeyBuilder newBuilder() {
        return new KeyBuilder(this);
    }

    /**
     * The key of boxed values ({@link ColumnType#javaClass()}, {@code null} = NULL), or of a prefix when
     * fewer values than columns are given. For loaders, tools and tests; hot paths use a builder.
     */
    public byte[] encode(Object... values) {
        KeyBuilder builder = newBuilder();
        for (Object value : values) {
            builder.add(value);
        }
        return builder.toKey();
    }

    /**
     * The boxed components of a key (or of a prefix key: fewer values), the inverse of {@link #encode}
     * except for the canonicalised -0.0 and NaN. For tools and tests: it allocates freely.
     *
     * @throws IllegalArgumentException if {@code key} is not a key of this codec
     */
    public Object[] decode(byte[] key) {
        List<Object> values = new ArrayList<>(columns.length);
        int at = 0;
        for (int i = 0; i < columns.length && at < key.length; i++) {
            Column column = columns[i];
            int mask = descending[i] ? 0xFF : 0;
            if (column.nullable()) {
                int marker = (key[at++] ^ mask) & 0xFF;
                if (marker == NULL_MARKER) {
                    values.add(null);
                    continue;
                }
                if (marker != VALUE_MARKER) {
                    throw malformed(key, at - 1);
                }
            }
            ColumnType type = column.type();
            if (type.isString()) {
                ByteArrayOutputStream utf8 = new ByteArrayOutputStream();
                at = unescapeString(key, at, mask, utf8);
                values.add(utf8.toString(StandardCharsets.UTF_8));
                continue;
            }
            int width = type.fixedWidth();
            if (at + width > key.length) {
                throw malformed(key, at);
            }
            long bits = 0;
            for (int b = 0; b < width; b++) {
                bits = (bits << 8) | ((key[at + b] ^ mask) & 0xFF);
            }
            at += width;
            long signBit = 1L << (8 * width - 1);
            values.add(switch (type) {
                case TINYINT -> (byte) (bits ^ signBit);
                case SMALLINT -> (short) (bits ^ signBit);
                case INTEGER, DATE -> (int) (bits ^ signBit);
                case BIGINT, TIMESTAMP -> bits ^ signBit;
                case DECIMAL -> column.fromUnscaled(bits ^ signBit);
                case REAL -> Float.intBitsToFloat(KeyBuilder.unflipFloat((int) bits));
                case DOUBLE -> Double.longBitsToDouble(KeyBuilder.unflipDouble(bits));
                case BOOLEAN -> bits != 0;
                default -> throw new AssertionError(type);
            });
        }
        if (at != key.length) {
            throw malformed(key, at);
        }
        return values.toArray();
    }

    /**
     * The smallest byte string greater than every key that starts with {@code prefix}: the exclusive
     * upper bound of a range scan over a composite-key prefix, or the exclusive lower bound of the keys
     * after it. Strips trailing 0xFF bytes and increments the last remaining byte. Returns {@code null}
     * when there is no such bound (empty prefix or all 0xFF): scan to the end of the index.
     */
    public static byte[] prefixSuccessor(byte[] prefix) {
        return prefixSuccessor(prefix, prefix.length);
    }

    /** {@link #prefixSuccessor(byte[])} of {@code prefix[0, length)}. */
    public static byte[] prefixSuccessor(byte[] prefix, int length) {
        int end = length;
        while (end > 0 && prefix[end - 1] == (byte) 0xFF) {
            end--;
        }
        if (end == 0) {
            return null;
        }
        byte[] successor = Arrays.copyOf(prefix, end);
        successor[end - 1]++;
        return successor;
    }

    /** Key order: unsigned lexicographic, as the index compares keys. */
    public static int compare(byte[] a, byte[] b) {
        return Arrays.compareUnsigned(a, b);
    }

    /** Appends the unescaped bytes of the string starting at {@code at}; returns the offset after it. */
    private static int unescapeString(byte[] key, int at, int mask, ByteArrayOutputStream out) {
        while (at < key.length) {
            int b = (key[at++] ^ mask) & 0xFF;
            if (b != 0) {
                out.write(b);
                continue;
            }
            if (at >= key.length) {
                break;
            }
            int next = (key[at++] ^ mask) & 0xFF;
            if (next == 0) {
                return at;
            }
            if (next != 0xFF) {
                throw malformed(key, at - 1);
            }
            out.write(0);
        }
        throw malformed(key, at);
    }

    private static IllegalArgumentException malformed(byte[] key, int at) {
        return new IllegalArgumentException("not a key of this codec (bad byte at " + at + "): "
                + java.util.HexFormat.of().formatHex(key));
    }
}
