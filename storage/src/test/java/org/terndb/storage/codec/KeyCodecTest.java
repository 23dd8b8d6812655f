package org.terndb.storage.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.terndb.storage.codec.CodecArbitraries.compareTuples;
import static org.terndb.storage.codec.CodecArbitraries.keyCanonical;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.terndb.storage.codec.CodecArbitraries.KeyCase;

class KeyCodecTest {

    // ---- order ---------------------------------------------------------------------------------------

    @Property(tries = 3000)
    void singleComponentOrderMatchesValueOrder(@ForAll("singleComponent") KeyCase c) {
        assertOrderMatches(c);
    }

    @Property(tries = 3000)
    void compositeKeyOrderMatchesValueOrder(@ForAll("composite") KeyCase c) {
        assertOrderMatches(c);
    }

    @Property
    void typedAddsGiveTheSameKeyAsBoxedEncode(@ForAll("composite") KeyCase c) {
        KeyCodec codec = c.codec();
        KeyBuilder builder = codec.newBuilder();
        for (int i = 0; i < c.a().length; i++) {
            addTyped(builder, c.columns().get(i), c.a()[i], i % 2 == 0);
        }
        assertArrayEquals(codec.encode(c.a()), builder.toKey(), c::toString);
    }

    @Property
    void rawStringBytesWithZeroAndFfKeepOrder(@ForAll("rawStringAndInt") List<Object> a,
                                              @ForAll("rawStringAndInt") List<Object> b,
                                              @ForAll boolean descending) {
        KeyCodec codec = KeyCodec.of(Schema.of(Column.of("s", ColumnType.VARCHAR, 100).notNull(),
                Column.of("i", ColumnType.INTEGER).notNull()), descending, false);
        int expected = Arrays.compareUnsigned((byte[]) a.get(0), (byte[]) b.get(0));
        if (descending) {
            expected = -expected;
        }
        if (expected == 0) {
            expected = Integer.compare((int) a.get(1), (int) b.get(1));
        }
        byte[] ka = codec.newBuilder().addString((byte[]) a.get(0)).addInt((int) a.get(1)).toKey();
        byte[] kb = codec.newBuilder().addString((byte[]) b.get(0)).addInt((int) b.get(1)).toKey();
        assertEquals(Integer.signum(expected), Integer.signum(Arrays.compareUnsigned(ka, kb)));
        assertEquals(a.get(1), codec.decode(ka)[1], "the string component must end where it should");
    }

    @Example
    void extremeIntegersKeepOrderInBothDirections() {
        for (ColumnType type : List.of(ColumnType.TINYINT, ColumnType.SMALLINT, ColumnType.INTEGER, ColumnType.DATE,
                ColumnType.BIGINT, ColumnType.TIMESTAMP)) {
            long min = switch (type) {
                case TINYINT -> Byte.MIN_VALUE;
                case SMALLINT -> Short.MIN_VALUE;
                case INTEGER, DATE -> Integer.MIN_VALUE;
                default -> Long.MIN_VALUE;
            };
            long max = -(min + 1);
            List<Long> ascending = List.of(min, min + 1, -256L, -1L, 0L, 1L, 255L, max - 1, max);
            assertStrictlyOrdered(Column.of("v", type), ascending.stream()
                    .filter(v -> v >= min && v <= max).map(v -> (Object) v).toList(), (b, v) -> b.addLong((Long) v));
        }
    }

    @Example
    void floatsOrderWithInfinitiesAndNanLast() {
        List<Object> floats = List.of(Float.NEGATIVE_INFINITY, -Float.MAX_VALUE, -1.5f, -Float.MIN_VALUE, 0.0f,
                Float.MIN_VALUE, 1.5f, Float.MAX_VALUE, Float.POSITIVE_INFINITY, Float.NaN);
        assertStrictlyOrdered(Column.of("f", ColumnType.REAL), floats, (b, v) -> b.addFloat((Float) v));
        List<Object> doubles = List.of(Double.NEGATIVE_INFINITY, -Double.MAX_VALUE, -1.5, -Double.MIN_VALUE, 0.0,
                Double.MIN_VALUE, 1.5, Double.MAX_VALUE, Double.POSITIVE_INFINITY, Double.NaN);
        assertStrictlyOrdered(Column.of("d", ColumnType.DOUBLE), doubles, (b, v) -> b.addDouble((Double) v));
    }

