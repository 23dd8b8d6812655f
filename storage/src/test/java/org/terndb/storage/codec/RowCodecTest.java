package org.terndb.storage.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.terndb.storage.codec.CodecArbitraries.rowCanonical;

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

class RowCodecTest {

    /** A random schema (sometimes with long strings, so 4-byte offsets are exercised too) and two rows. */
    record RowCase(List<Column> columns, Object[] values, Object[] changes, List<Integer> setOrder,
                   List<Boolean> changed) {
        Object[] expected(Object[] written) {
            Object[] out = new Object[written.length];
            for (int i = 0; i < out.length; i++) {
                out[i] = rowCanonical(columns.get(i), written[i]);
            }
            return out;
        }

        @Override
        public String toString() {
            return columns + "\n values=" + CodecArbitraries.show(values) + "\n changes=" + CodecArbitraries.show(changes)
                    + " changed=" + changed;
        }
    }

    @Property
    void roundTripOverRandomSchemas(@ForAll("rows") RowCase c) {
        RowCodec codec = RowCodec.of(Schema.of(c.columns()));
        RowBuilder builder = codec.newBuilder();
        for (int col : c.setOrder()) {
            builder.set(col, c.values()[col]);
        }
        byte[] row = builder.build();
        assertArrayEquals(c.expected(c.values()), codec.decode(row), c::toString);
    }

    @Property
    void singleColumnReadsEqualTheWrittenValue(@ForAll("rows") RowCase c) {
        RowCodec codec = RowCodec.of(Schema.of(c.columns()));
        RowBuilder builder = codec.newBuilder();
        for (int col : c.setOrder()) {
            setTyped(builder, c.columns().get(col), col, c.values()[col]);
        }
        byte[] row = builder.build();
        for (int col = 0; col < c.columns().size(); col++) {
            assertColumnReads(codec, row, col, rowCanonical(c.columns().get(col), c.values()[col]));
        }
    }

    @Property
    void equalValuesGiveByteEqualRows(@ForAll("rows") RowCase c) {
        RowCodec codec = RowCodec.of(Schema.of(c.columns()));
        RowBuilder builder = codec.newBuilder();
        // Dirty the builder with other values first: reset() and NULLs must leave no trace.
        for (int col = 0; col < c.columns().size(); col++) {
            builder.set(col, c.changes()[col]);
        }
        builder.reset();
        for (int col : c.setOrder()) {
            builder.set(col, c.values()[col]);
        }
        byte[] shuffled = builder.build();
        RowBuilder inOrder = codec.newBuilder();
        for (int col = 0; col < c.columns().size(); col++) {
            inOrder.set(col, c.changes()[col]).set(col, c.values()[col]);
        }
        assertArrayEquals(shuffled, inOrder.build(), c::toString);
    }

    @Property
    void copyWithChangesKeepsTheOtherColumns(@ForAll("rows") RowCase c) {
        RowCodec codec = RowCodec.of(Schema.of(c.columns()));
        byte[] original = allValues(codec, c);
        byte[] originalCopy = original.clone();

        RowBuilder updater = codec.newBuilder().from(original);
        Object[] expected = c.values().clone();
        for (int col = 0; col < c.columns().size(); col++) {
            if (c.changed().get(col)) {
                updater.set(col, c.changes()[col]);
                expected[col] = c.changes()[col];
            }
        }
        byte[] updated = updater.build();
        assertArrayEquals(c.expected(expected), codec.decode(updated), c::toString);
        assertArrayEquals(originalCopy, original, "the source row must not change");
        assertArrayEquals(original, codec.newBuilder().from(original).build(), "an unchanged copy is byte-equal");
    }

    /** The row of the case's values. */
    private static byte[] allValues(RowCodec codec, RowCase c) {
        RowBuilder builder = codec.newBuilder();
        for (int col = 0; col < c.columns().size(); col++) {
            builder.set(col, c.values()[col]);
        }
        return builder.build();
    }

