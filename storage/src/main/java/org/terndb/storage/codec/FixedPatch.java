package org.terndb.storage.codec;

/**
 * New values of some fixed-width columns (no CHAR or VARCHAR), encoded once: {@link #applyTo} copies a row of the
 * codec and writes them in. A fixed slot has the same place and width in every row of a codec and the variable area
 * follows the slots, so the copy's strings stay valid: changing a few numeric columns costs one array copy, where
 * {@link RowBuilder#from} and {@link RowBuilder#build} take the row apart and put it together again. The result is
 * byte-equal to that rebuild. Made by {@link RowBuilder#fixedPatch}; immutable and thread-safe.
 */
public final class FixedPatch {
    private final RowCodec codec;
    /** The patched columns (the caller's array, kept as it is). */
    private final int[] columns;
    /** Their encoded slots, back to back in the order of {@link #columns} (zeros for a NULL). */
    private final byte[] bytes;
    /** Bit i set: the new value of {@code columns[i]} is NULL. */
    private final long nulls;

    FixedPatch(RowCodec codec, int[] columns, byte[] fixed) {
        this.codec = codec;
        this.columns = columns;
        int length = 0;
        for (int c : columns) {
            length += codec.types[c].fixedWidth();
        }
        bytes = new byte[length];
        long nullMask = 0;
        for (int i = 0, at = 0; i < columns.length; i++) {
            int c = columns[i];
            int width = codec.types[c].fixedWidth();
            System.arraycopy(fixed, codec.slot[c], bytes, at, width);
            at += width;
            int bit = codec.nullBit[c];
            if (bit >= 0 && (fixed[bit >>> 3] & 1 << (bit & 7)) != 0) {
                nullMask |= 1L << i;
            }
        }
        nulls = nullMask;
    }

    /** A new row: {@code row} (a row of the codec, not changed) with the patched columns set. */
    public byte[] applyTo(byte[] row) {
        if (row.length < codec.fixedEnd) {
            throw new IllegalArgumentException("a row of " + row.length + " bytes is shorter than the codec's "
                    + codec.fixedEnd + "-byte fixed part");
        }
        byte[] out = row.clone();
        for (int i = 0, at = 0; i < columns.length; i++) {
            int c = columns[i];
            int width = codec.types[c].fixedWidth();
            System.arraycopy(bytes, at, out, codec.slot[c], width);
            at += width;
            int bit = codec.nullBit[c];
            if (bit >= 0) {
                int mask = 1 << (bit & 7);
                out[bit >>> 3] = (byte) ((nulls & 1L << i) != 0 ? out[bit >>> 3] | mask : out[bit >>> 3] & ~mask);
            }
        }
        return out;
    }
}
