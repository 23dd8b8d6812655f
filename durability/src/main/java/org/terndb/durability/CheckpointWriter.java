package org.terndb.durability;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32C;
import java.util.function.LongSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.Table;
import org.terndb.txn.Worker;

/**
 * Writes one fuzzy checkpoint (SiloR §4.3) while writers run: records the start epoch (everything committed in
 * an earlier epoch is installed, so the scan sees it or a newer version), reads each table's latest committed
 * rows chunk by chunk through the protocol ({@link ConcurrencyControl#scanCommitted}), writes them in CRC-checked
 * blocks at the configured rate, ends with a trailer, fsyncs, waits until the end epoch is durable (so every
 * version the scan saw is also in the log, and replay from the start epoch repairs any mix of old and new
 * versions), then renames the file into place and fsyncs the folder. A crash before the rename leaves a
 * {@code .tmp} file that is never used.
 *
 * <p>The file is written with direct I/O where the file system allows it: blocks are built in place in an aligned
 * staging buffer and go to the disk from there, in aligned runs of about a MiB. A buffered write would copy every
 * byte into the page cache, dirty it for the kernel to write back, and free it again when the next checkpoint
 * deletes this one: about a third of the checkpoint thread's CPU went there (and more in the kernel's own threads),
 * taken from the writers on a small machine, and the page cache it churned evicted theirs. The last run is padded
 * with zeros to the alignment and the file truncated to its length before the fsync, so the format is the same
 * either way. Where direct I/O is refused (tmpfs, some network file systems) the same runs are written through the
 * page cache.
 */
final class CheckpointWriter {
    private static final Logger LOG = Logger.getLogger(CheckpointWriter.class.getName());
    /** Records per fuzzy read: the tree's re-descent and the epoch announcement are paid once per chunk. */
    private static final int CHUNK = 1024;
    private static final int BLOCK_BYTES = 256 << 10;
    /** Staged bytes are written once this many are complete. */
    private static final int RUN_BYTES = 1 << 20;
    /** Room for a run, the block that crosses it, and what the alignment carries over. */
    private static final int STAGE_BYTES = 2 << 20;

    private final LogManager log;
    private final ConcurrencyControl cc;
    private final Worker worker;
    private final TableIds tables;
    private final LongSupplier rateBytes;
    private final CRC32C crc = new CRC32C();
    /** File bytes not yet written, from the file offset {@link #flushed}; aligned to {@link #alignment}. */
    private ByteBuffer stage;
    private int fill;
    private long flushed;
    /** 1 for buffered I/O, the file system's block size for direct I/O. */
    private int alignment;
    private int blockStart;
    private int blockCount;

    private FileChannel file;
    private long entries;
    private long blocks;
    private long bytes;
    private long paceStartNanos;
    private int currentTable;
    private final org.terndb.txn.CommittedRowVisitor visitor = this::entry;

    CheckpointWriter(LogManager log, ConcurrencyControl cc, Worker worker, TableIds tables, LongSupplier rateBytes) {
        this.log = log;
        this.rateBytes = rateBytes;
        this.cc = cc;
        this.worker = worker;
        this.tables = tables;
    }

