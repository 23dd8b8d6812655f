package org.terndb.storage.codec;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/** Generators of columns and values for the codec properties, and the SQL value order they must keep. */
final class CodecArbitraries {
    private CodecArbitraries() {
    }

    /** Two tuples of values for the same key columns, sharing random components so prefixes often tie. */
    record KeyCase(List<Column> columns, boolean[] descending, Object[] a, Object[] b) {
        KeyCodec codec() {
            return KeyCodec.of(Schema.of(columns), descending);
        }

        @Override
        public String toString() {
            return columns + " desc=" + java.util.Arrays.toString(descending) + "\n a=" + show(a) + "\n b=" + show(b);
        }
    }

    static Arbitrary<KeyCase> keyCases(int minColumns, int maxColumns, boolean allowDescending) {
        return columns(minColumns, maxColumns, 12).flatMap(cols -> {
            int n = cols.size();
            Arbitrary<List<Boolean>> directions = allowDescending
                    ? Arbitraries.of(true, false).list().ofSize(n)
                    : Arbitraries.just(java.util.Collections.nCopies(n, false));
            Arbitrary<List<Boolean>> shared = Arbitraries.of(true, false).list().ofSize(n);
            return Combinators.combine(directions, tuple(cols), tuple(cols), shared).as((dirs, a, other, same) -> {
                boolean[] descending = new boolean[n];
                Object[] b = new Object[n];
                for (int i = 0; i < n; i++) {
                    descending[i] = dirs.get(i);
                    b[i] = same.get(i) ? a[i] : other[i];
                }
                return new KeyCase(cols, descending, a, b);
            });
        });
    }

    /** Between min and max columns named c0, c1, ...; strings up to {@code maxLength} code points. */
    static Arbitrary<List<Column>> columns(int min, int max, int maxLength) {
        return Arbitraries.integers().between(min, max).flatMap(n -> Combinators.combine(
                IntStream.range(0, n).mapToObj(i -> column("c" + i, maxLength)).toList()).as(ArrayList::new));
    }

    static Arbitrary<Column> column(String name, int maxLength) {
        Arbitrary<Column> typed = Arbitraries.of(ColumnType.class).flatMap(type -> switch (type) {
            case CHAR, VARCHAR -> Arbitraries.integers().between(1, maxLength).map(n -> Column.of(name, type, n));
            case DECIMAL -> Arbitraries.integers().between(1, 18).flatMap(p ->
                    Arbitraries.integers().between(0, p).map(s -> Column.of(name, type, p, s)));
            default -> Arbitraries.just(Column.of(name, type));
        });
        return Combinators.combine(typed, Arbitraries.of(true, false)).as((c, nullable) -> nullable ? c : c.notNull());
    }

    /** One value per column, boxed as {@link ColumnType#javaClass()}. */
    static Arbitrary<Object[]> tuple(List<Column> columns) {
        return Combinators.combine(columns.stream().map(CodecArbitraries::value).toList()).as(List::toArray);
    }

    static Arbitrary<Object> value(Column c) {
        Arbitrary<?> values = switch (c.type()) {
            case TINYINT -> Arbitraries.bytes();
            case SMALLINT -> Arbitraries.shorts();
            case INTEGER, DATE -> Arbitraries.integers();
            case BIGINT, TIMESTAMP -> Arbitraries.longs();
            case DECIMAL -> {
                long max = BigDecimal.TEN.pow(c.precision()).longValueExact() - 1;
                yield Arbitraries.longs().between(-max, max).map(u -> BigDecimal.valueOf(u, c.scale()));
            }
            case REAL -> Arbitraries.frequencyOf(
                    Tuple.of(4, Arbitraries.floats()),
                    Tuple.of(1, Arbitraries.floats().between(-3f, 3f).ofScale(1)),
                    Tuple.of(2, Arbitraries.of(Float.NaN, -0.0f, 0.0f, Float.NEGATIVE_INFINITY,
                            Float.POSITIVE_INFINITY, Float.MIN_VALUE, -Float.MIN_VALUE, Float.MAX_VALUE,
                            -Float.MAX_VALUE, 1.0f, -1.0f)));
            case DOUBLE -> Arbitraries.frequencyOf(
                    Tuple.of(4, Arbitraries.doubles()),
                    Tuple.of(1, Arbitraries.doubles().between(-3, 3).ofScale(1)),
                    Tuple.of(2, Arbitraries.of(Double.NaN, -0.0, 0.0, Double.NEGATIVE_INFINITY,
                            Double.POSITIVE_INFINITY, Double.MIN_VALUE, -Double.MIN_VALUE, Double.MAX_VALUE,
                            -Double.MAX_VALUE, 1.0, -1.0)));
            case BOOLEAN -> Arbitraries.of(true, false);
            case CHAR, VARCHAR -> strings(c.precision());
        };
        Arbitrary<Object> boxed = values.map(v -> (Object) v);
        return c.nullable() ? boxed.injectNull(0.15) : boxed;
    }