    @Property
    void fixedPatchGivesTheRowARebuildGives(@ForAll("rows") RowCase c) {
        RowCodec codec = RowCodec.of(Schema.of(c.columns()));
        byte[] original = allValues(codec, c);
        byte[] originalCopy = original.clone();

        RowBuilder rebuild = codec.newBuilder().from(original);
        RowBuilder patchValues = codec.newBuilder();
        List<Integer> patched = new ArrayList<>();
        for (int col = 0; col < c.columns().size(); col++) {
            if (c.changed().get(col) && !c.columns().get(col).type().isString()) {
                rebuild.set(col, c.changes()[col]);
                patchValues.set(col, c.changes()[col]);
                patched.add(col);
            }
        }
        FixedPatch patch = patchValues.fixedPatch(patched.stream().mapToInt(Integer::intValue).toArray());
        assertArrayEquals(rebuild.build(), patch.applyTo(original), c::toString);
        assertArrayEquals(originalCopy, original, "the source row must not change");
    }

    // ---- examples ----------------------------------------------------------------------------------

    private static final Schema ORDER_LINE = Schema.of(
            Column.of("ol_o_id", ColumnType.INTEGER).notNull(),
            Column.of("ol_dist_info", ColumnType.CHAR, 4).notNull(),
            Column.of("ol_amount", ColumnType.DECIMAL, 6, 2),
            Column.of("ol_delivery_d", ColumnType.TIMESTAMP),
            Column.of("ol_note", ColumnType.VARCHAR, 3));