    CheckpointReport write() throws IOException {
        long t0 = System.nanoTime();
        long cpu0 = threadCpuNanos();
        entries = 0;
        blocks = 0;
        bytes = 0;
        long start = log.epochs().safeEpoch(); // every commit of an earlier epoch is installed
        Path target = log.dir().resolve(LogFiles.checkpointName(log.generation(), start));
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
        Map<Integer, Table> snapshot = tables.snapshot();
        open(tmp);
        try {
            fill = 0;
            flushed = 0;
            stage(LogFormat.fileHeader(LogFormat.CHECKPOINT_MAGIC, 0, 1, log.generation(), start));
            paceStartNanos = System.nanoTime();
            startBlock();
            for (Map.Entry<Integer, Table> e : snapshot.entrySet()) {
                currentTable = e.getKey();
                Table table = e.getValue();
                byte[] after = null;
                try {
                    do {
                        after = cc.scanCommitted(worker, table, after, CHUNK, visitor);
                    } while (after != null);
                } catch (UncheckedIOException x) {
                    throw x.getCause(); // a block written from the visitor
                }
            }
            endBlock();
            long end = log.epochs().current(); // every version the scan saw has an epoch at or below this
            ByteBuffer t = ByteBuffer.allocate(LogFormat.TRAILER).order(LogFormat.ORDER);
            t.putLong(0, LogFormat.TRAILER_MAGIC).putLong(8, end).putLong(16, entries).putLong(24, blocks)
                    .putLong(32, bytes);
            t.putInt(LogFormat.TRAILER - 4, LogFormat.crc(t, 0, LogFormat.TRAILER - 4));
            stage(t);
            long length = flushed + fill;
            drain(true);
            if (file.size() != length) {
                file.truncate(length); // the zeros that padded the last direct write
            }
            file.force(true);
            file.close();
            file = null;
            log.await(end, true);
            AtomicFiles.publish(tmp, target);
            long published = System.nanoTime();
            int deleted = deleteCovered(target, start);
            long cpu1 = threadCpuNanos();
            return new CheckpointReport(target, start, end, entries, Files.size(target),
                    (published - t0) / 1_000_000, deleted, (System.nanoTime() - published) / 1_000_000,
                    cpu0 < 0 || cpu1 < 0 ? -1 : cpu1 - cpu0);
        } finally {
            if (file != null) {
                file.close();
                Files.deleteIfExists(tmp);
            }
        }
    }

    /**
     * Opens the file for direct I/O if the file system takes it, else buffered; sizes the staging buffer to the
     * alignment.
     */
    private void open(Path tmp) throws IOException {
        int align = FileIo.directAlignment(tmp.getParent());
        FileChannel f = align == 0 ? null : log.io().createDirect(tmp, StandardOpenOption.CREATE,
                StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE);
        if (f == null) {
            align = 1;
            f = log.io().open(tmp, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                    StandardOpenOption.WRITE);
        }
        file = f;
        if (stage == null || alignment != align) {
            alignment = align;
            stage = aligned(STAGE_BYTES);
        }
    }

    /** A direct buffer of {@code capacity} bytes whose address is a multiple of {@link #alignment}. */
    private ByteBuffer aligned(int capacity) {
        return ByteBuffer.allocateDirect(capacity + alignment).alignedSlice(alignment).limit(capacity).slice()
                .order(LogFormat.ORDER);
    }

    /** Makes room for {@code n} more staged bytes (only a row larger than the staging buffer's slack grows it). */
    private ByteBuffer room(int n) {
        if (fill + n > stage.capacity()) {
            ByteBuffer bigger = aligned(Math.max(stage.capacity() * 2, fill + n + alignment));
            bigger.put(0, stage, 0, fill);
            stage = bigger;
        }
        return stage;
    }

    private void stage(ByteBuffer b) {
        int n = b.remaining();
        room(n).put(fill, b, b.position(), n);
        fill += n;
    }

    private void startBlock() {
        blockStart = fill;
        room(LogFormat.BLOCK_HEADER);
        fill += LogFormat.BLOCK_HEADER;
        blockCount = 0;
    }

