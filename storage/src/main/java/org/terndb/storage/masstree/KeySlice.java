package org.terndb.storage.masstree;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Key slices and key-length codes (Masstree paper). Layer {@code k} indexes bytes
 * {@code [8k, 8k+8)} of a key as a big-endian {@code long}, zero padded. Slices are stored
 * <em>biased</em> (sign bit flipped) so that signed {@code long} comparison gives unsigned byte
 * order.
 *
 * <p>A slot's {@code keylenx} is 0..8 for a key that ends inside the slice (its length there),
 * {@link #SUFFIX} for a key that continues (the rest is the slot's key suffix) and {@link #LAYER}
 * when the slot links to the next layer's B+tree. Within one slice, keys order by rank: lengths
 * 0..8, then the single continuing entry (suffix or layer), rank 9.
 */
final class KeySlice {
  static final int SUFFIX = 9;
  static final int LAYER = 10;
  /** Rank shared by {@link #SUFFIX} and {@link #LAYER} entries. */
  static final int CONTINUES = 9;

  static final long MIN = Long.MIN_VALUE; // biased slice of all-zero bytes
  static final long MAX = Long.MAX_VALUE; // biased slice of all-0xFF bytes

  private static final VarHandle LONG_BE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  private KeySlice() {}

  /** Biased slice of {@code key} at byte offset {@code off} (zero padded past the end). */
  static long at(byte[] key, int off) {
    int rem = key.length - off;
    if (rem >= 8) {
      return (long) LONG_BE.get(key, off) ^ Long.MIN_VALUE;
    }
    long s = 0;
    for (int i = 0; i < rem; i++) {
      s |= (key[off + i] & 0xFFL) << (56 - 8 * i);
    }
    return s ^ Long.MIN_VALUE;
  }

  /** Rank of a key at offset {@code off}: remaining length 0..8, or {@link #CONTINUES}. */
  static int rankAt(int keyLength, int off) {
    int rem = keyLength - off;
    return rem > 8 ? CONTINUES : rem;
  }

  static int rank(int keylenx) {
    return Math.min(keylenx, CONTINUES);
  }

  /** Writes the slice's first {@code n} bytes (n in 0..8) to {@code buf[off..]}. */
  static void write(long biased, int n, byte[] buf, int off) {
    long raw = biased ^ Long.MIN_VALUE;
    if (n == 8) {
      LONG_BE.set(buf, off, raw);
      return;
    }
    for (int i = 0; i < n; i++) {
      buf[off + i] = (byte) (raw >>> (56 - 8 * i));
    }
  }

  /**
   * Unsigned comparison of two keys' bytes from {@code from} on; both share bytes [0, from).
   * Used for key suffixes; defensive against a racy, not yet validated array (no exception).
   */
  static int compareFrom(byte[] a, byte[] b, int from) {
    if (a.length < from || b.length < from) {
      return Integer.compare(a.length, b.length);
    }
    return Arrays.compareUnsigned(a, from, a.length, b, from, b.length);
  }

  /** Whether the stored full key {@code stored} equals {@code key} from {@code from} on. */
  static boolean suffixEquals(byte[] key, byte[] stored, int from) {
    return stored != null
        && stored.length == key.length
        && from <= key.length
        && Arrays.equals(key, from, key.length, stored, from, stored.length);
  }
}