    @Example
    void negativeZeroEncodesAsZeroAndEveryNanAlike() {
        KeyCodec codec = KeyCodec.of(Schema.of(Column.of("f", ColumnType.REAL), Column.of("d", ColumnType.DOUBLE)));
        assertArrayEquals(codec.encode(0.0f, 0.0), codec.encode(-0.0f, -0.0));
        float otherNan = Float.intBitsToFloat(0x7fc0_0001);
        double otherDoubleNan = Double.longBitsToDouble(0x7ff8_0000_0000_0001L);
        assertArrayEquals(codec.encode(Float.NaN, Double.NaN), codec.encode(otherNan, otherDoubleNan));
        assertArrayEquals(new Object[] {0.0f, 0.0}, codec.decode(codec.encode(-0.0f, -0.0)));
    }

    @Example
    void decimalsOrderOverTheWholeUnscaledRange() {
        Column column = Column.of("m", ColumnType.DECIMAL, 18, 2);
        List<Object> unscaled = List.of(Long.MIN_VALUE, -999_999_999_999_999_999L, -1L, 0L, 1L,
                999_999_999_999_999_999L, Long.MAX_VALUE);
        assertStrictlyOrdered(column, unscaled, (b, v) -> b.addDecimal((Long) v));
    }

    @Example
    void stringsOrderByCodePointWithPrefixesFirst() {
        List<Object> strings = List.of("", "\0", "\0\0", "\0a", "\u0001", "a", "a\0", "a\0\0", "a\0b", "a\u0001", "a ",
                "ab", "abc", "b", "\u007f", "\u0080", "\u07ff", "\u0800", "\uffff", "\ud800\udc00", "\udbff\udfff");
        assertStrictlyOrdered(Column.of("s", ColumnType.VARCHAR, 10), strings, (b, v) -> b.addString((String) v));
    }

    @Example
    void shorterStringSortsFirstWhateverFollowsIt() {
        KeyCodec codec = KeyCodec.of(Schema.of(Column.of("s", ColumnType.VARCHAR, 10).notNull(),
                Column.of("i", ColumnType.INTEGER).notNull()));
        byte[] a = codec.encode("a", Integer.MAX_VALUE);
        byte[] aZero = codec.encode("a\0", Integer.MIN_VALUE);
        byte[] ab = codec.encode("ab", Integer.MIN_VALUE);
        assertTrue(KeyCodec.compare(a, aZero) < 0);
        assertTrue(KeyCodec.compare(aZero, ab) < 0);
    }

    @Example
    void nullSortsFirstAscendingAndLastDescending() {
        Column column = Column.of("i", ColumnType.INTEGER);
        assertStrictlyOrdered(column, Arrays.<Object>asList(null, Integer.MIN_VALUE, 0, Integer.MAX_VALUE),
                (b, v) -> b.add(v));
        KeyCodec descending = KeyCodec.of(Schema.of(column), true);
        assertTrue(KeyCodec.compare(descending.encode(Integer.MIN_VALUE), descending.encode((Object) null)) < 0);
        assertTrue(KeyCodec.compare(descending.encode(0), descending.encode(Integer.MIN_VALUE)) < 0);
    }

    @Example
    void nullMarkersAreTheDocumentedBytes() {
        KeyCodec codec = KeyCodec.of(Schema.of(Column.of("b", ColumnType.BOOLEAN), Column.of("s", ColumnType.VARCHAR, 4)));
        assertArrayEquals(new byte[] {0x00, 0x00}, codec.encode(null, null));
        assertArrayEquals(new byte[] {0x01, 0x01, 0x01, 'x', 0x00, (byte) 0xFF, 0x00, 0x00}, codec.encode(true, "x\0"));
        KeyCodec notNull = KeyCodec.of(Schema.of(Column.of("i", ColumnType.INTEGER).notNull()));
        assertArrayEquals(new byte[] {(byte) 0x80, 0, 0, 5}, notNull.encode(5));
        KeyCodec descending = KeyCodec.of(Schema.of(Column.of("i", ColumnType.SMALLINT)), true);
        assertArrayEquals(new byte[] {(byte) 0xFF}, descending.encode((Object) null));
        assertArrayEquals(new byte[] {(byte) 0xFE, 0x7F, (byte) 0xFA}, descending.encode((short) 5));
    }

