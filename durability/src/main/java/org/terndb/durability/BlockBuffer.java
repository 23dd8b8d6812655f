package org.terndb.durability;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.zip.CRC32C;

/**
 * A block being built in direct memory (log or checkpoint): header room, then payload; grows by doubling (never
 * per record once it is large enough). {@link #finish} writes the header with the CRC and hands back the bytes.
 */
final class BlockBuffer {
    private final CRC32C crc = new CRC32C();
    private ByteBuffer buffer;
    private int length;
    private int count;
    private long maxEpoch;

    BlockBuffer(int initialCapacity) {
        buffer = ByteBuffer.allocateDirect(initialCapacity).order(LogFormat.ORDER);
        reset();
    }

    void reset() {
        length = LogFormat.BLOCK_HEADER;
        count = 0;
        maxEpoch = 0;
    }

    int length() {
        return length;
    }

    int count() {
        return count;
    }

    long maxEpoch() {
        return maxEpoch;
    }

    /** Room for {@code n} more bytes at {@link #length()}; returns the buffer to write them into. */
    ByteBuffer reserve(int n) {
        if (length + n > buffer.capacity()) {
            ByteBuffer bigger = ByteBuffer.allocateDirect(Math.max(buffer.capacity() * 2, length + n))
                    .order(LogFormat.ORDER);
            bigger.put(0, buffer, 0, length);
            buffer = bigger;
        }
        return buffer;
    }

    /** Counts {@code n} bytes written at the old length as one more entry of the given epoch (0: none). */
    void added(int n, long epoch) {
        length += n;
        count++;
        maxEpoch = Math.max(maxEpoch, epoch);
    }

    /** Appends bytes copied from {@code src} (whole records) without counting entries. */
    void append(ByteBuffer src, int at, int n) {
        reserve(n).put(length, src, at, n);
        length += n;
    }

    void count(long epoch) {
        count++;
        maxEpoch = Math.max(maxEpoch, epoch);
    }

    /** Fills in the header (magic, length, count, mark, max epoch, CRC) and writes the block to {@code file}. */
    void writeTo(FileChannel file, int magic, long mark) throws IOException {
        ByteBuffer b = buffer;
        b.putInt(0, magic);
        b.putInt(LogFormat.BLOCK_LENGTH, length);
        b.putInt(LogFormat.BLOCK_COUNT, count);
        b.putLong(LogFormat.BLOCK_MARK, mark);
        b.putLong(LogFormat.BLOCK_MAX_EPOCH, maxEpoch);
        b.putLong(32, 0);
        ByteBuffer d = b.duplicate();
        d.limit(length).position(LogFormat.BLOCK_COUNT);
        crc.reset();
        crc.update(d);
        b.putInt(LogFormat.BLOCK_CRC, (int) crc.getValue());
        d.limit(length).position(0);
        while (d.hasRemaining()) {
            file.write(d);
        }
    }
}
