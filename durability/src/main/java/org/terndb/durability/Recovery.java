package org.terndb.durability;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Logger;
import java.util.zip.CRC32C;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.Table;

/**
 * Opening a database (SiloR §5): the newest complete checkpoint, then the log of every generation from the
 * checkpoint's start epoch up to that generation's durable epoch, keeping for each key the version of the
 * latest generation and, within one, the largest stamp. A log version of the checkpoint's generation wins over
 * the checkpoint's when its stamp is at least as large (2PL's checkpoint stamps are 0: its log always wins, which
 * is right because 2PL orders a key's writers by epoch too).
 *
 * <p>A generation's durable epoch is the smallest, over its streams, of the mark of the last valid block: each
 * stream is read in file order up to its first invalid block (a torn or partial write), and nothing after that
 * point counts; zeros up to the end of a file are its clean end (see {@link LogFile}). Keys are split into
 * partitions replayed in parallel; rows are loaded with {@link ConcurrencyControl#load}, which maintains the
 * secondary indexes.
 */
final class Recovery {
    private static final Logger LOG = Logger.getLogger(Recovery.class.getName());

    /** The valid part of one log file. */
    private record Valid(LogFiles.Log log, ByteBuffer data, int end, long from, long to, long records) {}

    private final Path dir;
    private final Table[] tables; // by durable id, null where none (a table dropped since)
    private final ConcurrencyControl cc;
    private final AtomicLong records = new AtomicLong();
    private final AtomicLong loaded = new AtomicLong();
    private final List<FileChannel> open = new ArrayList<>();

    Recovery(Path dir, TableIds tables, ConcurrencyControl cc) {
        this.dir = dir;
        int max = 0;
        Map<Integer, Table> bound = tables.snapshot();
        for (int id : bound.keySet()) {
            max = Math.max(max, id);
        }
        this.tables = new Table[max + 1];
        bound.forEach((id, t) -> this.tables[id] = t);
        this.cc = cc;
    }

