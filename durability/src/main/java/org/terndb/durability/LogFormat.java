package org.terndb.durability;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.zip.CRC32C;

/**
 * The on-disk formats, all little-endian. Every file starts with a 64-byte header whose last 4 bytes are the
 * CRC32C of the 60 before. A log file then holds blocks; a checkpoint holds blocks and a trailer.
 *
 * <pre>
 * file header (64): magic:8 ("TERNLOG1" | "TERNCKP1") | version:4 | stream:4 | streams:4 | reserved:4
 *                   | generation:8 | sequence or start epoch:8 | created millis:8 | reserved:12 | crc:4
 * block (40 + payload): magic:4 | length:4 (whole block) | crc:4 (CRC32C of bytes [12, length))
 *                   | count:4 | mark:8 | max epoch:8 (log: no record above it) | reserved:8 | payload
 *   log block:  mark = the stream's durable epoch once this block is on disk (every record of the stream with an
 *               epoch &lt;= mark is in this block or an earlier one); payload = count log records
 *   checkpoint block: mark = 0; payload = count checkpoint entries
 * log record (32 + key + row, padded to a multiple of 8): length:4 (padded) | table:4 | epoch:8 | stamp:8
 *                   | key length:4 | row length:4 (-1: delete) | key | row | padding
 * checkpoint entry (24 + key + row): table:4 | key length:4 | row length:4 | reserved:4 | stamp:8 | key | row
 * checkpoint trailer (64): magic:8 ("TCKPEND1") | end epoch:8 | entries:8 | blocks:8 | payload bytes:8
 *                   | reserved:20 | crc:4
 * </pre>
 *
 * A torn or partial write shows as a bad magic, a length past the end of the file, or a CRC mismatch; readers
 * stop at the first such block.
 */
final class LogFormat {
    static final ByteOrder ORDER = ByteOrder.LITTLE_ENDIAN;
    static final int VERSION = 1;

    static final int FILE_HEADER = 64;
    static final long LOG_MAGIC = 0x31474f4c4e524554L;        // "TERNLOG1"
    static final long CHECKPOINT_MAGIC = 0x31504b434e524554L; // "TERNCKP1"
    static final long TRAILER_MAGIC = 0x31444e45504b4354L;    // "TCKPEND1"

    static final int BLOCK_HEADER = 40;
    static final int LOG_BLOCK_MAGIC = 0x4b4c4254;        // "TBLK"
    static final int CHECKPOINT_BLOCK_MAGIC = 0x4b434254; // "TBCK"
    static final int BLOCK_LENGTH = 4;
    static final int BLOCK_CRC = 8;
    static final int BLOCK_COUNT = 12;
    static final int BLOCK_MARK = 16;
    static final int BLOCK_MAX_EPOCH = 24;

    static final int RECORD_HEADER = 32;
    static final int REC_LENGTH = 0;
    static final int REC_TABLE = 4;
    static final int REC_EPOCH = 8;
    static final int REC_STAMP = 16;
    static final int REC_KEY_LENGTH = 24;
    static final int REC_ROW_LENGTH = 28;
    static final int DELETE = -1;

    static final int ENTRY_HEADER = 24;
    static final int TRAILER = 64;

    private LogFormat() {
    }

    /** A record's length in the log: header, key and row, padded to 8 bytes (records stay 8-byte aligned). */
    static int recordLength(byte[] key, byte[] row) {
        return (RECORD_HEADER + key.length + (row == null ? 0 : row.length) + 7) & ~7;
    }

    /** Writes one log record at {@code at} of {@code b} (little-endian); returns its length. */
    static int putRecord(ByteBuffer b, int at, int table, byte[] key, byte[] row, long epoch, long stamp) {
        int length = recordLength(key, row);
        b.putInt(at + REC_LENGTH, length);
        b.putInt(at + REC_TABLE, table);
        b.putLong(at + REC_EPOCH, epoch);
        b.putLong(at + REC_STAMP, stamp);
        b.putInt(at + REC_KEY_LENGTH, key.length);
        b.putInt(at + REC_ROW_LENGTH, row == null ? DELETE : row.length);
        b.put(at + RECORD_HEADER, key);
        if (row != null) {
            b.put(at + RECORD_HEADER + key.length, row);
        }
        return length;
    }

    /** The file header: {@code number} is the log file's sequence or the checkpoint's start epoch. */
    static ByteBuffer fileHeader(long magic, int stream, int streams, long generation, long number) {
        ByteBuffer h = ByteBuffer.allocate(FILE_HEADER).order(ORDER);
        h.putLong(0, magic);
        h.putInt(8, VERSION);
        h.putInt(12, stream);
        h.putInt(16, streams);
        h.putLong(24, generation);
        h.putLong(32, number);
        h.putLong(40, System.currentTimeMillis());
        h.putInt(FILE_HEADER - 4, crc(h, 0, FILE_HEADER - 4));
        return h;
    }

    /** Whether {@code h} (at least 64 bytes from {@code at}) is a valid header with this magic. */
    static boolean validHeader(ByteBuffer h, int at, long magic) {
        return h.limit() - at >= FILE_HEADER && h.getLong(at) == magic && h.getInt(at + 8) == VERSION
                && h.getInt(at + FILE_HEADER - 4) == crc(h, at, FILE_HEADER - 4);
    }

    static int crc(ByteBuffer b, int from, int length) {
        CRC32C c = new CRC32C();
        ByteBuffer d = b.duplicate();
        d.limit(from + length).position(from);
        c.update(d);
        return (int) c.getValue();
    }

    /**
     * Length of the valid block at {@code at} of {@code b} (with {@code magic}), or -1 if there is none: a bad
     * magic, a length past {@code end}, or a CRC mismatch (a torn or partial write).
     */
    static int validBlock(ByteBuffer b, int at, int end, int magic, CRC32C crc) {
        if (end - at < BLOCK_HEADER || b.getInt(at) != magic) {
            return -1;
        }
        int length = b.getInt(at + BLOCK_LENGTH);
        if (length < BLOCK_HEADER || length > end - at) {
            return -1;
        }
        crc.reset();
        ByteBuffer d = b.duplicate();
        d.limit(at + length).position(at + BLOCK_COUNT);
        crc.update(d);
        return (int) crc.getValue() == b.getInt(at + BLOCK_CRC) ? length : -1;
    }
}
