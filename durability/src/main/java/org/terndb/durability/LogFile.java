package org.terndb.durability;

import com.sun.nio.file.ExtendedOpenOption;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * One log file being appended to, with direct I/O (O_DIRECT) where the file system allows it.
 *
 * <p><b>Why direct.</b> Through the page cache, every log byte costs the CPU a copy into a freshly allocated cache
 * page, and the cache's bookkeeping of gigabytes of pages written once and never read slows the workers besides.
 * A direct write hands the device a buffer of ours that stays the same from write to write: on two cores, TPC-C with
 * an async log spent about 14 µs more CPU per transaction than without a log through the page cache, and about
 * 6 µs with direct writes.
 *
 * <p><b>How.</b> Direct writes must start and end on the file system's block boundaries and come from an aligned
 * buffer. The stage, a stream's aligned buffer, therefore starts with the file's last partial block: a write copies
 * the new bytes after it and writes from that block's start to the end rounded up to a block, zeros after the data.
 * The next write rewrites that block, its old bytes unchanged. While the file is open it may end in less than a block
 * of zeros past its data; {@link #close} truncates it to the data. Recovery takes zeros up to the end of a file as
 * the clean end of its log: a write that left only zeros reached nothing of the disk, and nothing of it was
 * acknowledged, since a commit is acknowledged after an fsync that follows its write.
 *
 * <p>Where direct I/O is not available (the open fails, as on some file systems) or not wanted
 * ({@code log_direct_io=false}), bytes go through the page cache with gather writes, straight from the workers'
 * buffers. Not thread-safe: the stream's logger writes; its syncer only calls {@link FileChannel#force} on
 * {@link #channel()}.
 */
final class LogFile {
    /** Bytes of a stage (a multiple of the block size); a longer write goes out in pieces of this size. */
    private static final int STAGE_BYTES = 1 << 20;

    /** The aligned buffer of one stream's direct writes, reused by its successive files. */
    static final class Stage {
        final int block;
        final ByteBuffer buffer;
        final ByteBuffer out;

        Stage(int block) {
            this.block = block;
            int bytes = Math.max(STAGE_BYTES, block);
            this.buffer = ByteBuffer.allocateDirect(bytes + block).alignedSlice(block).limit(bytes).slice();
            this.out = buffer.duplicate();
        }

        /** A stage for files of {@code dir}'s file system, or null if it does not tell a usable block size. */
        static Stage forDirectory(Path dir) throws IOException {
            long block;
            try {
                block = Files.getFileStore(dir).getBlockSize();
            } catch (UnsupportedOperationException e) {
                return null;
            }
            return block >= 512 && block <= 1 << 16 && Long.bitCount(block) == 1 ? new Stage((int) block) : null;
        }
    }

    private final FileChannel channel;
    private final Path path;
    private final Stage stage; // null: buffered writes
    private long base; // direct: the file offset of the stage's first byte, a multiple of the block size
    private int fill; // direct: bytes at the stage's start that belong at base (the last partial block)

    private LogFile(FileChannel channel, Path path, Stage stage) {
        this.channel = channel;
        this.path = path;
        this.stage = stage;
    }

    /**
     * Creates the new file {@code path} through {@code io}: direct if {@code stage} is not null and the file system
     * accepts direct I/O, else buffered ({@link #direct()} tells which).
     */
    static LogFile create(FileIo io, Path path, Stage stage) throws IOException {
        if (stage != null) {
            FileChannel direct = null;
            try {
                direct = io.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                        ExtendedOpenOption.DIRECT);
            } catch (FileAlreadyExistsException e) {
                throw e;
            } catch (IOException | UnsupportedOperationException e) {
                Files.deleteIfExists(path); // created by the failed open, if at all: it is new and empty
            }
            if (direct != null) {
                return new LogFile(direct, path, stage);
            }
        }
        return new LogFile(io.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE), path, null);
    }

    boolean direct() {
        return stage != null;
    }

    FileChannel channel() {
        return channel;
    }

    Path path() {
        return path;
    }

    /**
     * Appends the bytes of {@code parts[0 .. count)}, each from its position to its limit, in order. The buffers'
     * positions may move.
     */
    void write(ByteBuffer[] parts, int count) throws IOException {
        if (stage == null) {
            long remaining = 0;
            for (int i = 0; i < count; i++) {
                remaining += parts[i].remaining();
            }
            int first = 0;
            while (remaining > 0) {
                remaining -= channel.write(parts, first, count - first);
                while (first < count && !parts[first].hasRemaining()) {
                    first++;
                }
            }
            return;
        }
        ByteBuffer s = stage.buffer;
        for (int i = 0; i < count; i++) {
            ByteBuffer p = parts[i];
            int at = p.position();
            int end = p.limit();
            while (at < end) {
                int n = Math.min(end - at, s.capacity() - fill);
                s.put(fill, p, at, n);
                fill += n;
                at += n;
                if (fill == s.capacity()) { // a full stage: out whole, nothing kept
                    writeStage(fill);
                    base += fill;
                    fill = 0;
                }
            }
        }
        if (fill > 0) {
            int block = stage.block;
            int padded = (fill + block - 1) & -block;
            for (int i = fill; i < padded; i++) {
                s.put(i, (byte) 0);
            }
            writeStage(padded);
            int kept = fill & (block - 1); // the partial last block: rewritten, with more, by the next write
            int whole = fill - kept;
            if (kept > 0 && whole > 0) {
                s.put(0, s, whole, kept);
            }
            base += whole;
            fill = kept;
        }
    }

    private void writeStage(int bytes) throws IOException {
        ByteBuffer out = stage.out;
        out.clear().limit(bytes);
        long at = base;
        while (out.hasRemaining()) {
            at += channel.write(out, at);
        }
    }

    /**
     * Closes the file, first cutting a direct file's padding after its data; {@code sync}: makes that and every
     * write durable first.
     */
    void close(boolean sync) throws IOException {
        try {
            if (stage != null) {
                channel.truncate(base + fill);
            }
            if (sync) {
                channel.force(false);
            }
        } finally {
            channel.close();
        }
    }
}