    @Example
    void charKeysIgnoreTrailingSpaces() {
        KeyCodec codec = KeyCodec.of(Schema.of(Column.of("c", ColumnType.CHAR, 5)));
        assertArrayEquals(codec.encode("ab"), codec.encode("ab   "));
        assertArrayEquals(codec.encode("ab"),
                codec.newBuilder().addString("ab  ".getBytes(StandardCharsets.UTF_8)).toKey());
        assertArrayEquals(new Object[] {"ab"}, codec.decode(codec.encode("ab   ")));
    }

    // ---- round trip ------------------------------------------------------------------------------------

    @Property
    void decodeInvertsEncode(@ForAll("composite") KeyCase c) {
        KeyCodec codec = c.codec();
        Object[] expected = new Object[c.a().length];
        for (int i = 0; i < expected.length; i++) {
            expected[i] = keyCanonical(c.columns().get(i), c.a()[i]);
        }
        assertArrayEquals(expected, codec.decode(codec.encode(c.a())), c::toString);
    }

    @Property
    void prefixKeysDecodeToTheirComponents(@ForAll("composite") KeyCase c, @ForAll @IntRange(min = 0, max = 3) int k) {
        int n = Math.min(k, c.a().length);
        Object[] prefix = Arrays.copyOf(c.a(), n);
        assertEquals(n, c.codec().decode(c.codec().encode(prefix)).length);
    }

    @Example
    void decodeRejectsBytesThatAreNotAKey() {
        KeyCodec codec = KeyCodec.of(Schema.of(Column.of("s", ColumnType.VARCHAR, 4)));
        assertThrows(IllegalArgumentException.class, () -> codec.decode(new byte[] {0x01, 'a'}));
        assertThrows(IllegalArgumentException.class, () -> codec.decode(new byte[] {0x07}));
        assertThrows(IllegalArgumentException.class, () -> codec.decode(new byte[] {0x01, 0x00, 0x05}));
        assertThrows(IllegalArgumentException.class, () -> codec.decode(new byte[] {0x00, 0x00}));
    }

    // ---- prefix ranges ---------------------------------------------------------------------------------

    @Property(tries = 3000)
    void prefixSuccessorBoundsExactlyTheKeysWithThatPrefix(@ForAll("composite") KeyCase c,
                                                           @ForAll @IntRange(min = 1, max = 3) int k) {
        int n = Math.min(k, c.a().length);
        KeyCodec codec = c.codec();
        KeyBuilder builder = codec.newBuilder();
        for (int i = 0; i < n; i++) {
            builder.add(c.a()[i]);
        }
        byte[] lower = builder.toKey();
        byte[] upper = builder.toPrefixSuccessor();
        byte[] key = codec.encode(c.b());
        boolean hasPrefix = compareTuples(c.columns(), c.descending(), c.a(), c.b(), n) == 0;
        boolean inRange = KeyCodec.compare(lower, key) <= 0 && (upper == null || KeyCodec.compare(key, upper) < 0);
        assertEquals(hasPrefix, inRange, c::toString);
    }

    @Property
    void stringPrefixBoundsExactlyTheStringsStartingWithIt(@ForAll("likePrefix") String prefix,
                                                           @ForAll("nullableVarchar") String value,
                                                           @ForAll int id) {
        KeyCodec codec = KeyCodec.of(Schema.of(Column.of("s", ColumnType.VARCHAR, 20),
                Column.of("id", ColumnType.INTEGER).notNull()));
        KeyBuilder builder = codec.newBuilder().addStringPrefix(prefix);
        byte[] lower = builder.toKey();
        byte[] upper = builder.toPrefixSuccessor();
        byte[] key = codec.encode(value, id);
        boolean inRange = KeyCodec.compare(lower, key) <= 0 && (upper == null || KeyCodec.compare(key, upper) < 0);
        assertEquals(value != null && value.startsWith(prefix), inRange);
    }