    @Example
    void tooLongStringIsRejectedNamingTheColumn() {
        RowBuilder builder = RowCodec.of(ORDER_LINE).newBuilder();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> builder.setString(4, "abcd"));
        assertTrue(e.getMessage().contains("ol_note"), e.getMessage());
        byte[] fourChars = "\u00e9\u00e9\u00e9\u00e9".getBytes(StandardCharsets.UTF_8);
        assertThrows(IllegalArgumentException.class, () -> builder.setString(4, fourChars, 0, fourChars.length));
        // Length is counted in code points, not UTF-16 chars or bytes.
        builder.setString(4, "\ud83d\ude00\ud83d\ude00\u00e9");
        byte[] threeChars = "\u00e9\u00e9\u00e9".getBytes(StandardCharsets.UTF_8);
        builder.setString(4, threeChars, 0, threeChars.length);
    }

    @Example
    void charIsStoredWithoutTrailingSpacesAndMeasuredAfterThem() {
        RowCodec codec = RowCodec.of(ORDER_LINE);
        byte[] row = codec.newBuilder().setInt(0, 1).setString(1, "ab      ").build();
        assertEquals("ab", codec.getString(row, 1));
        assertEquals(2, codec.stringLength(row, 1));
        byte[] padded = "xy  ".getBytes(StandardCharsets.UTF_8);
        byte[] fromBytes = codec.newBuilder().setInt(0, 1).setString(1, padded, 0, padded.length).build();
        assertEquals("xy", codec.getString(fromBytes, 1));
        assertThrows(IllegalArgumentException.class, () -> codec.newBuilder().setString(1, "abcde "));
    }

    @Example
    void unsetNullableColumnsAreNullAndUnsetNotNullColumnsFailBuild() {
        RowCodec codec = RowCodec.of(ORDER_LINE);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> codec.newBuilder().setInt(0, 1).build());
        assertTrue(e.getMessage().contains("ol_dist_info"), e.getMessage());
        byte[] row = codec.newBuilder().setInt(0, 1).setString(1, "x").build();
        for (int col = 2; col < 5; col++) {
            assertTrue(codec.isNull(row, col));
        }
        assertEquals(0, codec.getDecimalUnscaled(row, 2));
        assertNull(codec.getString(row, 4));
        assertNull(codec.get(row, 3));
    }

    @Example
    void emptyStringIsNotNull() {
        RowCodec codec = RowCodec.of(ORDER_LINE);
        byte[] row = codec.newBuilder().setInt(0, 1).setString(1, "").setString(4, "").build();
        assertFalse(codec.isNull(row, 4));
        assertEquals("", codec.getString(row, 4));
        assertEquals("", codec.getString(row, 1));
    }

    @Example
    void fixedPatchTakesOnlySetFixedWidthColumns() {
        RowBuilder builder = RowCodec.of(ORDER_LINE).newBuilder().setInt(0, 7).setString(1, "abcd");
        assertMessageNames("ol_dist_info", assertThrows(IllegalArgumentException.class,
                () -> builder.fixedPatch(new int[] {1})));
        assertMessageNames("ol_amount", assertThrows(IllegalStateException.class,
                () -> builder.fixedPatch(new int[] {2})));
        FixedPatch patch = builder.setNull(3).fixedPatch(new int[] {0, 3});
        assertThrows(IllegalArgumentException.class, () -> patch.applyTo(new byte[1]));
    }

    @Example
    void misuseIsRejectedNamingTheColumn() {
        RowCodec codec = RowCodec.of(ORDER_LINE);
        RowBuilder builder = codec.newBuilder();
        assertMessageNames("ol_o_id", assertThrows(IllegalArgumentException.class, () -> builder.setNull(0)));
        assertMessageNames("ol_o_id", assertThrows(IllegalArgumentException.class, () -> builder.setString(0, "1")));
        assertMessageNames("ol_o_id",
                assertThrows(IllegalArgumentException.class, () -> builder.setLong(0, 1L << 40)));
        assertMessageNames("ol_amount",
                assertThrows(IllegalArgumentException.class, () -> builder.setDecimal(2, 1_000_000)));
        assertMessageNames("ol_amount",
                assertThrows(IllegalArgumentException.class, () -> builder.set(2, new BigDecimal("1.005"))));
        assertMessageNames("ol_amount", assertThrows(IllegalArgumentException.class, () -> builder.set(2, 5)));
        byte[] row = builder.setInt(0, 1).setString(1, "a").build();
        assertMessageNames("ol_note", assertThrows(IllegalArgumentException.class, () -> codec.getInt(row, 4)));
        assertMessageNames("ol_o_id", assertThrows(IllegalArgumentException.class, () -> codec.getString(row, 0)));
    }

    @Example
    void typesReadWidenedWhereLossless() {
        RowCodec codec = RowCodec.of(Schema.of(Column.of("t", ColumnType.TINYINT).notNull(),
                Column.of("r", ColumnType.REAL).notNull(), Column.of("d", ColumnType.DATE).notNull()));
        byte[] row = codec.newBuilder().setInt(0, -128).setFloat(1, 1.5f).setInt(2, -3).build();
        assertEquals(-128L, codec.getLong(row, 0));
        assertEquals(1.5, codec.getDouble(row, 1));
        assertEquals(-3L, codec.getLong(row, 2));
        assertThrows(IllegalArgumentException.class, () -> codec.newBuilder().setDouble(1, 1.5));
    }

    @Example
    void rowsBeyond64KiBUseFourByteOffsets() {
        RowCodec codec = RowCodec.of(Schema.of(Column.of("a", ColumnType.VARCHAR, 20_000),
                Column.of("n", ColumnType.INTEGER), Column.of("b", ColumnType.VARCHAR, 20_000)));
        assertTrue(codec.wideOffsets);
        String a = "\u00e9".repeat(20_000);
        String b = "\ud83d\ude00".repeat(20_000);
        byte[] row = codec.newBuilder().setString(0, a).setInt(1, 42).setString(2, b).build();
        assertTrue(row.length > 0xFFFF);
        assertEquals(a, codec.getString(row, 0));
        assertEquals(42, codec.getInt(row, 1));
        assertEquals(b, codec.getString(row, 2));
        assertFalse(RowCodec.of(ORDER_LINE).wideOffsets);
    }

    @Example
    void unpairedSurrogatesBecomeQuestionMarksAsInGetBytes() {
        RowCodec codec = RowCodec.of(Schema.of(Column.of("s", ColumnType.VARCHAR, 10)));
        String broken = "a\ud800b\udc00";
        byte[] row = codec.newBuilder().setString(0, broken).build();
        assertEquals(new String(broken.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8),
                codec.getString(row, 0));
    }

    @Example
    void builderReusesItsBuffersAcrossManyRows() {
        RowCodec codec = RowCodec.of(ORDER_LINE);
        RowBuilder builder = codec.newBuilder();
        for (int i = 0; i < 1000; i++) {
            byte[] row = builder.reset().setInt(0, i).setString(1, Integer.toString(i % 1000))
                    .setString(4, Integer.toString(i % 100)).build();
            assertEquals(i, codec.getInt(row, 0));
            assertEquals(Integer.toString(i % 100), codec.getString(row, 4));
        }
    }

    // ---- helpers -------------------------------------------------------------------------------------

    private static void assertMessageNames(String column, Exception e) {
        assertTrue(e.getMessage().contains("'" + column + "'"), e.getMessage());
    }

    private static void setTyped(RowBuilder builder, Column column, int col, Object v) {
        if (v == null) {
            builder.setNull(col);
            return;
        }
        switch (column.type()) {
            case TINYINT, SMALLINT, INTEGER, DATE -> builder.setInt(col, ((Number) v).intValue());
            case BIGINT, TIMESTAMP -> builder.setLong(col, (Long) v);
            case DECIMAL -> builder.setDecimal(col, ((BigDecimal) v).unscaledValue().longValueExact());
            case REAL -> builder.setFloat(col, (Float) v);
            case DOUBLE -> builder.setDouble(col, (Double) v);
            case BOOLEAN -> builder.setBoolean(col, (Boolean) v);
            case CHAR, VARCHAR -> {
                if (col % 2 == 0) {
                    builder.setString(col, (String) v);
                } else {
                    byte[] utf8 = ("<<" + v + ">>").getBytes(StandardCharsets.UTF_8);
                    builder.setString(col, utf8, 2, utf8.length - 4);
                }
            }
        }
    }

    private static void assertColumnReads(RowCodec codec, byte[] row, int col, Object expected) {
        Column column = codec.schema().column(col);
        assertEquals(expected == null, codec.isNull(row, col), column::toString);
        if (expected == null) {
            return;
        }
        switch (column.type()) {
            case TINYINT, SMALLINT, INTEGER, DATE -> {
                assertEquals(((Number) expected).intValue(), codec.getInt(row, col));
                assertEquals(((Number) expected).longValue(), codec.getLong(row, col));
            }
            case BIGINT, TIMESTAMP -> assertEquals((long) (Long) expected, codec.getLong(row, col));
            case DECIMAL -> assertEquals(((BigDecimal) expected).unscaledValue().longValueExact(),
                    codec.getDecimalUnscaled(row, col));
            case REAL -> {
                assertEquals(Float.floatToIntBits((Float) expected), Float.floatToIntBits(codec.getFloat(row, col)));
                assertEquals(Double.doubleToLongBits((Float) expected),
                        Double.doubleToLongBits(codec.getDouble(row, col)));
            }
            case DOUBLE -> assertEquals(Double.doubleToLongBits((Double) expected),
                    Double.doubleToLongBits(codec.getDouble(row, col)));
            case BOOLEAN -> assertEquals(expected, codec.getBoolean(row, col));
            case CHAR, VARCHAR -> {
                assertEquals(expected, codec.getString(row, col));
                int offset = codec.stringOffset(row, col);
                byte[] utf8 = ((String) expected).getBytes(StandardCharsets.UTF_8);
                assertArrayEquals(utf8, Arrays.copyOfRange(row, offset, offset + codec.stringLength(row, col)));
            }
        }
    }

    @Provide
    Arbitrary<RowCase> rows() {
        Arbitrary<Integer> maxLength = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(9, Arbitraries.just(12)), net.jqwik.api.Tuple.of(1, Arbitraries.just(20_000)));
        return maxLength.flatMap(max -> CodecArbitraries.columns(1, 12, max)).flatMap(cols -> {
            int n = cols.size();
            List<Integer> indexes = java.util.stream.IntStream.range(0, n).boxed().toList();
            return Combinators.combine(CodecArbitraries.tuple(cols), CodecArbitraries.tuple(cols),
                            Arbitraries.shuffle(indexes), Arbitraries.of(true, false).list().ofSize(n))
                    .as((values, changes, order, changed) -> new RowCase(cols, values, changes, order, changed));
        });
    }
}