    /**
     * SiloR-style parallel replay without shared maps: each of P threads owns the keys whose hash is its
     * partition, reads every valid log block (mapped, so reading is cheap) and keeps the newest version of its own
     * keys, then takes its keys' rows from the checkpoint, then loads what the log added.
     */
    RecoveryReport run(long generation) throws IOException {
        long t0 = System.nanoTime();
        int partitions = Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
        ExecutorService pool = Executors.newFixedThreadPool(partitions, r -> {
            Thread t = new Thread(r, "tern-recovery");
            t.setDaemon(true);
            return t;
        });
        try {
            List<LogFiles.Checkpoint> checkpoints = LogFiles.checkpoints(dir);
            LogFiles.Checkpoint checkpoint = checkpoints.isEmpty() ? null : checkpoints.get(checkpoints.size() - 1);
            List<ByteBuffer> checkpointBlocks = new ArrayList<>();
            long checkpointEntries = 0;
            if (checkpoint != null) {
                CheckpointReader reader = CheckpointReader.open(checkpoint.path());
                for (ByteBuffer b; (b = reader.nextBlock()) != null; ) {
                    checkpointBlocks.add(b);
                }
                checkpointEntries = reader.entries();
            }
            List<Valid> valid = validLogs(checkpoint);
            long logBytes = 0;
            long logged = 0;
            for (Valid v : valid) {
                logBytes += v.end();
                logged += v.records();
            }
            int expected = (int) Math.min(1 << 28, logged / partitions + 16);
            long checkpointGeneration = checkpoint == null ? 0 : checkpoint.generation();
            long[] phaseNanos = new long[2]; // the slowest partition's log pass (with its load) and checkpoint pass
            List<Future<?>> tasks = new ArrayList<>();
            for (int p = 0; p < partitions; p++) {
                int partition = p;
                tasks.add(pool.submit(() -> {
                    ByteBuffer[] files = new ByteBuffer[valid.size()];
                    long[] generations = new long[valid.size()];
                    for (int f = 0; f < files.length; f++) {
                        files[f] = valid.get(f).data().duplicate().order(LogFormat.ORDER);
                        generations[f] = valid.get(f).log().generation();
                    }
                    ReplayTable latest = new ReplayTable(files, generations, expected);
                    long a = System.nanoTime();
                    for (int f = 0; f < files.length; f++) {
                        replay(valid.get(f), files[f], f, partition, partitions, latest);
                    }
                    long b0 = System.nanoTime();
                    for (ByteBuffer b : checkpointBlocks) {
                        loadCheckpointBlock(b.duplicate().order(LogFormat.ORDER), checkpointGeneration, partition,
                                partitions, latest);
                    }
                    long c0 = System.nanoTime();
                    for (int f = 0; f < files.length; f++) {
                        loadNewest(valid.get(f), files[f], f, partition, partitions, latest);
                    }
                    long d0 = System.nanoTime();
                    synchronized (phaseNanos) {
                        phaseNanos[0] = Math.max(phaseNanos[0], (b0 - a) + (d0 - c0));
                        phaseNanos[1] = Math.max(phaseNanos[1], c0 - b0);
                    }
                    LOG.fine(String.format("recovery partition %d: log %d ms, checkpoint %d ms, load %d ms",
                            partition, (b0 - a) / 1_000_000, (c0 - b0) / 1_000_000, (d0 - c0) / 1_000_000));
                }));
            }
            waitAll(tasks);
            return new RecoveryReport(checkpoint == null ? null : checkpoint.path().getFileName().toString(),
                    checkpointEntries, valid.size(), logBytes, records.get(), loaded.get(), generation,
                    (System.nanoTime() - t0) / 1_000_000, phaseNanos[0] / 1_000_000, phaseNanos[1] / 1_000_000);
        } finally {
            pool.shutdownNow();
            for (FileChannel ch : open) {
                ch.close();
            }
        }
    }

    private void load(int tableId, byte[] key, byte[] row) {
        Table table = tableId >= 0 && tableId < tables.length ? tables[tableId] : null;
        if (table != null && cc.load(table, key, row)) {
            loaded.incrementAndGet();
        }
    }

    /** Loads a key's newest logged version (nothing for a delete): the database keeps the copies made here. */
    private void loadLogged(ByteBuffer b, int r) {
        int rowLength = b.getInt(r + LogFormat.REC_ROW_LENGTH);
        if (rowLength == LogFormat.DELETE) {
            return;
        }
        int keyLength = b.getInt(r + LogFormat.REC_KEY_LENGTH);
        byte[] key = new byte[keyLength];
        b.get(r + LogFormat.RECORD_HEADER, key);
        byte[] row = new byte[rowLength];
        b.get(r + LogFormat.RECORD_HEADER + keyLength, row);
        load(b.getInt(r + LogFormat.REC_TABLE), key, row);
    }

    // ---------------------------------------------------------------- the log

