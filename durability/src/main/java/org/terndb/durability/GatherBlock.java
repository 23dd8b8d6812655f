package org.terndb.durability;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.zip.CRC32C;

/**
 * A log block being gathered: its header in direct memory, then the payload as segments that stay where they are
 * (runs of records in the workers' rings, rare oversized records). {@link #writeTo} fills in the header with the
 * CRC of the header's tail and every segment, and appends header and segments to the {@link LogFile}: with a
 * gather write, the payload not copied on its way to the page cache, or through the file's stage for direct I/O.
 */
final class GatherBlock {
    private final CRC32C crc = new CRC32C();
    private final ByteBuffer header = ByteBuffer.allocateDirect(LogFormat.BLOCK_HEADER).order(LogFormat.ORDER);
    private ByteBuffer[] parts = new ByteBuffer[16]; // [0] is the header
    private int partCount;
    private int length;
    private int count;
    private long maxEpoch;

    GatherBlock() {
        parts[0] = header;
        partCount = 1;
        reset();
    }

    /** Starts an empty block (and lets go of the segments of the last one). */
    void reset() {
        Arrays.fill(parts, 1, partCount, null);
        partCount = 1;
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

    /** {@code n} more records in the payload (their bytes come in segments), none of an epoch above {@code epoch}. */
    void count(int n, long epoch) {
        count += n;
        maxEpoch = Math.max(maxEpoch, epoch);
    }

    /**
     * Appends the bytes from {@code segment}'s position to its limit to the payload (the segments of a block hold
     * whole records together). The segment must stay unchanged until {@link #writeTo} returned.
     */
    void add(ByteBuffer segment) {
        int n = segment.remaining();
        if (n == 0) {
            return;
        }
        if (partCount == parts.length) {
            parts = Arrays.copyOf(parts, parts.length * 2); // grows with the number of workers, then stays
        }
        parts[partCount++] = segment;
        length += n;
    }

    /** Fills in the header (magic, length, count, mark, max epoch, CRC) and writes the block to {@code file}. */
    void writeTo(LogFile file, int magic, long mark) throws IOException {
        ByteBuffer h = header;
        h.clear();
        h.putInt(0, magic);
        h.putInt(LogFormat.BLOCK_LENGTH, length);
        h.putInt(LogFormat.BLOCK_COUNT, count);
        h.putLong(LogFormat.BLOCK_MARK, mark);
        h.putLong(LogFormat.BLOCK_MAX_EPOCH, maxEpoch);
        h.putLong(32, 0);
        crc.reset();
        h.position(LogFormat.BLOCK_COUNT);
        crc.update(h);
        for (int i = 1; i < partCount; i++) {
            ByteBuffer p = parts[i];
            int at = p.position();
            crc.update(p); // CRC32C over a direct buffer: the intrinsic, no copy
            p.position(at);
        }
        h.putInt(LogFormat.BLOCK_CRC, (int) crc.getValue());
        h.position(0);
        file.write(parts, partCount);
    }
}