    @Example
    void prefixSuccessorIncrementsPastTrailingFf() {
        assertArrayEquals(new byte[] {0x02}, KeyCodec.prefixSuccessor(new byte[] {0x01, (byte) 0xFF, (byte) 0xFF}));
        assertArrayEquals(new byte[] {0x01, 0x01}, KeyCodec.prefixSuccessor(new byte[] {0x01, 0x00}));
        assertNull(KeyCodec.prefixSuccessor(new byte[] {(byte) 0xFF, (byte) 0xFF}));
        assertNull(KeyCodec.prefixSuccessor(new byte[0]));
    }

    // ---- keys from rows --------------------------------------------------------------------------------

    @Property
    void keyFromRowEqualsKeyFromValues(@ForAll("rowAndKeyColumns") RowWithKey c) {
        RowCodec rows = RowCodec.of(Schema.of(c.columns()));
        RowBuilder rowBuilder = rows.newBuilder();
        for (int i = 0; i < c.values().length; i++) {
            rowBuilder.set(i, c.values()[i]);
        }
        byte[] row = rowBuilder.build();
        Schema keySchema = rows.schema().select(c.keyColumns());
        KeyCodec keys = KeyCodec.of(keySchema, c.descending());
        KeyBuilder fromRow = keys.newBuilder();
        Object[] keyValues = new Object[c.keyColumns().length];
        for (int i = 0; i < keyValues.length; i++) {
            fromRow.addFromRow(rows, row, c.keyColumns()[i]);
            keyValues[i] = c.values()[c.keyColumns()[i]];
        }
        assertArrayEquals(keys.encode(keyValues), fromRow.toKey());
    }

    // ---- misuse ----------------------------------------------------------------------------------------

    @Example
    void misuseIsRejectedNamingTheColumn() {
        KeyCodec codec = KeyCodec.of(Schema.of(Column.of("w_id", ColumnType.TINYINT).notNull(),
                Column.of("name", ColumnType.VARCHAR, 4)));
        IllegalArgumentException nullInNotNull = assertThrows(IllegalArgumentException.class,
                () -> codec.newBuilder().addNull());
        assertTrue(nullInNotNull.getMessage().contains("w_id"), nullInNotNull.getMessage());
        IllegalArgumentException outOfRange = assertThrows(IllegalArgumentException.class,
                () -> codec.newBuilder().addInt(128));
        assertTrue(outOfRange.getMessage().contains("w_id"), outOfRange.getMessage());
        IllegalArgumentException wrongType = assertThrows(IllegalArgumentException.class,
                () -> codec.newBuilder().addString("x"));
        assertTrue(wrongType.getMessage().contains("w_id"), wrongType.getMessage());
        assertThrows(IllegalStateException.class, () -> codec.newBuilder().addInt(1).addString("a").addInt(2));
        assertThrows(IllegalStateException.class,
                () -> codec.newBuilder().addInt(1).addStringPrefix("a").addString("b"));
    }

    @Example
    void searchKeysMayExceedTheDeclaredLength() {
        KeyCodec codec = KeyCodec.of(Schema.of(Column.of("s", ColumnType.VARCHAR, 2)));
        assertArrayEquals(new Object[] {"longer than two"}, codec.decode(codec.encode("longer than two")));
    }

    @Example
    void builderIsReusableAfterReset() {
        KeyCodec codec = KeyCodec.of(Schema.of(Column.of("a", ColumnType.BIGINT), Column.of("s", ColumnType.VARCHAR, 100)));
        KeyBuilder builder = codec.newBuilder();
        String longString = "x".repeat(500);
        byte[] first = builder.addLong(7).addString(longString).toKey();
        byte[] second = builder.reset().addLong(7).addString(longString).toKey();
        assertArrayEquals(first, second);
        assertEquals(first.length, builder.length());
        assertEquals(2, builder.components());
        assertArrayEquals(first, Arrays.copyOf(builder.buffer(), builder.length()));
    }

    // ---- helpers and generators --------------------------------------------------------------------------

    private static void assertOrderMatches(KeyCase c) {
        KeyCodec codec = c.codec();
        int expected = compareTuples(c.columns(), c.descending(), c.a(), c.b(), c.a().length);
        int actual = KeyCodec.compare(codec.encode(c.a()), codec.encode(c.b()));
        assertEquals(Integer.signum(expected), Integer.signum(actual), c::toString);
    }

