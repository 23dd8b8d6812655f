package org.terndb.durability;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * One log file being appended to, with direct I/O (O_DIRECT) where the file system allows it.
 *
 * <p><b>Why direct.</b> Through the page cache, every log byte costs the CPU a copy into a freshly allocated cache
 * page, and the cache's bookkeeping of gigabytes of pages written once and never read slows the workers besides. A
 * direct write hands the device buffers of ours that are reused from write to write: on two cores the logger's CPU
 * per TPC-C transaction fell from 1.4-5.2 µs to 0.9-1.8 µs (the README has the throughput figures).
 *
 * <p><b>How.</b> Direct writes must start and end on the file system's block boundaries and come from an aligned
 * buffer. The logger copies a round's records into a stage, one of a few aligned buffers of the stream, after the
 * file's last partial block, which the stage starts with; {@link #flush} pads the stage with zeros to a block and
 * hands it over as a {@link Write} from that block's start. The stream's syncer thread performs the writes in order
 * and then the fsync, so the logger goes on draining the workers' buffers while the device writes (as the page cache
 * let it). Each write rewrites the previous one's last block, its old bytes unchanged. While the file is open it may
 * end in less than a block of zeros past its data; {@link #close} truncates it to the data. Recovery takes zeros up
 * to the end of a file as the clean end of its log: a write that left only zeros reached nothing of the disk, and
 * nothing of it was acknowledged, since a commit is acknowledged after an fsync that follows its write.
 *
 * <p>Where direct I/O is not available (the open fails, as on some file systems) or not wanted
 * ({@code log_direct_io=false}), {@link #write} writes through the page cache at once, with gather writes straight
 * from the workers' buffers, and {@link #flush} has nothing to hand over. Not thread-safe: the logger calls
 * everything but {@link Write#run} (the syncer) and {@link #channel()}'s fsync (either).
 */
final class LogFile {
    /** Bytes of a stage (a multiple of the block size); a longer round goes out in more than one write. */
    private static final int STAGE_BYTES = 1 << 20;
    /** Stages per stream: the logger fills one while the syncer writes the others. */
    private static final int STAGES = 4;

    /** The aligned buffers of one stream's direct writes, reused by its successive files. */
    static final class Stages {
        final int block;
        private final BlockingQueue<ByteBuffer> free = new ArrayBlockingQueue<>(STAGES);

        Stages(int block) {
            this.block = block;
            int bytes = Math.max(STAGE_BYTES, block);
            for (int i = 0; i < STAGES; i++) {
                free.add(ByteBuffer.allocateDirect(bytes + block).alignedSlice(block).limit(bytes).slice());
            }
        }

        /** Stages for files of {@code dir}'s file system, or null if it does not tell a usable block size. */
        static Stages forDirectory(Path dir) {
            int block = FileIo.directAlignment(dir);
            return block == 0 ? null : new Stages(block);
        }

        /** A free stage; waits while the syncer writes all of them, giving up if {@code failed} says so. */
        ByteBuffer take(BooleanSupplier failed) throws IOException {
            try {
                while (true) {
                    ByteBuffer b = free.poll(10, TimeUnit.MILLISECONDS);
                    if (b != null) {
                        return b;
                    }
                    if (failed.getAsBoolean()) {
                        throw new IOException("the log's writes failed");
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting for the log's writes", e);
            }
        }
    }

    /** A stage's bytes to write at a block-aligned offset of the file; {@link #run} writes them and frees the stage. */
    final class Write {
        private final ByteBuffer stage;
        private final long offset;
        private final int bytes;

        private Write(ByteBuffer stage, long offset, int bytes) {
            this.stage = stage;
            this.offset = offset;
            this.bytes = bytes;
        }

        void run() throws IOException {
            ByteBuffer out = stage.duplicate().limit(bytes).position(0);
            long at = offset;
            while (out.hasRemaining()) {
                at += channel.write(out, at);
            }
            stages.free.add(stage); // after the write: the logger may fill it again
        }
    }

    private final FileChannel channel;
    private final Stages stages; // null: buffered writes
    private final BooleanSupplier failed;
    private final Consumer<Write> writer;
    private ByteBuffer stage; // direct: the stage being filled
    private long base; // direct: the file offset of the stage's first byte, a multiple of the block size
    private int fill; // direct: bytes at the stage's start that belong at base
    private boolean unwritten; // direct: the stage holds bytes not yet handed over

    private LogFile(FileChannel channel, Stages stages, BooleanSupplier failed, Consumer<Write> writer)
            throws IOException {
        this.channel = channel;
        this.stages = stages;
        this.failed = failed;
        this.writer = writer;
        if (stages != null) {
            stage = stages.take(failed);
        }
    }

    /**
     * Creates the new file {@code path} through {@code io}: direct if {@code stages} is not null and the file system
     * accepts direct I/O, else buffered ({@link #direct()} tells which). A direct file hands a full stage met in
     * the middle of a {@link #write} to {@code writer}, and waits for a free stage until {@code failed}.
     */
    static LogFile create(FileIo io, Path path, Stages stages, BooleanSupplier failed, Consumer<Write> writer)
            throws IOException {
        if (stages != null) {
            FileChannel direct = io.createDirect(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            if (direct != null) {
                return new LogFile(direct, stages, failed, writer);
            }
        }
        FileChannel buffered = io.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        return new LogFile(buffered, null, failed, writer);
    }

    boolean direct() {
        return stages != null;
    }

    FileChannel channel() {
        return channel;
    }

    /**
     * Appends the bytes of {@code parts[0 .. count)}, each from its position to its limit, in order: buffered,
     * written at once; direct, copied into stages ({@link #flush} hands the last one over). The buffers' positions
     * may move; they may be reused once this returns.
     */
    void write(ByteBuffer[] parts, int count) throws IOException {
        if (stages == null) {
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
        for (int i = 0; i < count; i++) {
            ByteBuffer p = parts[i];
            int at = p.position();
            int end = p.limit();
            while (at < end) {
                int n = Math.min(end - at, stage.capacity() - fill);
                stage.put(fill, p, at, n);
                fill += n;
                at += n;
                unwritten = true;
                if (fill == stage.capacity()) {
                    writer.accept(flush()); // a full stage: out whole, nothing kept
                }
            }
        }
    }

    /**
     * Direct: the write of what was appended since the last one, padded with zeros to a block, and a fresh stage
     * (waiting for one if all are being written) that starts with the file's last partial block; null if nothing
     * new, or buffered. The caller runs it, or has it run, before any later write of this file.
     */
    Write flush() throws IOException {
        if (stages == null || !unwritten) {
            return null;
        }
        int block = stages.block;
        int padded = (fill + block - 1) & -block;
        for (int i = fill; i < padded; i++) {
            stage.put(i, (byte) 0);
        }
        Write w = new Write(stage, base, padded);
        int kept = fill & (block - 1); // the partial last block: rewritten, with more, by the next write
        int whole = fill - kept;
        ByteBuffer next = stages.take(failed);
        if (kept > 0) {
            next.put(0, stage, whole, kept); // only read from the handed-over stage, as the write does
        }
        stage = next;
        base += whole;
        fill = kept;
        unwritten = false;
        return w;
    }

    /**
     * Closes the file, first cutting a direct file's padding after its data; {@code sync}: makes that and every
     * write durable first. Every write handed over must have run; the stage goes back to the stream's.
     */
    void close(boolean sync) throws IOException {
        try {
            if (stages != null) {
                channel.truncate(base + fill);
            }
            if (sync) {
                channel.force(false);
            }
        } finally {
            channel.close();
            if (stages != null && stage != null) {
                stages.free.add(stage);
                stage = null;
            }
        }
    }
}