    /**
     * Strings of up to {@code maxCodePoints} code points, mostly from a small alphabet (so prefixes and
     * ties are common) that includes U+0000, space, and the UTF-8 width boundaries.
     */
    static Arbitrary<String> strings(int maxCodePoints) {
        Arbitrary<Integer> codePoints = Arbitraries.frequencyOf(
                Tuple.of(6, Arbitraries.of((int) 'a', (int) 'b', (int) ' ', 0)),
                Tuple.of(2, Arbitraries.of(0x01, 0x1F, 0x7F, 0x80, 0xE9, 0x7FF, 0x800, 0xE000, 0xFFFF, 0x10000,
                        0x10FFFF)),
                Tuple.of(1, Arbitraries.integers().between(0, Character.MAX_CODE_POINT)
                        .filter(cp -> cp < Character.MIN_SURROGATE || cp > Character.MAX_SURROGATE)));
        return codePoints.list().ofMaxSize(Math.min(maxCodePoints, 8)).map(cps -> {
            StringBuilder s = new StringBuilder();
            cps.forEach(s::appendCodePoint);
            return s.toString();
        });
    }

    // ---- the reference order and canonical forms ---------------------------------------------------

    /** SQL order of two values of a column: NULL first, CHAR without trailing spaces, -0.0 = 0.0, NaN last. */
    static int compareValues(Column c, Object x, Object y) {
        if (x == null || y == null) {
            return Boolean.compare(x != null, y != null);
        }
        return switch (c.type()) {
            case TINYINT, SMALLINT, INTEGER, BIGINT, DATE, TIMESTAMP ->
                    Long.compare(((Number) x).longValue(), ((Number) y).longValue());
            case DECIMAL -> ((BigDecimal) x).compareTo((BigDecimal) y);
            case REAL -> (float) x == (float) y ? 0 : Float.compare((float) x, (float) y);
            case DOUBLE -> (double) x == (double) y ? 0 : Double.compare((double) x, (double) y);
            case BOOLEAN -> Boolean.compare((boolean) x, (boolean) y);
            case CHAR -> compareCodePoints(trimEnd((String) x), trimEnd((String) y));
            case VARCHAR -> compareCodePoints((String) x, (String) y);
        };
    }

    /** Order of the first {@code n} components, each in its direction. */
    static int compareTuples(List<Column> columns, boolean[] descending, Object[] a, Object[] b, int n) {
        for (int i = 0; i < n; i++) {
            int c = compareValues(columns.get(i), a[i], b[i]);
            if (c != 0) {
                return descending[i] ? -c : c;
            }
        }
        return 0;
    }

    static int compareCodePoints(String x, String y) {
        int i = 0;
        int j = 0;
        while (i < x.length() && j < y.length()) {
            int cx = x.codePointAt(i);
            int cy = y.codePointAt(j);
            if (cx != cy) {
                return Integer.compare(cx, cy);
            }
            i += Character.charCount(cx);
            j += Character.charCount(cy);
        }
        return Boolean.compare(i < x.length(), j < y.length());
    }

    static String trimEnd(String s) {
        return s.substring(0, Utf8.trimmedEnd(s));
    }

    /** What a row gives back for a written value: CHAR without trailing spaces, all else unchanged. */
    static Object rowCanonical(Column c, Object v) {
        return v != null && c.type() == ColumnType.CHAR ? trimEnd((String) v) : v;
    }

    /** What a key decodes to: as rows, plus -0.0 as 0.0 (NaN is already canonical in generated values). */
    static Object keyCanonical(Column c, Object v) {
        if (v instanceof Float f && f == 0.0f) {
            return 0.0f;
        }
        if (v instanceof Double d && d == 0.0) {
            return 0.0;
        }
        return rowCanonical(c, v);
    }

    static String show(Object[] values) {
        StringBuilder s = new StringBuilder("(");
        for (int i = 0; i < values.length; i++) {
            if (i > 0) {
                s.append(", ");
            }
            s.append(values[i] instanceof String str ? "'" + escapeForMessage(str) + "'" : values[i]);
        }
        return s.append(')').toString();
    }

    private static String escapeForMessage(String s) {
        StringBuilder out = new StringBuilder();
        s.codePoints().forEach(cp -> {
            if (cp >= 0x20 && cp < 0x7F) {
                out.append((char) cp);
            } else {
                out.append(String.format("\\u{%X}", cp));
            }
        });
        return out.toString();
    }
}
