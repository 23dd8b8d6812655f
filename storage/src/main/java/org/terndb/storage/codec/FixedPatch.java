package org.terndb.storage.codec;

/**
 * New values of some fixed-width columns (no CHAR or VARCHAR), encoded once: {@link #applyTo} copies a row of the
 * codec and writes them in. A fixed slot has the same place and width in every row of a codec and the variable area
 * follows the slots, so the copy's strings stay valid: changing a few numeric columns costs one array copy, where
 * {@link RowBuilder#from} and {@link RowBuilder#build} take the row apart and put it together again. The result is
 * byte-equal to that rebuild. Made by {@link RowBuilder#fixedPatch}; immutable and thread-safe.
 */
public final class FixedPatch {
    /** Per patched column: its slot's offset, the slot's width, and where its bytes start in {@link #bytes}. */
    private final int[] offsets;
    private final int[] widths;
    private final int[] starts;
    /** The encoded slots, back to back (zeros for a NULL). */
    private final byte[] bytes;
    /** Per patched column: its bit in the null bitmap, or -1 (NOT NULL), and whether the new value is NULL. */
    private final int[] nullBits;
    private final boolean[] nulls;
    private final int fixedEnd;

    FixedPatch(RowCodec codec, int[] columns, byte[] fixed) {
        int n = columns.length;
        offsets = new int[n];
        widths = new int[n];
        starts = new int[n];
        nullBits = new int[n];
        nulls = new boolean[n];
        int length = 0;
        for (int i = 0; i < n; i++) {
            int c = columns[i];
            offsets[i] = codec.slot[c];
            widths[i] = codec.types[c].fixedWidth();
            starts[i] = length;
            length += widths[i];
            int bit = codec.nullBit[c];
            nullBits[i] = bit;
            nulls[i] = bit >= 0 && (fixed[bit >>> 3] & 1 << (bit & 7)) != 0;
        }
        bytes = new byte[length];
        for (int i = 0; i < n; i++) {
            System.arraycopy(fixed, offsets[i], bytes, starts[i], widths[i]);
        }
        fixedEnd = codec.fixedEnd;
    }

    /** A new row: {@code row} (a row of the codec, not changed) with the patched columns set. */
    public byte[] applyTo(byte[] row) {
        if (row.length < fixedEnd) {
            throw new IllegalArgumentException("a row of " + row.length + " bytes is shorter than the codec's "
                    + fixedEnd + "-byte fixed part");
        }
        byte[] out = row.clone();
        for (int i = 0; i < offsets.length; i++) {
            System.arraycopy(bytes, starts[i], out, offsets[i], widths[i]);
            int bit = nullBits[i];
            if (bit >= 0) {
                int mask = 1 << (bit & 7);
                out[bit >>> 3] = (byte) (nulls[i] ? out[bit >>> 3] | mask : out[bit >>> 3] & ~mask);
            }
        }
        return out;
    }
}
