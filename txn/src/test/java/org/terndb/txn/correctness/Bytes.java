package org.terndb.txn.correctness;

/** Big-endian encodings for the suite's keys and rows (unsigned byte order = numeric order for non-negatives). */
final class Bytes {
    private Bytes() {
    }

    static byte[] ints(int... values) {
        byte[] b = new byte[values.length * 4];
        for (int i = 0; i < values.length; i++) {
            putInt(b, i * 4, values[i]);
        }
        return b;
    }

    static byte[] longs(long... values) {
        byte[] b = new byte[values.length * 8];
        for (int i = 0; i < values.length; i++) {
            putLong(b, i * 8, values[i]);
        }
        return b;
    }

    /** A row holding {@code value} {@code copies} times: a torn read of it shows copies that differ. */
    static byte[] repeated(long value, int copies) {
        byte[] b = new byte[copies * 8];
        for (int i = 0; i < copies; i++) {
            putLong(b, i * 8, value);
        }
        return b;
    }

    /** Whether every copy in a {@link #repeated} row is the first one. */
    static boolean whole(byte[] row) {
        long value = getLong(row, 0);
        for (int off = 8; off < row.length; off += 8) {
            if (getLong(row, off) != value) {
                return false;
            }
        }
        return true;
    }

    static void putInt(byte[] b, int off, int v) {
        b[off] = (byte) (v >>> 24);
        b[off + 1] = (byte) (v >>> 16);
        b[off + 2] = (byte) (v >>> 8);
        b[off + 3] = (byte) v;
    }

    static void putLong(byte[] b, int off, long v) {
        putInt(b, off, (int) (v >>> 32));
        putInt(b, off + 4, (int) v);
    }

    static int getInt(byte[] b, int off) {
        return (b[off] & 0xFF) << 24 | (b[off + 1] & 0xFF) << 16 | (b[off + 2] & 0xFF) << 8 | (b[off + 3] & 0xFF);
    }

    static long getLong(byte[] b, int off) {
        return (long) getInt(b, off) << 32 | (getInt(b, off + 4) & 0xFFFFFFFFL);
    }

    static byte[] concat(byte[] a, byte[] b) {
        byte[] c = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    static String hex(byte[] b) {
        if (b == null) {
            return "null";
        }
        StringBuilder sb = new StringBuilder();
        for (byte x : b) {
            sb.append(String.format("%02x", x & 0xFF));
        }
        return sb.toString();
    }
}