    /**
     * Validates every stream of every generation the checkpoint does not cover and returns the valid part of
     * each file with the epochs to replay from it.
     */
    private List<Valid> validLogs(LogFiles.Checkpoint checkpoint) throws IOException {
        Map<Long, Map<Integer, List<LogFiles.Log>>> byGeneration = new TreeMap<>();
        for (LogFiles.Log l : LogFiles.logs(dir)) {
            if (checkpoint != null && l.generation() < checkpoint.generation()) {
                continue; // covered by the checkpoint (deleted when it was published, unless a crash intervened)
            }
            byGeneration.computeIfAbsent(l.generation(), g -> new TreeMap<>())
                    .computeIfAbsent(l.stream(), s -> new ArrayList<>()).add(l);
        }
        List<Valid> out = new ArrayList<>();
        CRC32C crc = new CRC32C();
        for (Map.Entry<Long, Map<Integer, List<LogFiles.Log>>> g : byGeneration.entrySet()) {
            long generation = g.getKey();
            long durable = Long.MAX_VALUE;
            List<Object[]> parts = new ArrayList<>(); // {Log, ByteBuffer, end, records}
            for (List<LogFiles.Log> stream : g.getValue().values()) {
                long mark = 0;
                boolean damaged = false;
                for (LogFiles.Log l : stream) {
                    if (damaged) {
                        LOG.warning("ignoring log file " + l.path().getFileName() + ": an earlier file of its stream "
                                + "is damaged, so nothing after that point counts");
                        continue;
                    }
                    ByteBuffer data = map(l.path());
                    int size = data.limit();
                    if (!LogFormat.validHeader(data, 0, LogFormat.LOG_MAGIC)) {
                        LOG.warning("log file " + l.path().getFileName() + " has no valid header (" + size
                                + " bytes): ignoring it and the rest of its stream (a file created at the crash)");
                        damaged = true;
                        continue;
                    }
                    int at = LogFormat.FILE_HEADER;
                    int length;
                    long count = 0;
                    while ((length = LogFormat.validBlock(data, at, size, LogFormat.LOG_BLOCK_MAGIC, crc)) > 0) {
                        mark = Math.max(mark, data.getLong(at + LogFormat.BLOCK_MARK));
                        count += data.getInt(at + LogFormat.BLOCK_COUNT);
                        at += length;
                    }
                    if (at < size && !zeros(data, at, size)) {
                        LOG.warning("log file " + l.path().getFileName() + ": valid log ends at byte " + at + " of "
                                + size + "; ignoring the rest (a torn or partial write at the crash)");
                        damaged = true;
                    }
                    parts.add(new Object[] {l, data, at, count});
                }
                durable = Math.min(durable, mark);
            }
            long from = checkpoint != null && generation == checkpoint.generation() ? checkpoint.startEpoch() : 0;
            for (Object[] p : parts) {
                out.add(new Valid((LogFiles.Log) p[0], (ByteBuffer) p[1], (Integer) p[2], from, durable, (Long) p[3]));
            }
        }
        return out;
    }