    private void entry(byte[] key, byte[] row, long stamp) {
        int n = LogFormat.ENTRY_HEADER + key.length + row.length;
        ByteBuffer b = room(n);
        int at = fill;
        b.putInt(at, currentTable);
        b.putInt(at + 4, key.length);
        b.putInt(at + 8, row.length);
        b.putInt(at + 12, 0);
        b.putLong(at + 16, stamp);
        b.put(at + LogFormat.ENTRY_HEADER, key);
        b.put(at + LogFormat.ENTRY_HEADER + key.length, row);
        fill = at + n;
        blockCount++;
        entries++;
        if (fill - blockStart >= BLOCK_BYTES) { // the visitor runs outside the fuzzy read: it may write
            try {
                endBlock();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            startBlock();
        }
    }

    /**
     * Completes the current block in place (its header as {@link LogFormat} lays it out for a checkpoint block:
     * magic, length, count, mark 0, max epoch 0, CRC32C from the count on), writes the complete runs, and paces. An
     * empty block is taken back.
     */
    private void endBlock() throws IOException {
        if (blockCount == 0) {
            fill = blockStart;
            return;
        }
        ByteBuffer b = stage;
        int at = blockStart;
        int length = fill - at;
        b.putInt(at, LogFormat.CHECKPOINT_BLOCK_MAGIC);
        b.putInt(at + LogFormat.BLOCK_LENGTH, length);
        b.putInt(at + LogFormat.BLOCK_COUNT, blockCount);
        b.putLong(at + LogFormat.BLOCK_MARK, 0);
        b.putLong(at + LogFormat.BLOCK_MAX_EPOCH, 0);
        b.putLong(at + 32, 0);
        crc.reset();
        crc.update(b.duplicate().limit(fill).position(at + LogFormat.BLOCK_COUNT));
        b.putInt(at + LogFormat.BLOCK_CRC, (int) crc.getValue());
        blocks++;
        bytes += length;
        if (fill >= RUN_BYTES) {
            drain(false);
        }
        pace();
    }

    /**
     * Writes the staged bytes at {@link #flushed}: all of them, the last run padded with zeros to the alignment
     * ({@code last}), or the aligned part, moving the rest to the front.
     */
    private void drain(boolean last) throws IOException {
        int n = last ? (fill + alignment - 1) / alignment * alignment : fill / alignment * alignment;
        if (n > fill) {
            room(n - fill);
            for (int i = fill; i < n; i++) {
                stage.put(i, (byte) 0);
            }
        }
        ByteBuffer d = stage.duplicate().limit(n).position(0);
        long at = flushed;
        while (d.hasRemaining()) {
            at += file.write(d, at);
        }
        int rest = Math.max(0, fill - n); // less than the alignment, so less than n: no overlap
        if (rest > 0) {
            stage.put(0, stage, n, rest);
        }
        fill = rest;
        flushed += n;
    }

    /** checkpoint_rate_kb: sleeps until the bytes written so far fit the rate. */
    private void pace() {
        long rate = rateBytes.getAsLong();
        if (rate <= 0) {
            return;
        }
        long dueNanos = paceStartNanos + bytes * 1_000_000_000L / rate;
        long wait = dueNanos - System.nanoTime();
        if (wait > 0) {
            try {
                Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** This thread's CPU time (user and system), or -1 where the JVM cannot measure it. */
    private static long threadCpuNanos() {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        return mx.isCurrentThreadCpuTimeSupported() ? mx.getCurrentThreadCpuTime() : -1;
    }

    /**
     * Deletes older checkpoints, older generations' logs, and this generation's closed logs below the start epoch:
     * retires them all (a rename each, made durable together), then deletes them gradually ({@link RetiredFiles}),
     * with any retired file an earlier deletion left. The checkpoint is published by then, so what cannot be retired
     * or deleted is only logged: it is covered, and a later checkpoint tries again (a closed log of this open that
     * could not even be renamed: the first checkpoint after the next open). Returns the files deleted.
     */
    private int deleteCovered(Path keep, long start) {
        try {
            List<Path> covered = new ArrayList<>();
            for (LogFiles.Checkpoint c : LogFiles.checkpoints(log.dir())) {
                if (!c.path().equals(keep)) {
                    covered.add(c.path());
                }
            }
            for (LogFiles.Log l : LogFiles.logs(log.dir())) {
                if (l.generation() < log.generation()) {
                    covered.add(l.path());
                }
            }
            for (LogWriter w : log.loggers()) {
                covered.addAll(w.takeClosedBelow(start));
            }
            for (Path p : covered) {
                try {
                    RetiredFiles.retire(p);
                } catch (IOException e) {
                    warnNotDeleted(p, e);
                }
            }
            List<Path> retired = LogFiles.retired(log.dir());
            if (!retired.isEmpty()) {
                // before any cut: a file cut short must never be found again under its old name after a crash
                AtomicFiles.syncDirectory(log.dir());
            }
            int deleted = 0;
            for (Path r : retired) {
                try {
                    RetiredFiles.delete(log.io(), r);
                    deleted++;
                } catch (IOException e) {
                    warnNotDeleted(r, e);
                }
            }
            return deleted;
        } catch (IOException e) {
            LOG.log(Level.WARNING, "could not list or sync " + log.dir() + " to delete the files the checkpoint "
                    + "covers (a later checkpoint tries again): " + e.getMessage(), e);
            return 0;
        }
    }

    private static void warnNotDeleted(Path file, IOException e) {
        LOG.log(Level.WARNING, "could not delete " + file + ", which the checkpoint covers (a later checkpoint "
                + "tries again): " + e.getMessage(), e);
    }
}