    private interface Adder {
        void add(KeyBuilder builder, Object value);
    }

    /** Values must be listed in strictly increasing SQL order; checks both directions. */
    private static void assertStrictlyOrdered(Column column, List<Object> values, Adder adder) {
        for (boolean descending : new boolean[] {false, true}) {
            KeyCodec codec = KeyCodec.of(Schema.of(column), descending);
            List<byte[]> keys = new ArrayList<>();
            for (Object v : values) {
                KeyBuilder builder = codec.newBuilder();
                adder.add(builder, v);
                keys.add(builder.toKey());
            }
            for (int i = 1; i < keys.size(); i++) {
                int c = KeyCodec.compare(keys.get(i - 1), keys.get(i));
                assertTrue(descending ? c > 0 : c < 0, column + (descending ? " DESC" : "") + ": " + values.get(i - 1)
                        + " vs " + values.get(i));
            }
        }
    }

    /** Adds with the primitive method for the column type (strings as String or as UTF-8 bytes). */
    static void addTyped(KeyBuilder builder, Column column, Object v, boolean stringAsBytes) {
        if (v == null) {
            builder.addNull();
            return;
        }
        switch (column.type()) {
            case TINYINT, SMALLINT, INTEGER, DATE -> builder.addInt(((Number) v).intValue());
            case BIGINT, TIMESTAMP -> builder.addLong((Long) v);
            case DECIMAL -> builder.addDecimal(((BigDecimal) v).unscaledValue().longValueExact());
            case REAL -> builder.addFloat((Float) v);
            case DOUBLE -> builder.addDouble((Double) v);
            case BOOLEAN -> builder.addBoolean((Boolean) v);
            case CHAR, VARCHAR -> {
                if (stringAsBytes) {
                    builder.addString(((String) v).getBytes(StandardCharsets.UTF_8));
                } else {
                    builder.addString((String) v);
                }
            }
        }
    }

    record RowWithKey(List<Column> columns, Object[] values, int[] keyColumns, boolean[] descending) {
    }

    @Provide
    Arbitrary<KeyCase> singleComponent() {
        return CodecArbitraries.keyCases(1, 1, true);
    }

    @Provide
    Arbitrary<KeyCase> composite() {
        return CodecArbitraries.keyCases(2, 3, true);
    }

    @Provide
    Arbitrary<List<Object>> rawStringAndInt() {
        Arbitrary<byte[]> bytes = Arbitraries.frequencyOf(
                        net.jqwik.api.Tuple.of(3, Arbitraries.of((byte) 0, (byte) 0xFF, (byte) 1, (byte) 'a')),
                        net.jqwik.api.Tuple.of(1, Arbitraries.bytes()))
                .list().ofMaxSize(6).map(list -> {
                    byte[] out = new byte[list.size()];
                    for (int i = 0; i < out.length; i++) {
                        out[i] = list.get(i);
                    }
                    return out;
                });
        return Combinators.combine(bytes, Arbitraries.integers().between(-2, 2))
                .as((b, i) -> List.<Object>of(b, i));
    }

    @Provide
    Arbitrary<String> likePrefix() {
        return CodecArbitraries.strings(3);
    }

    @Provide
    Arbitrary<String> nullableVarchar() {
        return CodecArbitraries.strings(6).injectNull(0.1);
    }

    @Provide
    Arbitrary<RowWithKey> rowAndKeyColumns() {
        return CodecArbitraries.columns(1, 6, 12).flatMap(cols -> {
            int n = cols.size();
            Arbitrary<List<Integer>> keyColumns = Arbitraries.integers().between(0, n - 1).list()
                    .uniqueElements().ofMinSize(1).ofMaxSize(Math.min(3, n));
            return Combinators.combine(CodecArbitraries.tuple(cols), keyColumns,
                    Arbitraries.of(true, false).list().ofSize(3)).as((values, key, dirs) -> {
                int[] keyCols = key.stream().mapToInt(Integer::intValue).toArray();
                boolean[] descending = new boolean[keyCols.length];
                for (int i = 0; i < keyCols.length; i++) {
                    descending[i] = dirs.get(i);
                }
                return new RowWithKey(cols, values, keyCols, descending);
            });
        });
    }

}