    /**
     * True if {@code data} holds only zero bytes in [from, to): the clean end of a log file written with direct I/O
     * and not closed (its last write padded to a block), or the part of a write that reached nothing of the disk.
     */
    private static boolean zeros(ByteBuffer data, int from, int to) {
        int i = from;
        for (; i + Long.BYTES <= to; i += Long.BYTES) {
            if (data.getLong(i) != 0) {
                return false;
            }
        }
        for (; i < to; i++) {
            if (data.get(i) != 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * Keeps, for the keys of {@code partition}, the newest version among the records of [from, to] of file
     * {@code f} ({@code b}: this thread's view of it). Reads headers and keys in place: nothing is allocated.
     */
    private void replay(Valid v, ByteBuffer b, int f, int partition, int partitions, ReplayTable latest) {
        int at = LogFormat.FILE_HEADER;
        long n = 0;
        long from = v.from();
        long to = v.to();
        int end = v.end();
        while (at < end) {
            int length = b.getInt(at + LogFormat.BLOCK_LENGTH);
            int count = b.getInt(at + LogFormat.BLOCK_COUNT);
            int r = at + LogFormat.BLOCK_HEADER;
            for (int i = 0; i < count; i++) {
                int recordLength = b.getInt(r + LogFormat.REC_LENGTH);
                long epoch = b.getLong(r + LogFormat.REC_EPOCH);
                if (epoch >= from && epoch <= to) {
                    int hash = ReplayTable.hash(b, b.getInt(r + LogFormat.REC_TABLE), r + LogFormat.RECORD_HEADER,
                            b.getInt(r + LogFormat.REC_KEY_LENGTH));
                    if (ReplayTable.partition(hash, partitions) == partition) {
                        latest.offer(hash, f, r);
                        n++;
                    }
                }
                r += recordLength;
            }
            at += length;
        }
        records.addAndGet(n);
    }

    /**
     * Loads the records of file {@code f} that are their key's newest version (and not superseded by the
     * checkpoint), in log order: the order the rows were first written, which the index takes faster than the
     * hash table's order (neighbouring keys land in the same, cached, leaf), reading the mapped file sequentially.
     */
    private void loadNewest(Valid v, ByteBuffer b, int f, int partition, int partitions, ReplayTable latest) {
        int at = LogFormat.FILE_HEADER;
        long from = v.from();
        long to = v.to();
        int end = v.end();
        while (at < end) {
            int length = b.getInt(at + LogFormat.BLOCK_LENGTH);
            int count = b.getInt(at + LogFormat.BLOCK_COUNT);
            int r = at + LogFormat.BLOCK_HEADER;
            for (int i = 0; i < count; i++) {
                int recordLength = b.getInt(r + LogFormat.REC_LENGTH);
                long epoch = b.getLong(r + LogFormat.REC_EPOCH);
                if (epoch >= from && epoch <= to) {
                    int table = b.getInt(r + LogFormat.REC_TABLE);
                    int keyLength = b.getInt(r + LogFormat.REC_KEY_LENGTH);
                    int hash = ReplayTable.hash(b, table, r + LogFormat.RECORD_HEADER, keyLength);
                    if (ReplayTable.partition(hash, partitions) == partition) {
                        int slot = latest.find(hash, b, table, r + LogFormat.RECORD_HEADER, keyLength);
                        if (slot >= 0 && latest.holds(slot, f, r)) {
                            loadLogged(b, r);
                        }
                    }
                }
                r += recordLength;
            }
            at += length;
        }
    }

    // ---------------------------------------------------------------- the checkpoint

    /** Loads the checkpoint rows of {@code partition}'s keys that the log has no newer version of. */
    private void loadCheckpointBlock(ByteBuffer b, long generation, int partition, int partitions,
                                     ReplayTable latest) {
        int count = b.getInt(LogFormat.BLOCK_COUNT);
        int at = LogFormat.BLOCK_HEADER;
        for (int i = 0; i < count; i++) {
            int table = b.getInt(at);
            int keyLength = b.getInt(at + 4);
            int rowLength = b.getInt(at + 8);
            long stamp = b.getLong(at + 16);
            int keyAt = at + LogFormat.ENTRY_HEADER;
            at = keyAt + keyLength + rowLength;
            int hash = ReplayTable.hash(b, table, keyAt, keyLength);
            if (ReplayTable.partition(hash, partitions) != partition) {
                continue;
            }
            int slot = latest.size() == 0 ? -1 : latest.find(hash, b, table, keyAt, keyLength);
            if (slot >= 0) {
                if (latest.generation(slot) > generation || latest.stamp(slot) >= stamp) {
                    continue; // the log has this version or a newer one
                }
                latest.supersede(slot); // the log's version is older than the checkpoint's
            }
            byte[] key = new byte[keyLength];
            b.get(keyAt, key);
            byte[] row = new byte[rowLength];
            b.get(keyAt + keyLength, row);
            load(table, key, row);
        }
    }

    private ByteBuffer map(Path path) throws IOException {
        FileChannel ch = FileChannel.open(path, StandardOpenOption.READ);
        open.add(ch);
        MappedByteBuffer m = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size());
        return m.order(LogFormat.ORDER);
    }

    private static void waitAll(List<Future<?>> futures) throws IOException {
        for (Future<?> f : futures) {
            try {
                f.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("recovery interrupted", e);
            } catch (java.util.concurrent.ExecutionException e) {
                Throwable c = e.getCause();
                if (c instanceof RuntimeException r) {
                    throw r;
                }
                throw new IOException("recovery failed: " + c, c);
            }
        }
    }
}
