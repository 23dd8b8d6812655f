package org.terndb.durability;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.function.LongSupplier;
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
 */
final class CheckpointWriter {
    private static final int CHUNK = 256;
    private static final int BLOCK_BYTES = 256 << 10;

    private final LogManager log;
    private final ConcurrencyControl cc;
    private final Worker worker;
    private final TableIds tables;
    private final LongSupplier rateBytes;
    private final BlockBuffer block = new BlockBuffer(BLOCK_BYTES + (64 << 10));

    private FileChannel file;
    private long entries;
    private long blocks;
    private long bytes;
    private long paceStartNanos;
    private long currentTable;
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
        entries = 0;
        blocks = 0;
        bytes = 0;
        long start = log.epochs().safeEpoch(); // every commit of an earlier epoch is installed
        Path target = log.dir().resolve(LogFiles.checkpointName(log.generation(), start));
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
        Map<Integer, Table> snapshot = tables.snapshot();
        file = log.io().open(tmp, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE);
        try {
            write(LogFormat.fileHeader(LogFormat.CHECKPOINT_MAGIC, 0, 1, log.generation(), start));
            paceStartNanos = System.nanoTime();
            block.reset();
            for (Map.Entry<Integer, Table> e : snapshot.entrySet()) {
                currentTable = e.getKey();
                Table table = e.getValue();
                byte[] after = null;
                do {
                    after = cc.scanCommitted(worker, table, after, CHUNK, visitor);
                    if (block.length() >= BLOCK_BYTES) {
                        flushBlock();
                    }
                } while (after != null);
            }
            flushBlock();
            long end = log.epochs().current(); // every version the scan saw has an epoch at or below this
            ByteBuffer t = ByteBuffer.allocate(LogFormat.TRAILER).order(LogFormat.ORDER);
            t.putLong(0, LogFormat.TRAILER_MAGIC).putLong(8, end).putLong(16, entries).putLong(24, blocks)
                    .putLong(32, bytes);
            t.putInt(LogFormat.TRAILER - 4, LogFormat.crc(t, 0, LogFormat.TRAILER - 4));
            write(t);
            file.force(true);
            file.close();
            file = null;
            log.await(end, true);
            AtomicFiles.publish(tmp, target);
            int deleted = deleteCovered(target, start);
            return new CheckpointReport(target, start, end, entries, Files.size(target),
                    (System.nanoTime() - t0) / 1_000_000, deleted);
        } finally {
            if (file != null) {
                file.close();
                Files.deleteIfExists(tmp);
            }
        }
    }

    private void entry(byte[] key, byte[] row, long stamp) {
        int n = LogFormat.ENTRY_HEADER + key.length + row.length;
        ByteBuffer b = block.reserve(n);
        int at = block.length();
        b.putInt(at, (int) currentTable);
        b.putInt(at + 4, key.length);
        b.putInt(at + 8, row.length);
        b.putInt(at + 12, 0);
        b.putLong(at + 16, stamp);
        b.put(at + LogFormat.ENTRY_HEADER, key);
        b.put(at + LogFormat.ENTRY_HEADER + key.length, row);
        block.added(n, 0);
        entries++;
    }

    private void flushBlock() throws IOException {
        if (block.count() == 0) {
            return;
        }
        int length = block.length();
        block.writeTo(file, LogFormat.CHECKPOINT_BLOCK_MAGIC, 0);
        blocks++;
        bytes += length;
        block.reset();
        pace();
    }

    private void write(ByteBuffer b) throws IOException {
        while (b.hasRemaining()) {
            file.write(b);
        }
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

    /** Older checkpoints, older generations' logs, and this generation's closed logs below the start epoch. */
    private int deleteCovered(Path keep, long start) throws IOException {
        int deleted = 0;
        for (LogFiles.Checkpoint c : LogFiles.checkpoints(log.dir())) {
            if (!c.path().equals(keep)) {
                Files.deleteIfExists(c.path());
                deleted++;
            }
        }
        for (LogFiles.Log l : LogFiles.logs(log.dir())) {
            if (l.generation() < log.generation()) {
                Files.deleteIfExists(l.path());
                deleted++;
            }
        }
        for (LogWriter w : log.loggers()) {
            deleted += w.deleteClosedBelow(start);
        }
        if (deleted > 0) {
            AtomicFiles.syncDirectory(log.dir());
        }
        return deleted;
    }
}
