package org.terndb.storage.codec;

/**
 * UTF-8 encoding into caller-owned buffers, so that builders turn a {@link String} into bytes without
 * allocating, plus the CHAR trimming and length checks both codecs apply. Unpaired surrogates become
 * {@code '?'}, exactly as {@code String.getBytes(UTF_8)} does, so both paths give the same bytes.
 */
final class Utf8 {
    /** Upper bound of the UTF-8 bytes of one UTF-16 char (a surrogate pair is 4 bytes for 2 chars). */
    static final int MAX_BYTES_PER_CHAR = 3;
    /** Upper bound of the UTF-8 bytes of one code point, used to size row offsets. */
    static final int MAX_BYTES_PER_CODE_POINT = 4;

    private Utf8() {
    }

    /**
     * Writes chars {@code [from, to)} of {@code s} as UTF-8 at {@code dst[off]}, which must have room for
     * {@link #MAX_BYTES_PER_CHAR} bytes per char (twice that per U+0000 when escaping), and returns the
     * offset after the last byte. With {@code escapeZero}, each 0x00 byte is followed by 0xFF (the key
     * codec's escape; U+0000 is the only char whose UTF-8 contains 0x00).
     */
    static int encode(String s, int from, int to, byte[] dst, int off, boolean escapeZero) {
        int p = off;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                dst[p++] = (byte) c;
                if (c == 0 && escapeZero) {
                    dst[p++] = (byte) 0xFF;
                }
            } else if (c < 0x800) {
                dst[p++] = (byte) (0xC0 | (c >>> 6));
                dst[p++] = (byte) (0x80 | (c & 0x3F));
            } else if (!Character.isSurrogate(c)) {
                dst[p++] = (byte) (0xE0 | (c >>> 12));
                dst[p++] = (byte) (0x80 | ((c >>> 6) & 0x3F));
                dst[p++] = (byte) (0x80 | (c & 0x3F));
            } else if (Character.isHighSurrogate(c) && i + 1 < to && Character.isLowSurrogate(s.charAt(i + 1))) {
                int cp = Character.toCodePoint(c, s.charAt(++i));
                dst[p++] = (byte) (0xF0 | (cp >>> 18));
                dst[p++] = (byte) (0x80 | ((cp >>> 12) & 0x3F));
                dst[p++] = (byte) (0x80 | ((cp >>> 6) & 0x3F));
                dst[p++] = (byte) (0x80 | (cp & 0x3F));
            } else {
                dst[p++] = '?';
            }
        }
        return p;
    }

    /** The end of {@code s} without trailing spaces (U+0020): how CHAR values are stored and keyed. */
    static int trimmedEnd(String s) {
        int end = s.length();
        while (end > 0 && s.charAt(end - 1) == ' ') {
            end--;
        }
        return end;
    }

    /** {@code len} without the trailing 0x20 bytes of {@code utf8[off, off+len)}. */
    static int trimmedLength(byte[] utf8, int off, int len) {
        while (len > 0 && utf8[off + len - 1] == ' ') {
            len--;
        }
        return len;
    }

    /** Rejects chars {@code [0, end)} of {@code s} if they hold more code points than the column allows. */
    static void checkMaxLength(Column column, String s, int end) {
        // Code points never outnumber chars, so the count is only needed for long strings.
        if (end > column.precision()) {
            int codePoints = s.codePointCount(0, end);
            if (codePoints > column.precision()) {
                throw tooLong(column, codePoints);
            }
        }
    }

    /** Rejects UTF-8 bytes that hold more code points than the column allows. */
    static void checkMaxLength(Column column, byte[] utf8, int off, int len) {
        if (len > column.precision()) {
            int codePoints = 0;
            for (int i = off, end = off + len; i < end; i++) {
                if ((utf8[i] & 0xC0) != 0x80) {
                    codePoints++;
                }
            }
            if (codePoints > column.precision()) {
                throw tooLong(column, codePoints);
            }
        }
    }

    private static IllegalArgumentException tooLong(Column column, int codePoints) {
        return new IllegalArgumentException(column.describe() + ": value has " + codePoints
                + " characters, more than the declared maximum " + column.precision());
    }
}
