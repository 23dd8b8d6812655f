package org.terndb.durability;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;

/**
 * Reads a published checkpoint. It is checked whole when opened: header, every block's CRC, and the trailer with
 * its counts. A published checkpoint was fsynced before its rename, so damage here is not a crash but a disk
 * fault: recovery then fails loudly rather than silently loading less.
 */
final class CheckpointReader {
    private final ByteBuffer data;
    private final int end;
    private final long entries;
    private final long endEpoch;
    private int at = LogFormat.FILE_HEADER;

    private CheckpointReader(ByteBuffer data, int end, long entries, long endEpoch) {
        this.data = data;
        this.end = end;
        this.entries = entries;
        this.endEpoch = endEpoch;
    }

    static CheckpointReader open(Path path) throws IOException {
        ByteBuffer data;
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            if (ch.size() > Integer.MAX_VALUE) {
                throw new IOException("checkpoint " + path + " is larger than 2 GiB, which this version cannot read");
            }
            data = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size()).order(LogFormat.ORDER);
        }
        int size = data.limit();
        if (!LogFormat.validHeader(data, 0, LogFormat.CHECKPOINT_MAGIC) || size < LogFormat.FILE_HEADER
                + LogFormat.TRAILER) {
            throw damaged(path, "bad header");
        }
        int trailer = size - LogFormat.TRAILER;
        if (data.getLong(trailer) != LogFormat.TRAILER_MAGIC
                || data.getInt(size - 4) != LogFormat.crc(data, trailer, LogFormat.TRAILER - 4)) {
            throw damaged(path, "bad trailer");
        }
        CRC32C crc = new CRC32C();
        int at = LogFormat.FILE_HEADER;
        long count = 0;
        long blocks = 0;
        int length;
        while (at < trailer
                && (length = LogFormat.validBlock(data, at, trailer, LogFormat.CHECKPOINT_BLOCK_MAGIC, crc)) > 0) {
            count += data.getInt(at + LogFormat.BLOCK_COUNT);
            blocks++;
            at += length;
        }
        if (at != trailer || count != data.getLong(trailer + 16) || blocks != data.getLong(trailer + 24)) {
            throw damaged(path, "a block at byte " + at + " does not check out");
        }
        return new CheckpointReader(data, trailer, count, data.getLong(trailer + 8));
    }

    private static IOException damaged(Path path, String what) {
        return new IOException("checkpoint " + path + " is damaged (" + what + "); it was complete when it was "
                + "published, so the disk lost data: restore the database directory from a backup");
    }

    /** The next block (header included, position 0), or null after the last. */
    ByteBuffer nextBlock() {
        if (at >= end) {
            return null;
        }
        int length = data.getInt(at + LogFormat.BLOCK_LENGTH);
        ByteBuffer b = data.duplicate();
        b.limit(at + length).position(at);
        at += length;
        return b.slice().order(LogFormat.ORDER);
    }

    long entries() {
        return entries;
    }

    long endEpoch() {
        return endEpoch;
    }
}
