package org.terndb.durability;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * Reads a published checkpoint. It is checked whole when opened: header, every block's CRC, and the trailer with
 * its counts. A published checkpoint was fsynced before its rename, so damage here is not a crash but a disk
 * fault: recovery then fails loudly rather than silently loading less. The file is mapped in windows of at most
 * {@link #WINDOW} bytes, each starting at a block, so checkpoints larger than one mapping (2 GiB) are read too.
 */
final class CheckpointReader {
    static final long WINDOW = 1L << 30;
    /** The mapping window in use ({@link #WINDOW}; tests make it small). */
    static long windowBytes = WINDOW;

    private final List<ByteBuffer> blocks;
    private final long entries;
    private final long endEpoch;
    private int next;

    private CheckpointReader(List<ByteBuffer> blocks, long entries, long endEpoch) {
        this.blocks = blocks;
        this.entries = entries;
        this.endEpoch = endEpoch;
    }

    static CheckpointReader open(Path path) throws IOException {
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            long size = ch.size();
            if (size < LogFormat.FILE_HEADER + LogFormat.TRAILER) {
                throw damaged(path, "too short");
            }
            ByteBuffer head = ch.map(FileChannel.MapMode.READ_ONLY, 0, LogFormat.FILE_HEADER).order(LogFormat.ORDER);
            if (!LogFormat.validHeader(head, 0, LogFormat.CHECKPOINT_MAGIC)) {
                throw damaged(path, "bad header");
            }
            long trailerAt = size - LogFormat.TRAILER;
            ByteBuffer t = ch.map(FileChannel.MapMode.READ_ONLY, trailerAt, LogFormat.TRAILER).order(LogFormat.ORDER);
            if (t.getLong(0) != LogFormat.TRAILER_MAGIC || t.getInt(LogFormat.TRAILER - 4)
                    != LogFormat.crc(t, 0, LogFormat.TRAILER - 4)) {
                throw damaged(path, "bad trailer");
            }
            CRC32C crc = new CRC32C();
            List<ByteBuffer> blocks = new ArrayList<>();
            long count = 0;
            long at = LogFormat.FILE_HEADER;
            ByteBuffer window = null;
            long windowAt = 0;
            while (at < trailerAt) {
                if (window == null || at + LogFormat.BLOCK_HEADER > windowAt + window.limit()
                        || at + window.getInt((int) (at - windowAt) + LogFormat.BLOCK_LENGTH) > windowAt + window.limit()) {
                    windowAt = at;
                    window = ch.map(FileChannel.MapMode.READ_ONLY, at, Math.min(windowBytes, trailerAt - at))
                            .order(LogFormat.ORDER);
                }
                int offset = (int) (at - windowAt);
                int length = LogFormat.validBlock(window, offset, window.limit(), LogFormat.CHECKPOINT_BLOCK_MAGIC, crc);
                if (length < 0) {
                    throw damaged(path, "the block at byte " + at + " does not check out");
                }
                ByteBuffer b = window.duplicate();
                b.limit(offset + length).position(offset);
                blocks.add(b.slice().order(LogFormat.ORDER));
                count += window.getInt(offset + LogFormat.BLOCK_COUNT);
                at += length;
            }
            if (count != t.getLong(16) || blocks.size() != t.getLong(24)) {
                throw damaged(path, "its blocks do not add up to the trailer's counts");
            }
            return new CheckpointReader(blocks, count, t.getLong(8));
        }
    }

    private static IOException damaged(Path path, String what) {
        return new IOException("checkpoint " + path + " is damaged (" + what + "); it was complete when it was "
                + "published, so the disk lost data: restore the database directory from a backup");
    }

    /** The next block (header included, position 0), or null after the last. */
    ByteBuffer nextBlock() {
        return next < blocks.size() ? blocks.get(next++) : null;
    }

    long entries() {
        return entries;
    }

    long endEpoch() {
        return endEpoch;
    }
}
