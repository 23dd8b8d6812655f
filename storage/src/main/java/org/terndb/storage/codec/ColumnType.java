package org.terndb.storage.codec;

/**
 * The SQL column types TernDB stores, shared by the catalog, the codecs and the SQL layer so that all
 * of them agree on widths and on the Java value each type is exchanged as.
 *
 * <p>Hot paths exchange values as primitives ({@code int}, {@code long}, {@code double}, UTF-8 bytes).
 * Tools, tests and the boxed convenience methods ({@link RowBuilder#set}, {@link KeyBuilder#add},
 * {@link RowCodec#get}, {@link KeyCodec#decode}) use the Java class given by {@link #javaClass()}.
 */
public enum ColumnType {
    /** Signed 8-bit integer; primitive {@code int}, boxed {@link Byte}. */
    TINYINT(1, Byte.class),
    /** Signed 16-bit integer; primitive {@code int}, boxed {@link Short}. */
    SMALLINT(2, Short.class),
    /** Signed 32-bit integer; primitive {@code int}, boxed {@link Integer}. */
    INTEGER(4, Integer.class),
    /** Signed 64-bit integer; primitive {@code long}, boxed {@link Long}. */
    BIGINT(8, Long.class),
    /**
     * Fixed point {@code DECIMAL(p, s)} held as an unscaled {@code long} (value = unscaled × 10^-s),
     * so arithmetic and comparisons stay on primitives. Only {@code p ≤ 18} is supported for now (every
     * such value fits a {@code long}); larger precisions are rejected when the {@link Column} is made.
     * Boxed as {@link java.math.BigDecimal} with scale {@code s}.
     */
    DECIMAL(8, java.math.BigDecimal.class),
    /** IEEE 754 single precision; primitive {@code float}, boxed {@link Float}. */
    REAL(4, Float.class),
    /** IEEE 754 double precision; primitive {@code double}, boxed {@link Double}. */
    DOUBLE(8, Double.class),
    /** Primitive {@code boolean}, boxed {@link Boolean}. */
    BOOLEAN(1, Boolean.class),
    /**
     * Fixed-length character string {@code CHAR(n)}, n counted in Unicode code points. Values are
     * stored and returned without trailing spaces (U+0020), so equality ignores trailing spaces as
     * SQL's PAD SPACE rule requires; see {@link RowCodec} for the one ordering corner this leaves.
     */
    CHAR(-1, String.class),
    /** Variable-length character string {@code VARCHAR(n)}, n counted in Unicode code points. */
    VARCHAR(-1, String.class),
    /** Days since 1970-01-01 as an {@code int}; boxed {@link Integer}. */
    DATE(4, Integer.class),
    /** Microseconds since 1970-01-01T00:00Z as a {@code long}; boxed {@link Long}. */
    TIMESTAMP(8, Long.class);

    private final int fixedWidth;
    private final Class<?> javaClass;

    ColumnType(int fixedWidth, Class<?> javaClass) {
        this.fixedWidth = fixedWidth;
        this.javaClass = javaClass;
    }

    /** Bytes a value takes in a row slot and in a key (before any null marker); -1 for strings. */
    public int fixedWidth() {
        return fixedWidth;
    }

    /** True for CHAR and VARCHAR, whose values live in a row's variable area. */
    public boolean isString() {
        return fixedWidth < 0;
    }

    /** True for the types read and written through {@code getInt}/{@code getLong}/{@code setLong}. */
    public boolean isIntegral() {
        return switch (this) {
            case TINYINT, SMALLINT, INTEGER, BIGINT, DATE, TIMESTAMP -> true;
            default -> false;
        };
    }

    /** The class of this type's boxed values (see the type comment). */
    public Class<?> javaClass() {
        return javaClass;
    }
}
